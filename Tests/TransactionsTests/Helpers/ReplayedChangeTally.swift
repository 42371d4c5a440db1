import Transactions

/// The tally after a change, worked out by replaying the changed history itself: what a
/// checkpoint must give. Keeps the last change it answered for.
final class ReplayedChangeTally: TransactionChangeTallying {
    private let history: [Transaction]
    private let base: String
    private(set) var answered: (after: TallyAfterChange, changes: [TransactionReplacement])?

    init(history: [Transaction], base: String) {
        self.history = history
        self.base = base
    }

    func tally(replacing changes: [TransactionReplacement]) throws(TransactionsStoreError) -> TallyAfterChange? {
        let ids = Set(changes.map(\.id))
        let changed = history.filter { !ids.contains($0.id) } + changes.compactMap(\.replacement)
        let replaced = Dictionary(history.filter { ids.contains($0.id) }.map { ($0.id, $0) }) { _, later in later }
        let after = TallyAfterChange(replaced: replaced, tally: TransactionsTally(base: base, history: changed))
        answered = (after, changes)
        return after
    }
}
