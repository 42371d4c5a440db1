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
    /// What keeps a row out: what it says, or the rule it would break.
    public enum Cause: Equatable, Sendable {
        /// It can't be read as a transaction.
        case unreadable
        /// It sells (or transfers out) shares not held, or makes a saved sell do so.
        case holdings
        /// It overdraws tracked cash, or makes a saved movement do so.
        case cash
    }

    public let line: Int
    public let messages: [String]
    public var cause: Cause = .unreadable

    public init(line: Int, messages: [String], cause: Cause = .unreadable) {
        self.line = line
        self.messages = messages
        self.cause = cause
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
    /// When skipping: the rows left out because they can't be read as a transaction or would
    /// break a rule, each with why, in line order.
    public var skipped: [RowError] = []
    /// With openings: what was held before the file's first row, as its own rows show (shares
    /// it sells that it never bought, cash it spends that it never received), saved with the
    /// rows, or in a dry run to be saved.
    public var openings: [Transaction] = []
    /// The opening positions in a pot of cash the rules track: a cost set later is paid from it,
    /// so that cash must be put in first.
    public var openingsPaidFromTrackedCash: Set<String> = []
}

/// What an import does with a row it can't take.
public enum ImportMode: Sendable, Equatable {
    /// Nothing is saved unless every row is.
    case allOrNothing
    /// The rows that can't be read or would break a rule are left out and named.
    case skipping
    /// As `skipping`, but a history that begins before the file (a sell of shares it never
    /// bought, cash spent that it never received) gets what it must have held at its start:
    /// openings, dated the day before its first row.
    case withOpenings
}

public protocol TransactionsImporting {
    /// Every row is checked and every problem reported in one pass. All or nothing unless
    /// `mode` skips: then the rows that can't be read, and those that would break a rule (a sell
    /// of shares not held, a movement that overdraws tracked cash), are left out and named in
    /// `ImportOutcome.skipped`, and the rest are saved, a history that keeps every rule. A row
    /// equal to a saved transaction is skipped unless `allowDuplicates`; a row with a saved
    /// transaction's id replaces it instead. Nothing is saved in a `dryRun`. `rows` is emptied
    /// once checked, so a million rows are not held while the transactions are written.
    func importRows(_ rows: inout [ImportRow], dryRun: Bool, allowDuplicates: Bool, mode: ImportMode) throws(ImportTransactionsError) -> ImportOutcome
}

extension TransactionsImporting {
    public func importRows(_ rows: inout [ImportRow], dryRun: Bool, allowDuplicates: Bool) throws(ImportTransactionsError) -> ImportOutcome {
        try importRows(&rows, dryRun: dryRun, allowDuplicates: allowDuplicates, mode: .allOrNothing)
    }

    public func importRows(_ rows: [ImportRow], dryRun: Bool, allowDuplicates: Bool = false, skipping: Bool = false) throws(ImportTransactionsError) -> ImportOutcome {
        try importRows(rows, dryRun: dryRun, allowDuplicates: allowDuplicates, mode: skipping ? .skipping : .allOrNothing)
    }

    public func importRows(_ rows: [ImportRow], dryRun: Bool, allowDuplicates: Bool = false, mode: ImportMode) throws(ImportTransactionsError) -> ImportOutcome {
        var rows = rows
        return try importRows(&rows, dryRun: dryRun, allowDuplicates: allowDuplicates, mode: mode)
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

    public func importRows(_ rows: inout [ImportRow], dryRun: Bool, allowDuplicates: Bool, mode: ImportMode) throws(ImportTransactionsError) -> ImportOutcome {
        let skipping = mode != .allOrNothing
        let (valid, lineByID, fieldErrors) = validate(rows)
        // A row with an id may replace a saved transaction, which only the history holds.
        let allNew = !rows.contains { $0.id != nil }
        rows = []
        let skippedFields = skipping ? fieldErrors : []
        return try store.withExclusiveAccess({ () throws(ImportTransactionsError) in
            if fieldErrors.isEmpty || skipping, allNew, let (imported, duplicates) = try checkedAgainstProjections(valid, allowDuplicates: allowDuplicates) {
                return try saved(imported, duplicates: duplicates, skipped: skippedFields, lineByID: lineByID, dryRun: dryRun)
            }
            let stored = try storing(ImportTransactionsError.storage) { () throws(TransactionsStoreError) in try store.retrieveAll() }
            let duplicates = allowDuplicates ? [] : Self.duplicates(of: valid, in: stored)
            var imported = duplicates.isEmpty ? valid : valid.filter { !duplicates.contains($0.id) }
            let (openings, paidFromTrackedCash) = mode == .withOpenings ? self.openings(for: imported, over: stored, lineByID: lineByID) : ([], [])
            // Every row that would break a rule is found in one pass, as if left out, so all or
            // nothing names them all too, never a round at a time.
            let ruleErrors = keepingTheRules(&imported, over: openings.isEmpty ? stored : stored + openings, lineByID: lineByID)
            guard skipping || (fieldErrors.isEmpty && ruleErrors.isEmpty) else {
                throw .invalidRows((fieldErrors + ruleErrors).sorted { $0.line < $1.line })
            }
            // Openings for rows that were left out all the same are not needed.
            let needed = imported.isEmpty ? [] : openings
            return try saved(imported, openings: needed, paidFromTrackedCash: paidFromTrackedCash, duplicates: duplicates, skipped: skippedFields + ruleErrors, lineByID: lineByID, dryRun: dryRun)
        }, lockFailure: ImportTransactionsError.storage)
    }

    private func saved(_ imported: [Transaction], openings: [Transaction] = [], paidFromTrackedCash: Set<String> = [], duplicates: Set<String>, skipped: [RowError], lineByID: [String: Int],
                       dryRun: Bool) throws(ImportTransactionsError) -> ImportOutcome {
        if !dryRun, !imported.isEmpty {
            try storing(ImportTransactionsError.storage) { () throws(TransactionsStoreError) in try store.upsert(contentsOf: openings + imported) }
        }
        var outcome = ImportOutcome(imported: imported, duplicateLines: duplicates.compactMap { lineByID[$0] }.sorted(), skipped: skipped.sorted { $0.line < $1.line })
        outcome.openings = openings
        outcome.openingsPaidFromTrackedCash = paidFromTrackedCash
        return outcome
    }

    /// What a history that begins before the file must have held at its start, as the file's own
    /// rows show it, dated the day before its first row. Only for what the file begins (no saved
    /// record of that holding or pot is dated before it): for each account and ticker whose
    /// shares the rows sell (or transfer out) before buying them, an opening position of the
    /// shares missing, at a cost of nothing until the user sets it (the file doesn't say); then,
    /// for each pot of cash the rules track that the rows overdraw, opening cash of the lowest
    /// balance they reach below zero. Splits between the opening and the sale are undone, so
    /// the shares are as many as were held that day. With the ids of the opening positions whose
    /// pot of cash is tracked, from which a cost set later is paid.
    private func openings(for imported: [Transaction], over stored: [Transaction],
                          lineByID: [String: Int]) -> (openings: [Transaction], paidFromTrackedCash: Set<String>) {
        guard let first = imported.lazy.map(\.date).min() else { return ([], []) }
        let day = first.adding(days: -1), stamp = now()
        var openings: [Transaction] = []
        for (holding, history) in Self.holdingHistories(afterImporting: imported, over: stored, lineByID: lineByID) {
            let scope = AccountScope.only(holding.account)
            // One pass: a share held on the opening day is `factor` shares after the splits since,
            // so the shares missing are the most any of the file's sales takes below zero, over that factor.
            var held = FixedDecimal.zero, factor = FixedDecimal(1), missing = FixedDecimal.zero
            let seen = history.filter { $0.isSeen(in: scope) }
            // A holding with saved records before the file has its history already: the file doesn't begin it.
            guard !seen.contains(where: { $0.date <= day && lineByID[$0.id] == nil }) else { continue }
            for index in ReplayOrder.indices(of: seen) {
                let transaction = seen[index]
                held = transaction.held(after: held, in: scope)
                if transaction.type == .split, transaction.date > day, let ratio = transaction.ratio {
                    factor = factor.scaled(by: FixedDecimal(ratio.after), over: FixedDecimal(ratio.before)) ?? factor
                }
                if held < .zero, transaction.type == .sell || transaction.type == .transfer, lineByID[transaction.id] != nil {
                    let short = (FixedDecimal.zero - held).scaled(by: FixedDecimal(1), over: factor) ?? .zero
                    if short > missing { missing = short }
                }
            }
            guard missing > .zero else { continue }
            let currency = history.first { $0.type.isTrade && lineByID[$0.id] != nil }?.currency
            let id = makeID()
            func opening(_ quantity: FixedDecimal) -> Transaction {
                Transaction(id: id, date: day, type: .buy, ticker: holding.ticker, quantity: quantity, sum: .zero,
                            note: "opening position: held before the file begins; its cost is unknown (set it: invest edit \(id) --sum COST)",
                            account: holding.account, currency: currency, costUnknown: true, updatedAt: stamp)
            }
            // Splits round to 8 places: what that leaves short is added, a round or two.
            for _ in 0..<8 {
                guard let violation = HoldingsPolicy.firstViolation(in: history + [opening(missing)], scope: scope), violation.kind == .oversell,
                      lineByID[violation.transactionID] != nil else { break }
                missing += FixedDecimal(units: 1)
            }
            openings.append(opening(missing))
        }
        // As for holdings: a pot with saved movements before the file began before it.
        let begunBefore = Set(CashPolicy.ordered(stored.filter { $0.date <= day && lineByID[$0.id] == nil }).map(\.pot))
        let touched = Set(CashPolicy.ordered(imported).map(\.pot)).subtracting(begunBefore)
        let history = stored.filter { lineByID[$0.id] == nil } + imported + openings
        let allTracked = CashPolicy.trackedPots(in: history), tracked = allTracked.intersection(touched)
        let paidFromTrackedCash = Set(openings.filter { allTracked.contains(CashPot(account: $0.account, currency: $0.currency)) }.map(\.id))
        var balances: [CashPot: FixedDecimal] = [:], lowest: [CashPot: FixedDecimal] = [:]
        for movement in CashPolicy.ordered(history) where tracked.contains(movement.pot) {
            let balance = (balances[movement.pot] ?? .zero) + movement.amount
            balances[movement.pot] = balance
            if movement.transaction.date > day, balance < (lowest[movement.pot] ?? .zero) { lowest[movement.pot] = balance }
        }
        for (pot, balance) in lowest.sorted(by: { ($0.key.account ?? "", $0.key.currency ?? "") < ($1.key.account ?? "", $1.key.currency ?? "") }) {
            openings.append(Transaction(id: makeID(), date: day, type: .deposit, ticker: "", quantity: .zero, sum: -balance,
                                        note: "opening cash: held before the file begins", account: pot.account, currency: pot.currency, updatedAt: stamp))
        }
        return (openings, paidFromTrackedCash)
    }

    /// Leaves out of `imported` the rows that would break the holdings or the cash rule, and
    /// says why for each: a sell (or transfer out) of more than is held, a movement that
    /// overdraws tracked cash, or a row that makes a saved one do either. Rounds of the
    /// holdings rule then the cash rule, until neither finds a row to leave out: a buy left
    /// out for cash may leave a later sell without its shares. What no imported row can be
    /// blamed for (a saved history that broke a rule already) is left as it is.
    private func keepingTheRules(_ imported: inout [Transaction], over stored: [Transaction], lineByID: [String: Int]) -> [RowError] {
        var skipped: [RowError] = []
        var idByLine: [Int: String] = [:]
        for transaction in imported { if let line = lineByID[transaction.id] { idByLine[line] = transaction.id } }
        func leaveOut(_ errors: [RowError]) -> Bool {
            let ids = Set(errors.compactMap { idByLine[$0.line] })
            guard !ids.isEmpty else { return false }
            imported.removeAll { ids.contains($0.id) }
            // A split is in the history of each account holding its ticker: named once.
            var named: Set<Int> = []
            skipped += errors.filter { idByLine[$0.line] != nil && named.insert($0.line).inserted }
            for id in ids { idByLine[lineByID[id]!] = nil }
            return true
        }
        while true {
            var changed = false
            while leaveOut(holdingsErrors(afterImporting: imported, over: stored, lineByID: lineByID, skipping: true)) { changed = true }
            while leaveOut(cashErrors(afterImporting: imported, over: stored, lineByID: lineByID)) { changed = true }
            if !changed { return skipped }
        }
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

    /// What makes two rows the same trade: the money it settled for, so a trade imported with its
    /// commission in its sum equals the same trade read with the commission as its fee.
    private struct Trade: Hashable {
        let date: CalendarDay, type: TransactionType, ticker: String, quantity: FixedDecimal, settled: FixedDecimal, ratio: SplitRatio?

        init(_ transaction: Transaction) {
            (date, type, ticker, quantity, settled, ratio) = (transaction.date, transaction.type, transaction.ticker, transaction.quantity,
                                                              transaction.settled, transaction.ratio)
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
    /// - Parameter skipping: each holding's history is checked again without the row to blame,
    ///   until it keeps the rule or no imported row is to blame: every row to leave out of it.
    private func holdingsErrors(afterImporting imported: [Transaction], over stored: [Transaction], lineByID: [String: Int],
                                skipping: Bool = false) -> [RowError] {
        Self.holdingHistories(afterImporting: imported, over: stored, lineByID: lineByID).flatMap { holding, history in
            var history = history
            var errors: [RowError] = []
            while let violation = HoldingsPolicy.firstViolation(in: history, scope: .only(holding.account)) {
                let blamed: Transaction?
                if lineByID[violation.transactionID] != nil {
                    blamed = history.first { $0.id == violation.transactionID }
                    errors.append(RowError(line: lineByID[violation.transactionID]!, messages: [violation.description], cause: .holdings))
                } else {
                    // A saved sell fails: the import's last row before it that takes these shares is to blame.
                    let rows = history.filter { lineByID[$0.id] != nil }
                    blamed = rows.last { $0.date <= violation.date && $0.held(after: .zero, in: .only(holding.account)) < .zero } ?? (skipping ? nil : rows.first)
                    // Skipping, a saved history that broke the rule already is left as it is.
                    if skipping, blamed == nil { break }
                    errors.append(Self.savedOneFails(violation.isTransfer ? .transfer : .sell, violation.transactionID, violation.description,
                                                     line: blamed.flatMap { lineByID[$0.id] }, cause: .holdings))
                }
                guard skipping, let blamed else { break }
                history.removeAll { $0.id == blamed.id }
            }
            return errors
        }
    }

    /// Per account and ticker: each account holds its own shares.
    private struct Holding: Hashable {
        let account: String?
        let ticker: String
    }

    /// The history of each holding an imported row touches, saved records first, in account and
    /// ticker order.
    private static func holdingHistories(afterImporting imported: [Transaction], over stored: [Transaction],
                                         lineByID: [String: Int]) -> some Sequence<(Holding, [Transaction])> {
        let touchedTickers = Set(imported.map(\.ticker)).subtracting([""])
        let kept = stored.filter { lineByID[$0.id] == nil && touchedTickers.contains($0.ticker) }
        // Positions, not copies: one ticker's history is built at a time, so checking a million
        // rows doesn't hold a second copy of them all.
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
        return positions.keys.sorted { ($0.account ?? "", $0.ticker) < ($1.account ?? "", $1.ticker) }.lazy.map { holding in
            let own = positions[holding]!, split = splits[holding.ticker] ?? []
            return (holding, (split.isEmpty ? own : Array(Set(own + split)).sorted()).map { $0 < kept.count ? kept[$0] : imported[$0 - kept.count] })
        }
    }

    /// The message for a saved record that an imported row makes break a rule: at the row's line,
    /// naming the saved record.
    private static func savedOneFails(_ type: TransactionType, _ id: String, _ violation: String, line: Int?, cause: RowError.Cause) -> RowError {
        RowError(line: line ?? 1, messages: ["with this row, the saved \(type.rawValue) \(id) fails: \(violation)"], cause: cause)
    }

    /// Every imported row the cash rule would stop at, in one pass over the movements: each one
    /// that would overdraw its tracked pot is left out of the balances there and then, so the
    /// next is found against the cash there would be without it. A saved movement overdrawn
    /// blames the import's last movement out of that pot before it.
    private func cashErrors(afterImporting imported: [Transaction], over stored: [Transaction], lineByID: [String: Int]) -> [RowError] {
        let kept = stored.filter { lineByID[$0.id] == nil }
        let history = kept + imported
        let tracked = CashPolicy.trackedPots(in: history)
        guard !tracked.isEmpty else { return [] }
        var balances: [CashPot: FixedDecimal] = [:]
        var left: Set<String> = []
        var errors: [RowError] = []
        // The import's movements out of each pot so far, to blame when a saved one is overdrawn.
        var takenOut: [CashPot: [CashMovement]] = [:]
        for movement in CashPolicy.ordered(history) where tracked.contains(movement.pot) {
            let transaction = movement.transaction
            guard !left.contains(transaction.id) else { continue }
            let before = balances[movement.pot] ?? .zero
            let after = before + movement.amount
            guard after < .zero else {
                balances[movement.pot] = after
                if movement.amount < .zero, lineByID[transaction.id] != nil { takenOut[movement.pot, default: []].append(movement) }
                continue
            }
            let violation = CashPolicy.Violation(overdrawing: movement, available: before)
            if let line = lineByID[transaction.id] {
                left.insert(transaction.id)
                errors.append(RowError(line: line, messages: [violation.description], cause: .cash))
                continue
            }
            // A saved movement: the import's latest movement out of the pot is left out instead.
            guard let blamed = takenOut[movement.pot]?.popLast(), let line = lineByID[blamed.transaction.id] else {
                balances[movement.pot] = after
                continue
            }
            left.insert(blamed.transaction.id)
            errors.append(Self.savedOneFails(transaction.type, transaction.id, violation.description, line: line, cause: .cash))
            // One row at a time: the next round counts the cash again without it.
            return errors
        }
        return errors
    }
}
