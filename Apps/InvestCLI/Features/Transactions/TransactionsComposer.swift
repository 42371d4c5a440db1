import Foundation
import Ledger
import Projections
import Transactions
import TerminalKit
import ClientComposition

/// The use cases the transaction commands run.
struct TransactionsComposer {
    let app: AppComposer

    /// Every account's, or under `--account` one account's (and the transfers into it).
    func retrieveTransactions() throws -> TransactionsRetrieving {
        let store = try allTransactionsStore()
        guard let account = try app.investmentAccounts.selectedAccount() else { return RetrieveTransactionsUseCase(store: store) }
        return RetrieveTransactionsUseCase(store: AccountScopedTransactionsStore(decoratee: store, account: account.id))
    }

    /// `list`: a short one from the newest transactions' checkpoint, a longer one of the last days
    /// read back from the end of the log with it.
    func listTransactions() throws -> NewestTransactionsListing {
        let kept = CheckpointedNewestTransactions(log: try app.localLog(), base: try app.currencies.baseCurrency().code, companions: try app.transactionsProjections())
        return ListNewestTransactionsUseCase(transactions: try retrieveTransactions(), kept: kept, recent: kept, scope: try accountScope())
    }

    /// Every transaction `filter` matches in the accounts `--account` scopes (its own, the
    /// transfers into it, and splits, as a list sees them), streamed from the log.
    func transactionRows(matching filter: TransactionFilter) throws -> TransactionRows {
        let scope = try accountScope()
        let base = try app.currencies.baseCurrency().code
        return TransactionRows(snapshot: try app.logSnapshot(), accounts: try app.investmentAccounts.accountsView(), reading: { $0.inBase(base) }, entries: TransactionEntryFilter(filter)) {
            $0.isSeen(in: scope) && filter.matches($0)
        }
    }

    /// Every account's, for what works out positions: shares transferred into the account
    /// `--account` names bring their cost from the one they left. Counted in `accountScope()`.
    func retrieveEveryAccountsTransactions() throws -> TransactionsRetrieving {
        RetrieveTransactionsUseCase(store: try allTransactionsStore())
    }

    /// The accounts a figure counts: `--account`'s, else all.
    func accountScope() throws -> AccountScope {
        try app.investmentAccounts.selectedAccount().map { .only($0.id) } ?? .all
    }

    private func allTransactionsStore() throws -> TransactionsStore {
        try app.warnIfTheDataDirectoryIsMissing()
        return try app.transactionsStore()
    }

    /// For a new transaction: its id is made here, so it has no earlier version to look up.
    func addTransaction() throws -> TransactionSaving {
        let tally = try app.transactionsTally()
        return try intoSelectedAccount(SaveTransactionUseCase(store: try app.transactionsStore(on: try app.undoableLedger(.noneForNewRecords)),
                                                              today: { [context = app.context] in context.today }, now: app.context.now, makeID: app.context.makeID,
                                                              tally: tally, changes: tally))
    }

    func saveTransaction() throws -> TransactionSaving {
        try intoSelectedAccount(SaveTransactionUseCase(store: try app.transactionsStore(on: try app.undoableLedger(.lookedUp)),
                                                       today: { [context = app.context] in context.today }, now: app.context.now, makeID: app.context.makeID,
                                                       changes: try app.transactionsTally()))
    }

    /// Under `--account`, what is saved goes into that account, which must be open; without a
    /// currency, it is in its security's, and the base currency is named by none.
    private func intoSelectedAccount(_ saving: TransactionSaving) throws -> TransactionSaving {
        let saving = CurrencyResolvingTransactionSaving(decoratee: saving, base: try app.currencies.baseCurrency().code, currencyOf: try app.currencies.securityCurrencies())
        guard let account = try app.investmentAccounts.selectedOpenAccount() else { return saving }
        return AccountAssigningTransactionSaving(decoratee: saving, account: account.id)
    }

    /// Written beside the import, not as part of it: `invest undo` takes back the import, and
    /// what was skipped stays known.
    func triageSkippedRows() throws -> SkippedRowsTriaging {
        TriageSkippedRowsUseCase(store: LedgerSkippedRowsStore(ledger: try app.ledger()), now: app.context.now)
    }

    func deleteTransaction() throws -> TransactionDeleting {
        DeleteTransactionUseCase(store: try app.transactionsStore(on: try app.undoableLedger(.lookedUp)), now: app.context.now, changes: try app.transactionsTally())
    }

    /// `invest delete`'s way out for a record of any kind its feature can't read.
    func removeUnreadableRecord() throws -> RemoveUnreadableRecordUseCase {
        RemoveUnreadableRecordUseCase(ledger: try app.undoableLedger(.lookedUp), validator: app.validator(), refused: try app.accounts.refusedRecordsReader(),
                                      now: app.context.now)
    }

    /// Imports into `ledger`, so a caller that writes other entries too can hold one lock for both.
    /// Under `--account`, the rows that name no account go into that one.
    func importTransactions(into ledger: LedgerStore) throws -> TransactionsImporting {
        let tally = try app.transactionsTally()
        let importer = CurrencyResolvingImporter(
            decoratee: ImportTransactionsUseCase(store: try app.transactionsStore(on: ledger), today: { [context = app.context] in context.today }, now: app.context.now,
                                                 makeID: app.context.makeID, tally: tally,
                                                 newest: CheckpointedNewestTransactions(log: try app.localLog(), base: try app.currencies.baseCurrency().code,
                                                                                                       companions: try app.transactionsProjections()),
                                                 changes: tally),
            base: try app.currencies.baseCurrency().code, currencyOf: try app.currencies.securityCurrencies())
        guard let account = try app.investmentAccounts.selectedOpenAccount() else { return importer }
        return AccountAssigningImporter(decoratee: importer, account: account.id)
    }
}
