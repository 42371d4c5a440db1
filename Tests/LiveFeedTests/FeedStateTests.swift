import XCTest
import FixedPoint
import LiveFeed
import TestSupport

final class FeedStateTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_760_000_000)

    func test_tick_setsPriceAndDirection_againstThePreviousPrice() {
        var state = makeState()

        state.apply(.tick(tick("AAPL", "100")))
        let first = state.rows["AAPL"]
        state.apply(.tick(tick("AAPL", "101.5")))
        let up = state.rows["AAPL"]
        state.apply(.tick(tick("AAPL", "99")))
        let down = state.rows["AAPL"]
        state.apply(.tick(tick("AAPL", "99")))

        XCTAssertNil(first?.direction, "nothing to compare the first price with")
        XCTAssertEqual(up?.direction, .up)
        XCTAssertEqual(up?.change, fixed("1.5"))
        XCTAssertEqual(down?.direction, .down)
        XCTAssertEqual(state.rows["AAPL"]?.direction, .unchanged)
        XCTAssertEqual(state.rows["AAPL"]?.history, [fixed("100"), fixed("101.5"), fixed("99"), fixed("99")])
    }

    func test_aTickForAnotherSymbol_isIgnored() {
        var state = makeState()

        state.apply(.tick(tick("ZZZ", "1")))

        XCTAssertEqual(state, makeState())
    }

    func test_sortedRows_putTheHighestPriceFirst_andSymbolsWithoutAPriceLast() {
        var state = makeState()
        state.apply(.tick(tick("MSFT", "300")))
        state.apply(.tick(tick("AAPL", "400")))

        XCTAssertEqual(state.sortedRows.map(\.symbol.symbol), ["AAPL", "MSFT", "GOOG", "TSLA"])
    }

    func test_aChangedPrice_flashesForOneSecond_inItsDirection() {
        var state = makeState()
        state.apply(.tick(tick("AAPL", "100", at: now.addingTimeInterval(-10))))
        state.apply(.tick(tick("AAPL", "90", at: now)))

        XCTAssertEqual(state.flash(of: "AAPL", at: now.addingTimeInterval(0.999)), .down)
        XCTAssertNil(state.flash(of: "AAPL", at: now.addingTimeInterval(1)), "one second later it's over")
        XCTAssertNil(state.flash(of: "MSFT", at: now))
        state.apply(.tick(tick("AAPL", "90", at: now)))
        XCTAssertNil(state.flash(of: "AAPL", at: now), "an unchanged price doesn't flash")
    }

    func test_connectionEvents_setTheStatus_andKeepTheLastProblem() {
        var state = makeState()

        state.apply(.connecting)
        XCTAssertEqual(state.connection, .connecting)
        state.apply(.connected)
        XCTAssertEqual(state.connection, .connected)
        state.apply(.disconnected(reason: "connection refused"))
        XCTAssertEqual(state.connection, .disconnected)
        XCTAssertEqual(state.lastProblem, "connection refused")
        state.apply(.connected)
        XCTAssertNil(state.lastProblem)
    }

    func test_toggleRunning_stopsAndStartsAgain_andStoppingDisconnects() {
        var state = makeState()
        state.apply(.connected)

        state.toggleRunning()
        XCTAssertFalse(state.isRunning)
        XCTAssertEqual(state.connection, .disconnected)
        state.toggleRunning()
        XCTAssertTrue(state.isRunning)
    }

    // MARK: - Helpers

    private func makeState() -> FeedState {
        FeedState(symbols: ["AAPL", "MSFT", "GOOG", "TSLA"].map(FeedCatalog.symbol))
    }

    private func tick(_ symbol: String, _ price: String, at time: Date? = nil) -> PriceTick {
        PriceTick(symbol: symbol, price: fixed(price), timestamp: time ?? now, source: .echo)
    }
}

final class RandomWalkTests: XCTestCase {
    func test_step_movesUpToTwoPercent_roundedToTheCent() {
        var walk = RandomWalk(start: fixed("100"))

        XCTAssertEqual(walk.step(400), fixed("102"))
        XCTAssertEqual(walk.step(0), fixed("99.96"))
        XCTAssertEqual(walk.step(200), fixed("99.96"))
        XCTAssertEqual(walk.step(201), fixed("99.97"), "1 basis point of 99.96 is 0.009996, to the cent 0.01")
    }

    func test_step_staysWithinHalfAndOneAndAHalfTimesTheStart() {
        var up = RandomWalk(start: fixed("10")), down = RandomWalk(start: fixed("10"))

        for _ in 0..<100 { _ = up.step(400); _ = down.step(0) }

        XCTAssertEqual(up.price, fixed("15"))
        XCTAssertEqual(down.price, fixed("5"))
    }

    func test_reconnectDelay_doublesFromHalfASecond_upTo30Seconds_spreadByJitter() {
        XCTAssertEqual(ReconnectPolicy.delay(afterAttempt: 0, jitter: 0.5), 0.5)
        XCTAssertEqual(ReconnectPolicy.delay(afterAttempt: 3, jitter: 0.5), 4)
        XCTAssertEqual(ReconnectPolicy.delay(afterAttempt: 20, jitter: 0.5), 30)
        XCTAssertEqual(ReconnectPolicy.delay(afterAttempt: 1, jitter: 0), 0.5)
        XCTAssertEqual(ReconnectPolicy.delay(afterAttempt: 1, jitter: 1), 1.5)
    }

    func test_deepLink_readsTheSymbol_inAnyCase_andNothingElse() {
        XCTAssertEqual(FeedDeepLink.symbol(in: "stocks://symbol/AAPL"), "AAPL")
        XCTAssertEqual(FeedDeepLink.symbol(in: "STOCKS://Symbol/brk.b"), "BRK.B")
        XCTAssertNil(FeedDeepLink.symbol(in: "stocks://symbol/"))
        XCTAssertNil(FeedDeepLink.symbol(in: "https://symbol/AAPL"))
        XCTAssertNil(FeedDeepLink.symbol(in: "stocks://symbol/AA PL"))
        XCTAssertNil(FeedDeepLink.symbol(in: "stocks://quote/AAPL"))
    }
}
