import XCTest
import FixedPoint
import Portfolio
import Transactions
import TestSupport
import TransactionsTestSupport

/// Average and FIFO on one history, worked by hand:
///
///     2024-01-10 buy  A 10 for 1000   lots: 10 @ 100
///     2024-03-01 buy  A 10 for 1500   lots: 10 @ 100, 10 @ 150            average cost 125
///     2024-06-01 sell A 15 for 3000   FIFO takes 10 @ 100 (1000) + 5 @ 150 (750) = 1750, gain 1250
///                                     average takes 15 × 125 = 1875, gain 1125
///     2025-02-01 split 2:1            FIFO: 10 shares costing 750; average: 10 costing 625
///     2025-03-01 sell A 4 for 400     FIFO cost 750 × 4/10 = 300, gain 100; average 625 × 4/10 = 250, gain 150
///
/// What is left: 6 shares costing 450 (FIFO) or 375 (average). Either way the costs released
/// and kept add up to the 2500 paid.
final class CostBasisTests: XCTestCase {
    func test_fifo_sellTakesTheOldestLotsFirst() {
        let gains = PortfolioCalculator.realizedGains(of: history, method: .fifo)

        XCTAssertEqual(gains.map(\.cost), [fixed("1750"), fixed("300")])
        XCTAssertEqual(gains.map(\.gain), [fixed("1250"), fixed("100")])
        XCTAssertEqual(gains[0].lots, [lot("2024-01-10", "10", "1000"), lot("2024-03-01", "5", "750")])
        XCTAssertEqual(gains[1].lots, [lot("2024-03-01", "4", "300")], "the split doubled the lot's shares, not its cost")
    }

    func test_average_sellTakesTheMovingAverageCostAndNoLots() {
        let gains = PortfolioCalculator.realizedGains(of: history, method: .average)

        XCTAssertEqual(gains.map(\.cost), [fixed("1875"), fixed("250")])
        XCTAssertEqual(gains.map(\.gain), [fixed("1125"), fixed("150")])
        XCTAssertEqual(gains.flatMap(\.lots), [])
    }

    func test_summarize_costBasisAndRealizedProfitFollowTheMethod() throws {
        let prices = ["A": livePrice("A", "100")]
        let fifo = try XCTUnwrap(PortfolioCalculator.summarize(history, prices: prices, method: .fifo).holdings.first)
        let average = try XCTUnwrap(PortfolioCalculator.summarize(history, prices: prices, method: .average).holdings.first)

        XCTAssertEqual([fifo.quantity, fifo.costBasis, fifo.realizedProfit, fifo.averageCost], [fixed("6"), fixed("450"), fixed("1350"), fixed("75")])
        XCTAssertEqual([average.quantity, average.costBasis, average.realizedProfit, average.averageCost], [fixed("6"), fixed("375"), fixed("1275"), fixed("62.5")])
        XCTAssertEqual(fifo.profit, average.profit, "total profit does not depend on which shares were sold")
    }

    func test_fifo_partOfALotKeepsTheRestOfItsCostExactly() {
        let history = [tx("2024-01-01", .buy, "A", "3", "1000"), tx("2024-01-02", .sell, "A", "1", "400"), tx("2024-01-03", .sell, "A", "2", "900")]

        let gains = PortfolioCalculator.realizedGains(of: history, method: .fifo)

        XCTAssertEqual(gains.map(\.cost), [fixed("333.33333333"), fixed("666.66666667")])
        XCTAssertEqual(gains.reduce(FixedDecimal.zero) { $0 + $1.cost }, fixed("1000"))
    }

    func test_fifo_sellOfMoreThanIsHeldReleasesOnlyWhatWasBought() {
        let history = [tx("2024-01-01", .buy, "A", "1", "10"), tx("2024-01-02", .sell, "A", "3", "60")]

        let gain = PortfolioCalculator.realizedGains(of: history, method: .fifo)

        XCTAssertEqual(gain.map(\.cost), [fixed("10")])
        XCTAssertEqual(gain.first?.lots, [lot("2024-01-01", "1", "10")])
    }

    /// The order of one day's trades isn't known, so it can't decide which of the day's lots a
    /// later sell takes: an edit of a note (which writes the buy again, last in the history) or
    /// another device's copy of the history (in another order) gives the same gains.
    func test_fifo_lotsBoughtOnOneDay_areTakenCheapestFirst_inAnyOrderOfTheHistory() {
        let buys = [tx("2024-01-02", .buy, "A", "10", "200"), tx("2024-01-02", .buy, "A", "10", "100"), tx("2024-01-02", .buy, "A", "5", "100")]
        let sells = [tx("2024-02-01", .sell, "A", "12", "600"), tx("2024-03-01", .sell, "A", "13", "650")]

        for order in [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]] {
            let gains = PortfolioCalculator.realizedGains(of: order.map { buys[$0] } + sells, method: .fifo)

            XCTAssertEqual(gains.map(\.lots), [[lot("2024-01-02", "10", "100"), lot("2024-01-02", "2", "40")],
                                               [lot("2024-01-02", "3", "60"), lot("2024-01-02", "10", "200")]],
                           "the lot costing 10 a share, then of the two costing 20 the smaller, in order \(order)")
        }
    }

    func test_yearlyTotals_addUpTheSellsOfEachYear() {
        let totals = YearlyGains.totals(of: PortfolioCalculator.realizedGains(of: history, method: .fifo))

        XCTAssertEqual(totals.map(\.year), [2024, 2025])
        XCTAssertEqual(totals.map(\.proceeds), [fixed("3000"), fixed("400")])
        XCTAssertEqual(totals.map(\.gain), [fixed("1250"), fixed("100")])
    }

    // MARK: - Helpers

    private let history = [
        makeTransaction(date: "2024-01-10", type: .buy, ticker: "A", quantity: "10", sum: "1000"),
        makeTransaction(date: "2025-03-01", type: .sell, ticker: "A", quantity: "4", sum: "400"),
        makeTransaction(date: "2024-06-01", type: .sell, ticker: "A", quantity: "15", sum: "3000"),
        makeTransaction(date: "2025-02-01", type: .split, ticker: "A", quantity: "0", sum: "0", ratio: "2:1"),
        makeTransaction(date: "2024-03-01", type: .buy, ticker: "A", quantity: "10", sum: "1500"),
    ]

    func test_aTradesFee_isInItsLotsCost_andOutOfItsProceeds_byEitherMethod() {
        let history = [traded("2024-01-10", .buy, "10", "1000", fee: "10"), traded("2024-02-10", .buy, "10", "1200", fee: "10"),
                       traded("2024-03-01", .sell, "5", "700", fee: "5")]

        let fifo = PortfolioCalculator.realizedGains(of: history, method: .fifo)
        let average = PortfolioCalculator.realizedGains(of: history, method: .average)
        let holding = PortfolioCalculator.summarize(history, prices: [:], method: .fifo).holdings.first

        XCTAssertEqual(fifo.map(\.proceeds), [fixed("695")], "700 less its fee")
        XCTAssertEqual(fifo.map(\.cost), [fixed("505")], "half of the first lot's 1,010")
        XCTAssertEqual(fifo.first?.lots, [lot("2024-01-10", "5", "505")])
        XCTAssertEqual(average.map(\.cost), [fixed("555")], "5 of 20 shares that cost 2,220")
        XCTAssertEqual(holding?.costBasis, fixed("1715"), "the rest of both lots, fees in")
        XCTAssertEqual(holding?.realizedProfit, fixed("190"))
    }

    private func traded(_ date: String, _ type: TransactionType, _ quantity: String, _ sum: String, fee: String) -> Transaction {
        Transaction(id: UUID().uuidString, date: day(date), type: type, ticker: "A", quantity: fixed(quantity), sum: fixed(sum), fee: fixed(fee),
                    updatedAt: Date(timeIntervalSince1970: 0))
    }

    private func tx(_ date: String, _ type: TransactionType, _ ticker: String, _ quantity: String, _ sum: String) -> Transaction {
        makeTransaction(date: date, type: type, ticker: ticker, quantity: quantity, sum: sum)
    }

    private func lot(_ date: String, _ quantity: String, _ cost: String) -> RealizedGain.ConsumedLot {
        RealizedGain.ConsumedLot(boughtOn: day(date), quantity: fixed(quantity), cost: fixed(cost))
    }
}
