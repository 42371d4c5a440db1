import Ledger
import Transactions

/// The tally kept in a checkpoint of the ledger's log, brought up to date by the lines since.
public final class CheckpointedTransactionsTally: TransactionsTallying, TransactionChangeTallying {
    private let reader: CheckpointedProjectionReader<TransactionsTally>

    /// - Parameters:
    ///   - base: the base currency's code, which the tally counts as no currency.
    ///   - recentRecords: how many of the newest transactions, at least, a change can reach
    ///     without a replay (`CheckpointedProjectionReader`).
    ///   - companions: the other projections of the transactions a replay for the tally rebuilds.
    public init(log: CheckpointableLedger, base: String, recentRecords: Int = 2_048, companions: ReplayCompanions<Transaction>? = nil) {
        reader = CheckpointedProjectionReader(log: log, empty: TransactionsTally(base: base), recentRecords: recentRecords, companions: companions)
    }

    public func tally() throws(TransactionsStoreError) -> TransactionsTally {
        try reader.current()
    }

    public func tallyWithoutReplay() throws(TransactionsStoreError) -> TransactionsTally? {
        try reader.currentWithoutReplay()
    }

    public func tally(replacing changes: [TransactionReplacement]) throws(TransactionsStoreError) -> TallyAfterChange? {
        // A tombstone's kind doesn't matter to a fold: it removes whatever the id held.
        let lines = changes.map { change in
            change.replacement.map { TransactionsLedgerCodec.entry(for: $0) } ?? LedgerEntry.tombstone(id: change.id, kind: TransactionType.buy.rawValue, at: 0)
        }
        return try reader.projected(appending: lines).map { TallyAfterChange(replaced: $0.replaced, tally: $0.projection) }
    }
}

/// The newest transactions kept in a checkpoint of the ledger's log.
public final class CheckpointedNewestTransactions: NewestTransactionsProjecting, RecentTransactionsReading {
    private let log: CheckpointableLedger
    private let reader: CheckpointedProjectionReader<NewestTransactions>

    /// - Parameter companions: the other projections of the transactions a replay for this one rebuilds.
    public init(log: CheckpointableLedger, base: String, companions: ReplayCompanions<Transaction>? = nil) {
        self.log = log
        reader = CheckpointedProjectionReader(log: log, empty: NewestTransactions(base: base), companions: companions)
    }

    /// What the last `newest()` read, and where its lines ended: what `dated(from:most:)` reads
    /// back from, so a list counts and finds its transactions in one state of the log, read once.
    private var lastRead: (projection: NewestTransactions, end: LogPosition?)?

    public func newest() throws(TransactionsStoreError) -> NewestTransactions {
        let read = try reader.currentAndEnd()
        lastRead = read
        return read.projection
    }

    /// The checkpoint counts how many there are (as `newest()` last read it, else as it is now);
    /// the lines are read back from where it ended until that many were found, each id's latest
    /// line deciding. A log written over time holds them near its end, so this reads about as
    /// many lines as it finds. Bounded: past four lines for each one wanted, the history is left
    /// to tell.
    public func dated(from day: CalendarDay, most: Int) throws(TransactionsStoreError) -> [Transaction]? {
        let (newest, end) = if let lastRead { lastRead } else { try reader.currentAndEnd() }
        let wanted = newest.count(from: day)
        guard wanted <= most else { return nil }
        guard wanted > 0 else { return [] }
        guard let end else { return nil }
        var seen = Set<String>(), found: [Transaction] = []
        let complete: Bool?
        do throws(StoreError) {
            complete = try log.forEachEntryBackward(from: end) { entry in
                guard seen.insert(entry.id).inserted else { return true }
                if !entry.isDeleted, let transaction = try? TransactionsLedgerCodec.record(from: entry), transaction.date >= day {
                    found.append(transaction.inBase(newest.base))
                }
                return found.count < wanted && seen.count < 4 * wanted + 4_096
            }
        } catch {
            throw .store(error)
        }
        return complete != nil && found.count == wanted ? found : nil
    }
}
