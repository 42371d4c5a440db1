import Foundation
import CurrentPrices
import Currencies
import NetWorth
import ClientComposition

/// The net worth's use case: every account, at the prices the portfolio would use.
extension AppComposer {
    func computeNetWorth(prices: PricesLoading, offline: Bool) throws -> NetWorthComputing {
        ComputeNetWorthUseCase(transactions: try retrieveEveryAccountsTransactions(), prices: prices,
                               securities: ManageSecuritiesUseCase(store: LedgerSecuritiesStore(ledger: try ledger()), now: context.now),
                               rates: try exchangeRates(offline: offline), savings: try loadSavings(), base: try baseCurrency(),
                               today: { [context] in context.today })
    }
}
