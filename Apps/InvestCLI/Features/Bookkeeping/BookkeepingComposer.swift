import Foundation
import Bookkeeping
import CurrentPrices
import Currencies
import Portfolio
import InvestmentAccounts
import ClientComposition

/// The plain-text accounting export's use case: every account, valued with what is kept.
extension AppComposer {
    func exportJournal(prefix: [String], method: CostBasisMethod) throws -> JournalExporting {
        let ledger = try ledger()
        let manual = try manualPrices()
        let accounts = try accountsView()
        let names = Dictionary(accounts.all.map { ($0.id, $0.name) }) { $1 }
        let builder = JournalBuilder(base: try baseCurrency().code, prefix: prefix, method: method) { id in
            id.flatMap { names[$0] } ?? id ?? InvestmentAccount.defaultName
        }
        return ExportJournalUseCase(
            transactions: try retrieveEveryAccountsTransactions(), prices: try pricesLoader(offline: true).0,
            closes: { () throws(BookkeepingError) in
                let kept: PriceHistory
                do throws(KeptClosesError) { kept = try LedgerKeptCloses(ledger: ledger).history() } catch { throw .closes(error) }
                do throws(ManualPriceError) { return kept.adding(Array(try manual.all().values)) } catch { throw .manualPrices(error) }
            },
            securities: ManageSecuritiesUseCase(store: LedgerSecuritiesStore(ledger: ledger), now: context.now),
            rates: try exchangeRates(offline: true), builder: builder)
    }
}
