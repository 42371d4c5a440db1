import XCTest
import TestSupport

/// The real `invest` binary on a real pseudo-terminal (`Tests/Terminal/tty_session.py`), for
/// what only a terminal shows: prompts and re-asking, Ctrl-C, colour, the width, the pager.
final class TerminalSessionTests: XCTestCase {
    func test_interactiveAdd_asksAgainAfterAWrongAnswer_andSavesAfterConfirmation() throws {
        let home = makeTemporaryDirectory()

        let session = try runOnTerminal(["add"], home: home, steps: [
            ("Type (buy/sell/deposit/withdrawal/interest/dividend/fee/split/fx): ", "hold\r"), ("try again", ""), ("Type (buy/sell/deposit/withdrawal/interest/dividend/fee/split/fx): ", "buy\r"), ("Ticker: ", "aapl\r"),
            ("Quantity: ", "2\r"), ("Sum: ", "300\r"), ("Date [", "\r"), ("Note (optional): ", "\r"), ("[y/N] ", "y\r"),
        ])

        XCTAssertEqual(session.exit, 0, session.transcript)
        XCTAssertTrue(session.transcript.contains("type: 'hold' is not one of: buy, sell, deposit, withdrawal, interest, dividend, fee, split, fx, transfer; try again."), session.transcript)
        XCTAssertTrue(session.transcript.contains("Saved "), session.transcript)
        XCTAssertEqual(try list(home).count, 1)
    }

    func test_ctrlC_duringAnInteractiveAdd_cancelsSayingSo_andSavesNothing() throws {
        let home = makeTemporaryDirectory()

        let session = try runOnTerminal(["add"], home: home, steps: [("Type (buy/sell/deposit/withdrawal/interest/dividend/fee/split/fx): ", "buy\r"), ("Ticker: ", "\u{3}")])

        XCTAssertEqual(session.exit, 0, "a cancel, as Ctrl-D and 'no' are: \(session.transcript)")
        XCTAssertTrue(session.transcript.contains("Cancelled; nothing was saved."), session.transcript)
        XCTAssertEqual(try list(home).count, 0)
    }

    func test_deleteAtATerminal_asksFirst() throws {
        let home = makeTemporaryDirectory()
        try add(home)
        let id = try XCTUnwrap(try list(home).first?["id"] as? String)

        let declined = try runOnTerminal(["delete", id], home: home, steps: [("[y/N] ", "n\r")])

        XCTAssertTrue(declined.transcript.contains("Cancelled; nothing was deleted."), declined.transcript)
        XCTAssertEqual(try list(home).count, 1)
    }

    func test_colourOnlyOnATerminal_andNeverWithNoColor() throws {
        let home = makeTemporaryDirectory()
        try add(home)

        let coloured = try runOnTerminal(["list", "--no-pager"], home: home)
        let plain = try runOnTerminal(["list", "--no-pager"], home: home, environment: ["NO_COLOR": "1"])
        let piped = try runProduct("invest", ["list"], environment: ["INVEST_HOME": home.path])

        XCTAssertTrue(coloured.transcript.contains("\u{1B}[1mID"), coloured.transcript)
        XCTAssertFalse(plain.transcript.contains("\u{1B}["), plain.transcript)
        XCTAssertFalse(piped.stdout.contains("\u{1B}["), piped.stdout)
    }

    func test_tablesFitTheTerminalsWidth() throws {
        let home = makeTemporaryDirectory()
        try add(home, note: String(repeating: "a long note ", count: 20))

        let session = try runOnTerminal(["list", "--no-pager"], home: home, columns: 70)

        let lines = session.transcript.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        XCTAssertFalse(lines.isEmpty)
        XCTAssertTrue(lines.allSatisfy { $0.replacingOccurrences(of: "\u{1B}[1m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "").count <= 70 },
                      session.transcript)
    }

    func test_longOutputGoesThroughThePager_unlessNoPager() throws {
        let home = makeTemporaryDirectory()
        for _ in 0..<30 { try add(home) }
        let pager = ["PAGER": "sed s/^/PAGED:/"]

        let paged = try runOnTerminal(["list"], home: home, environment: pager)
        let unpaged = try runOnTerminal(["list", "--no-pager"], home: home, environment: pager)

        XCTAssertEqual(paged.exit, 0, paged.transcript)
        XCTAssertTrue(paged.transcript.contains("PAGED:"), paged.transcript)
        XCTAssertFalse(unpaged.transcript.contains("PAGED:"), unpaged.transcript)
    }

    // MARK: - The live feed

    func test_liveFeed_showsEveryStockByPrice_overOneConnection_andStopStartAndQuitWork() throws {
        let emulator = try startEmulator()

        let session = try runOnTerminal(["feed"], home: makeTemporaryDirectory(), steps: [("connected", ""), ("COST", "s"), ("[ Start ]", "s"), ("🟢 connected", "q")],
                                        environment: feedEnvironment(emulator))

        XCTAssertEqual(session.exit, 0, session.transcript)
        let firstFrame = try XCTUnwrap(session.transcript.components(separatedBy: "\u{1B}[H").first { $0.contains("COST") && $0.contains("AAPL") })
        let order = ["COST", "ADBE", "NVDA"].compactMap { firstFrame.range(of: " \($0) ")?.lowerBound }
        XCTAssertEqual(order, order.sorted(), "the highest prices first: \(firstFrame)")
        XCTAssertTrue(session.transcript.contains("🟢 connected"))
        XCTAssertTrue(session.transcript.contains("🔴 disconnected"), "stopping closes the connection")
        XCTAssertEqual(try emulator.webSocketStats()["connections"], 2, "one connection, and one more after Start")
        XCTAssertTrue(session.transcript.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"), "the main screen is back")
        XCTAssertEqual(session.echo, true)
        XCTAssertEqual(session.canonical, true)
    }

    func test_liveFeed_enterOpensTheDetails_andBGoesBack() throws {
        let emulator = try startEmulator()

        let session = try runOnTerminal(["feed", "--symbols", "AAPL,MSFT"], home: makeTemporaryDirectory(),
                                        steps: [("AAPL", "j"), ("MSFT", "\r"), ("This session:", "b"), ("Enter details", "q")],
                                        environment: feedEnvironment(emulator))

        XCTAssertEqual(session.exit, 0, session.transcript)
        XCTAssertTrue(session.transcript.contains("Apple Inc.") || session.transcript.contains("Microsoft Corporation"))
        XCTAssertTrue(session.transcript.contains("Esc or b back"), session.transcript)
    }

    func test_liveFeed_givesTheTerminalBack_onCtrlC_andOnSIGTERM() throws {
        let emulator = try startEmulator()

        let interrupted = try runOnTerminal(["feed"], home: makeTemporaryDirectory(), steps: [("connected", "\u{3}")], environment: feedEnvironment(emulator))
        let terminated = try runOnTerminal(["feed"], home: makeTemporaryDirectory(), steps: [("connected", "TERM")], environment: feedEnvironment(emulator))

        for session in [interrupted, terminated] {
            XCTAssertEqual(session.exit, 0, session.transcript)
            XCTAssertTrue(session.transcript.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"), session.transcript)
            XCTAssertEqual(session.echo, true)
            XCTAssertEqual(session.canonical, true)
        }
    }

    func test_liveFeed_withoutColour_usesWordsAndArrows_andNoFlashes() throws {
        let emulator = try startEmulator()

        let session = try runOnTerminal(["feed", "--symbols", "AAPL,MSFT"], home: makeTemporaryDirectory(), steps: [("[connected]", ""), ("↓ down", "q")],
                                        environment: feedEnvironment(emulator).merging(["NO_COLOR": "1"]) { $1 })

        XCTAssertEqual(session.exit, 0, session.transcript)
        XCTAssertFalse(session.transcript.contains("🟢"))
        XCTAssertFalse(session.transcript.contains("\u{1B}[4"), "no green or red backgrounds")
    }

    private func feedEnvironment(_ emulator: ServicesEmulator) -> [String: String] {
        ["INVEST_FEED_URL": emulator.webSocketURL("/ws/echo").absoluteString]
    }

    // MARK: - Helpers

    private struct Session {
        let exit: Int?
        let signal: Int?
        let transcript: String
        /// The terminal's modes after the command ended.
        let echo: Bool?
        let canonical: Bool?
    }

    private func runOnTerminal(_ arguments: [String], home: URL, steps: [(expect: String, send: String)] = [], columns: Int = 80,
                               environment: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line) throws -> Session {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Terminal/tty_session.py")
        let result = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, "--cols", "\(columns)", "--",
                                                                     productsDirectory.appendingPathComponent("invest").path] + arguments,
                                    environment: ["INVEST_HOME": home.path, "TERM": "xterm"].merging(environment) { $1 },
                                    stdin: String(decoding: try JSONSerialization.data(withJSONObject: steps.map {
                                        $0.send == "TERM" ? ["expect": $0.expect, "signal": "TERM"] : ["expect": $0.expect, "send": $0.send] }),
                                                  as: UTF8.self))
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stderr, file: file, line: line)
        let session = Session(exit: json["exit"] as? Int, signal: json["signal"] as? Int, transcript: json["transcript"] as? String ?? "",
                              echo: json["echo"] as? Bool, canonical: json["canonical"] as? Bool)
        XCTAssertEqual(json["timedOut"] as? Bool, false, "the session stalled: \(session.transcript)", file: file, line: line)
        return session
    }

    private func add(_ home: URL, note: String = "") throws {
        let result = try runProduct("invest", ["add", "--type", "buy", "--ticker", "AAPL", "--quantity", "1", "--sum", "150", "--date", "2024-01-02",
                                               "--note", note], environment: ["INVEST_HOME": home.path])
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    private func list(_ home: URL) throws -> [[String: Any]] {
        let result = try runProduct("invest", ["list", "--format", "json"], environment: ["INVEST_HOME": home.path])
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }
}
