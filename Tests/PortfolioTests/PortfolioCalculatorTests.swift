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
        let summary = PortfolioCalculator.summarize(seedExample, prices: ["AAA": livePrice("AAA", "35"), "BBB": livePrice("BBB", "30")])

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
        let holding = try XCTUnwrap(PortfolioCalculator.summarize(history, prices: ["A": livePrice("A", "25")]).holdings.first)

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
        let summary = PortfolioCalculator.summarize(history, prices: ["KEPT": livePrice("KEPT", "10")])

        XCTAssertEqual(summary.holdings.map(\.ticker), ["KEPT"])
        XCTAssertEqual(summary.closedPositions.map(\.ticker), ["GONE"])
        XCTAssertEqual(summary.totalProfit, 50)
        XCTAssertEqual(PortfolioCalculator.heldTickers(in: history), ["KEPT"], "a sold-out ticker needs no price")
    }

    func test_summarize_totalsTheExpensesIncomeAndRealizedProfitOfWhatItValues() {
        let history = [tx("2024-01-01", .buy, "GONE", "2", "100"), tx("2024-02-01", .sell, "GONE", "2", "150"),
                       tx("2024-01-01", .buy, "KEPT", "2", "10"), tx("2024-01-02", .sell, "KEPT", "1", "8"),
                       tx("2024-01-01", .buy, "NOPRICE", "1", "1000")]
        let summary = PortfolioCalculator.summarize(history, prices: ["KEPT": livePrice("KEPT", "10")])

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
                                                    prices: ["A": livePrice("A", "12", previousClose: "10")])
        XCTAssertEqual(summary.todayChange, 6)
    }

    func test_summarize_sortsByValueByDefaultAndByTickerOrProfitOnRequest() {
        let history = [tx("2024-01-01", .buy, "SMALL", "1", "1"), tx("2024-01-01", .buy, "BIG", "1", "500"), tx("2024-01-01", .buy, "MID", "1", "5")]
        let prices = ["SMALL": livePrice("SMALL", "100"), "BIG": livePrice("BIG", "400"), "MID": livePrice("MID", "50")]

        XCTAssertEqual(PortfolioCalculator.summarize(history, prices: prices).holdings.map(\.ticker), ["BIG", "SMALL", "MID"])
        XCTAssertEqual(PortfolioCalculator.summarize(history, prices: prices, sort: .ticker).holdings.map(\.ticker), ["BIG", "MID", "SMALL"])
        XCTAssertEqual(PortfolioCalculator.summarize(history, prices: prices, sort: .profit).holdings.map(\.ticker), ["SMALL", "MID", "BIG"])
    }

    func test_summarize_holdingsOfEqualValueOrProfit_goByTicker_andUnpricedOnesLast() {
        let history = [tx("2024-01-01", .buy, "ZED", "2", "100"), tx("2024-01-01", .buy, "NONE", "1", "5"), tx("2024-01-01", .buy, "ALF", "1", "50"),
                       tx("2024-01-01", .buy, "MID", "4", "100")]
        let prices = ["ZED": livePrice("ZED", "50"), "ALF": livePrice("ALF", "100"), "MID": livePrice("MID", "10")]

        XCTAssertEqual(PortfolioCalculator.summarize(history, prices: prices).holdings.map(\.ticker), ["ALF", "ZED", "MID", "NONE"])
        XCTAssertEqual(PortfolioCalculator.summarize(history, prices: prices, sort: .profit).holdings.map(\.ticker), ["ALF", "ZED", "MID", "NONE"])
    }

    // MARK: - Helpers

    private var seedExample: [Transaction] {
        [tx("2024-01-01", .buy, "BBB", "1", "10"), tx("2024-01-02", .buy, "AAA", "1", "10"), tx("2024-01-03", .buy, "AAA", "2", "40"),
         tx("2024-01-04", .buy, "AAA", "3", "90"), tx("2024-01-05", .buy, "BBB", "2", "40"), tx("2024-01-06", .sell, "BBB", "1", "25"),
         tx("2024-01-07", .buy, "CCC", "1", "30")]
    }

    func test_summarize_countsDividendsAsIncomeAndFeesAsExpenses_inProfit() throws {
        let history = [tx("2024-01-01", .buy, "A", "2", "200"), makeTransaction(date: "2024-02-01", type: .dividend, ticker: "A", quantity: "0", sum: "6"),
                       makeTransaction(date: "2024-02-02", type: .fee, ticker: "A", quantity: "0", sum: "1.50"),
                       makeCash(date: "2024-02-03", type: .fee, sum: "2"), makeCash(date: "2024-02-04", type: .deposit, sum: "999"),
                       makeCash(date: "2024-02-05", type: .interest, sum: "3")]

        let summary = PortfolioCalculator.summarize(history, prices: ["A": livePrice("A", "110")])

        let holding = try XCTUnwrap(summary.holdings.first)
        // expenses = buys 200 + A's fee 1.50; income = dividend 6; value = 2 × 110 = 220
        XCTAssertEqual([holding.expenses, holding.income, holding.value, holding.profit], [fixed("201.50"), 6, 220, fixed("24.50")])
        XCTAssertEqual(holding.realizedProfit, fixed("4.50"), "dividend 6 less fee 1.50")
        XCTAssertEqual(summary.holdings.map(\.ticker), ["A"], "deposits, interest and account fees make no holding")
        // total profit = 24.50 − the account fee 2; deposits and interest move cash only
        XCTAssertEqual([summary.accountFees, summary.totalExpenses, summary.totalProfit], [2, fixed("203.50"), fixed("22.50")])
        // realized: A's 4.50 less the account fee 2; unrealized: 220 − 200
        XCTAssertEqual([summary.totalRealizedProfit, summary.totalUnrealizedProfit], [fixed("2.50"), 20])
        XCTAssertEqual(summary.totalUnrealizedProfit + summary.totalRealizedProfit, summary.totalProfit, "the totals add up")
    }

    func test_summarize_aSplitMultipliesTheQuantityAndDividesTheAverageCost_leavingInvestedAndProfitUnchanged() throws {
        let before = [tx("2024-01-01", .buy, "A", "2", "200"), tx("2024-01-02", .sell, "A", "1", "120")]
        let after = before + [makeTransaction(date: "2024-03-01", type: .split, ticker: "A", quantity: "0", sum: "0", ratio: "4:1")]

        let unsplit = try XCTUnwrap(PortfolioCalculator.summarize(before, prices: ["A": livePrice("A", "160")]).holdings.first)
        let split = try XCTUnwrap(PortfolioCalculator.summarize(after, prices: ["A": livePrice("A", "40")]).holdings.first)

        XCTAssertEqual([unsplit.quantity, unsplit.averageCost], [1, 100])
        XCTAssertEqual([split.quantity, split.averageCost], [4, 25])
        XCTAssertEqual([split.costBasis, split.expenses, split.realizedProfit, split.profit], [unsplit.costBasis, unsplit.expenses, unsplit.realizedProfit, unsplit.profit])
    }

    func test_heldTickers_followsSplits() {
        let history = [tx("2024-01-01", .buy, "A", "10", "100"), makeTransaction(date: "2024-01-02", type: .split, ticker: "A", quantity: "0", sum: "0", ratio: "2:1"),
                       tx("2024-01-03", .sell, "A", "20", "100")]
        XCTAssertEqual(PortfolioCalculator.heldTickers(in: history), [], "sold out after the split")
    }

    func test_aBuyOfUnknownCost_flagsItsHolding_andTheSellsMadeWhileItsSharesAreHeld() throws {
        let opening = Transaction(id: "o", date: day("2024-01-01"), type: .buy, ticker: "A", quantity: 5, sum: .zero, costUnknown: true,
                                  updatedAt: Date(timeIntervalSince1970: 0))
        let held = [opening, tx("2024-02-01", .buy, "A", "5", "50"), tx("2024-03-01", .sell, "A", "2", "30")]
        let soldOut = held + [tx("2024-04-01", .sell, "A", "8", "100"), tx("2024-05-01", .buy, "A", "1", "12"), tx("2024-06-01", .sell, "A", "1", "13")]

        XCTAssertEqual(PortfolioCalculator.summarize(held, prices: [:]).holdings.first?.costUnknown, true)
        XCTAssertEqual(PortfolioCalculator.realizedGains(of: held, method: .average).map(\.costUnknown), [true])
        XCTAssertEqual(PortfolioCalculator.realizedGains(of: soldOut, method: .fifo).map(\.costUnknown), [true, true, false],
                       "bought again after the opening's shares are all sold: known")
        XCTAssertEqual(PortfolioCalculator.summarize(soldOut, prices: [:]).closedPositions.first?.costUnknown, true,
                       "its profit still counts the shares of unknown cost")
        let priced = Transaction(id: "o", date: day("2024-01-01"), type: .buy, ticker: "A", quantity: 5, sum: 40, costUnknown: true,
                                 updatedAt: Date(timeIntervalSince1970: 0))
        XCTAssertFalse(priced.costUnknown, "a cost given is known")
    }

    private func tx(_ date: String, _ type: TransactionType, _ ticker: String, _ quantity: String, _ sum: String) -> Transaction {
        makeTransaction(date: date, type: type, ticker: ticker, quantity: quantity, sum: sum)
    }
}
