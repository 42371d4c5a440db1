import XCTest
import FixedPoint
import Ledger
import Transactions
import TestSupport
import TransactionsTestSupport

/// The tally must always equal a replay of the history it folded, and its verdicts must be the
/// ones `SaveTransactionUseCase` reaches by replaying: random histories, folded one transaction
/// at a time in the order they were added (often back-dated), each step checked.
final class TransactionsTallyTests: XCTestCase {
    private let base = "USD"

    func test_foldingInAddedOrder_equalsAReplay_atEveryStep() {
        for seed in 1...40 {
            var random = RandomHistory(seed: UInt64(seed))
            var history: [Transaction] = []
            var tally = TransactionsTally(base: base)
            for step in 0..<60 {
                let transaction = random.transaction()
                history.append(transaction)
                if !tally.fold(transaction) { tally = TransactionsTally(base: base, history: history) }
                XCTAssertEqual(tally, TransactionsTally(base: base, history: history), "seed \(seed), step \(step)")
            }
        }
    }

    func test_aTransactionDatedBeforeItsPotsLastDay_isNotFolded_andChangesNothing() {
        var tally = TransactionsTally(base: base, history: [makeCash(date: "2024-02-01", type: .deposit, sum: "100")])
        let before = tally

        XCTAssertFalse(tally.fold(makeCash(date: "2024-01-31", type: .withdrawal, sum: "10")))
        XCTAssertEqual(tally, before)
    }

    func test_moneyInOnTheLastDay_countsBeforeThatDaysMoneyOut() {
        var tally = TransactionsTally(base: base, history: [makeCash(date: "2024-02-01", type: .deposit, sum: "100"),
                                                            makeTransaction(date: "2024-02-02", type: .buy, sum: "150")])
        XCTAssertTrue(tally.pots[CashPot(account: nil, currency: nil)]!.wasOverdrawn)

        XCTAssertTrue(tally.fold(makeCash(date: "2024-02-02", type: .deposit, sum: "50")))
        XCTAssertFalse(tally.pots[CashPot(account: nil, currency: nil)]!.wasOverdrawn, "the day's deposit came before its buy")
    }

    func test_cashBalances_equalTheStatements_inEveryScope() {
        for seed in 1...20 {
            var random = RandomHistory(seed: UInt64(seed) * 7)
            let history = (0..<80).map { _ in random.transaction() }
            let tally = TransactionsTally(base: base, history: history)
            let inBase = history.map { $0.inBase(base) }
            for scope in [AccountScope.all, .only(nil), .only("isa")] {
                XCTAssertEqual(tally.cashBalances(in: scope), CashStatement(history: inBase, scope: scope).balancesOnly, "seed \(seed), \(scope)")
            }
        }
    }

    func test_verdictOnAdding_isTheReplaysVerdict_whenItGivesOne() throws {
        var judged = 0
        for seed in 1...40 {
            var random = RandomHistory(seed: UInt64(seed) * 31)
            var history: [Transaction] = []
            for _ in 0..<40 {
                let candidate = random.transaction(namingTheBase: false)
                let tally = TransactionsTally(base: base, history: history)
                let replayed = save(candidate, onto: history, tally: nil)
                switch tally.verdict(onAdding: candidate) {
                case .accepted:
                    judged += 1
                    XCTAssertNil(replayed.error, "seed \(seed): the tally accepted \(candidate)")
                case let .refused(error):
                    judged += 1
                    XCTAssertEqual(replayed.error, error, "seed \(seed): \(candidate)")
                case .needsReplay:
                    break
                }
                XCTAssertEqual(save(candidate, onto: history, tally: tally).error, replayed.error, "seed \(seed): \(candidate)")
                if replayed.error == nil { history.append(candidate) }
            }
        }
        XCTAssertGreaterThan(judged, 400, "most adds are judged by the tally alone")
    }

    func test_decodedCheckpoint_equalsTheTallyWritten_andAnotherBaseIsNotTaken() throws {
        var random = RandomHistory(seed: 99)
        let tally = TransactionsTally(base: base, history: (0..<100).map { _ in random.transaction() })

        try assertCheckpointRoundTrip(of: tally, readBy: TransactionsTally(base: base), refusedBy: [TransactionsTally(base: "GBP")])
    }

    func test_decodedCheckpoint_ofALongHistory_keepsCountsLargerThanItsOwnSize() throws {
        let history = (0..<5_000).map { index in makeCash(date: "2024-01-02", type: .deposit, sum: "\(index + 1)") }
        let tally = TransactionsTally(base: base, history: history)
        var writer = CheckpointWriter()
        tally.write(to: &writer)

        var reader = CheckpointReader(writer.bytes)
        XCTAssertEqual(try TransactionsTally(base: base).decoded(from: &reader), tally)
    }

    // MARK: - Helpers

    /// What the use case says of adding `transaction` to `history` (read as the base-currency
    /// store reads it), with the tally or by replaying.
    private func save(_ transaction: Transaction, onto history: [Transaction], tally: TransactionsTally?) -> (saved: Transaction?, error: SaveTransactionError?) {
        let store = InMemoryTransactions(history.map { $0.inBase(base) })
        let sut = SaveTransactionUseCase(store: store, today: { day("2025-01-01") }, now: { transaction.updatedAt },
                                         makeID: { transaction.id }, tally: tally.map(TallyStub.init))
        var draft = TransactionDraft(transaction)
        // A transfer moves shares or cash: the draft gives the one it moves.
        if transaction.type == .transfer {
            if transaction.ticker.isEmpty { draft.quantity = nil } else { draft.sum = nil }
        }
        do {
            return (try sut.save(draft, replacing: nil), nil)
        } catch {
            return (nil, error)
        }
    }

    private struct TallyStub: TransactionsTallying {
        let stub: TransactionsTally

        init(_ stub: TransactionsTally) {
            self.stub = stub
        }

        func tally() throws(TransactionsStoreError) -> TransactionsTally { stub }
    }

    private final class InMemoryTransactions: TransactionsStore {
        private var stored: [Transaction]

        init(_ stored: [Transaction]) {
            self.stored = stored
        }

        func retrieveAll() throws(TransactionsStoreError) -> [Transaction] { stored }
        func retrieve(ticker: String) throws(TransactionsStoreError) -> [Transaction] { stored.filter { $0.ticker == ticker } }
        func upsert(_ transaction: Transaction) throws(TransactionsStoreError) { stored.append(transaction) }
        func upsert(contentsOf transactions: [Transaction]) throws(TransactionsStoreError) { stored += transactions }
        func delete(_ transaction: Transaction, deletedAt: Date) throws(TransactionsStoreError) { stored.removeAll { $0.id == transaction.id } }

        func withExclusiveAccess<T, Failure: Error>(_ body: () throws(Failure) -> T, lockFailure: (TransactionsStoreError) -> Failure) throws(Failure) -> T {
            try body()
        }
    }
}

private extension CashStatement {
    /// The statement's balances and its movements counted by currency: what the tally must give.
    var balancesOnly: CashBalances {
        var movements: [String?: Int] = [:]
        for line in lines { movements[line.currency, default: 0] += 1 }
        return CashBalances(isTracked: isTracked, balances: balances, movements: movements)
    }
}
