import XCTest
import TestSupport

/// `invest` at a real terminal: tmux running an interactive bash with job control, the real
/// `less` and `more`, keys typed and text pasted as a person does.
final class RealTerminalTests: XCTestCase {
    // MARK: - The tour

    func test_demo_runsToItsEnd_withoutASingleQuestion() throws {
        let terminal = try makeTerminal(rows: 40)

        let status = try terminal.run("invest demo", timeout: 60)

        let shown = try terminal.transcript()
        XCTAssertEqual(status, 0, shown)
        XCTAssertTrue(shown.contains("Your own data lives in"), shown)
        for question in ["[y/N]", "Note (optional)", "Date ["] {
            XCTAssertFalse(shown.contains(question), "the tour asked '\(question)':\n\(shown)")
        }
    }

    // MARK: - The pager

    func test_longOutput_goesThroughLess_andReturnsToThePromptAfterQ() throws {
        let terminal = try makeTerminal(rows: 24)
        try importTransactions(60, into: terminal.home)

        let status = try page(terminal, "invest list", showing: "\n:") {
            let processes = try terminal.processes()
            XCTAssertFalse(processes.contains(" T"), "nothing is stopped: \(processes)")
        }

        XCTAssertEqual(status, 0)
    }

    func test_longGains_goThroughLess_andReturnToThePromptAfterQ() throws {
        let terminal = try makeTerminal(rows: 24)
        try importTransactions(60, into: terminal.home)
        let sell = try runProduct("invest", ["add", "--type", "sell", "--ticker", "AAPL", "--quantity", "40", "--sum", "5000", "--date", "2024-02-01"],
                                  environment: ["INVEST_HOME": terminal.home.path])
        XCTAssertEqual(sell.status, 0, sell.stderr)

        XCTAssertEqual(try page(terminal, "invest gains", showing: "\n:") {}, 0, "one row per lot the sell took: 40, more than the screen")
    }

    func test_ctrlCWhileThePagerShows_leavesThePagerInCharge_untilQ() throws {
        let terminal = try makeTerminal(rows: 24)
        try importTransactions(60, into: terminal.home)
        let prompts = try terminal.promptCount()

        try terminal.type("invest list")
        try terminal.press("Enter")
        try terminal.waitFor("\n:", timeout: 10)
        try terminal.press("C-c")
        Thread.sleep(forTimeInterval: 0.5)
        let promptsWhilePaging = try terminal.promptCount()
        try terminal.press("q")

        XCTAssertEqual(promptsWhilePaging, prompts, "no prompt while the pager still has the terminal")
        XCTAssertEqual(try terminal.waitForPrompt(after: prompts), 130, "then invest ends as an interrupted command")
    }

    func test_outputThatFits_showsWithoutAKey_withLessAndWithMore() throws {
        let terminal = try makeTerminal(rows: 24)
        try importTransactions(3, into: terminal.home)

        XCTAssertEqual(try terminal.run("invest list", timeout: 10), 0)
        XCTAssertEqual(try terminal.run("invest portfolio --offline; true", timeout: 10), 0)
        XCTAssertEqual(try terminal.run("PAGER=more invest list", timeout: 10), 0)
        let marker = terminal.home.appendingPathComponent("pager-started").path
        XCTAssertEqual(try terminal.run("PAGER='touch \(marker); less' invest list", timeout: 10), 0)

        let shown = try terminal.transcript()
        XCTAssertEqual(shown.components(separatedBy: "2024-01-03  buy").count - 1, 3, shown)
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker), "output that fits starts no pager at all")
    }

    func test_longOutput_throughMore_quitsOnQ() throws {
        let terminal = try makeTerminal(rows: 24)
        try importTransactions(60, into: terminal.home)

        XCTAssertEqual(try page(terminal, "PAGER=more invest list", showing: "--More--"), 0)
    }

    func test_aPipeToLess_showsTheOutput_andQuitsOnQ() throws {
        let terminal = try makeTerminal(rows: 24)
        try importTransactions(60, into: terminal.home)

        XCTAssertEqual(try page(terminal, "invest list | less", showing: "ID        DATE"), 0)
        XCTAssertFalse(try terminal.transcript().contains("\u{1B}["), "no colour into a pipe")
    }

    // MARK: - Typing and pasting

    func test_pastingFiveCompleteAdds_savesFive_withEmptyNotes() throws {
        let terminal = try makeTerminal()
        let lines = (1...5).map { "invest add --type buy --ticker AAPL --quantity \($0) --sum 1\($0)0.50 --date 2024-01-1\($0) --yes\n" }
        let prompts = try terminal.promptCount()

        try terminal.paste(lines.joined())
        try terminal.waitForPrompt(after: prompts + 4, timeout: 20)

        let saved = try list(terminal.home)
        let shown = try terminal.transcript()
        XCTAssertEqual(saved.count, 5, shown)
        XCTAssertEqual(saved.map { $0["note"] as? String ?? "" }, ["", "", "", "", ""])
        XCTAssertFalse(shown.contains("Note (optional)"), shown)
    }

    func test_aCompleteAddWithoutDateOrNote_neverAsks() throws {
        let terminal = try makeTerminal()

        let status = try terminal.run("invest add --type deposit --sum 100")

        let shown = try terminal.transcript()
        XCTAssertEqual(status, 0, shown)
        XCTAssertEqual(try list(terminal.home).count, 1)
    }

    func test_interactiveAdd_asksOnlyForWhatIsMissing_thenTheDateAndTheNote() throws {
        let terminal = try makeTerminal()
        let conversations: [(command: String, steps: [Step])] = [
            ("invest add", [.init("Type (", "buy"), .init("Ticker: ", "aapl"), .init("Quantity: ", "2"), .init("Sum: ", "300"), .init("Date [", ""),
                            .init("Note (optional): ", "hi"), .init("[y/N]", "y")]),
            ("invest add --type buy --ticker AAPL", [.init("Quantity: ", "2"), .init("Sum: ", "300"), .init("Date [", ""), .init("Note (optional): ", ""),
                                                    .init("[y/N]", "y")]),
            ("invest add --type buy --ticker AAPL --quantity 2", [.init("Sum: ", "300"), .init("Date [", "2024-01-02"), .init("Note (optional): ", ""),
                                                                 .init("[y/N]", "y")]),
            ("invest add --type dividend --sum 5", [.init("Ticker: ", "AAPL"), .init("Date [", ""), .init("Note (optional): ", ""), .init("[y/N]", "y")]),
            ("invest add --type split --ticker AAPL --date 2024-01-03", [.init("Ratio (", "2:1"), .init("Note (optional): ", ""), .init("[y/N]", "y")]),
        ]

        for (index, conversation) in conversations.enumerated() {
            XCTAssertEqual(try converse(terminal, conversation.command, conversation.steps), 0, conversation.command)
            let shown = try terminal.transcript()
            XCTAssertEqual(try list(terminal.home).count, index + 1, shown)
        }
    }

    func test_ctrlCAndCtrlD_atAnyPrompt_cancelSayingSo_andSaveNothing() throws {
        let terminal = try makeTerminal()
        let toTheNote: [Step] = [.init("Sum: ", "2"), .init("Date [", "")]
        for key in ["C-c", "C-d"] {
            let conversations: [(command: String, steps: [Step])] = [
                ("invest add", [.init("Type (", key: key)]),
                ("invest add --type buy", [.init("Ticker: ", key: key)]),
                ("invest add --type buy --ticker A", [.init("Quantity: ", key: key)]),
                ("invest add --type buy --ticker A --quantity 1", [.init("Sum: ", key: key)]),
                ("invest add --type buy --ticker A --quantity 1", [.init("Sum: ", "2"), .init("Date [", key: key)]),
                ("invest add --type buy --ticker A --quantity 1", toTheNote + [.init("Note (optional): ", key: key)]),
                ("invest add --type buy --ticker A --quantity 1", toTheNote + [.init("Note (optional): ", ""), .init("[y/N]", key: key)]),
            ]
            for conversation in conversations {
                let cancels = try terminal.transcript().components(separatedBy: "Cancelled; nothing was saved.").count - 1

                XCTAssertEqual(try converse(terminal, conversation.command, conversation.steps), 0, "\(key): \(conversation.command)")
                try terminal.waitFor("Cancelled; nothing was saved.", after: cancels)
            }
        }
        XCTAssertEqual(try list(terminal.home).count, 0)
    }

    func test_delete_asksFirst_andYesSkipsTheQuestion() throws {
        let terminal = try makeTerminal()
        try importTransactions(2, into: terminal.home)
        let ids = try list(terminal.home).compactMap { $0["id"] as? String }

        XCTAssertEqual(try converse(terminal, "invest delete \(ids[0])", [.init("[y/N]", "n")]), 0)
        XCTAssertEqual(try terminal.run("invest delete \(ids[1]) --yes"), 0)

        XCTAssertEqual(try list(terminal.home).compactMap { $0["id"] as? String }, [ids[0]])
    }

    // MARK: - Colour and width

    func test_colourOnlyAtTheTerminal_andNeverWithNoColor() throws {
        let terminal = try makeTerminal()
        try importTransactions(2, into: terminal.home)

        try terminal.run("invest list")
        let coloured = try terminal.screen(escapes: true)
        try terminal.run("NO_COLOR=1 invest list")
        let plain = try terminal.screen(escapes: true).components(separatedBy: "NO_COLOR=1 invest list").last ?? ""

        XCTAssertTrue(coloured.contains("\u{1B}[1mID"), coloured)
        XCTAssertTrue(plain.contains("ID        DATE"), plain)
        XCTAssertFalse(plain.contains("\u{1B}[1m"), plain)
    }

    /// A note's control characters once reached the terminal raw in CSV.
    func test_csvAndJSONAtTheTerminal_showControlCharactersAsEscapes_butAFileGetsTheBytes() throws {
        let terminal = try makeTerminal()
        XCTAssertEqual(try terminal.run("invest add --type deposit --sum 5 --date 2024-01-02 --note \"$(printf 'a\\033[2Jb\\033]0;pwned\\007c')\" >/dev/null"), 0)

        XCTAssertEqual(try terminal.run("invest list --format csv"), 0)
        let file = terminal.home.appendingPathComponent("out.csv").path
        XCTAssertEqual(try terminal.run("invest list --format csv > '\(file)' && grep -c $'\\033\\[2J' '\(file)'"), 0, "a file gets the bytes")
        let screen = try terminal.screen(escapes: true)

        XCTAssertTrue(screen.contains("a\\u{1b}[2Jb\\u{1b}]0;pwned\\u{7}c"), "shown as escapes: \(screen)")
        XCTAssertFalse(screen.contains("\u{1B}[2J"), screen)
    }

    func test_tablesFitTheWidth_andWideNeverCuts() throws {
        for columns in [60, 80, 120] {
            let terminal = try makeTerminal(columns: columns)
            try importTransactions(2, into: terminal.home, note: String(repeating: "a long note ", count: 15))

            try terminal.run("invest list")
            let fitted = try terminal.screen()
            try terminal.run("invest list --wide | cat")
            let wide = try terminal.transcript().components(separatedBy: "invest list --wide | cat").last ?? ""

            let rows = fitted.split(separator: "\n").filter { $0.contains("buy") }
            XCTAssertEqual(rows.count, 2, fitted)
            XCTAssertTrue(rows.allSatisfy { $0.count <= columns }, "fits \(columns) columns:\n\(fitted)")
            if columns == 60 {
                XCTAssertTrue(fitted.contains("(NOTE left out to fit 60 columns; --wide shows all)"), fitted)
            } else {
                XCTAssertTrue(rows.allSatisfy { $0.hasSuffix("…") }, "the note is cut, saying so with an ellipsis, at \(columns) columns:\n\(fitted)")
            }
            XCTAssertTrue(wide.contains(String(repeating: "a long note ", count: 15).trimmingCharacters(in: .whitespaces)), "--wide cuts nothing:\n\(wide)")
            XCTAssertTrue(wide.contains("2024-01-02"), wide)
        }
    }

    // MARK: - The full-screen feed

    /// A run that must wait for the quote service's per-minute limit says so at a
    /// terminal, then prices the holding.
    func test_aWaitForTheQuoteServicesMinute_isShownAtTheTerminal() throws {
        let emulator = try startEmulator()
        try emulator.setQuote("CCC", price: 10, previousClose: 9)
        let url = emulator.baseURL.absoluteString
        let terminal = try TmuxTerminal(columns: 100, rows: 24, home: makeTemporaryDirectory(),
                                        environment: ["INVEST_QUOTES_URL": url, "FINNHUB_API_KEY": ServicesEmulator.apiKey, "INVEST_QUOTES_PER_MINUTE": "2"])
        // Two requests 57 s ago, as a run a minute ago left them: the next waits up to 3 s.
        let sent = Int64((Date().timeIntervalSince1970 - 57) * 1000)
        try #"{"version": 1, "prices": [], "requests": [\#(sent), \#(sent)]}"#.write(to: terminal.home.appendingPathComponent("prices-cache.json"),
                                                                                  atomically: true, encoding: .utf8)

        let status = try terminal.run("invest quote CCC", timeout: 20)

        let shown = try terminal.transcript()
        XCTAssertEqual(status, 0, shown)
        XCTAssertTrue(shown.contains(" s for the quote service: its limit is 2 requests a minute"), shown)
        XCTAssertTrue(shown.contains("invest: waiting "), shown)
        XCTAssertTrue(shown.contains("CCC"), shown)
    }

    func test_feed_keysOpenTheChosenStock_andQGivesTheTerminalBack() throws {
        let emulator = try startEmulator()
        let terminal = try TmuxTerminal(columns: 80, rows: 30, home: makeTemporaryDirectory(),
                                        environment: ["INVEST_FEED_URL": emulator.webSocketURL("/ws/echo").absoluteString])
        let prompts = try terminal.promptCount()

        try terminal.type("invest feed")
        try terminal.press("Enter")
        try terminal.waitFor("connected")
        try terminal.press("Down")
        try terminal.press("Down")
        let screen = try terminal.screen()
        let chosen = try XCTUnwrap(try selectedSymbol(terminal), screen)
        try terminal.press("Enter")
        try terminal.waitFor("Esc or b back")
        let details = try terminal.screen()
        try terminal.press("q")

        XCTAssertEqual(try terminal.waitForPrompt(after: prompts), 0)
        XCTAssertTrue(details.contains(chosen), "Enter opened the stock chosen, \(chosen):\n\(details)")
        XCTAssertEqual(try terminal.run("! stty -a | grep -q -- '-icanon\\|-echo '"), 0, "echo and line editing are back")
    }

    /// The highlighted row's symbol, read from the screen's colours.
    private func selectedSymbol(_ terminal: TmuxTerminal) throws -> String? {
        let line = try terminal.screen(escapes: true).split(separator: "\n").first { $0.contains("\u{1B}[7m") }
        return line.map { String($0.components(separatedBy: "\u{1B}[7m").last ?? "").trimmingCharacters(in: .whitespaces) }
            .map { String($0.prefix { !$0.isWhitespace }) }
    }

    // MARK: - Helpers

    /// Runs `command`, waits for the pager to show `text`, looks (`whilePaging`), presses q; the status.
    private func page(_ terminal: TmuxTerminal, _ command: String, showing text: String, whilePaging: () throws -> Void = {}) throws -> Int {
        let prompts = try terminal.promptCount()
        try terminal.type(command)
        try terminal.press("Enter")
        try terminal.waitFor(text, timeout: 10)
        try whilePaging()
        try terminal.press("q")
        return try terminal.waitForPrompt(after: prompts)
    }

    /// A prompt, and what the person does there: types an answer and Enter, or presses a key.
    private struct Step {
        let prompt: String
        let answer: String?
        let key: String?

        init(_ prompt: String, _ answer: String) {
            (self.prompt, self.answer, key) = (prompt, answer, nil)
        }

        init(_ prompt: String, key: String) {
            (self.prompt, answer, self.key) = (prompt, nil, key)
        }
    }

    /// Types `command`, then answers each prompt as it appears; the command's exit status.
    private func converse(_ terminal: TmuxTerminal, _ command: String, _ steps: [Step]) throws -> Int {
        let before = try terminal.transcript()
        let prompts = try terminal.promptCount()
        var seen: [String: Int] = [:]
        try terminal.type(command)
        try terminal.press("Enter")
        for step in steps {
            let count = seen[step.prompt] ?? before.components(separatedBy: step.prompt).count - 1
            try terminal.waitFor(step.prompt, after: count)
            seen[step.prompt] = count + 1
            if let answer = step.answer {
                try terminal.type(answer)
                try terminal.press("Enter")
            } else if let key = step.key {
                try terminal.press(key)
            }
        }
        return try terminal.waitForPrompt(after: prompts)
    }

    private func makeTerminal(columns: Int = 80, rows: Int = 24, file: StaticString = #filePath, line: UInt = #line) throws -> TmuxTerminal {
        try TmuxTerminal(columns: columns, rows: rows, home: makeTemporaryDirectory(), file: file, line: line)
    }

    private func importTransactions(_ count: Int, into home: URL, note: String = "") throws {
        let rows = (1...count).map { "2024-01-\(String(format: "%02d", ($0 - 1) % 28 + 1)),buy,AAPL,1,100,\(note)" }
        let file = home.appendingPathComponent("seed.csv")
        try ("date,type,ticker,quantity,sum,note\n" + rows.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        let result = try runProduct("invest", ["import", file.path], environment: ["INVEST_HOME": home.path])
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    private func list(_ home: URL) throws -> [[String: Any]] {
        let result = try runProduct("invest", ["list", "--format", "json"], environment: ["INVEST_HOME": home.path])
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], result.stderr)
    }
}
