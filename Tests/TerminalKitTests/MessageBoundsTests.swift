import XCTest
import TerminalKit
import TestSupport

final class MessageBoundsTests: XCTestCase {
    func test_aShortMessage_isLeftAsItIs_evenWithQuotesThatDontPair() {
        let message = "ticker: 'it's' is not a ticker; can't read 'x"
        XCTAssertEqual(MessageBounds.bounded(message), message)
    }

    func test_aLongQuotedValue_isCutSayingItsLength_andTheRestOfTheLineKept() {
        let value = String(repeating: "x", count: 100_000)
        let bounded = MessageBounds.bounded("file.csv:2: ticker: '\(value)' must be 1-12 characters\nfile.csv:3: date: '2024-13-01' is not a date")

        XCTAssertEqual(bounded, "file.csv:2: ticker: '\(value.prefix(200))…' (100,000 characters) must be 1-12 characters\nfile.csv:3: date: '2024-13-01' is not a date")
    }

    func test_aLongLineWithoutQuotes_losesItsMiddle_sayingHowMuch() {
        let line = "a" + String(repeating: "b", count: 10_000) + "c"
        let bounded = MessageBounds.bounded(line)

        XCTAssertTrue(bounded.hasPrefix("a" + String(repeating: "b", count: 1_999) + " … (7,002 characters left out) … "), String(bounded.prefix(2_100)))
        XCTAssertTrue(bounded.hasSuffix(String(repeating: "b", count: 999) + "c"))
    }

    func test_anyMessage_isBoundedByItsLinesWhateverItHolds() {
        var random = SeededRandom(seed: 7)
        let pieces = ["'", "x", " ", "é", "''", String(repeating: "y", count: 5_000), "\n"]
        for _ in 0..<200 {
            let message = (0..<Int.random(in: 1...60, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let lines = message.split(separator: "\n", omittingEmptySubsequences: false).count
            let bounded = MessageBounds.bounded(message)
            for line in bounded.split(separator: "\n", omittingEmptySubsequences: false) {
                XCTAssertLessThanOrEqual(line.unicodeScalars.count, MessageBounds.longestLine + 60)
            }
            XCTAssertEqual(bounded.split(separator: "\n", omittingEmptySubsequences: false).count, lines, "every line is kept")
        }
    }
}
