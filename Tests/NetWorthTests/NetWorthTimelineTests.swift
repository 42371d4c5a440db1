import XCTest
import Foundation
import FixedPoint
import Ledger
import Currencies
import CurrentPrices
import Savings
import Transactions
import NetWorth
import TransactionsTestSupport
import TestSupport

final class NetWorthTimelineTests: XCTestCase {
    func test_periodEnds_areEachMonthsOrSundaysLastDay_andTheLastDayAsked() {
        XCTAssertEqual(NetWorthTimeline.periodEnds(from: day("2024-01-15"), to: day("2024-03-10"), interval: .month).map(\.iso),
                       ["2024-01-31", "2024-02-29", "2024-03-10"])
        XCTAssertEqual(NetWorthTimeline.periodEnds(from: day("2024-07-01"), to: day("2024-07-16"), interval: .week).map(\.iso),
                       ["2024-07-07", "2024-07-14", "2024-07-16"])
        XCTAssertEqual(NetWorthTimeline.periodEnds(from: day("2024-07-01"), to: day("2024-07-03"), interval: .day).map(\.iso),
                       ["2024-07-01", "2024-07-02", "2024-07-03"])
        XCTAssertTrue(NetWorthTimeline.periodEnds(from: day("2024-07-02"), to: day("2024-07-01"), interval: .day).isEmpty)
    }

    func test_points_valueEachDayAtItsCloseAndRate_splitsAndTransfersIncluded_andSavingsAtTheirLatestValue() {
        let isa = "account-isa"
        let history = [makeCash(date: "2024-01-02", type: .deposit, sum: "1000"),
                       makeTransaction(date: "2024-01-03", ticker: "A", quantity: "10", sum: "100"),
                       Transaction(id: "t", date: day("2024-01-10"), type: .transfer, ticker: "A", quantity: 4, sum: .zero, toAccount: isa, updatedAt: .distantPast),
                       Transaction(id: "s", date: day("2024-02-05"), type: .split, ticker: "A", quantity: .zero, sum: .zero, ratio: SplitRatio("2:1"),
                                   updatedAt: .distantPast)]
        let closes = PriceHistory([DailyClose(ticker: "A", day: day("2024-01-31"), close: 12), DailyClose(ticker: "A", day: day("2024-02-28"), close: 7)])
        let savings = SavingsBook(accounts: [SavingsAccount(id: "s1", name: "Rainy day", createdAt: day("2024-01-01").startDate)],
                                  updates: [ValueUpdate(id: "u1", accountID: "s1", value: 50, at: day("2024-01-20").startDate),
                                            ValueUpdate(id: "u2", accountID: "s1", value: 80, at: day("2024-03-01").startDate)])
        let valuation = BaseCurrencyValuation(base: CurrencyCode("USD")!, day: day("2024-03-05"), rates: ExchangeRates([]), securities: [], history: history)

        let points = NetWorthTimeline.points(on: [day("2024-01-02"), day("2024-01-31"), day("2024-02-29"), day("2024-03-05")], history: history,
                                             valuation: valuation, closes: closes, todaysPrices: ["A": 8], savings: savings)

        // 2 Jan: cash 1,000. 31 Jan: 6 + 4 shares at 12, cash 900, savings 50. 29 Feb: 20 shares after the split at 7.
        // Today: 20 at today's 8, savings 80.
        XCTAssertEqual(points.map(\.holdings), [0, 120, 140, 160])
        XCTAssertEqual(points.map(\.cash), [1_000, 900, 900, 900])
        XCTAssertEqual(points.map(\.savings), [0, 50, 50, 80])
        XCTAssertEqual(points.map(\.total), [1_000, 1_070, 1_090, 1_140])
        XCTAssertEqual(points.map(\.unvalued), [0, 0, 0, 0])
    }

    /// One fallback over time, the one `performance` uses: a holding without a close kept on or
    /// before the day is worth its last trade's price, in that trade's currency at the day's rate.
    func test_points_valueAHoldingWithoutACloseThatEarly_atItsLastTradesPrice_asPerformanceDoes() {
        let history = [makeTransaction(date: "2024-01-03", ticker: "A", quantity: "10", sum: "100"),
                       Transaction(id: "s", date: day("2024-01-10"), type: .split, ticker: "A", quantity: .zero, sum: .zero, ratio: SplitRatio("2:1"),
                                   updatedAt: .distantPast),
                       Transaction(id: "b", date: day("2024-01-04"), type: .buy, ticker: "B", quantity: 5, sum: 50, currency: "USD", updatedAt: .distantPast)]
        let rates = ExchangeRates([ExchangeRate(from: CurrencyCode("USD")!, to: CurrencyCode("GBP")!, day: day("2024-01-02"), rate: fixed("0.8"))])
        let valuation = BaseCurrencyValuation(base: CurrencyCode("GBP")!, day: day("2024-03-05"), rates: rates, securities: [], history: history)

        let points = NetWorthTimeline.points(on: [day("2024-01-05"), day("2024-01-31")], history: history, valuation: valuation, closes: PriceHistory(),
                                             todaysPrices: [:], savings: nil)

        // 10 A bought for 100, then 20 after the split: 100 either way. 5 B for $50 at 0.8: £40.
        XCTAssertEqual(points.map(\.holdings), [140, 140])
        XCTAssertEqual(points.map(\.atTradePrice), [2, 2])
        XCTAssertEqual(points.map(\.unvalued), [0, 0])
    }
}
