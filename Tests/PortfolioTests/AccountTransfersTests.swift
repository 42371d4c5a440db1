import XCTest
import FixedPoint
import Transactions
import CurrentPrices
import Portfolio
import TestSupport
import TransactionsTestSupport

/// Shares moved between accounts take their cost (and, under FIFO, their lots) with them and
/// realize nothing; a view of all accounts doesn't see the move at all.
final class AccountTransfersTests: XCTestCase {
    func test_aShareTransfer_movesItsAverageCost_realizesNothing_andLeavesTheCombinedViewAsItWas() throws {
        // 10 A for 100, 10 more for 200: 20 at an average of 15. 5 move to the ISA: cost 75 goes with them.
        let history = [buy("2024-01-01", "10", "100"), buy("2024-01-02", "10", "200"), move("2024-01-03", "5", to: isa)]
        let positions = PortfolioCalculator.positions(of: history)
        let prices = ["A": livePrice("A", "20")]

        let here = try XCTUnwrap(PortfolioCalculator.summarize(positions, prices: prices, scope: .only(nil)).holdings.first)
        let there = try XCTUnwrap(PortfolioCalculator.summarize(positions, prices: prices, scope: .only(isa)).holdings.first)
        let all = PortfolioCalculator.summarize(positions, prices: prices)

        XCTAssertEqual([here.quantity, here.costBasis, here.expenses, here.realizedProfit, here.profit], [15, 225, 225, 0, 75])
        XCTAssertEqual([there.quantity, there.costBasis, there.expenses, there.realizedProfit, there.profit], [5, 75, 75, 0, 25])
        XCTAssertEqual([all.totalValue, all.totalCostBasis, all.totalExpenses, all.totalProfit], [400, 300, 300, 100],
                       "as without the transfer")
        XCTAssertEqual(PortfolioCalculator.heldTickers(in: positions, scope: .only(isa)), ["A"])
    }

    func test_underFIFO_theOldestLotsMove_withTheirDates_soASellThereRealizesAgainstThem() throws {
        let history = [buy("2024-01-01", "10", "100"), buy("2024-02-01", "10", "200"), move("2024-03-01", "12", to: isa),
                       sell("2024-04-01", "11", "330", in: isa)]

        let gains = PortfolioCalculator.realizedGains(of: history, method: .fifo, in: .only(isa))

        // The ISA got the first lot (10 for 100, bought 1 Jan) and 2 of the second (40, bought 1 Feb).
        // Selling 11 there takes the first lot and 1 of the second: cost 100 + 20 = 120.
        let gain = try XCTUnwrap(gains.first)
        XCTAssertEqual(gain.cost, 120)
        XCTAssertEqual(gain.lots.map(\.boughtOn.iso), ["2024-01-01", "2024-02-01"])
        XCTAssertTrue(PortfolioCalculator.realizedGains(of: history, method: .fifo, in: .only(nil)).isEmpty, "nothing was sold in the default account")
    }

    func test_underFIFO_lotsArrivingFromADayTheAccountAlsoBoughtOn_takeTheirPlaceAmongThatDaysLots_cheapestFirst() throws {
        let history = [buy("2024-01-02", "10", "100"), makeTransaction(date: "2024-01-02", type: .buy, ticker: "A", quantity: "10", sum: "200", account: isa),
                       move("2024-01-20", "10", to: isa), sell("2024-02-01", "10", "300", in: isa)]

        let gains = PortfolioCalculator.realizedGains(of: history, method: .fifo, in: .only(isa))

        XCTAssertEqual(try XCTUnwrap(gains.first).cost, 100, "the lot that arrived cost 10 a share, the ISA's own 20")
    }

    func test_aSplit_splitsEveryAccountsShares_whicheverAccountItWasRecordedIn() {
        let history = [buy("2024-01-01", "10", "100"), move("2024-01-02", "4", to: isa),
                       Transaction(id: "s", date: day("2024-01-03"), type: .split, ticker: "A", quantity: .zero, sum: .zero,
                                   ratio: SplitRatio("2:1"), updatedAt: .distantPast)]
        let positions = PortfolioCalculator.positions(of: history)

        XCTAssertEqual(positions.quantity(of: "A", in: .only(isa)), 8)
        XCTAssertEqual(positions.quantity(of: "A", in: .only(nil)), 12)
        XCTAssertEqual(positions.quantity(of: "A"), 20)
    }

    // MARK: - Helpers

    private let isa = "account-isa"

    private func buy(_ date: String, _ quantity: String, _ sum: String) -> Transaction {
        makeTransaction(date: date, type: .buy, ticker: "A", quantity: quantity, sum: sum)
    }

    private func sell(_ date: String, _ quantity: String, _ sum: String, in account: String?) -> Transaction {
        makeTransaction(date: date, type: .sell, ticker: "A", quantity: quantity, sum: sum, account: account)
    }

    private func move(_ date: String, _ quantity: String, to account: String) -> Transaction {
        Transaction(id: UUID().uuidString, date: day(date), type: .transfer, ticker: "A", quantity: fixed(quantity), sum: .zero,
                    toAccount: account, updatedAt: .distantPast)
    }
}

final class CostBookingsTests: XCTestCase {
    func test_costBookings_giveEachSellTransferAndSplitItsSharesAtTheirCost() {
        let history = [makeTransaction(id: "b1", date: "2024-01-02", quantity: "10", sum: "1000"),
                       makeTransaction(id: "b2", date: "2024-02-01", quantity: "10", sum: "1400"),
                       makeTransaction(id: "s", date: "2024-03-01", type: .sell, quantity: "12", sum: "1500"),
                       Transaction(id: "t", date: day("2024-03-02"), type: .transfer, ticker: "AAPL", quantity: 3, sum: 0, toAccount: "isa", updatedAt: .distantPast),
                       makeTransaction(id: "x", date: "2024-03-03", type: .split, quantity: "0", sum: "0", ratio: "2:1")]

        let bookings = PortfolioCalculator.costBookings(of: history, method: .fifo)

        XCTAssertEqual(bookings["s"], [CostBooking(transactionID: "s", account: nil, ticker: "AAPL", quantityOut: 12, quantityIn: 0, cost: 1280)])
        XCTAssertEqual(bookings["t"], [CostBooking(transactionID: "t", account: nil, ticker: "AAPL", quantityOut: 3, quantityIn: 0, cost: 420),
                                       CostBooking(transactionID: "t", account: "isa", ticker: "AAPL", quantityOut: 0, quantityIn: 3, cost: 420)])
        XCTAssertEqual(bookings["x"], [CostBooking(transactionID: "x", account: nil, ticker: "AAPL", quantityOut: 5, quantityIn: 10, cost: 700),
                                       CostBooking(transactionID: "x", account: "isa", ticker: "AAPL", quantityOut: 3, quantityIn: 6, cost: 420)])
        XCTAssertNil(bookings["b1"], "a buy's cost is its own sum")
    }
}
