import Foundation
import Ledger

public protocol TransactionSaving {
    /// Adds a transaction, or replaces the one with `id`.
    func save(_ draft: TransactionDraft, replacing id: String?) throws(SaveTransactionError) -> Transaction
}

public enum SaveTransactionError: Error, Equatable {
    case invalid(ValidationError)
    case wouldOversell(HoldingsPolicy.Violation)
    case wouldOverdraw(CashPolicy.Violation)
    case notFound(id: String)
    case saving(TransactionsStoreError)
}

public final class SaveTransactionUseCase: TransactionSaving {
    private let store: TransactionsStore
    private let today: () -> CalendarDay
    private let now: () -> Date
    private let makeID: () -> String
    private let tally: TransactionsTallying?
    private let changes: TransactionChangeTallying?

    /// - Parameters:
    ///   - today: the user's current date; later trade dates are rejected as future.
    ///   - now: stamps `updatedAt`.
    ///   - tally: what the rules need of the history, kept up to date without reading it: a new
    ///     transaction it can judge is checked in the same time at any history length.
    ///   - changes: the tally after an edit of one of the recent transactions a checkpoint can
    ///     take back out, or after a new one the tally can't fold (dated a few days back): that
    ///     change is checked without the history too. Any other change reads its tickers'
    ///     transactions at most, and the whole history only when it moves cash in an account
    ///     whose cash is tracked and their days of cash can't clear it (or they can't tell).
    public init(store: TransactionsStore, today: @escaping () -> CalendarDay, now: @escaping () -> Date, makeID: @escaping () -> String,
                tally: TransactionsTallying? = nil, changes: TransactionChangeTallying? = nil) {
        self.store = store
        self.tally = tally
        self.changes = changes
        self.today = today
        self.now = now
        self.makeID = makeID
    }

    public func save(_ draft: TransactionDraft, replacing id: String? = nil) throws(SaveTransactionError) -> Transaction {
        let fields: ValidTransactionFields
        switch TransactionValidator.validate(draft, latestDate: today()) {
        case let .success(valid): fields = valid
        case let .failure(error): throw .invalid(error)
        }
        return try store.withExclusiveAccess({ () throws(SaveTransactionError) in try saveChecked(fields, replacing: id) },
                                             lockFailure: SaveTransactionError.saving)
    }

    private func saveChecked(_ fields: ValidTransactionFields, replacing id: String?) throws(SaveTransactionError) -> Transaction {
        let transaction = Transaction(id: id ?? makeID(), fields: fields, updatedAt: now())
        // An add is judged by the tally as it stands, and so is the cash of a change it can't judge.
        let current = id == nil ? try tally.map { tally throws(SaveTransactionError) in
            try storing(SaveTransactionError.saving) { () throws(TransactionsStoreError) in try tally.tally() }
        } : nil
        switch try verdict(onSaving: transaction, replacing: id, current: current) {
        case .accepted: break
        case let .refused(error): throw error
        case .needsReplay:
            let earlier = try id.map { id throws(SaveTransactionError) in
                guard let found = try storing(SaveTransactionError.saving, { () throws(TransactionsStoreError) in try store.retrieve(id: id) }) else {
                    throw .notFound(id: id)
                }
                return found
            }
            let before = current == nil ? try storing(SaveTransactionError.saving, { () throws(TransactionsStoreError) in try changes?.tallyWithoutReplay() }) : current
            let check = HistoryRulesCheck(store: store, tally: before)
            switch try storing(SaveTransactionError.saving, { () throws(TransactionsStoreError) in try check.firstBreak(replacing: earlier, with: transaction) }) {
            case let .oversell(violation)?: throw .wouldOversell(violation)
            case let .overdraw(violation)?: throw .wouldOverdraw(violation)
            case nil: break
            }
        }
        try storing(SaveTransactionError.saving) { () throws(TransactionsStoreError) in try store.upsert(transaction) }
        return transaction
    }

    /// The tally's verdict on a new transaction, or the changed tally's on an edit or on a new
    /// transaction the tally can't fold (a back-dated one); a run without them, or a change they
    /// can't judge, is checked against the history its rules need (`HistoryRulesCheck`).
    private func verdict(onSaving transaction: Transaction, replacing id: String?, current: TransactionsTally?) throws(SaveTransactionError) -> TransactionsTally.Verdict {
        if let current {
            let verdict = current.verdict(onAdding: transaction)
            guard verdict == .needsReplay else { return verdict }
        }
        guard let changes,
              let after = try storing(SaveTransactionError.saving, { () throws(TransactionsStoreError) in try changes.tally(replacing: transaction.id, with: transaction) })
        else { return .needsReplay }
        if let id, after.earlier == nil { throw .notFound(id: id) }
        return after.tally.verdict(afterReplacing: after.earlier, with: transaction)
    }
}
