import XCTest
import Foundation
import FixedPoint
import CurrentPrices
import TestSupport

final class KnownPricesTests: XCTestCase {
    func test_loadPrices_answersKnownTickersAgain_andAsksOnlyForTheOthers() {
        let spy = PricesLoadingSpy()
        let sut = KnownPrices(["A": .success(price("A", 10)), "B": .failure(.unknownSymbol)], otherwise: spy)

        let results = sut.loadPrices(for: ["A", "B", "C"])

        XCTAssertEqual(spy.requests, [["C"]], "the quote service is asked once, for what isn't known")
        XCTAssertEqual(results["A"], .success(price("A", 10)))
        XCTAssertEqual(results["B"], .failure(.unknownSymbol), "a failure is known too: not asked again")
        XCTAssertEqual(results["C"], .success(price("C", 1)))
    }

    func test_loadPrices_withEverythingKnown_asksNothing() {
        let spy = PricesLoadingSpy()

        _ = KnownPrices(["A": .success(price("A", 10))], otherwise: spy).loadPrices(for: ["A"])

        XCTAssertTrue(spy.requests.isEmpty)
    }

    private func price(_ ticker: String, _ value: FixedDecimal) -> LoadedPrice {
        LoadedPrice(price: CurrentPrice(ticker: ticker, price: value, change: nil, changePercent: nil, previousClose: value,
                                        quoteTime: Date(timeIntervalSince1970: 0), fetchedAt: Date(timeIntervalSince1970: 0)), source: .live)
    }

    private final class PricesLoadingSpy: PricesLoading {
        private(set) var requests: [[String]] = []

        func loadPrices(for tickers: [String]) -> [String: Result<LoadedPrice, PriceLoadingError>] {
            requests.append(tickers)
            return Dictionary(uniqueKeysWithValues: tickers.map { ticker in
                (ticker, .success(LoadedPrice(price: CurrentPrice(ticker: ticker, price: 1, change: nil, changePercent: nil, previousClose: 1,
                                                                  quoteTime: Date(timeIntervalSince1970: 0), fetchedAt: Date(timeIntervalSince1970: 0)),
                                              source: .live)))
            })
        }
    }
}
