import TerminalKit
import ClientComposition
import Transactions
import Ledger

extension FeatureRegistration {
    static let transactions = FeatureRegistration(title: "Transactions", kinds: TransactionsLedgerCodec.kinds,
                                                  validator: { app in TransactionsEntryValidator(today: { app.context.today }, changes: try? app.transactionsTally()) }) { app in
        [AddCommand(save: app.addTransaction),
         ListCommand(list: app.listTransactions, rows: app.transactionRows(matching:), accounts: app.accountsView),
         EditCommand(retrieve: app.retrieveTransactions, save: app.saveTransaction),
         DeleteCommand(retrieve: app.retrieveTransactions, delete: app.deleteTransaction, removeUnreadable: app.removeUnreadableRecord),
         ImportCommand(ledger: app.undoableLedger, importTransactions: app.importTransactions(into:), accounts: app.accountsView,
                       readStandardInput: app.context.readStandardInput),
         ExportCommand(ledger: app.readableLedger, snapshot: app.logSnapshot, accounts: app.accountsView, journal: app.exportJournal(prefix:method:),
                       configuredCostBasis: app.configuredCostBasis),
         UndoCommand(undo: app.undoLastChange)]
    }
}
