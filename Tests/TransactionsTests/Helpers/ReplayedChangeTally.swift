import Transactions

/// The tally after a change, worked out by replaying the changed history itself: what a
/// checkpoint must give. Keeps the last change it answered for.
final class ReplayedChangeTally: TransactionChangeTallying {
    private let history: [Transaction]
    private let base: String
    private(set) var answered: (after: TallyAfterChange, changes: [TransactionReplacement])?

    private let tellsChanges: Bool

    /// - Parameter tellsChanges: false says of every change that only the history can tell, as
    ///   of an old transaction's; the tally as it stands is told all the same.
    init(history: [Transaction], base: String, tellsChanges: Bool = true) {
        self.history = history
        self.base = base
        self.tellsChanges = tellsChanges
    }

    func tally(replacing changes: [TransactionReplacement]) throws(TransactionsStoreError) -> TallyAfterChange? {
        guard tellsChanges else { return nil }
        let ids = Set(changes.map(\.id))
        let changed = history.filter { !ids.contains($0.id) } + changes.compactMap(\.replacement)
        let replaced = Dictionary(history.filter { ids.contains($0.id) }.map { ($0.id, $0) }) { _, later in later }
        let after = TallyAfterChange(replaced: replaced, tally: TransactionsTally(base: base, history: changed))
        answered = (after, changes)
        return after
    }

    func tallyWithoutReplay() throws(TransactionsStoreError) -> TransactionsTally? {
        TransactionsTally(base: base, history: history)
    }
}
