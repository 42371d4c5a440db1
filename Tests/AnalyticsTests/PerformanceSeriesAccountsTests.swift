import XCTest
import Foundation
import FixedPoint
import Ledger
import CurrentPrices
import Transactions
import Analytics
import TransactionsTestSupport
import TestSupport

/// One account's performance: what is transferred into it from another is money put in (shares
/// at their value that day), what leaves it money taken out; across all accounts a transfer
/// moves nothing.
final class PerformanceSeriesAccountsTests: XCTestCase {
    func test_anAccountsSeries_countsTransfersInAsMoneyIn_andTheCombinedOneIgnoresThem() throws {
        let isa = "account-isa"
        let history = [makeCash(date: "2024-01-01", type: .deposit, sum: "1000"),
                       makeTransaction(date: "2024-01-01", ticker: "A", quantity: "10", sum: "100"),
                       Transaction(id: "cash", date: day("2024-01-02"), type: .transfer, ticker: "", quantity: .zero, sum: 200, toAccount: isa, updatedAt: .distantPast),
                       Transaction(id: "shares", date: day("2024-01-03"), type: .transfer, ticker: "A", quantity: 4, sum: .zero, toAccount: isa, updatedAt: .distantPast)]
        let closes = PriceHistory([DailyClose(ticker: "A", day: day("2024-01-01"), close: 10), DailyClose(ticker: "A", day: day("2024-01-03"), close: 12)])

        let inISA = PerformanceSeries.build(history.filter { $0.isSeen(in: .only(isa)) }, history: closes, from: nil, to: day("2024-01-03"), scope: .only(isa))
        let all = PerformanceSeries.build(history, history: closes, from: nil, to: day("2024-01-03"))

        // The ISA: £200 in on the 2nd; 4 shares worth £48 in on the 3rd. Value £248, nothing made.
        XCTAssertEqual(inISA.points.map(\.inflow), [200, 48])
        XCTAssertEqual(inISA.points.last.map { [$0.marketValue, $0.cash ?? -1, $0.netContributions, $0.profit] }, [48, 200, 248, 0])
        // Everything: £1,000 in, 10 shares at 12 and £900 of cash; the transfers change nothing.
        XCTAssertEqual(all.points.map(\.inflow), [1_000, 0, 0])
        XCTAssertEqual(all.points.last.map { [$0.marketValue, $0.cash ?? -1, $0.profit] }, [120, 900, 20])
    }
}
