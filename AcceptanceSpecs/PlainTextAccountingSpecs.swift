import XCTest
import InvestCLITestSupport
import TestSupport

/// `export --format hledger` and `--format beancount` are read by the tools
/// themselves, and what they report equals `portfolio` and `cash`, for a history with every
/// kind of transaction, two currencies and two accounts.
final class PlainTextAccountingSpecs: XCTestCase {
    func test_hledgerAndBeancountExports_passTheirToolsChecks_andAgreeWithPortfolioAndCash() throws {
        let (invest, _) = try makeHistoryWithEveryKind()
        let portfolio = try XCTUnwrap(try invest.run(["portfolio", "--format", "json"]).jsonObject()["totals"] as? [String: Any])
        let cash = try XCTUnwrap(try invest.run(["cash", "--format", "json"]).jsonObject()["balances"] as? [[String: Any]])
        let folder = makeTemporaryDirectory()
        let journal = folder.appendingPathComponent("books.journal").path, beancount = folder.appendingPathComponent("books.beancount").path
        XCTAssertEqual(invest.run(["export", "--format", "hledger", "-o", journal]).status, 0)
        XCTAssertEqual(invest.run(["export", "--format", "beancount", "-o", beancount]).status, 0)

        // Worked by hand, at today's AAPL $200, VOD.L 80p and $1 = £0.78615:
        //   AAPL: 10 bought for $2,000; 4 moved to the ISA with $800 of cost; 2 of the 6 left sold
        //   for $420 ($400 of cost, $20 gained); a 4:1 split makes 16 in each account, $800 each.
        //   32 × $200 = $6,400 = £5,031.36. VOD.L: 1,000 × £0.80 = £800.
        //   Cash: £10,000 − 5,000 − 750 − 100 − 2.50 + 1.25 − 500 − 1 = £3,647.75 in the default
        //   account and £100 in the ISA; $6,250 − 2,000 + 420 + 3.50 = $4,673.50 = £3,674.072025.
        //   In all £5,031.36 + 800 + 3,647.75 + 100 + 3,674.072025 = £13,253.182025.
        XCTAssertEqual(portfolio["valueWithCash"] as? String, "13253.182025")
        XCTAssertEqual(cash.map { "\($0["currency"] ?? "") \($0["balance"] ?? "")" }, ["GBP 3747.75", "USD 4673.5"])

        // hledger: its own check passes, its balances are the holdings and cash, and valued in GBP
        // (AAPL → USD → GBP through the price directives) they total the portfolio with its cash.
        let hledger = try installedTool("hledger")
        let checked = try runProcess(hledger, ["-f", journal, "check"])
        XCTAssertEqual(checked.status, 0, checked.stderr)
        XCTAssertEqual(try csv(runProcess(hledger, ["-f", journal, "bal", "--flat", "Assets", "-O", "csv"])), [
            "Assets:Invest:Default:AAPL": "16 AAPL",
            "Assets:Invest:Default:Cash": "3647.75 GBP, 4673.50 USD",
            "Assets:Invest:Default:VOD-L": "1000 \"VOD.L\"",
            "Assets:Invest:ISA:AAPL": "16 AAPL",
            "Assets:Invest:ISA:Cash": "100.00 GBP",
            "total": "32 AAPL, 3747.75 GBP, 4673.50 USD, 1000 \"VOD.L\""])
        let valued = try csv(runProcess(hledger, ["-f", journal, "bal", "--flat", "Assets", "-X", "GBP", "-c", "GBP 1.000000", "-O", "csv"]))
        XCTAssertEqual(valued["total"], "GBP 13253.182025", "hledger's market value is the portfolio's value with cash")
        XCTAssertEqual(valued["Assets:Invest:ISA:AAPL"], "GBP 2515.680000")
        let atMarket = try csv(runProcess(hledger, ["-f", journal, "bal", "--flat", "Assets:Invest:Default:AAPL", "-V", "-O", "csv"]))
        XCTAssertEqual(atMarket["Assets:Invest:Default:AAPL"], "3200.00 USD", "-V values shares at their own currency's price")
        let income = try csv(runProcess(hledger, ["-f", journal, "bal", "--flat", "Income", "Expenses", "-O", "csv"]))
        XCTAssertEqual(income["Income:Invest:Gains:AAPL"], "-20.00 USD", "the sell's gain at the portfolio's cost")
        XCTAssertEqual(income["Income:Invest:Dividends:AAPL"], "-3.50 USD")
        XCTAssertEqual(income["Expenses:Invest:Fees:VOD-L"], "1.00 GBP")

        // beancount: bean-check's own check passes, and a query gives the same units, cost and value.
        let python = try installedTool("python3")
        let beanCheck = try runProcess(python, ["-m", "beancount.scripts.check", beancount])
        XCTAssertEqual(beanCheck.status, 0, "bean-check: \(beanCheck.stdout)\(beanCheck.stderr)")
        let totals = try runProcess(python, [Self.beancountTotals.path, beancount, "GBP"])
        XCTAssertEqual(totals.status, 0, totals.stderr)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(totals.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(report["errors"] as? [String], [])
        XCTAssertEqual(Decimal(string: report["value"] as? String ?? ""), Decimal(string: "13253.182025"), "beancount's market value is the portfolio's")
        let accounts = try XCTUnwrap(report["accounts"] as? [String: [String: [String: String]]])
        XCTAssertEqual(accounts["Assets:Invest:ISA:AAPL"]?["units"], ["AAPL": "16"])
        XCTAssertEqual(accounts["Assets:Invest:ISA:AAPL"]?["cost"], ["USD": "800"], "the moved shares keep their cost")
        XCTAssertEqual(accounts["Assets:Invest:Default:VOD-L"]?["units"], ["VOD.L": "1000"])
        XCTAssertEqual(accounts["Assets:Invest:Default:Cash"]?["units"], ["GBP": "3647.75", "USD": "4673.5"])
    }

    /// Under FIFO the books take each sell's oldest shares' cost, and both tools still accept them.
    func test_fifoBooks_carryTheGainsReportsCost_andPassBothChecks() throws {
        let invest = makeInvestDriver()
        invest.environment["INVEST_COST_BASIS"] = "fifo"
        for command in [["add", "--type", "buy", "--ticker", "MSFT", "--quantity", "3", "--sum", "1000", "--date", "2024-01-02"],
                        ["add", "--type", "buy", "--ticker", "MSFT", "--quantity", "3", "--sum", "1300", "--date", "2024-02-02"],
                        ["add", "--type", "sell", "--ticker", "MSFT", "--quantity", "4", "--sum", "1800", "--date", "2024-03-04"]] {
            XCTAssertEqual(invest.run(command).status, 0, "\(command)")
        }
        let gains = try XCTUnwrap(try invest.run(["gains", "--format", "json"]).jsonObject()["sells"] as? [[String: Any]])
        XCTAssertEqual(gains.first?["cost"] as? String, "1433.33333333", "3 at $1,000, then 1 of 3 at $1,300")
        let folder = makeTemporaryDirectory()
        let journal = folder.appendingPathComponent("fifo.journal").path, beancount = folder.appendingPathComponent("fifo.beancount").path
        XCTAssertEqual(invest.run(["export", "--format", "hledger", "-o", journal]).status, 0)
        XCTAssertEqual(invest.run(["export", "--format", "beancount", "-o", beancount]).status, 0)
        let income = try csv(runProcess(try installedTool("hledger"), ["-f", journal, "bal", "--flat", "Income", "-c", "USD 1.00000000", "-O", "csv"]))
        XCTAssertEqual(income["Income:Invest:Gains:MSFT"], "USD -366.66666667")
        let python = try installedTool("python3")
        XCTAssertEqual(try runProcess(python, ["-m", "beancount.scripts.check", beancount]).status, 0)
        let totals = try runProcess(python, [Self.beancountTotals.path, beancount, "USD"])
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(totals.stdout.utf8)) as? [String: Any])
        let accounts = try XCTUnwrap(report["accounts"] as? [String: [String: [String: String]]])
        XCTAssertEqual(accounts["Assets:Invest:Default:MSFT"]?["cost"], ["USD": "866.66666667"], "2 of the $1,300 lot left")
    }

    /// `BRK.B` and `BRK-B`, or accounts `Joint ISA` and `Joint-ISA`, once became one account in
    /// the books: hledger merged the two holdings and bean-check refused the file.
    func test_namesThatCleanToTheSameAccount_stayApart_andBothToolsKeepEachHolding() throws {
        let invest = makeInvestDriver()
        for name in ["Joint ISA", "Joint-ISA"] { XCTAssertEqual(invest.run(["account", "add", name]).status, 0) }
        for (account, ticker, quantity) in [("Joint ISA", "BRK.B", "2"), ("Joint ISA", "BRK-B", "3"), ("Joint-ISA", "BRK.B", "5")] {
            let add = invest.run(["--account", account, "add", "--type", "buy", "--ticker", ticker, "--quantity", quantity, "--sum", "100", "--date", "2024-01-02"])
            XCTAssertEqual(add.status, 0, add.errors)
        }
        let folder = makeTemporaryDirectory()
        let journal = folder.appendingPathComponent("books.journal").path, beancount = folder.appendingPathComponent("books.beancount").path
        XCTAssertEqual(invest.run(["export", "--format", "hledger", "-o", journal]).status, 0)
        XCTAssertEqual(invest.run(["export", "--format", "beancount", "-o", beancount]).status, 0)

        let hledger = try installedTool("hledger")
        XCTAssertEqual(try runProcess(hledger, ["-f", journal, "check"]).status, 0)
        let balances = try csv(runProcess(hledger, ["-f", journal, "bal", "--flat", "Assets", "-O", "csv"]))
        XCTAssertEqual(Set(balances.filter { $0.key != "total" && !$0.key.hasSuffix(":Cash") }.values), ["2 \"BRK.B\"", "3 \"BRK-B\"", "5 \"BRK.B\""],
                       "three holdings, each in an account of its own: \(balances)")
        let python = try installedTool("python3")
        let beanCheck = try runProcess(python, ["-m", "beancount.scripts.check", beancount])
        XCTAssertEqual(beanCheck.status, 0, "bean-check: \(beanCheck.stdout)\(beanCheck.stderr)")
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try runProcess(python, [Self.beancountTotals.path, beancount, "USD"]).stdout.utf8))
            as? [String: Any])
        let accounts = try XCTUnwrap(report["accounts"] as? [String: [String: [String: String]]])
        XCTAssertEqual(accounts.values.compactMap { $0["units"] }.filter { $0.keys.contains { $0.hasPrefix("BRK") } }.count, 3, "\(accounts)")
    }

    func test_accountsPrefix_namesEveryAccount_andABadOneIsAUsageError() throws {
        let invest = makeInvestDriver()
        XCTAssertEqual(invest.run(["add", "--type", "deposit", "--sum", "100", "--date", "2024-01-02"]).status, 0)
        let books = invest.run(["export", "--format", "beancount", "--accounts-prefix", "Broker:Schwab"])
        XCTAssertEqual(books.status, 0)
        XCTAssertTrue(books.output.contains("  Assets:Broker:Schwab:Default:Cash  100.00 USD"), books.output)
        XCTAssertTrue(books.output.contains("  Equity:Broker:Schwab:Contributions  -100.00 USD"), books.output)
        let bad = invest.run(["export", "--format", "hledger", "--accounts-prefix", "my broker"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.errors.contains("--accounts-prefix 'my broker' is not an account name"), bad.errors)
        let misplaced = invest.run(["export", "--format", "csv", "--accounts-prefix", "Broker"])
        XCTAssertEqual(misplaced.status, 2)
        XCTAssertTrue(misplaced.errors.contains("are for --format hledger or beancount"), misplaced.errors)
    }

    // MARK: - Helpers

    private static let beancountTotals = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/PlainTextAccounting/beancount_totals.py")

    /// The British investor's two accounts, then every other kind of transaction, in pounds and dollars.
    private func makeHistoryWithEveryKind() throws -> (InvestDriver, ServicesEmulator) {
        let emulator = try startEmulator()
        try emulator.setQuote("AAPL", price: 200, previousClose: 190)
        try emulator.setQuote("VOD.L", price: 80, previousClose: 79)
        let invest = makeInvestDriver(servicesFrom: emulator)
        useBritishSettings(invest, emulator: emulator)
        recordTwoAccountsInTwoCurrencies(invest, then: [
            ["add", "--type", "sell", "--ticker", "AAPL", "--quantity", "2", "--sum", "420", "--currency", "USD", "--date", "2024-06-12"],
            ["add", "--type", "dividend", "--ticker", "AAPL", "--sum", "3.5", "--currency", "USD", "--date", "2024-06-13"],
            ["add", "--type", "fee", "--sum", "2.5", "--date", "2024-06-14"],
            ["add", "--type", "interest", "--sum", "1.25", "--date", "2024-06-14"],
            ["add", "--type", "withdrawal", "--sum", "500", "--date", "2024-06-15"],
            ["add", "--type", "split", "--ticker", "AAPL", "--ratio", "4:1", "--date", "2024-06-20"],
            ["add", "--type", "fee", "--ticker", "VOD.L", "--sum", "1", "--date", "2024-06-21"]])
        return (invest, emulator)
    }

    /// hledger's `-O csv` balance report as account → balance.
    private func csv(_ result: ProcessResult, file: StaticString = #filePath, line: UInt = #line) throws -> [String: String] {
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        var rows: [String: String] = [:]
        for line in result.stdout.split(separator: "\n").dropFirst() {
            let fields = line.dropFirst().dropLast().components(separatedBy: "\",\"").map { $0.replacingOccurrences(of: "\"\"", with: "\"") }
            if fields.count == 2 { rows[fields[0]] = fields[1] }
        }
        return rows
    }
}
