import Ledger

/// The newest transactions, as `list` orders them (`Transaction.newestFirst`), kept in a
/// checkpoint: `list -n 20` and `list --from` a recent day answer from it without the history.
/// It counts every day's transactions too, so a longer list knows how many to read back from
/// the end of the log (`RecentTransactionsReading.dated(from:most:)`), and each ticker's and
/// each type's, so a list of a ticker or type whose every transaction is kept (none, say) needs
/// nothing more.
public struct NewestTransactions: Equatable, Sendable {
    /// How many are kept: `list -n` up to this is answered from the checkpoint.
    public static let kept = 1_000

    public let base: String
    public let capacity: Int
    /// Newest first, in the base currency as every store reads them.
    public private(set) var newest: [Transaction] = []
    /// How many live transactions each day holds, by days since the epoch: any order of the
    /// same transactions counts alike.
    private var countsByDay: [Int32: Int] = [:]
    /// How many live transactions name each ticker ("" for none) and are of each type.
    private var countsByTicker: [String: Int] = [:]
    private var countsByType: [TransactionType: Int] = [:]

    public init(base: String, capacity: Int = NewestTransactions.kept) {
        self.base = base
        self.capacity = capacity
    }

    /// The newest transactions that match, as many as `limit`, when this can tell them without the
    /// history: enough of them match, or every one is kept, or `filter` starts after the oldest kept,
    /// or every one of its ticker or of its type is kept (a ticker never traded, say).
    public func answer(_ filter: TransactionFilter, scope: AccountScope, limit: Int?) -> [Transaction]? {
        let matching = newest.filter { $0.isSeen(in: scope) && filter.matches($0) }
        let isWhole = total <= newest.count || filter.from.map { from in newest.last.map { from > $0.date } ?? true } ?? false
            || keepsEveryOne(ofTheTickerOrTypeOf: filter)
        if let limit, matching.count >= limit { return Array(matching.prefix(limit)) }
        guard isWhole else { return nil }
        return limit.map { Array(matching.prefix($0)) } ?? matching
    }

    /// Whether every live transaction of `filter`'s ticker, or of its type, is among those kept:
    /// then no other can match.
    private func keepsEveryOne(ofTheTickerOrTypeOf filter: TransactionFilter) -> Bool {
        if let ticker = filter.ticker, newest.count(where: { $0.ticker == ticker }) == countsByTicker[ticker] ?? 0 { return true }
        if let type = filter.type, newest.count(where: { $0.type == type }) == countsByType[type] ?? 0 { return true }
        return false
    }

    /// How many live transactions the history holds.
    public var total: Int { countsByDay.values.reduce(0, +) }

    /// How many live transactions are dated on `day` or after.
    public func count(from day: CalendarDay) -> Int {
        countsByDay.reduce(0) { $0 + ($1.key >= day.daysSinceEpoch ? $1.value : 0) }
    }

    /// The latest day on or after which at least `count` live transactions are dated: where the
    /// newest `count` reach back to. Nil when the history holds fewer.
    public func latestDay(holdingAtLeast count: Int) -> CalendarDay? {
        var held = 0
        for day in countsByDay.keys.sorted(by: >) {
            held += countsByDay[day] ?? 0
            if held >= count { return CalendarDay(daysSinceEpoch: day) }
        }
        return nil
    }

    private mutating func count(_ transaction: Transaction) {
        countsByDay[transaction.date.daysSinceEpoch, default: 0] += 1
        countsByTicker[transaction.ticker, default: 0] += 1
        countsByType[transaction.type, default: 0] += 1
    }

    private mutating func uncount(_ transaction: Transaction) {
        countsByDay.countOneFewer(transaction.date.daysSinceEpoch)
        countsByTicker.countOneFewer(transaction.ticker)
        countsByType.countOneFewer(transaction.type)
    }

    private mutating func insert(_ transaction: Transaction) {
        let transaction = transaction.inBase(base)
        count(transaction)
        var low = 0, high = newest.count
        while low < high {
            let middle = (low + high) / 2
            if Transaction.newestFirst(newest[middle], transaction) { low = middle + 1 } else { high = middle }
        }
        guard low < capacity else { return }
        newest.insert(transaction, at: low)
        if newest.count > capacity { newest.removeLast() }
    }
}

extension NewestTransactions: TransactionsProjection {
    public var checkpointName: String { "newest-transactions-v4-\(capacity)-\(base)" }

    public func replaying(_ history: [Transaction]) -> NewestTransactions {
        var replayed = NewestTransactions(base: base, capacity: capacity)
        for transaction in history { replayed.count(transaction) }
        // Only the newest days that hold as many as are kept are sorted, not the history.
        let from = replayed.latestDay(holdingAtLeast: capacity)?.daysSinceEpoch ?? .min
        let candidates = history.indices.filter { history[$0].date.daysSinceEpoch >= from }
        let order = candidates.sorted { Transaction.newestFirst(history[$0], history[$1]) }.prefix(capacity)
        replayed.newest = order.map { history[$0].inBase(base) }
        return replayed
    }

    public mutating func fold(_ transaction: Transaction) -> Bool {
        insert(transaction)
        return true
    }

    /// The changes tell it all, unless one takes out a transaction kept while others aren't:
    /// which of those comes next only the history can say.
    public func reading(toRevise changes: [Revision<Transaction>]) -> RevisionReading? { .nothing }

    public mutating func revise(_ changes: [Revision<Transaction>], given records: [Transaction]) -> Bool {
        for change in changes {
            if let earlier = change.earlier {
                if let kept = newest.firstIndex(where: { $0.id == earlier.id }) {
                    guard total == newest.count else { return false }
                    newest.remove(at: kept)
                }
                uncount(earlier.inBase(base))
            }
            if let later = change.later { insert(later) }
        }
        return true
    }

    public func write(to writer: inout CheckpointWriter) {
        writer.write(base)
        writer.write(capacity)
        writer.write(transactions: newest)
        Self.write(countsByDay.sorted { $0.key < $1.key }, to: &writer) { $1.writeCompact(Int($0)) }
        Self.write(countsByTicker.sorted { $0.key < $1.key }, to: &writer) { $1.writeCompact($0) }
        Self.write(countsByType.sorted { $0.key.rawValue < $1.key.rawValue }, to: &writer) { $1.writeCompact($0.rawValue) }
    }

    public func decoded(from reader: inout CheckpointReader) throws(CheckpointReader.Damaged) -> NewestTransactions? {
        guard try reader.readString() == base, try reader.readNonNegative() == capacity else { return nil }
        var decoded = NewestTransactions(base: base, capacity: capacity)
        decoded.newest = try reader.readTransactions()
        decoded.countsByDay = try Self.readCounts(&reader) { reader throws(CheckpointReader.Damaged) in try reader.readCompactInt32() }
        decoded.countsByTicker = try Self.readCounts(&reader) { reader throws(CheckpointReader.Damaged) in try reader.readCompactString() }
        decoded.countsByType = try Self.readCounts(&reader) { reader throws(CheckpointReader.Damaged) in TransactionType(rawValue: try reader.readCompactString()) }
        // Every transaction has one ticker ("" for none) and one type.
        let total = decoded.total
        guard decoded.newest.count <= capacity, decoded.newest.count <= total,
              decoded.countsByTicker.values.reduce(0, +) == total, decoded.countsByType.values.reduce(0, +) == total else { throw CheckpointReader.Damaged() }
        return decoded
    }
}

extension NewestTransactions {
    /// Counts by a key: how many keys, then each key and its count, in order.
    private static func write<Key>(_ counts: [(key: Key, value: Int)], to writer: inout CheckpointWriter, key: (Key, inout CheckpointWriter) -> Void) {
        writer.writeCompact(counts.count)
        for (counted, count) in counts {
            key(counted, &writer)
            writer.writeCompact(count)
        }
    }

    /// What `write(_:to:key:)` wrote: each key once, each count at least one and none near
    /// billions, so their sum can't overflow.
    private static func readCounts<Key: Hashable>(_ reader: inout CheckpointReader,
                                                  key: (inout CheckpointReader) throws(CheckpointReader.Damaged) -> Key?) throws(CheckpointReader.Damaged) -> [Key: Int] {
        var counts: [Key: Int] = [:]
        for _ in 0..<(try reader.readCompactCount()) {
            let counted = try key(&reader), count = try reader.readCompactInt128()
            guard let counted, count > 0, count <= Int128(Int32.max), counts.updateValue(Int(count), forKey: counted) == nil else { throw CheckpointReader.Damaged() }
        }
        return counts
    }
}

/// The newest transactions on the ledger: the Transactions feature's port for a short list.
public protocol NewestTransactionsProjecting {
    func newest() throws(TransactionsStoreError) -> NewestTransactions
}

/// The transactions of the last days: the Transactions feature's port for a list longer than
/// the newest kept, or from an earlier day.
public protocol RecentTransactionsReading {
    /// Every live transaction dated on `day` or after, in no order, read back from the end of the
    /// log as far as they go; nil when more than `most` are, or they can't be told without the
    /// history (one was written long ago, or the log can't be read back).
    func dated(from day: CalendarDay, most: Int) throws(TransactionsStoreError) -> [Transaction]?
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
