import Foundation
import Bookkeeping
import CurrentPrices
import Currencies
import Portfolio
import ClientComposition

/// The plain-text accounting export's use case: every account, valued with what is kept.
struct BookkeepingComposer {
    let app: AppComposer

    func exportJournal(prefix: [String], method: CostBasisMethod) throws -> JournalExporting {
        let ledger = try app.ledger()
        let accounts = try app.investmentAccounts.accountsView()
        let builder = JournalBuilder(base: try app.currencies.baseCurrency().code, prefix: prefix, method: method) { accounts.name(of: $0) }
        return ExportJournalUseCase(
            transactions: try app.transactions.retrieveEveryAccountsTransactions(), prices: try app.prices.pricesLoader(offline: true).0,
            closes: try app.prices.keptClosesWithManualPrices(closes: BookkeepingError.closes, manual: BookkeepingError.manualPrices),
            securities: ManageSecuritiesUseCase(store: LedgerSecuritiesStore(ledger: ledger), now: app.context.now),
            rates: try app.currencies.exchangeRates(offline: true), builder: builder)
    }
}
