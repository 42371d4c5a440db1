import XCTest
import TerminalKit
import TestSupport

/// A hint's command is copied into a shell: each word `shellQuoted` prints must come back from
/// a real shell as the word it was, whatever is in it.
final class ShellQuotingTests: XCTestCase {
    func test_aPlainWord_isLeftAsItIs() {
        XCTAssertEqual("ISA".shellQuoted, "ISA")
        XCTAssertEqual("joint-2024_v1.5".shellQuoted, "joint-2024_v1.5")
    }

    func test_everyWord_readByARealShell_isTheWordItWas() throws {
        let hostile = ["my isa", "a\"b", "$HOME", "`touch pwned`", "$(touch pwned)", "it's", "'", "''", "a\\b", "!x", "*", "~", "#c", "a;b", "a|b&c",
                       "x > y", "{a,b}", "é ß 株", "-n", ""]
        var random = SeededRandom(seed: 62)
        let alphabet = Array("ab '\"$`\\!*?[]{}();|&<>~#=%é")
        let generated = (0..<40).map { _ in String((0..<Int.random(in: 1...12, using: &random)).map { _ in alphabet.randomElement(using: &random)! }) }
        for word in hostile + generated {
            let quoted = word.shellQuoted
            let echoed = try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "printf '%s' " + quoted], environment: ["HOME": "/nowhere"])
            XCTAssertEqual(echoed.stdout, word, "\(word) as \(quoted)")
        }
    }

    func test_aControlCharacter_isShownEscaped_notSentToTheTerminal() {
        XCTAssertEqual("a\u{1B}[2Jb".shellQuoted, "'a\\u{1b}[2Jb'")
    }
}
