import Foundation
import Ledger
import Transactions
import TerminalKit
import ClientComposition

/// The use cases the transaction commands run.
extension AppComposer {
    func retrieveTransactions() throws -> TransactionsRetrieving {
        try warnIfTheDataDirectoryIsMissing()
        return RetrieveTransactionsUseCase(store: try transactionsStore())
    }

    /// For a new transaction: its id is made here, so it has no earlier version to look up.
    func addTransaction() throws -> TransactionSaving {
        SaveTransactionUseCase(store: LedgerTransactionsStore(ledger: try undoableLedger(.noneForNewRecords)), today: { [context] in context.today },
                               now: context.now, makeID: context.makeID)
    }

    func saveTransaction() throws -> TransactionSaving {
        SaveTransactionUseCase(store: LedgerTransactionsStore(ledger: try undoableLedger(.lookedUp)), today: { [context] in context.today },
                               now: context.now, makeID: context.makeID)
    }

    func deleteTransaction() throws -> TransactionDeleting {
        DeleteTransactionUseCase(store: LedgerTransactionsStore(ledger: try undoableLedger(.lookedUp)), now: context.now)
    }

    /// `invest delete`'s way out for a record of any kind its feature can't read.
    func removeUnreadableRecord() throws -> RemoveUnreadableRecordUseCase {
        RemoveUnreadableRecordUseCase(ledger: try undoableLedger(.lookedUp), validator: validator(), now: context.now)
    }

    /// Imports into `ledger`, so a caller that writes other entries too can hold one lock for both.
    func importTransactions(into ledger: LedgerStore) -> TransactionsImporting {
        ImportTransactionsUseCase(store: LedgerTransactionsStore(ledger: ledger), today: { [context] in context.today }, now: context.now,
                                  makeID: context.makeID)
    }
}
