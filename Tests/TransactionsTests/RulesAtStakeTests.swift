import XCTest
import FixedPoint
import Ledger
import Transactions
import TransactionsTestSupport

final class RulesAtStakeTests: XCTestCase {
    func test_anEdit_ofANoteOnly_putsNothingAtStake_evenASplitsOrAShareTransfers() {
        for type in [TransactionType.buy, .sell, .dividend] {
            let earlier = makeTransaction(id: "t", type: type)
            let stake = RulesAtStake(replacing: earlier, with: noted(earlier))
            XCTAssertEqual([stake.tickers.count, stake.cash ? 1 : 0], [0, 0], "\(type)")
        }
        let split = makeTransaction(id: "s", type: .split, quantity: "0", sum: "0", ratio: "2:1")
        XCTAssertEqual(RulesAtStake(replacing: split, with: noted(split)).tickers, [], "an edit keeps its place among its day's others")
        let otherRatio = makeTransaction(id: "s", type: .split, quantity: "0", sum: "0", ratio: "3:1")
        XCTAssertEqual(RulesAtStake(replacing: split, with: otherRatio).tickers, ["AAPL"])
    }

    /// Shares moved in and out of one account on one day are counted in a replay's order, where
    /// an edit keeps its place, wherever the ledger writes it: a new note can't break the rule.
    func test_anEdit_ofAShareTransfersNote_keepsItsPlace_soNothingIsAtStake() {
        let stamp = Date(timeIntervalSince1970: 1_700_000_000)
        let day = CalendarDay(year: 2024, month: 1, day: 2)!
        let transfer = { (id: String, quantity: FixedDecimal, from: String?, to: String?) in
            Transaction(id: id, date: day, type: .transfer, ticker: "AAPL", quantity: quantity, sum: .zero, account: from, toAccount: to, updatedAt: stamp)
        }
        let (comingIn, goingOut) = (transfer("in", 5, "isa", nil), transfer("out", 8, nil, "isa"))
        let history = [makeTransaction(date: "2024-01-01", quantity: "3"), makeTransaction(date: "2024-01-01", quantity: "5", account: "isa"), comingIn, goingOut]
        let after = history.filter { $0.id != "in" } + [noted(comingIn)]

        XCTAssertNil(HoldingsPolicy.firstViolation(in: history, scope: .only(nil)))
        XCTAssertNil(HoldingsPolicy.firstViolation(in: after, scope: .only(nil)))
        XCTAssertEqual(RulesAtStake(replacing: comingIn, with: noted(comingIn)).tickers, [])
        XCTAssertEqual(RulesAtStake(replacing: comingIn, with: transfer("in", 4, "isa", nil)).tickers, ["AAPL"], "a new quantity is")
    }

    func test_anEdit_ofASumOnly_putsCashAtStake_andAQuantityOrADate_theHolding() {
        let buy = makeTransaction(id: "b", date: "2024-01-02", quantity: "2", sum: "100")
        let newSum = RulesAtStake(replacing: buy, with: makeTransaction(id: "b", date: "2024-01-02", quantity: "2", sum: "120"))
        XCTAssertEqual(newSum.tickers, [])
        XCTAssertTrue(newSum.cash)

        let newQuantity = RulesAtStake(replacing: buy, with: makeTransaction(id: "b", date: "2024-01-02", quantity: "3", sum: "100"))
        XCTAssertEqual(newQuantity.tickers, ["AAPL"])
        XCTAssertFalse(newQuantity.cash)

        let newDate = RulesAtStake(replacing: buy, with: makeTransaction(id: "b", date: "2024-01-03", quantity: "2", sum: "100"))
        XCTAssertEqual(newDate.tickers, ["AAPL"])
        XCTAssertTrue(newDate.cash)
    }

    func test_anEdit_thatNeitherVersionMovesSharesWith_putsNoHoldingAtStake() {
        let dividend = makeTransaction(id: "d", date: "2024-01-02", type: .dividend, quantity: "0", sum: "10")
        let moved = RulesAtStake(replacing: dividend, with: makeTransaction(id: "d", date: "2024-03-02", type: .dividend, ticker: "MSFT", quantity: "0", sum: "10"))
        XCTAssertEqual(moved.tickers, [])
        XCTAssertTrue(moved.cash)
    }

    /// What's not at stake is what an edit can't change: whether any account's holding of a
    /// ticker the stake leaves out, or any pot of cash when it leaves cash out, ever breaks its
    /// rule is the same before and after, broken or not.
    func test_whatAnEditLeavesOutOfTheStake_breaksTheRulesJustAsBefore() {
        var random = RandomHistory(seed: 33)
        var leftOut = (holdings: 0, cash: 0)
        for _ in 0..<3_000 {
            let history = (0..<(4 + random.next(below: 20))).map { _ in random.transaction() }
            let index = random.next(below: history.count)
            let edited = random.edit(of: history[index])
            // An edit's line comes last: the ledger puts the new version after every other.
            let after = history.filter { $0.id != edited.id } + [edited]
            let stake = RulesAtStake(replacing: history[index], with: edited)
            for ticker in Set(history.map(\.ticker) + [edited.ticker]).filter({ !$0.isEmpty && !stake.tickers.contains($0) }) {
                leftOut.holdings += 1
                for account in [nil, "isa"] as [String?] {
                    XCTAssertEqual(HoldingsPolicy.firstViolation(in: history.filter { $0.ticker == ticker }, scope: .only(account)) == nil,
                                   HoldingsPolicy.firstViolation(in: after.filter { $0.ticker == ticker }, scope: .only(account)) == nil,
                                   "\(ticker) in \(account ?? "the default account"): \(history[index]) → \(edited)")
                }
            }
            if !stake.cash {
                leftOut.cash += 1
                XCTAssertEqual(CashPolicy.firstViolation(in: history) == nil, CashPolicy.firstViolation(in: after) == nil, "\(history[index]) → \(edited)")
            }
        }
        XCTAssertGreaterThan(leftOut.cash, 300, "edits that move the same cash")
        XCTAssertGreaterThan(leftOut.holdings, 3_000, "tickers an edit leaves as they were")
    }

    // MARK: - Helpers

    private func noted(_ transaction: Transaction) -> Transaction {
        transaction.with(note: "fixed")
    }
}
