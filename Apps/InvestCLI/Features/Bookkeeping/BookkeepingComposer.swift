import Foundation
import Bookkeeping
import CurrentPrices
import Currencies
import Portfolio
import ClientComposition

/// The plain-text accounting export's use case: every account, valued with what is kept.
extension AppComposer {
    func exportJournal(prefix: [String], method: CostBasisMethod) throws -> JournalExporting {
        let ledger = try ledger()
        let accounts = try accountsView()
        let builder = JournalBuilder(base: try baseCurrency().code, prefix: prefix, method: method) { accounts.name(of: $0) }
        return ExportJournalUseCase(
            transactions: try retrieveEveryAccountsTransactions(), prices: try pricesLoader(offline: true).0,
            closes: try keptClosesWithManualPrices(closes: BookkeepingError.closes, manual: BookkeepingError.manualPrices),
            securities: ManageSecuritiesUseCase(store: LedgerSecuritiesStore(ledger: ledger), now: context.now),
            rates: try exchangeRates(offline: true), builder: builder)
    }
}
