import XCTest
@testable import TerminalKit
@testable import ClientComposition
@testable import InvestCLI

final class CompletionEngineTests: XCTestCase {
    func test_complete_offersTheCommands_thenTheSubcommands_atEachLevel() {
        let sut = makeSUT()

        XCTAssertEqual(sut.complete(["invest", ""], index: 1), .words(["savings", "chart", "config", "help"]))
        XCTAssertEqual(sut.complete(["invest", "sa"], index: 1), .words(["savings"]))
        XCTAssertEqual(sut.complete(["invest", "savings", ""], index: 2), .words(["list", "add"]))
    }

    func test_complete_offersAnOptionsFixedValues_andTheOptionsOfTheCommandAtTheCursor() {
        let sut = makeSUT()

        XCTAssertEqual(sut.complete(["invest", "savings", "list", "--format", ""], index: 4), .words(["table", "json", "csv"]))
        XCTAssertEqual(sut.complete(["invest", "savings", "add", "--v"], index: 3), .words(["--value", "--verbose", "--version"]))
        XCTAssertEqual(sut.complete(["invest", "--format", "j"], index: 2), .words(["json"]), "a format before the command")
    }

    func test_complete_offersHeldTickers_settingKeys_andDirectoriesForHome() {
        var homes: [String?] = []
        let sut = makeSUT(tickers: { home in homes.append(home); return ["AAPL", "MSFT"] })

        XCTAssertEqual(sut.complete(["invest", "--home", "/data", "chart", "a"], index: 4), .words(["AAPL"]))
        XCTAssertEqual(homes, ["/data"], "tickers come from the data directory the line names")
        XCTAssertEqual(sut.complete(["invest", "config", "set", ""], index: 3), .words(["FINNHUB_API_KEY", "INVEST_HOME_X"]))
        XCTAssertEqual(sut.complete(["invest", "config", "set", "FINNHUB_API_KEY", ""], index: 4), .words([]), "a value has no completion")
        XCTAssertEqual(sut.complete(["invest", "--home", ""], index: 2), .files(directoriesOnly: true))
    }

    func test_complete_skipsTheValuesOfOptions_whenCountingArguments() {
        XCTAssertEqual(makeSUT().complete(["invest", "savings", "add", "--value", "5", "ISA", ""], index: 6), .files(directoriesOnly: false))
    }

    // MARK: - Helpers

    private func makeSUT(tickers: @escaping (String?) -> [String] = { _ in [] }) -> CompletionEngine {
        let roots: [CommandNode] = [
            CommandGroup("savings", summary: "", default: "list", [
                Subcommand(CommandSpec(name: "savings list", summary: "", options: [CommandSpec.Value<OutputFormat>.format("")])) { _, _ in },
                Subcommand(CommandSpec(name: "savings add", summary: "", options: [CommandSpec.Value<String>("value", "V", "")],
                                       arguments: [.required("NAME"), .required("FILE", completes: .file)])) { _, _ in },
            ]),
            Subcommand(CommandSpec(name: "chart", summary: "", options: [], arguments: [.required("TICKER", completes: .ticker)])) { _, _ in },
            CommandGroup("config", summary: "", [
                Subcommand(CommandSpec(name: "config set", summary: "", options: [],
                                       arguments: [.required("KEY", completes: .settingKey), .required("VALUE")])) { _, _ in },
            ]),
            Subcommand(CommandSpec(name: "old", summary: "", options: [], isHidden: true)) { _, _ in },
        ]
        return CompletionEngine(resolver: CommandResolver(roots: roots, legacySpellings: []), tickers: tickers,
                                settingKeys: ["FINNHUB_API_KEY", "INVEST_HOME_X"])
    }
}
