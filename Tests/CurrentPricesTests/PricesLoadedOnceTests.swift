import XCTest
import Foundation
import FixedPoint
import CurrentPrices
import TestSupport

final class PricesLoadedOnceTests: XCTestCase {
    func test_loadPrices_asksOnceForEachTicker_andAnswersAgainFromWhatItGot() {
        let spy = PricesLoadingSpy(failing: ["B"])
        let sut = PricesLoadedOnce(decoratee: spy)
        trackForMemoryLeaks(sut)

        let first = sut.loadPrices(for: ["A", "B"])
        let second = sut.loadPrices(for: ["A", "B", "C"])

        XCTAssertEqual(spy.requests, [["A", "B"], ["C"]], "the quote service is asked once, for what isn't known")
        XCTAssertEqual(second["A"], first["A"])
        XCTAssertEqual(second["B"], .failure(.unknownSymbol), "a failure is known too: not asked again")
        XCTAssertEqual(second["C"], .success(price("C", 1)))
        XCTAssertEqual(Set(second.keys), ["A", "B", "C"])
    }

    private func price(_ ticker: String, _ value: FixedDecimal) -> LoadedPrice {
        LoadedPrice(price: CurrentPrice(ticker: ticker, price: value, change: nil, changePercent: nil, previousClose: value,
                                        quoteTime: Date(timeIntervalSince1970: 0), fetchedAt: Date(timeIntervalSince1970: 0)), source: .live)
    }

    private final class PricesLoadingSpy: PricesLoading {
        private let failing: Set<String>
        private(set) var requests: [[String]] = []

        init(failing: Set<String>) { self.failing = failing }

        func loadPrices(for tickers: [String]) -> [String: Result<LoadedPrice, PriceLoadingError>] {
            requests.append(tickers)
            return Dictionary(uniqueKeysWithValues: tickers.map { ticker in
                (ticker, failing.contains(ticker) ? .failure(.unknownSymbol) : .success(LoadedPrice(
                    price: CurrentPrice(ticker: ticker, price: 1, change: nil, changePercent: nil, previousClose: 1,
                                        quoteTime: Date(timeIntervalSince1970: 0), fetchedAt: Date(timeIntervalSince1970: 0)), source: .live)))
            })
        }
    }
}
