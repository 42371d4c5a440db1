import Foundation
import FixedPoint
import Ledger

/// One row of an import, with where it came from so errors can point at it.
public struct ImportRow: Equatable, Sendable {
    public let line: Int
    /// Kept when present, so importing an export again updates instead of duplicating.
    public let id: String?
    public let draft: TransactionDraft
    /// Kept when present (a full backup restores versions as they were); else the import's time.
    public let updatedAt: Date?

    public init(line: Int, id: String? = nil, draft: TransactionDraft, updatedAt: Date? = nil) {
        self.line = line
        self.id = id
        self.draft = draft
        self.updatedAt = updatedAt
    }
}

public struct RowError: Equatable, Sendable, CustomStringConvertible {
    public let line: Int
    public let messages: [String]

    public init(line: Int, messages: [String]) {
        self.line = line
        self.messages = messages
    }

    public var description: String { "line \(line): " + messages.joined(separator: "; ") }
}

public enum ImportTransactionsError: Error, Equatable {
    case invalidRows([RowError])
    case storage(TransactionsStoreError)
}

public struct ImportOutcome: Equatable, Sendable {
    /// As they are (or, in a dry run, would be) saved.
    public let imported: [Transaction]
    /// Rows left out because each equals a saved transaction (date, type, ticker, quantity, sum):
    /// importing a file twice must not double the history.
    public let duplicateLines: [Int]
}

public protocol TransactionsImporting {
    /// All or nothing: every row is checked, every problem reported, and only a fully valid import
    /// is saved (unless `dryRun`). A row equal to a saved transaction is skipped unless
    /// `allowDuplicates`; a row with a saved transaction's id replaces it instead. `rows` is
    /// emptied once checked, so a million rows are not held while the transactions are written.
    func importRows(_ rows: inout [ImportRow], dryRun: Bool, allowDuplicates: Bool) throws(ImportTransactionsError) -> ImportOutcome
}

extension TransactionsImporting {
    public func importRows(_ rows: [ImportRow], dryRun: Bool, allowDuplicates: Bool = false) throws(ImportTransactionsError) -> ImportOutcome {
        var rows = rows
        return try importRows(&rows, dryRun: dryRun, allowDuplicates: allowDuplicates)
    }
}

public final class ImportTransactionsUseCase: TransactionsImporting {
    private let store: TransactionsStore
    private let today: () -> CalendarDay
    private let now: () -> Date
    private let makeID: () -> String
    private let tally: TransactionsTallying?
    private let newest: NewestTransactionsProjecting?
    private let changes: TransactionChangeTallying?

    /// - Parameters:
    ///   - tally, newest: what the rules and the duplicates need of the history, kept up to date
    ///     without reading it: new rows dated after the newest transactions kept are checked in
    ///     the same time at any history length. Without them, or when they can't tell, the
    ///     history is read.
    ///   - changes: the tally with rows dated among the recent transactions folded in with them,
    ///     for rows the tally can't fold after what it holds (a statement a few days late).
    public init(store: TransactionsStore, today: @escaping () -> CalendarDay, now: @escaping () -> Date, makeID: @escaping () -> String,
                tally: TransactionsTallying? = nil, newest: NewestTransactionsProjecting? = nil, changes: TransactionChangeTallying? = nil) {
        self.store = store
        self.today = today
        self.now = now
        self.makeID = makeID
        self.tally = tally
        self.newest = newest
        self.changes = changes
    }

    public func importRows(_ rows: inout [ImportRow], dryRun: Bool, allowDuplicates: Bool) throws(ImportTransactionsError) -> ImportOutcome {
        let (valid, lineByID, fieldErrors) = validate(rows)
        // A row with an id may replace a saved transaction, which only the history holds.
        let allNew = !rows.contains { $0.id != nil }
        rows = []
        return try store.withExclusiveAccess({ () throws(ImportTransactionsError) in
            if fieldErrors.isEmpty, allNew, let (imported, duplicates) = try checkedAgainstProjections(valid, allowDuplicates: allowDuplicates) {
                return try saved(imported, duplicates: duplicates, lineByID: lineByID, dryRun: dryRun)
            }
            let stored = try storing(ImportTransactionsError.storage) { () throws(TransactionsStoreError) in try store.retrieveAll() }
            let duplicates = allowDuplicates ? [] : Self.duplicates(of: valid, in: stored)
            let imported = duplicates.isEmpty ? valid : valid.filter { !duplicates.contains($0.id) }
            var rowErrors = fieldErrors
            rowErrors += holdingsErrors(afterImporting: imported, over: stored, lineByID: lineByID)
            if rowErrors.isEmpty, let error = cashError(afterImporting: imported, over: stored, lineByID: lineByID) { rowErrors.append(error) }
            guard rowErrors.isEmpty else {
                throw .invalidRows(rowErrors.sorted { $0.line < $1.line })
            }
            return try saved(imported, duplicates: duplicates, lineByID: lineByID, dryRun: dryRun)
        }, lockFailure: ImportTransactionsError.storage)
    }

    private func saved(_ imported: [Transaction], duplicates: Set<String>, lineByID: [String: Int], dryRun: Bool) throws(ImportTransactionsError) -> ImportOutcome {
        if !dryRun { try storing(ImportTransactionsError.storage) { () throws(TransactionsStoreError) in try store.upsert(contentsOf: imported) } }
        return ImportOutcome(imported: imported, duplicateLines: duplicates.compactMap { lineByID[$0] }.sorted())
    }

    /// What the history would let in, and the rows it would skip as equal to a saved one, told
    /// from the projections; nil when only the history can tell. The newest transactions kept
    /// hold every saved one a row can equal when each row is dated after the oldest of them (or
    /// they are all there is); the tally, with the rows folded in, holds whether any rule broke.
    /// A row dated before what the tally folded is folded in among the recent transactions
    /// (`changes`). When a rule broke, or a row comes before the recent transactions, the
    /// history is read, and names the lines to blame.
    private func checkedAgainstProjections(_ valid: [Transaction], allowDuplicates: Bool)
        throws(ImportTransactionsError) -> (imported: [Transaction], duplicates: Set<String>)? {
        guard let tally, let newest else { return nil }
        var duplicates: Set<String> = []
        if !allowDuplicates {
            let kept = try storing(ImportTransactionsError.storage) { () throws(TransactionsStoreError) in try newest.newest() }
            let holdsEveryCandidate = kept.total <= kept.newest.count || kept.newest.last.map { oldest in valid.allSatisfy { $0.date > oldest.date } } ?? false
            guard holdsEveryCandidate else { return nil }
            duplicates = Self.duplicates(of: valid, in: kept.newest)
        }
        let imported = duplicates.isEmpty ? valid : valid.filter { !duplicates.contains($0.id) }
        var after = try storing(ImportTransactionsError.storage) { () throws(TransactionsStoreError) in try tally.tally() }
        // Each ticker's rows in the holdings rule's order, so each folds after the one before.
        let order = ReplayOrder.indices(of: imported)
        if !order.allSatisfy({ after.fold(imported[$0]) }) {
            guard let changes, let changed = try storing(ImportTransactionsError.storage, { () throws(TransactionsStoreError) in
                try changes.tally(replacing: imported.map { TransactionReplacement(id: $0.id, replacement: $0) })
            }) else { return nil }
            after = changed.tally
        }
        guard after.keepsTheRules(forTickers: Set(imported.map(\.ticker))) else { return nil }
        return (imported, duplicates)
    }

    private struct Trade: Hashable {
        let date: CalendarDay, type: TransactionType, ticker: String, quantity: FixedDecimal, sum: FixedDecimal, ratio: SplitRatio?

        init(_ transaction: Transaction) {
            (date, type, ticker, quantity, sum, ratio) = (transaction.date, transaction.type, transaction.ticker, transaction.quantity, transaction.sum,
                                                          transaction.ratio)
        }
    }

    /// The ids of rows equal to a saved transaction, each saved one matching one row at most (two
    /// equal rows against one saved trade: the second is a new trade). Rows carrying a saved id
    /// replace that transaction and are never duplicates.
    ///
    /// Counted from the rows' side: only a saved transaction on one of their days is looked up,
    /// so a statement checked against a long history hashes a few of its trades, not all of them.
    private static func duplicates(of rows: [Transaction], in stored: [Transaction]) -> Set<String> {
        // Nothing saved, nothing to equal: a first import of a million rows hashed each twice.
        guard !stored.isEmpty else { return [] }
        let days = Set(rows.map(\.date)), rowIDs = Set(rows.map(\.id))
        var saved: [Trade: Int] = Dictionary(rows.map { (Trade($0), 0) }, uniquingKeysWith: { first, _ in first })
        var replacing: Set<String> = []
        for index in stored.indices {
            if rowIDs.contains(stored[index].id) { replacing.insert(stored[index].id) }
            guard days.contains(stored[index].date) else { continue }
            let trade = Trade(stored[index])
            if let count = saved[trade] { saved[trade] = count + 1 }
        }
        var duplicates: Set<String> = []
        for row in rows where !replacing.contains(row.id) {
            let trade = Trade(row)
            guard let count = saved[trade], count > 0 else { continue }
            saved[trade] = count - 1
            duplicates.insert(row.id)
        }
        return duplicates
    }

    private func validate(_ rows: [ImportRow]) -> ([Transaction], [String: Int], [RowError]) {
        let latestDate = today(), stamp = now()
        var imported: [Transaction] = []
        var lineByID: [String: Int] = [:]
        var errors: [RowError] = []
        imported.reserveCapacity(rows.count)
        // Grown as it fills, a million ids were rehashed some twenty times over.
        lineByID.reserveCapacity(rows.count)
        for row in rows {
            var messages: [String] = []
            if let id = row.id, !LedgerIdentifier.isValid(id) {
                messages.append("id: must be 1-\(LedgerIdentifier.maximumLength) letters, digits, '-' or '_' (leave it empty for a new id)")
            }
            switch TransactionValidator.validate(row.draft, latestDate: latestDate) {
            case let .failure(validation):
                errors.append(RowError(line: row.line, messages: messages + validation.errors.map(\.description)))
            case .success where !messages.isEmpty:
                errors.append(RowError(line: row.line, messages: messages))
            case let .success(fields):
                let id = row.id ?? makeID()
                if let earlier = lineByID[id] {
                    errors.append(RowError(line: row.line, messages: ["id \(id) already appears on line \(earlier)"]))
                    continue
                }
                lineByID[id] = row.line
                imported.append(Transaction(id: id, fields: fields, updatedAt: row.updatedAt ?? stamp))
            }
        }
        return (imported, lineByID, errors)
    }

    /// Deterministic: stored transactions in the store's order, then the imported ones in line
    /// order, so the same file always blames the same first offending line.
    private func holdingsErrors(afterImporting imported: [Transaction], over stored: [Transaction], lineByID: [String: Int]) -> [RowError] {
        let touchedTickers = Set(imported.map(\.ticker)).subtracting([""])
        let kept = stored.filter { lineByID[$0.id] == nil && touchedTickers.contains($0.ticker) }
        // Positions, not copies: one ticker's history is built at a time, so checking a million
        // rows doesn't hold a second copy of them all.
        // Per account and ticker: each account holds its own shares.
        struct Holding: Hashable {
            let account: String?
            let ticker: String
        }
        // A transfer is in the histories of both its accounts; a split, a corporate action, in
        // every account's (`Transaction.isSeen(in:)`), as an add and an edit count it.
        var positions: [Holding: [Int]] = [:], splits: [String: [Int]] = [:]
        func add(_ transaction: Transaction, at position: Int) {
            positions[Holding(account: transaction.account, ticker: transaction.ticker), default: []].append(position)
            if transaction.type == .transfer { positions[Holding(account: transaction.toAccount, ticker: transaction.ticker), default: []].append(position) }
            if transaction.type == .split { splits[transaction.ticker, default: []].append(position) }
        }
        for (position, transaction) in kept.enumerated() { add(transaction, at: position) }
        for (position, transaction) in imported.enumerated() where !transaction.ticker.isEmpty { add(transaction, at: kept.count + position) }
        return positions.keys.sorted { ($0.account ?? "", $0.ticker) < ($1.account ?? "", $1.ticker) }.compactMap { holding in
            let own = positions[holding]!, split = splits[holding.ticker] ?? []
            let history = (split.isEmpty ? own : Array(Set(own + split)).sorted()).map { $0 < kept.count ? kept[$0] : imported[$0 - kept.count] }
            return HoldingsPolicy.firstViolation(in: history, scope: .only(holding.account)).map { violation in
                if let line = lineByID[violation.transactionID] { return RowError(line: line, messages: [violation.description]) }
                // A saved sell fails: the import's last row before it that takes these shares is to blame.
                let rows = history.filter { lineByID[$0.id] != nil }
                let blamed = rows.last { $0.date <= violation.date && $0.held(after: .zero, in: .only(holding.account)) < .zero } ?? rows.first
                return Self.savedOneFails(violation.isTransfer ? .transfer : .sell, violation.transactionID, violation.description,
                                          line: blamed.flatMap { lineByID[$0.id] })
            }
        }
    }

    /// The message for a saved record that an imported row makes break a rule: at the row's line,
    /// naming the saved record.
    private static func savedOneFails(_ type: TransactionType, _ id: String, _ violation: String, line: Int?) -> RowError {
        RowError(line: line ?? 1, messages: ["with this row, the saved \(type.rawValue) \(id) fails: \(violation)"])
    }

    /// The cash rule over the whole history once imported. When the movement it stops at was
    /// saved before, the import's last movement out on or before that date is to blame.
    /// Each account's cash in each currency on its own.
    private func cashError(afterImporting imported: [Transaction], over stored: [Transaction], lineByID: [String: Int]) -> RowError? {
        guard let violation = CashPolicy.firstViolation(in: stored, replacing: { lineByID[$0.id] != nil }, with: imported) else { return nil }
        if let line = lineByID[violation.transactionID] { return RowError(line: line, messages: [violation.description]) }
        let account = stored.first { $0.id == violation.transactionID }?.account
        let blamed = imported.last { $0.account == account && $0.date <= violation.date && $0.cashChange < .zero } ?? imported.first
        return Self.savedOneFails(violation.type, violation.transactionID, violation.description, line: blamed.flatMap { lineByID[$0.id] })
    }
}
