import XCTest
import FixedPoint
import Transactions
import CurrentPrices
import Portfolio
import TestSupport
import TransactionsTestSupport

final class PortfolioCalculatorTests: XCTestCase {
    func test_summarize_deliversEmptyPortfolioForNoTransactions() {
        let summary = PortfolioCalculator.summarize([], prices: [:])
        XCTAssertTrue(summary.isEmpty)
        XCTAssertEqual(summary.totalValue, .zero)
        XCTAssertEqual(summary.totalProfit, .zero)
        XCTAssertNil(summary.totalProfitPercent)
    }

    func test_summarize_seed002WorkedExampleHoldsExactly() throws {
        let summary = PortfolioCalculator.summarize(seedExample, prices: ["AAA": price("AAA", "35"), "BBB": price("BBB", "30")])

        let aaa = try XCTUnwrap(summary.holdings.first { $0.ticker == "AAA" })
        XCTAssertEqual([aaa.quantity, aaa.value, aaa.expenses, aaa.income, aaa.profit, aaa.profitPercent], [6, 210, 140, 0, 70, 50])
        let bbb = try XCTUnwrap(summary.holdings.first { $0.ticker == "BBB" })
        XCTAssertEqual([bbb.quantity, bbb.value, bbb.expenses, bbb.income, bbb.profit, bbb.profitPercent], [2, 60, 50, 25, 35, 70])
        let ccc = try XCTUnwrap(summary.holdings.first { $0.ticker == "CCC" })
        XCTAssertEqual(ccc.quantity, 1)
        XCTAssertNil(ccc.value, "never valued at 0")
        XCTAssertNil(ccc.profit)
        XCTAssertEqual(summary.unpricedTickers, ["CCC"])
        XCTAssertEqual(summary.totalValue, 270)
        XCTAssertEqual(summary.totalProfit, 105)
        XCTAssertEqual(summary.totalProfitPercent, fixed("55.26315789"), "105 / 190, CCC's 30 left out")
    }

    func test_summarize_usesMovingAverageCostForSellsAndUnrealizedProfit() throws {
        let history = [tx("2024-01-01", .buy, "A", "2", "20"), tx("2024-01-02", .buy, "A", "2", "40"), tx("2024-01-03", .sell, "A", "1", "30")]
        let holding = try XCTUnwrap(PortfolioCalculator.summarize(history, prices: ["A": price("A", "25")]).holdings.first)

        XCTAssertEqual(holding.quantity, 3)
        XCTAssertEqual(holding.averageCost, 15)
        XCTAssertEqual(holding.costBasis, 45)
        XCTAssertEqual(holding.realizedProfit, 15, "sold for 30 what cost 15")
        XCTAssertEqual(holding.unrealizedProfit, 30)
        XCTAssertEqual(holding.unrealizedProfitPercent, fixed("66.66666667"))
    }

    func test_summarize_dropsSoldOutTickerFromHoldingsButKeepsItsProfitInTotals() {
        let history = [tx("2024-01-01", .buy, "GONE", "2", "100"), tx("2024-02-01", .sell, "GONE", "2", "150"),
                       tx("2024-01-01", .buy, "KEPT", "1", "10")]
        let summary = PortfolioCalculator.summarize(history, prices: ["KEPT": price("KEPT", "10")])

        XCTAssertEqual(summary.holdings.map(\.ticker), ["KEPT"])
        XCTAssertEqual(summary.closedPositions.map(\.ticker), ["GONE"])
        XCTAssertEqual(summary.totalProfit, 50)
        XCTAssertEqual(PortfolioCalculator.heldTickers(in: history), ["KEPT"], "a sold-out ticker needs no price")
    }

    func test_summarize_totalsTheExpensesIncomeAndRealizedProfitOfWhatItValues() {
        let history = [tx("2024-01-01", .buy, "GONE", "2", "100"), tx("2024-02-01", .sell, "GONE", "2", "150"),
                       tx("2024-01-01", .buy, "KEPT", "2", "10"), tx("2024-01-02", .sell, "KEPT", "1", "8"),
                       tx("2024-01-01", .buy, "NOPRICE", "1", "1000")]
        let summary = PortfolioCalculator.summarize(history, prices: ["KEPT": price("KEPT", "10")])

        XCTAssertEqual(summary.totalExpenses, 110, "NOPRICE's 1000 is left out, as from every total")
        XCTAssertEqual(summary.totalIncome, 158)
        XCTAssertEqual(summary.totalRealizedProfit, 53, "50 from GONE, 3 from KEPT")
        XCTAssertEqual(summary.totalUnrealizedProfit, 5, "KEPT: value 10 less cost basis 5")
    }

    func test_summarize_neverDividesByZeroForSellsOnly() throws {
        let summary = PortfolioCalculator.summarize([tx("2024-01-01", .sell, "ODD", "1", "10")], prices: [:])
        XCTAssertEqual(summary.holdings.map(\.ticker), ["ODD"], "a sell with nothing held leaves a position of -1, shown")
        XCTAssertNil(try XCTUnwrap(summary.holdings.first).averageCost)
    }

    func test_summarize_todayChangeComesFromPreviousClose() {
        let summary = PortfolioCalculator.summarize([tx("2024-01-01", .buy, "A", "3", "30")],
                                                    prices: ["A": price("A", "12", previousClose: "10")])
        XCTAssertEqual(summary.todayChange, 6)
    }

    func test_summarize_sortsByValueByDefaultAndByTickerOrProfitOnRequest() {
        let history = [tx("2024-01-01", .buy, "SMALL", "1", "1"), tx("2024-01-01", .buy, "BIG", "1", "500"), tx("2024-01-01", .buy, "MID", "1", "5")]
        let prices = ["SMALL": price("SMALL", "100"), "BIG": price("BIG", "400"), "MID": price("MID", "50")]

        XCTAssertEqual(PortfolioCalculator.summarize(history, prices: prices).holdings.map(\.ticker), ["BIG", "SMALL", "MID"])
        XCTAssertEqual(PortfolioCalculator.summarize(history, prices: prices, sort: .ticker).holdings.map(\.ticker), ["BIG", "MID", "SMALL"])
        XCTAssertEqual(PortfolioCalculator.summarize(history, prices: prices, sort: .profit).holdings.map(\.ticker), ["SMALL", "MID", "BIG"])
    }

    // MARK: - Helpers

    private var seedExample: [Transaction] {
        [tx("2024-01-01", .buy, "BBB", "1", "10"), tx("2024-01-02", .buy, "AAA", "1", "10"), tx("2024-01-03", .buy, "AAA", "2", "40"),
         tx("2024-01-04", .buy, "AAA", "3", "90"), tx("2024-01-05", .buy, "BBB", "2", "40"), tx("2024-01-06", .sell, "BBB", "1", "25"),
         tx("2024-01-07", .buy, "CCC", "1", "30")]
    }

    private func tx(_ date: String, _ type: TransactionType, _ ticker: String, _ quantity: String, _ sum: String) -> Transaction {
        makeTransaction(date: date, type: type, ticker: ticker, quantity: quantity, sum: sum)
    }

    private func price(_ ticker: String, _ value: String, previousClose: String? = nil) -> LoadedPrice {
        LoadedPrice(price: CurrentPrice(ticker: ticker, price: fixed(value), change: nil, changePercent: nil,
                                        previousClose: fixed(previousClose ?? value), quoteTime: Date(), fetchedAt: Date()), source: .live)
    }
}
