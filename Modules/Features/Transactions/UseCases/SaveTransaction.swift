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
    ///     change is checked without the history too.
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
        switch try verdict(onSaving: transaction, replacing: id) {
        case .accepted: break
        case let .refused(error): throw error
        case .needsReplay:
            // An edit reads the history once: to find the earlier version, then to check the rules.
            let history = try id.map { _ throws(SaveTransactionError) in try retrieveAll() }
            let previous = try id.map { id throws(SaveTransactionError) in
                guard let found = history?.first(where: { $0.id == id }) else { throw .notFound(id: id) }
                return found
            }
            try checkRulesByReplaying(transaction, replacing: previous, history: history)
        }
        try storing(SaveTransactionError.saving) { () throws(TransactionsStoreError) in try store.upsert(transaction) }
        return transaction
    }

    /// The tally's verdict on a new transaction, or the changed tally's on an edit or on a new
    /// transaction the tally can't fold (a back-dated one); a run without them, or a change they
    /// can't judge, replays.
    private func verdict(onSaving transaction: Transaction, replacing id: String?) throws(SaveTransactionError) -> TransactionsTally.Verdict {
        if id == nil, let tally {
            let verdict = try storing(SaveTransactionError.saving) { () throws(TransactionsStoreError) in try tally.tally() }.verdict(onAdding: transaction)
            guard verdict == .needsReplay else { return verdict }
        }
        guard let changes,
              let after = try storing(SaveTransactionError.saving, { () throws(TransactionsStoreError) in try changes.tally(replacing: transaction.id, with: transaction) })
        else { return .needsReplay }
        if let id, after.earlier == nil { throw .notFound(id: id) }
        return after.tally.verdict(afterReplacing: after.earlier, with: transaction)
    }

    /// - Parameter history: every transaction, when already read; else each rule reads what it needs.
    private func checkRulesByReplaying(_ transaction: Transaction, replacing previous: Transaction?, history read: [Transaction]?) throws(SaveTransactionError) {
        // An edit that moves a transaction to another account is checked in both.
        let stake = RulesAtStake(replacing: previous, with: transaction)
        // What both rules need is read once.
        var everything = read
        if everything == nil, stake.cash { everything = try retrieveAll() }
        // A new buy, deposit, dividend or interest payment can't take a holding below zero, so
        // adding one needs no ticker history.
        for ticker in stake.tickers {
            var history: [Transaction]
            if let everything {
                history = everything.filter { $0.ticker == ticker }
            } else {
                history = try storing(SaveTransactionError.saving) { () throws(TransactionsStoreError) in try store.retrieve(ticker: ticker) }
            }
            history.removeAll { $0.id == transaction.id }
            if transaction.ticker == ticker { history.append(transaction) }
            for account in stake.accounts {
                if let violation = HoldingsPolicy.firstViolation(in: history, scope: .only(account)) {
                    throw SaveTransactionError.wouldOversell(violation)
                }
            }
        }
        if stake.cash, let everything,
           let violation = CashPolicy.firstViolation(in: everything, replacing: { $0.id == transaction.id }, with: [transaction], accounts: Set(stake.accounts)) {
            throw SaveTransactionError.wouldOverdraw(violation)
        }
    }

    private func retrieveAll() throws(SaveTransactionError) -> [Transaction] {
        try storing(SaveTransactionError.saving) { () throws(TransactionsStoreError) in try store.retrieveAll() }
    }
}
