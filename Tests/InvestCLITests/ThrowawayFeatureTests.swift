import XCTest
import Ledger
import TerminalKit
import ClientComposition
import InvestCLITestSupport
import TestSupport
@testable import InvestCLI

/// A feature plugs in from its own folder: this one, with one kind and one command, is
/// registered here alone, and runs through the real composition root with no shared file changed.
final class ThrowawayFeatureTests: XCTestCase {
    private static let kind = LedgerKind("throwaway-jot", schema: 1)

    private static let jots = FeatureRegistration(title: "Throwaway", kinds: [kind]) { app in
        [Subcommand(CommandSpec(name: "jot", summary: "Keep one line", options: [], arguments: [.required("TEXT")])) { arguments, io in
            let entry = LedgerEntry(id: "jot-1", kind: kind.name, schema: kind.schema, updatedAt: io.now.millisecondsSince1970,
                                    payload: LedgerPayload([("text", arguments.positionals[0])]))
            try app.undoableLedger(.lookedUp).append(entry)
            io.console.write("Kept it.\n")
        }]
    }

    func test_aRegisteredFeature_isListedRunsAndKeepsItsKind_whichTheClientThenReads() throws {
        let home = makeTemporaryDirectory()

        let help = run(["--help"], home: home)
        let jot = run(["jot", "hello"], home: home)
        let unknownWithout = Invest.run(["jot", "hello"], context: context(home: home, console: ScriptedConsole(answers: [], interactive: false)))

        XCTAssertTrue(help.output.contains("Throwaway:\n  jot  Keep one line"), help.output)
        XCTAssertEqual(jot.status, 0, jot.errors)
        XCTAssertEqual(jot.output, "Kept it.\n")
        let log = try String(contentsOf: home.appendingPathComponent("transactions.log"), encoding: .utf8)
        XCTAssertTrue(log.contains("throwaway-jot"), log)
        let app = AppComposer(context: context(home: home, console: ScriptedConsole(answers: [], interactive: false)), homeOverride: nil,
                              features: Invest.features + [Self.jots])
        let entry = try XCTUnwrap(try app.ledger().retrieveEntries().first { $0.kind == Self.kind.name })
        XCTAssertEqual(app.registry.understanding(of: entry), .understood, "the client that registered it reads its kind")
        XCTAssertEqual(unknownWithout, 2, "without the registration there is no such command")
        XCTAssertEqual(run(["undo"], home: home).status, 0, "and the ledger's undo covers it like any kind")
    }

    private func run(_ arguments: [String], home: URL) -> (status: Int32, output: String, errors: String) {
        let console = ScriptedConsole(answers: [], interactive: false)
        let status = Invest.run(arguments, context: context(home: home, console: console), features: Invest.features + [Self.jots])
        return (status, console.output, console.errors)
    }

    private func context(home: URL, console: Console) -> InvestContext {
        InvestContext(environment: ["INVEST_HOME": home.path, "HOME": home.path], console: console, now: { Date(timeIntervalSince1970: 1_720_000_000) },
                      timeZone: TimeZone(identifier: "UTC")!)
    }
}
