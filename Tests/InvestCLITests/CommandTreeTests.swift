import XCTest
@testable import TerminalKit
@testable import ClientComposition
@testable import InvestCLI

final class CommandTreeTests: XCTestCase {
    func test_resolve_walksDownToTheNamedSubcommand_withTheRestAsItsArguments() throws {
        let sut = makeSUT()

        guard case let .command(command, arguments) = try sut.resolve(["savings", "add", "ISA", "--value", "5"]) else { return XCTFail("no command") }

        XCTAssertEqual(command.spec.name, "savings add")
        XCTAssertEqual(arguments, ["ISA", "--value", "5"])
    }

    func test_resolve_runsAGroupsDefault_whenNoSubcommandIsNamed() throws {
        guard case let .command(command, arguments) = try makeSUT().resolve(["savings", "--format", "json"]) else { return XCTFail("no command") }

        XCTAssertEqual(command.spec.name, "savings list")
        XCTAssertEqual(arguments, ["--format", "json"])
    }

    func test_resolve_refusesAnUnknownSubcommand_withADidYouMean() {
        XCTAssertThrowsError(try makeSUT().resolve(["savings", "updte"])) { error in
            XCTAssertEqual((error as? CLIError)?.exitCode, 2)
            XCTAssertTrue((error as? CLIError)?.message?.contains("Did you mean 'update'?") == true, "\(error)")
        }
    }

    func test_resolve_showsAGroupsHelp_forHelpOrAGroupWithoutDefault() throws {
        guard case let .groupHelp(group) = try makeSUT().resolve(["savings", "-h"]) else { return XCTFail("no help") }
        guard case .groupHelp = try makeSUT().resolve(["journal"]) else { return XCTFail("a group without a default lists its commands") }

        XCTAssertTrue(group.help(width: 80).contains("  add     Add an account"), group.help(width: 80))
    }

    func test_modernized_rewritesAnOldSpelling_withAHint_andLeavesNewOnesAlone() {
        let sut = makeSUT()

        let old = sut.modernized(["alerts", "check", "--quiet"])
        let bare = sut.modernized(["alerts"])
        let current = sut.modernized(["alert", "check"])

        XCTAssertEqual(old.arguments, ["alert", "check", "--quiet"])
        XCTAssertEqual(old.hint, "invest: hint: 'invest alerts check' is now 'invest alert check'; the old spelling goes in a later release.\n")
        XCTAssertEqual(bare.arguments, ["alert", "list"], "the longest old spelling that fits wins, and a shorter one still applies")
        XCTAssertNil(current.hint)
    }

    func test_modernized_appliesAnArgumentOnlySpelling_onlyBeforeAnArgument() {
        let sut = makeSUT()

        XCTAssertEqual(sut.modernized(["stock", "AAPL"]).arguments, ["stock", "view", "AAPL"])
        XCTAssertEqual(sut.modernized(["stock", "view", "AAPL"]).arguments, ["stock", "view", "AAPL"])
        XCTAssertNil(sut.modernized(["stock", "--help"]).hint)
    }

    func test_leafOptionsAreScoped_anotherSubcommandsOptionIsRefused() throws {
        guard case let .command(command, arguments) = try makeSUT().resolve(["journal", "trades", "--qty", "5"]) else { return XCTFail("no command") }

        XCTAssertThrowsError(try ArgumentParser.parse(arguments, for: command.spec)) { error in
            XCTAssertEqual((error as? CLIError)?.message, "unknown option '--qty' for 'invest journal trades'. See 'invest journal trades --help'.")
        }
    }

    // MARK: - Helpers

    private func makeSUT() -> CommandResolver {
        func leaf(_ name: String, _ summary: String = "", options: [CommandSpec.Option] = [], arguments: [CommandSpec.Argument] = []) -> Subcommand {
            Subcommand(CommandSpec(name: name, summary: summary, options: options, arguments: arguments)) { _, _ in }
        }
        let roots: [CommandNode] = [
            CommandGroup("savings", summary: "Savings", default: "list", [
                leaf("savings list", options: [.value("format", "table|json|csv", "")]),
                leaf("savings add", "Add an account", options: [.value("value", "V", "")], arguments: [.required("NAME")]),
                leaf("savings update", arguments: [.required("NAME"), .required("VALUE")]),
            ]),
            CommandGroup("journal", summary: "Journal", [
                leaf("journal trades", options: [.value("from", "D", ""), .value("to", "D", "")]),
                leaf("journal add", options: [.value("qty", "Q", "")]),
            ]),
            CommandGroup("alert", summary: "Alerts", default: "list", [leaf("alert list"), leaf("alert check")]),
            CommandGroup("stock", summary: "Stocks", [leaf("stock view", arguments: [.required("TICKER")]), leaf("stock search")]),
        ]
        return CommandResolver(roots: roots, legacySpellings: [
            LegacySpelling(old: ["alerts", "check"], new: ["alert", "check"]), LegacySpelling(old: ["alerts"], new: ["alert", "list"]),
            LegacySpelling(old: ["stock"], new: ["stock", "view"], onlyBeforeAnArgument: true),
        ])
    }
}
