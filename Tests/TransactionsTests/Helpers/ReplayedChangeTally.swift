import Transactions

/// The tally after a change, worked out by replaying the changed history itself: what a
/// checkpoint must give. Keeps the last change it answered for.
final class ReplayedChangeTally: TransactionChangeTallying {
    private let history: [Transaction]
    private let base: String
    private(set) var answered: (after: TallyAfterChange, replacement: Transaction?)?

    init(history: [Transaction], base: String) {
        self.history = history
        self.base = base
    }

    func tally(replacing id: String, with replacement: Transaction?) throws(TransactionsStoreError) -> TallyAfterChange? {
        let changed = history.filter { $0.id != id } + (replacement.map { [$0] } ?? [])
        let after = TallyAfterChange(earlier: history.first { $0.id == id }, tally: TransactionsTally(base: base, history: changed))
        answered = (after, replacement)
        return after
    }
}
