import TerminalKit
import ClientComposition
import Transactions
import InvestmentAccounts
import Ledger

extension FeatureRegistration {
    static let transactions = FeatureRegistration(title: "Transactions", kinds: TransactionsLedgerCodec.kinds + SkippedRowsLedgerCodec.kinds,
                                                  validator: { app in
                                                      CompositeLedgerValidator([
                                                          TransactionsEntryValidator(today: { app.context.today }, changes: try? app.transactionsTally(),
                                                                                     accountIDs: AccountsLedgerCodec.ids(among:)),
                                                          DecodingEntryValidator(DecodingEntryValidator.decoders(SkippedRowsLedgerCodec.self))])
                                                  }) { app in
        [AddCommand(save: app.transactions.addTransaction, accounts: app.investmentAccounts.accountsView),
         ListCommand(list: app.transactions.listTransactions, rows: app.transactions.transactionRows(matching:), accounts: app.investmentAccounts.accountsView),
         EditCommand(retrieve: app.transactions.retrieveTransactions, save: app.transactions.saveTransaction, accounts: app.investmentAccounts.accountsView),
         DeleteCommand(retrieve: app.transactions.retrieveTransactions, delete: app.transactions.deleteTransaction, accounts: app.investmentAccounts.accountsView,
                       removeUnreadable: app.transactions.removeUnreadableRecord),
         ImportCommand(ledger: app.undoableLedger, importTransactions: app.transactions.importTransactions(into:), skippedRows: app.transactions.triageSkippedRows,
                       accounts: app.investmentAccounts.accountsView,
                       readStandardInput: app.context.readStandardInput),
         ExportCommand(ledger: app.readableLedger, snapshot: app.logSnapshot, accounts: app.investmentAccounts.accountsView, journal: app.bookkeeping.exportJournal(prefix:method:),
                       configuredCostBasis: app.portfolio.configuredCostBasis),
         UndoCommand(undo: app.undoLastChange)]
    }
}
