import XCTest
import LiveFeed
import TestSupport
@testable import InvestCLI

final class FeedSelectionTests: XCTestCase {
    func test_theSelection_followsItsStock_whenPricesReSortTheRows() {
        var state = FeedState(symbols: ["AAPL", "MSFT", "TSLA"].map(FeedCatalog.symbol))
        tick(&state, ["AAPL": "300", "MSFT": "200", "TSLA": "100"])
        var sut = FeedSelection()
        sut.move(by: 1, in: state.sortedRows)
        XCTAssertEqual(sut.symbol(in: state.sortedRows), "MSFT")

        tick(&state, ["MSFT": "400"])

        XCTAssertEqual(state.sortedRows.map(\.symbol.symbol), ["MSFT", "AAPL", "TSLA"])
        XCTAssertEqual(sut.symbol(in: state.sortedRows), "MSFT", "still the stock chosen, now on the first row")
        XCTAssertEqual(sut.index(in: state.sortedRows), 0)
        sut.move(by: 1, in: state.sortedRows)
        XCTAssertEqual(sut.symbol(in: state.sortedRows), "AAPL", "and a key moves from where it is now")
    }

    func test_theSelection_startsOnTheTopRow_andStaysWithinTheList() {
        var state = FeedState(symbols: ["AAPL", "MSFT"].map(FeedCatalog.symbol))
        tick(&state, ["AAPL": "1", "MSFT": "2"])
        var sut = FeedSelection()

        XCTAssertEqual(sut.symbol(in: state.sortedRows), "MSFT")
        sut.move(by: -1, in: state.sortedRows)
        XCTAssertEqual(sut.symbol(in: state.sortedRows), "MSFT")
        sut.move(by: 5, in: state.sortedRows)
        XCTAssertEqual(sut.symbol(in: state.sortedRows), "AAPL")
        XCTAssertNil(FeedSelection().symbol(in: []))
    }

    private func tick(_ state: inout FeedState, _ prices: [String: String]) {
        for (symbol, price) in prices.sorted(by: { $0.key < $1.key }) {
            state.apply(.tick(PriceTick(symbol: symbol, price: fixed(price), timestamp: Date(), source: .echo)))
        }
    }
}
