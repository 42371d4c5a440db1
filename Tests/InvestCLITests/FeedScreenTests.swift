import XCTest
@testable import InvestCLI
import FixedPoint
import LiveFeed
import TestSupport

/// Frames of the live view, from the reducer's state and an injected time.
final class FeedScreenTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_760_000_000)

    func test_list_showsRowsByPrice_withStatusAndToggle_andMarksTheSelection() {
        let frame = screen(state(), selected: 1, colors: false).render()
        let lines = frame.components(separatedBy: "\n").map { $0.replacingOccurrences(of: "\u{1B}[K", with: "") }

        XCTAssertTrue(lines[0].hasPrefix("[connected]"), lines[0])
        XCTAssertTrue(lines[0].hasSuffix("[ Stop ]"), lines[0])
        XCTAssertEqual(lines[1].prefix(7), " MSFT  ")
        XCTAssertEqual(lines[2].prefix(7), ">AAPL  ", "the selected row")
        XCTAssertTrue(lines[2].contains("↓ down"), lines[2])
        XCTAssertTrue(lines[1].contains("↑ up"), lines[1])
        XCTAssertTrue(lines.allSatisfy { $0.count <= 60 }, "fits the width")
    }

    func test_aChangedPrice_flashesGreenOrRed_forOneSecond_onlyWithColour() {
        let during = screen(state(), now: now.addingTimeInterval(0.5), colors: true).render()
        let after = screen(state(), now: now.addingTimeInterval(1), colors: true).render()
        let plain = screen(state(), now: now.addingTimeInterval(0.5), colors: false).render()

        XCTAssertTrue(during.contains("\u{1B}[42;30m") && during.contains("\u{1B}[41;30m"), during)
        XCTAssertFalse(after.contains("\u{1B}[42;30m") || after.contains("\u{1B}[41;30m"))
        XCTAssertFalse(plain.contains("\u{1B}[4"))
    }

    func test_details_showNameDescriptionPriceAndTheSessionsSparkline() {
        let frame = screen(state(), page: .details("AAPL"), colors: false).render()

        XCTAssertTrue(frame.contains("AAPL  Apple Inc."), frame)
        XCTAssertTrue(frame.contains("$99.00 ↓ down  -1.00"), frame)
        XCTAssertTrue(frame.contains("Designs, manufactures"), frame)
        XCTAssertTrue(frame.contains("This session: █▁"), frame)
    }

    func test_colourCodes_surviveIntact_andEveryLineFitsTheWidth_emojiCountingTwo() {
        let frame = screen(state(), now: now.addingTimeInterval(5), colors: true).render()
        let visible = frame.replacingOccurrences(of: "\u{1B}\\[[0-9;]*[A-Za-z]", with: "", options: .regularExpression)

        XCTAssertTrue(frame.contains("\u{1B}[32m↑\u{1B}[39m"), frame)
        XCTAssertTrue(frame.contains("\u{1B}[31m↓\u{1B}[39m"), frame)
        XCTAssertFalse(frame.contains("\\u{1b}"), "our own codes are not escaped")
        XCTAssertTrue(visible.components(separatedBy: "\n").allSatisfy { FeedScreen.width(of: $0) <= 60 }, visible)
        XCTAssertEqual(FeedScreen.width(of: visible.components(separatedBy: "\n")[0]), 60, "the toggle ends at the right edge")
    }

    func test_controlCharactersFromTheServer_neverReachTheTerminal() {
        var state = state()
        state.apply(.disconnected(reason: "bad \u{1B}]0;pwned\u{7}"))

        XCTAssertFalse(screen(state, colors: false).render().contains("\u{1B}]0;"))
    }

    // MARK: - Helpers

    private func state() -> FeedState {
        var state = FeedState(symbols: ["AAPL", "MSFT", "TSLA"].map(FeedCatalog.symbol))
        state.apply(.connected)
        for (symbol, price, at) in [("AAPL", "100", -5.0), ("MSFT", "300", -5), ("AAPL", "99", 0), ("MSFT", "301", 0)] {
            state.apply(.tick(PriceTick(symbol: symbol, price: fixed(price), timestamp: now.addingTimeInterval(at), source: .echo)))
        }
        return state
    }

    private func screen(_ state: FeedState, page: FeedScreen.Page = .list, selected: Int = 0, now: Date? = nil, colors: Bool) -> FeedScreen {
        FeedScreen(state: state, page: page, selected: selected, now: now ?? self.now, columns: 60, rows: 20, colors: colors)
    }
}
