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
    @_spi(Projections) public private(set) var countsByDay: [Int32: Int] = [:]
    /// How many live transactions name each ticker ("" for none) and are of each type.
    @_spi(Projections) public private(set) var countsByTicker: [String: Int] = [:]
    @_spi(Projections) public private(set) var countsByType: [TransactionType: Int] = [:]

    public init(base: String, capacity: Int = NewestTransactions.kept) {
        self.base = base
        self.capacity = capacity
    }

    /// The fold's state as the projection engine keeps it.
    @_spi(Projections) public init(base: String, capacity: Int, newest: [Transaction], countsByDay: [Int32: Int], countsByTicker: [String: Int],
                                   countsByType: [TransactionType: Int]) {
        (self.base, self.capacity, self.newest) = (base, capacity, newest)
        (self.countsByDay, self.countsByTicker, self.countsByType) = (countsByDay, countsByTicker, countsByType)
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
