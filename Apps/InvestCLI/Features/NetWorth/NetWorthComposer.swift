import Foundation
import CurrentPrices
import Currencies
import NetWorth
import Portfolio
import ClientComposition

/// The net worth's use case: every account, at the prices the portfolio would use.
extension AppComposer {
    /// What puts the portfolio into the base currency, fetching the rates it lacks unless `offline`.
    func baseCurrencyConverter(offline: Bool) throws -> BaseCurrencyConverting {
        try readModels().converter(base: try baseCurrency(), rates: try exchangeRates(offline: offline))
    }

    /// Over time: each day's holdings at the closes kept (and the prices set by hand), today's
    /// at today's prices.
    func computeNetWorthHistory(prices: PricesLoading, offline: Bool) throws -> NetWorthHistoryComputing {
        let ledger = try ledger()
        return ComputeNetWorthHistoryUseCase(
            transactions: try retrieveEveryAccountsTransactions(), prices: prices,
            closes: try keptClosesWithManualPrices(closes: NetWorthError.closes, manual: NetWorthError.manualPrices),
            securities: ManageSecuritiesUseCase(store: LedgerSecuritiesStore(ledger: ledger), now: context.now),
            rates: try exchangeRates(offline: offline), savings: try loadSavings(), base: try baseCurrency(), today: { [context] in context.today })
    }

    func computeNetWorth(prices: PricesLoading, offline: Bool) throws -> NetWorthComputing {
        try readModels().netWorth(base: try baseCurrency(), projections: try portfolioProjections(), prices: prices,
                                  rates: try exchangeRates(offline: offline), savings: try loadSavings())
    }
}
