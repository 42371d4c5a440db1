import XCTest
import FixedPoint
import Ledger
import Projections
import Transactions
import TransactionsTestSupport

/// The cash totals of a history must be what `CashPolicy` works out from it, however they were
/// reached: replayed, folded in any order, or revised.
final class CashTotalsTests: XCTestCase {
    private let base = "USD"
    private let scopes: [AccountScope] = [.all, .only(nil), .only("isa")]

    func test_replay_givesCashPolicysBalancesInEveryScope_andItsTrackedAccounts() {
        for seed in 1...40 {
            let history = randomHistory(seed: seed, count: 80)
            let sut = CashTotals(base: base, history: history)

            assertTotals(sut, are: history, "seed \(seed)")
        }
    }

    func test_foldingInAnyOrder_equalsAReplay_evenBackDated() {
        for seed in 1...40 {
            var random = RandomHistory(seed: UInt64(seed) * 7)
            var history = randomHistory(seed: seed, count: 60)
            for index in history.indices.reversed() { history.swapAt(index, random.next(below: index + 1)) }
            var sut = CashTotals(base: base)
            var folded: [Transaction] = []
            for transaction in history {
                sut.fold(transaction)
                folded.append(transaction)
                XCTAssertEqual(sut, CashTotals(base: base, history: folded), "seed \(seed), step \(folded.count)")
            }
        }
    }

    func test_revisedWithEditsAndDeletes_equalsAReplayOfTheChangedHistory() {
        var random = RandomHistory(seed: 31)
        for round in 0..<300 {
            var history = (0..<(5 + random.next(below: 40))).map { _ in random.transaction() }
            var sut = CashTotals(base: base, history: history)
            var changes: [Revision<Transaction>] = []
            for _ in 0..<(1 + random.next(below: 3)) where !history.isEmpty {
                let earlier = history.remove(at: random.next(below: history.count))
                let later = random.next(below: 3) == 0 ? nil : random.edit(of: earlier)
                changes.append(Revision(earlier: earlier, later: later))
                if let later { history.append(later) }
            }

            XCTAssertTrue(sut.revise(changes), "round \(round)")
            assertTotals(sut, are: history, "round \(round)")
            XCTAssertEqual(sut, CashTotals(base: base, history: history), "round \(round)")
        }
    }

    func test_revise_refusesToTakeOutAMovementItNeverHeld_andChangesNothing() {
        let deposit = Transaction(id: "d", date: CalendarDay(daysSinceEpoch: 19_000), type: .deposit, ticker: "", quantity: .zero, sum: 100,
                                  updatedAt: Date(timeIntervalSince1970: 0))
        let elsewhere = Transaction(id: "w", date: CalendarDay(daysSinceEpoch: 19_001), type: .withdrawal, ticker: "", quantity: .zero, sum: 5,
                                    account: "isa", updatedAt: Date(timeIntervalSince1970: 0))
        var sut = CashTotals(base: base, history: [deposit])

        XCTAssertFalse(sut.revise([Revision(earlier: elsewhere, later: nil)]))
        XCTAssertEqual(sut, CashTotals(base: base, history: [deposit]))
    }

    func test_checkpoint_readsBackEqual_onlyForItsBase_andCutShortIsDamaged() throws {
        let sut = CashTotals(base: base, history: randomHistory(seed: 5, count: 200))
        var writer = PackedWriter()
        sut.write(to: &writer)

        var reader = PackedReader(writer.bytes)
        XCTAssertEqual(try CashTotals(base: base).decoded(from: &reader), sut)
        XCTAssertTrue(reader.isAtEnd)
        var foreign = PackedReader(writer.bytes)
        XCTAssertNil(try CashTotals(base: "GBP").decoded(from: &foreign))
        var cut = PackedReader(Array(writer.bytes.dropLast(3)))
        XCTAssertThrowsError(try CashTotals(base: base).decoded(from: &cut))
    }

    // MARK: - Helpers

    private func randomHistory(seed: Int, count: Int) -> [Transaction] {
        var random = RandomHistory(seed: UInt64(seed) * 97)
        return (0..<count).map { _ in random.transaction() }
    }

    private func assertTotals(_ totals: CashTotals, are history: [Transaction], _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        let inBase = history.inBase(base)
        XCTAssertEqual(totals.trackedAccounts, CashPolicy.trackedAccounts(in: inBase), message, file: file, line: line)
        for scope in scopes {
            XCTAssertEqual(totals.balances(in: scope), CashPolicy.balances(of: inBase, in: scope), "\(message), \(scope)", file: file, line: line)
        }
    }
}
