import XCTest
import Foundation
import FixedPoint
import CurrentPrices
import Portfolio
import Transactions
import Analytics
import TransactionsTestSupport
import TestSupport

final class AllocationTests: XCTestCase {
    func test_byCurrency_addsEachTradingCurrencysHoldingsAndCash_inTheBaseCurrency() {
        let holdings = PortfolioCalculator.summarize([makeTransaction(ticker: "AAPL", quantity: "1", sum: "100"), makeTransaction(ticker: "VOD.L", quantity: "1", sum: "100")],
                                                     prices: ["AAPL": price("AAPL", 300), "VOD.L": price("VOD.L", 100)]).holdings

        let allocation = Allocation(holdings: holdings, cashByCurrency: ["GBP": 400, "USD": 200], currencies: ["AAPL": "USD", "VOD.L": "GBP"], categories: [:])

        XCTAssertEqual(allocation.total, 1_000)
        XCTAssertEqual(allocation.byCurrency.map { "\($0.name) \($0.value) \($0.weight)" }, ["GBP 500 50", "USD 500 50"], "ties by name")
        XCTAssertEqual(allocation.byTicker.first { $0.name == "Cash" }?.value, 600, "the cash of every currency is one slice by ticker")
    }

    func test_withoutCurrencies_thereIsNoSplitByCurrency() {
        XCTAssertTrue(Allocation(holdings: [], cash: 100, categories: [:]).byCurrency.isEmpty)
    }

    private func price(_ ticker: String, _ value: FixedDecimal) -> LoadedPrice {
        LoadedPrice(price: CurrentPrice(ticker: ticker, price: value, change: nil, changePercent: nil, previousClose: value,
                                        quoteTime: Date(timeIntervalSince1970: 0), fetchedAt: Date(timeIntervalSince1970: 0)), source: .live)
    }
}
