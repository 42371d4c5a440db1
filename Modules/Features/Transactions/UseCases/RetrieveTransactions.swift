import Foundation
import Ledger

public struct TransactionFilter: Equatable, Sendable {
    public var ticker: String?
    public var type: TransactionType?
    public var from: CalendarDay?
    public var to: CalendarDay?
    /// Text the ticker, the note or the stock's name contains, in any case.
    public var search: String?
    /// Stock names by ticker, for `search`.
    public var names: [String: String]
    /// What the id starts with: how a command finds a transaction by the start of its id.
    public var idPrefix: String?
    /// The whole id.
    public var id: String?

    public init(ticker: String? = nil, type: TransactionType? = nil, from: CalendarDay? = nil, to: CalendarDay? = nil,
                search: String? = nil, names: [String: String] = [:], idPrefix: String? = nil, id: String? = nil) {
        self.idPrefix = idPrefix
        self.id = id
        self.ticker = ticker
        self.type = type
        self.from = from
        self.to = to
        self.search = search
        self.names = names
    }

    public static let all = TransactionFilter()

    public func matches(_ transaction: Transaction) -> Bool {
        (ticker == nil || transaction.ticker == ticker)
            && (idPrefix.map { transaction.id.hasPrefix($0) } ?? true)
            && (id.map { transaction.id == $0 } ?? true)
            && (type == nil || transaction.type == type)
            && (from.map { transaction.date >= $0 } ?? true)
            && (to.map { transaction.date <= $0 } ?? true)
            && (search.map { text in
                [transaction.ticker, transaction.note ?? "", names[transaction.ticker] ?? ""].contains { $0.range(of: text, options: .caseInsensitive) != nil }
            } ?? true)
    }
}

public enum TransactionOrder: Sendable {
    /// Newest trade date first: what a person reading a list expects.
    case newestFirst
    /// Whatever order the store keeps: for calculations that order by themselves.
    case unspecified
}

public protocol TransactionsRetrieving {
    func retrieve(_ filter: TransactionFilter, order: TransactionOrder) throws(RetrieveTransactionsError) -> [Transaction]
}

extension TransactionsRetrieving {
    public func retrieve(_ filter: TransactionFilter) throws(RetrieveTransactionsError) -> [Transaction] {
        try retrieve(filter, order: .newestFirst)
    }
}

public enum RetrieveTransactionsError: Error, Equatable {
    case retrieval(TransactionsStoreError)

    /// The store's failure, for a feature's own error that reads transactions among other things.
    public var storeError: TransactionsStoreError {
        switch self {
        case let .retrieval(failure): return failure
        }
    }
}

public final class RetrieveTransactionsUseCase: TransactionsRetrieving {
    private let store: TransactionsStore

    public init(store: TransactionsStore) {
        self.store = store
    }

    public func retrieve(_ filter: TransactionFilter, order: TransactionOrder) throws(RetrieveTransactionsError) -> [Transaction] {
        let stored: [Transaction]
        do throws(TransactionsStoreError) {
            if let id = filter.id {
                stored = try store.retrieve(id: id).map { [$0] } ?? []
            } else if let prefix = filter.idPrefix {
                stored = try store.retrieve(idPrefix: prefix)
            } else if let ticker = filter.ticker {
                stored = try store.retrieve(ticker: ticker)
            } else {
                stored = try store.retrieveAll()
            }
        } catch {
            throw .retrieval(error)
        }
        let matching = filter == .all ? stored : stored.filter(filter.matches)
        guard order == .newestFirst else { return matching }
        // Sorting positions, not transactions: moving a struct that holds strings costs a retain
        // and a release each time, which dominated long histories.
        let order = matching.indices.sorted { Transaction.newestFirst(matching[$0], matching[$1]) }
        return order.map { matching[$0] }
    }
}

extension Transaction {
    /// Newest trade date first; within a day the most recently written first; then by id so the
    /// order is total and stable across runs.
    public static func newestFirst(_ lhs: Transaction, _ rhs: Transaction) -> Bool {
        if lhs.date != rhs.date { return lhs.date > rhs.date }
        if lhs.updatedAt != rhs.updatedAt { return lhs.updatedAt > rhs.updatedAt }
        return lhs.id < rhs.id
    }
}

/// `list`: the newest transactions that match, as many as asked for.
public protocol NewestTransactionsListing {
    /// Nil for a list only the whole history can tell that is longer than the newest
    /// transactions kept, or has neither a limit nor a first day: the caller streams that from
    /// the log, in memory that holds no row.
    func newest(_ filter: TransactionFilter, limit: Int?) throws(RetrieveTransactionsError) -> [Transaction]?
}

/// Answers from the newest transactions' checkpoint when it can tell (a short list, or one from
/// a recent day), else from the transactions of the last days read back from the end of the log
/// (a longer list, or one from an earlier day), else from the history.
public final class ListNewestTransactionsUseCase: NewestTransactionsListing {
    /// The most transactions read back from the log's end for one list, and never more than a
    /// quarter of the history: past that, reading the history costs no more.
    public static let mostReadBack = 50_000

    private let transactions: TransactionsRetrieving
    private let kept: NewestTransactionsProjecting?
    private let recent: RecentTransactionsReading?
    private let scope: AccountScope

    /// - Parameters:
    ///   - recent: the transactions of the last days, as far back as `kept` counts them.
    ///   - scope: the accounts `transactions` is scoped to, which the kept ones are filtered by.
    public init(transactions: TransactionsRetrieving, kept: NewestTransactionsProjecting?, recent: RecentTransactionsReading? = nil, scope: AccountScope) {
        self.transactions = transactions
        self.kept = kept
        self.recent = recent
        self.scope = scope
    }

    /// Whether `newest` may answer at all: a list of all of a long history can't come from the
    /// checkpoint or the log's end, unless the checkpoint keeps every one of its ticker or type.
    /// Else it is nil, and a caller can leave the use case unmade.
    public static func mayAnswer(_ filter: TransactionFilter, limit: Int?) -> Bool {
        limit != nil || filter.from != nil || filter.ticker != nil || filter.type != nil
    }

    public func newest(_ filter: TransactionFilter, limit: Int?) throws(RetrieveTransactionsError) -> [Transaction]? {
        if let kept, Self.mayAnswer(filter, limit: limit) {
            let newest: NewestTransactions
            do throws(TransactionsStoreError) { newest = try kept.newest() } catch { throw .retrieval(error) }
            if let answer = newest.answer(filter, scope: scope, limit: limit) { return answer }
            if let recent, let answer = try fromTheLastDays(of: newest, in: recent, filter, limit: limit) { return answer }
        }
        guard limit.map({ $0 <= NewestTransactions.kept }) ?? (filter.from != nil) else { return nil }
        var matching = try transactions.retrieve(filter)
        if let limit, matching.count > limit { matching.removeSubrange(limit...) }
        return matching
    }

    /// Read back from the log's end: from the day the newest `limit` reach back to (or, when the
    /// checkpoint keeps that many and too few of them matched, four times as many as it keeps),
    /// then four times as many, and so on (a list of one ticker among hundreds, say), which
    /// answers once enough of them match; else from the list's own first day, which always does.
    private func fromTheLastDays(of newest: NewestTransactions, in recent: RecentTransactionsReading, _ filter: TransactionFilter,
                                 limit: Int?) throws(RetrieveTransactionsError) -> [Transaction]? {
        let most = min(Self.mostReadBack, newest.total / 4)
        var days: [CalendarDay] = []
        var reaching = limit.map { $0 > newest.newest.count ? $0 : 4 * newest.newest.count } ?? most + 1
        while reaching <= most, let reach = newest.latestDay(holdingAtLeast: reaching), filter.from.map({ reach > $0 }) ?? true {
            if days.last != reach { days.append(reach) }
            // The last try reads back as far as may be.
            reaching = reaching < most ? min(4 * reaching, most) : most + 1
        }
        if let from = filter.from { days.append(from) }
        for day in days where newest.count(from: day) <= most {
            let dated: [Transaction]?
            do throws(TransactionsStoreError) { dated = try recent.dated(from: day, most: most) } catch { throw .retrieval(error) }
            guard let dated else { continue }
            let matching = dated.filter { $0.isSeen(in: scope) && filter.matches($0) }.sorted(by: Transaction.newestFirst)
            if let limit, matching.count >= limit { return Array(matching.prefix(limit)) }
            if day == filter.from { return matching }
        }
        return nil
    }
}
