import XCTest
import FixedPoint
import Ledger
import Projections
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

    func test_revisedWithEditsAndDeletes_equalsAReplayOfTheChangedHistory() {
        assertRevisionEqualsAReplay(of: TransactionsTally(base: "USD"), seed: 404, minimumRevised: 290)
    }

    func test_combinedHoldings_areViolatedExactlyWhenTheHoldingsPolicyFindsABreakAcrossAllAccounts() {
        var violated = 0, kept = 0
        for seed in 1...40 {
            // Folding in any order gives the replay (the test above), so the replay stands for both.
            var random = RandomHistory(seed: UInt64(seed) * 17)
            let history = (0..<50).map { _ in random.transaction() }
            let tally = TransactionsTally(base: base, history: history)
            for ticker in Set(history.map(\.ticker)) where !ticker.isEmpty {
                let policy = HoldingsPolicy.firstViolation(in: history.filter { $0.ticker == ticker })
                XCTAssertEqual(tally.combinedHoldings[ticker]?.wasViolated, policy != nil, "seed \(seed), \(ticker): \(String(describing: policy))")
                XCTAssertEqual(tally.combinedHoldings[ticker]?.held, heldAcrossAccounts(of: ticker, in: history), "seed \(seed), \(ticker)")
                if policy == nil { kept += 1 } else { violated += 1 }
            }
        }
        XCTAssertGreaterThan(violated, 20)
        XCTAssertGreaterThan(kept, 20)
    }

    func test_combinedHoldings_countASplitTooLargeAcrossAccounts_thatNoOneAccountMakes() {
        let half = FixedDecimal(600_000_000)
        let tally = TransactionsTally(base: base, history: [
            Transaction(id: "a", date: day("2024-01-01"), type: .buy, ticker: "X", quantity: half, sum: FixedDecimal(1), updatedAt: Date()),
            Transaction(id: "b", date: day("2024-01-01"), type: .buy, ticker: "X", quantity: half, sum: FixedDecimal(1), account: "isa", updatedAt: Date()),
            Transaction(id: "s", date: day("2024-01-02"), type: .split, ticker: "X", quantity: .zero, sum: .zero, ratio: SplitRatio("1000000:1")!, updatedAt: Date()),
        ])

        XCTAssertEqual(tally.holdings.values.map(\.wasViolated), [false, false])
        XCTAssertEqual(tally.combinedHoldings["X"]?.wasViolated, true)
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

    func test_cashBalances_overEveryAccount_countOnlyTheAccountsWhoseCashIsTracked_asTheStatementDoes() {
        let trade = makeTransaction(date: "2024-01-02", type: .buy, sum: "100", account: "isa")
        let history = [makeCash(date: "2024-01-01", type: .deposit, sum: "1000"), trade]
        let tally = TransactionsTally(base: base, history: history)

        XCTAssertEqual(tally.cashBalances(in: .all).balance, 1000, "the ISA has no deposit: its trades are not cash")
        XCTAssertEqual(CashStatement(history: history).balance, 1000)
        XCTAssertEqual(CashStatement(history: history).lines.map(\.amount), [1000])
        XCTAssertEqual(tally.cashBalances(in: .only("isa")), CashBalances(isTracked: false, balances: [nil: -100], movements: [nil: 1]),
                       "an untracked account alone is still a tally of its trades")
        XCTAssertEqual(CashStatement(history: history, scope: .only("isa")).balance, -100)
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

    func test_verdictAfterAnAddAnEditOrADelete_isTheReplaysVerdict_whenItGivesOne() throws {
        var judged = 0, refused = 0
        for seed in 1...40 {
            var random = RandomHistory(seed: UInt64(seed) * 53)
            var history: [Transaction] = []
            for _ in 0..<40 {
                let candidate = random.transaction(namingTheBase: false)
                if save(candidate, onto: history, tally: nil).error == nil { history.append(candidate) }
            }
            for _ in 0..<20 where !history.isEmpty {
                let earlier = history[random.next(below: history.count)]
                let changes = ReplayedChangeTally(history: history.map { $0.inBase(base) }, base: base)
                let kind = random.next(below: 4)
                if kind == 0 {
                    let added = random.transaction(namingTheBase: false)
                    let replayed = save(added, onto: history, tally: nil)
                    XCTAssertEqual(save(added, onto: history, tally: nil, changes: changes).error, replayed.error, "seed \(seed): adding \(added)")
                    if let saved = replayed.saved { history.append(saved) }
                    judged += changes.acceptedItsChange ? 1 : 0
                    refused += replayed.error != nil ? 1 : 0
                } else if kind == 1 {
                    let replayed = delete(earlier.id, from: history, changes: nil).error
                    XCTAssertEqual(delete(earlier.id, from: history, changes: changes).error, replayed, "seed \(seed): deleting \(earlier)")
                    if replayed == nil { history.removeAll { $0.id == earlier.id } }
                    judged += changes.acceptedItsChange ? 1 : 0
                    refused += replayed != nil ? 1 : 0
                } else {
                    let edited = random.transaction(namingTheBase: false).with(id: earlier.id)
                    let replayed = save(edited, onto: history, tally: nil, replacing: earlier.id)
                    XCTAssertEqual(save(edited, onto: history, tally: nil, replacing: earlier.id, changes: changes).error, replayed.error,
                                   "seed \(seed): \(earlier) edited into \(edited)")
                    if let saved = replayed.saved { history = history.filter { $0.id != saved.id } + [saved] }
                    judged += changes.acceptedItsChange ? 1 : 0
                    refused += replayed.error != nil ? 1 : 0
                }
            }
        }
        XCTAssertGreaterThan(judged, 300, "most changes are judged by the tally alone")
        XCTAssertGreaterThan(refused, 50, "the rules refuse some changes")
    }

    /// Each pot's days of cash say what a replay of the changed history says of the accounts
    /// whose cash is tracked after it: whether any movement there overdraws.
    func test_keepsTheCashRule_isWhatTheChangedHistorySays_ofItsTrackedAccounts() {
        var answers = (kept: 0, broken: 0)
        var random = RandomHistory(seed: 404)
        for _ in 0..<2_000 {
            let history = (0..<(4 + random.next(below: 25))).map { _ in random.transaction(namingTheBase: false) }
            let index = random.next(below: history.count)
            let (earlier, written): (Transaction?, Transaction?)
            switch random.next(below: 3) {
            case 0: (earlier, written) = (nil, random.transaction(namingTheBase: false))
            case 1: (earlier, written) = (history[index], nil)
            default: (earlier, written) = (history[index], random.edit(of: history[index], namingTheBase: false))
            }
            let after = history.filter { $0.id != earlier?.id } + (written.map { [$0] } ?? [])
            let tracked = CashPolicy.trackedAccounts(in: after)

            let kept = TransactionsTally(base: base, history: history).keepsTheCashRule(replacing: earlier, with: written, in: tracked)

            XCTAssertEqual(kept, CashPolicy.firstViolation(in: after, accounts: tracked) == nil, "\(String(describing: earlier)) → \(String(describing: written))")
            if kept { answers.kept += 1 } else { answers.broken += 1 }
        }
        XCTAssertGreaterThan(answers.kept, 300)
        XCTAssertGreaterThan(answers.broken, 300)
    }

    /// A change the tally can't tell (to an old transaction) reads only what its rules need:
    /// each ticker at stake's transactions, and all of them only when cash is at stake in an
    /// account whose cash is tracked. Its verdict is the one the whole history gives.
    func test_aChangeTheTallyCantTell_isJudgedFromTheHistoryItNeeds_asFromTheWholeHistory() throws {
        var readLess = 0, refused = 0
        for seed in 1...40 {
            var random = RandomHistory(seed: UInt64(seed) * 71)
            var history: [Transaction] = []
            // Half the histories track no cash: holdings only, as many keep them.
            let tracksCash = seed.isMultiple(of: 2)
            for _ in 0..<40 {
                let candidate = random.transaction(namingTheBase: false)
                guard tracksCash || CashPolicy.trackedAccounts(in: [candidate]).isEmpty else { continue }
                if save(candidate, onto: history, tally: nil).error == nil { history.append(candidate) }
            }
            for _ in 0..<20 where !history.isEmpty {
                let earlier = history[random.next(below: history.count)]
                let oldOnly = ReplayedChangeTally(history: history.map { $0.inBase(base) }, base: base, tellsChanges: false)
                if random.next(below: 3) == 0 {
                    let (wholeHistory, fromWhatItNeeds) = (delete(earlier.id, from: history, changes: nil), delete(earlier.id, from: history, changes: oldOnly))
                    XCTAssertEqual(fromWhatItNeeds.error, wholeHistory.error, "seed \(seed): deleting \(earlier)")
                    if wholeHistory.error == nil { history.removeAll { $0.id == earlier.id } }
                    readLess += fromWhatItNeeds.readEverything ? 0 : 1
                    refused += wholeHistory.error != nil ? 1 : 0
                } else {
                    // As `invest` saves it: a draft naming the base currency names none.
                    let edited = random.edit(of: earlier, namingTheBase: false)
                    let wholeHistory = save(edited, onto: history, tally: nil, replacing: earlier.id)
                    let fromWhatItNeeds = save(edited, onto: history, tally: nil, replacing: earlier.id, changes: oldOnly)
                    XCTAssertEqual(fromWhatItNeeds.error, wholeHistory.error, "seed \(seed): \(earlier) edited into \(edited)")
                    if let saved = wholeHistory.saved { history = history.filter { $0.id != saved.id } + [saved] }
                    readLess += fromWhatItNeeds.readEverything ? 0 : 1
                    refused += wholeHistory.error != nil ? 1 : 0
                }
            }
        }
        XCTAssertGreaterThan(readLess, 100, "many changes need less than the whole history")
        XCTAssertGreaterThan(refused, 50, "the rules refuse some changes")
    }

    func test_decodedCheckpoint_equalsTheTallyWritten_andAnotherBaseIsNotTaken() throws {
        var random = RandomHistory(seed: 99)
        let tally = TransactionsTally(base: base, history: (0..<100).map { _ in random.transaction() })

        try assertCheckpointRoundTrip(of: tally, readBy: TransactionsTally(base: base), refusedBy: [TransactionsTally(base: "GBP")])
    }

    func test_decodedCheckpoint_ofALongHistory_keepsCountsLargerThanItsOwnSize() throws {
        let history = (0..<5_000).map { index in makeCash(date: "2024-01-02", type: .deposit, sum: "\(index + 1)") }
        let tally = TransactionsTally(base: base, history: history)
        var writer = PackedWriter()
        tally.write(to: &writer)

        var reader = PackedReader(writer.bytes)
        XCTAssertEqual(try TransactionsTally(base: base).decoded(from: &reader), tally)
    }

    // MARK: - Helpers

    /// The ticker's shares across all accounts, in the holdings rule's order.
    private func heldAcrossAccounts(of ticker: String, in history: [Transaction]) -> FixedDecimal {
        history.enumerated().filter { $0.element.ticker == ticker }
            .sorted { ($0.element.date, $0.element.holdingsRank, $0.offset) < ($1.element.date, $1.element.holdingsRank, $1.offset) }
            .reduce(FixedDecimal.zero) { $1.element.held(after: $0) }
    }

    /// What the use case says of adding `transaction` to `history` (read as the base-currency
    /// store reads it), with the tally or by replaying.
    private func save(_ transaction: Transaction, onto history: [Transaction], tally: TransactionsTally?, replacing id: String? = nil,
                      changes: ReplayedChangeTally? = nil) -> (saved: Transaction?, error: SaveTransactionError?, readEverything: Bool) {
        let store = InMemoryTransactions(history.map { $0.inBase(base) })
        let sut = SaveTransactionUseCase(store: store, today: { day("2025-01-01") }, now: { transaction.updatedAt },
                                         makeID: { transaction.id }, tally: tally.map(TallyStub.init), changes: changes)
        var draft = TransactionDraft(transaction)
        // A transfer moves shares or cash: the draft gives the one it moves.
        if transaction.type == .transfer {
            if transaction.ticker.isEmpty { draft.quantity = nil } else { draft.sum = nil }
        }
        do {
            return (try sut.save(draft, replacing: id), nil, store.readEverything)
        } catch {
            return (nil, error, store.readEverything)
        }
    }

    /// What the use case says of deleting `id` from `history`, with the changed tally or by replaying.
    private func delete(_ id: String, from history: [Transaction], changes: ReplayedChangeTally?) -> (error: DeleteTransactionError?, readEverything: Bool) {
        let store = InMemoryTransactions(history.map { $0.inBase(base) })
        let sut = DeleteTransactionUseCase(store: store, now: Date.init, changes: changes)
        do {
            try sut.delete(id: id)
            return (nil, store.readEverything)
        } catch {
            return (error, store.readEverything)
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
        private(set) var readEverything = false

        init(_ stored: [Transaction]) {
            self.stored = stored
        }

        func retrieveAll() throws(TransactionsStoreError) -> [Transaction] {
            readEverything = true
            return stored
        }
        func retrieve(ticker: String) throws(TransactionsStoreError) -> [Transaction] { stored.filter { $0.ticker == ticker } }
        func retrieve(id: String) throws(TransactionsStoreError) -> Transaction? { stored.first { $0.id == id } }
        func upsert(_ transaction: Transaction) throws(TransactionsStoreError) { stored = stored.filter { $0.id != transaction.id } + [transaction] }
        func upsert(contentsOf transactions: [Transaction]) throws(TransactionsStoreError) { stored += transactions }
        func delete(_ transaction: Transaction, deletedAt: Date) throws(TransactionsStoreError) { stored.removeAll { $0.id == transaction.id } }

        func withExclusiveAccess<T, Failure: Error>(_ body: () throws(Failure) -> T, lockFailure: (TransactionsStoreError) -> Failure) throws(Failure) -> T {
            try body()
        }
    }
}

private extension ReplayedChangeTally {
    /// Whether the tally after the change it answered for accepts that change.
    var acceptedItsChange: Bool {
        guard let (after, changes) = answered, changes.count == 1 else { return false }
        let replacement = changes[0].replacement
        guard after.earlier != nil || replacement != nil else { return false }
        return after.tally.verdict(afterReplacing: after.earlier, with: replacement) == .accepted
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
