import Foundation
import Transactions
import LocalFileStore
import AppSupport

/// The composition root of the full client: the one place that knows which adapters serve which
/// use cases. Built per command run so nothing is opened that the command does not use.
struct AppComposer {
    let context: InvestContext
    let homeOverride: String?

    var console: Console { context.console }

    func dataDirectory() throws -> URL {
        try DataDirectory.resolve(override: homeOverride, environment: context.environment)
    }

    func remoteServices() throws -> RemoteServices {
        RemoteServices(environment: context.environment, dataDirectory: try dataDirectory(), now: context.now)
    }

    func transactionsStore() throws -> FileTransactionsStore {
        FileTransactionsStore(directory: try dataDirectory())
    }

    func retrieveTransactions() throws -> TransactionsRetrieving {
        RetrieveTransactionsUseCase(store: try transactionsStore())
    }

    func saveTransaction() throws -> TransactionSaving {
        SaveTransactionUseCase(store: try transactionsStore(), today: { [context] in context.today }, now: context.now, makeID: context.makeID)
    }

    func deleteTransaction() throws -> TransactionDeleting {
        DeleteTransactionUseCase(store: try transactionsStore(), now: context.now)
    }

    func importTransactions() throws -> TransactionsImporting {
        ImportTransactionsUseCase(store: try transactionsStore(), today: { [context] in context.today }, now: context.now, makeID: context.makeID)
    }
}
