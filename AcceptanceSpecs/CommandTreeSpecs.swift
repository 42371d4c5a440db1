import XCTest
import InvestCLITestSupport
import TestSupport

/// One typed command tree, from which the parser, help and every shell's completion
/// are generated.
final class CommandTreeSpecs: XCTestCase {
    func test_bashCompletion_offersSubcommandsOptionsValuesKeysAndHeldTickers() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        addTeardownBlock { try? FileManager.default.removeItem(at: home) }
        let environment = ["INVEST_HOME": home.path, "HOME": home.path, "PATH": productsDirectory.path + ":/usr/bin:/bin"]
        let buy = try runProduct("invest", ["add", "--type", "buy", "--ticker", "MSFT", "--quantity", "2", "--sum", "600", "--date", "2024-01-02", "--yes"],
                                 environment: environment)
        XCTAssertEqual(buy.status, 0, buy.stderr)
        let lines = [
            "invest savings ", "invest journal ", "invest alert ", "invest config set INVEST_C", "invest completion ", "invest --format ",
            "invest chart ", "invest journal trades --f", "invest portfolio --cost-basis ",
        ]
        let script = """
            source <(invest completion bash)
            complete_line() {
                COMP_LINE="$1"; read -ra COMP_WORDS <<< "$1"; [[ "$1" == *" " ]] && COMP_WORDS+=("")
                COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _invest; echo "${COMPREPLY[*]}"
            }
            \(lines.map { "complete_line '\($0)'" }.joined(separator: "\n"))
            """

        let bash = try runProcess(URL(fileURLWithPath: "/bin/bash"), ["--norc", "-c", script], environment: environment)

        XCTAssertEqual(bash.status, 0, bash.stderr)
        XCTAssertEqual(bash.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), [
            "list add update history update-edit update-delete close reopen rename delete chart export import demo",
            "import trades days day stats open executions remove tags tag note share add",
            "add list check remove rearm",
            "INVEST_COST_BASIS INVEST_CURRENCY",
            "bash zsh fish man",
            "table json csv",
            "MSFT",
            "--from --format",
            "average fifo",
            "",
        ], bash.stderr)
    }

    func test_anOptionOfAnotherSubcommand_isRefusedWithExit2NamingIt() {
        let run = makeInvestDriver().run(["journal", "trades", "--qty", "5"])

        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.errors.contains("unknown option '--qty' for 'invest journal trades'"), run.errors)
    }

    func test_help_wrapsToTheTerminalWidth_betweenWords_withNamesNeverCut() {
        let invest = makeInvestDriver()
        let add = invest.run(["add", "-h"])
        let config = invest.run(["config", "-h"])
        invest.environment["COLUMNS"] = "60"
        let narrow = invest.run(["--help"])

        XCTAssertEqual(add.status, 0)
        XCTAssertEqual(add.output.split(separator: "\n").filter { $0.count > 80 }, [], add.output)
        XCTAssertTrue(config.output.contains("  INVEST_FIRESTORE_URL ") && config.output.contains("  INVEST_SYNC_SAVINGS "), config.output)
        XCTAssertEqual(narrow.output.split(separator: "\n").filter { $0.count > 60 }, [], narrow.output)
        XCTAssertTrue(narrow.output.contains("Savings:\n  savings"), "commands grouped by feature: \(narrow.output)")
    }

    func test_oldSpellings_stillWork_withAOneLineHint() {
        let invest = makeInvestDriver()
        invest.add(["buy AAPL 1 100 2024-01-02"])

        let alerts = invest.run(["alerts"])
        let prices = invest.run(["prices", "list"])
        let stocks = invest.run(["stocks", "apple"])
        let stock = invest.run(["stock", "AAPL", "--format", "json"])

        XCTAssertEqual([alerts.status, prices.status, stocks.status, stock.status], [0, 0, 0, 0], alerts.errors + prices.errors + stocks.errors + stock.errors)
        XCTAssertTrue(alerts.errors.contains("'invest alerts' is now 'invest alert list'"), alerts.errors)
        XCTAssertTrue(prices.errors.contains("'invest prices list' is now 'invest price history'"), prices.errors)
        XCTAssertTrue(stocks.output.contains("AAPL"), stocks.output)
        XCTAssertTrue(stock.errors.contains("'invest stock' is now 'invest stock view'"), stock.errors)
        XCTAssertTrue(stock.output.contains("\"ticker\": \"AAPL\""), stock.output)
    }
}
