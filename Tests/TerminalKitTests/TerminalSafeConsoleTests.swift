import XCTest
@testable import TerminalKit

final class TerminalSafeConsoleTests: XCTestCase {
    func test_atATerminal_keepsColoursLineBreaksAndTabs_andEscapesEveryOtherControl() {
        let (sut, spy) = makeSUT(terminal: true)

        sut.write("\u{1B}[1;32mgain\u{1B}[0m\tok\n\u{1B}]52;c;aGk=\u{07}\u{9B}2J\r\u{1B}[2J")

        XCTAssertEqual(spy.written, "\u{1B}[1;32mgain\u{1B}[0m\tok\n\\u{1b}]52;c;aGk=\\u{7}\\u{9b}2J\\u{d}\\u{1b}[2J")
    }

    func test_toAFileOrAPipe_writesTheBytesAsTheyAre() {
        let (sut, spy) = makeSUT(terminal: false)

        sut.write("a\u{1B}]0;title\u{07}b")

        XCTAssertEqual(spy.written, "a\u{1B}]0;title\u{07}b")
    }

    // MARK: - Helpers

    private func makeSUT(terminal: Bool) -> (TerminalSafeConsole, ConsoleSpy) {
        let spy = ConsoleSpy(terminal: terminal)
        let sut = TerminalSafeConsole(spy)
        trackForMemoryLeaks(sut)
        return (sut, spy)
    }

    private final class ConsoleSpy: Console {
        private(set) var written = ""
        let isTerminalOutput: Bool
        let isInteractive = false
        let terminalWidth: Int? = nil

        init(terminal: Bool) { isTerminalOutput = terminal }

        func write(_ text: String) { written += text }
        func writeError(_ text: String) {}
        func readLine(prompt: String) -> String? { nil }
        func readSecret(prompt: String) -> String? { nil }
        func finishOutput() -> String? { nil }
    }
}
