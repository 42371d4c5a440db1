import Foundation
import Ledger
import Transactions
import CurrentPrices
import Portfolio
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
        RemoteServices(environment: context.environment, dataDirectory: try dataDirectory(), now: context.now,
                       onSlowRequest: context.waitingNotice(program: "invest"))
    }

    /// The local ledger every feature keeps its records on.
    func ledger() throws -> FileLedgerStore {
        FileLedgerStore(directory: try dataDirectory())
    }

    func transactionsStore() throws -> TransactionsStore {
        LedgerTransactionsStore(ledger: try ledger())
    }

    func displayPortfolio(prices: PricesLoading) throws -> PortfolioDisplaying {
        DisplayPortfolioUseCase(transactions: try retrieveTransactions(), prices: prices)
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

    /// Imports into `ledger`, so a caller that writes other entries too can hold one lock for both.
    func importTransactions(into ledger: LedgerStore) -> TransactionsImporting {
        ImportTransactionsUseCase(store: LedgerTransactionsStore(ledger: ledger), today: { [context] in context.today }, now: context.now,
                                  makeID: context.makeID)
    }
}
