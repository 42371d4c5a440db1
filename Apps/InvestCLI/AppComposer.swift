import Foundation
import Transactions
import LocalFileStore

/// The composition root of the full client: the one place that knows which adapters serve which
/// use cases. Built per command run so nothing is opened that the command does not use.
struct AppComposer {
    let context: InvestContext
    let homeOverride: String?

    var console: Console { context.console }

    /// --home, else $INVEST_HOME, else $XDG_DATA_HOME/investments, else ~/.local/share/investments.
    func dataDirectory() throws -> URL {
        let environment = context.environment
        if let home = homeOverride ?? environment["INVEST_HOME"].flatMap({ $0.isEmpty ? nil : $0 }) {
            return URL(fileURLWithPath: home)
        }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("investments")
        }
        guard let userHome = environment["HOME"], !userHome.isEmpty else {
            throw CLIError.usage("cannot tell where to keep data: set INVEST_HOME or HOME, or pass --home DIR.")
        }
        return URL(fileURLWithPath: userHome).appendingPathComponent(".local/share/investments")
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
