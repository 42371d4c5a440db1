import Foundation
import CurrentPrices
import Currencies
import NetWorth
import Portfolio
import ClientComposition

/// The net worth's use case: every account, at the prices the portfolio would use.
struct NetWorthComposer {
    let app: AppComposer

    /// What puts the portfolio into the base currency, fetching the rates it lacks unless `offline`.
    func baseCurrencyConverter(offline: Bool) throws -> BaseCurrencyConverting {
        try app.readModels().converter(base: try app.currencies.baseCurrency(), rates: try app.currencies.exchangeRates(offline: offline))
    }

    /// Over time: each day's holdings at the closes kept (and the prices set by hand), today's
    /// at today's prices.
    func computeNetWorthHistory(prices: PricesLoading, offline: Bool) throws -> NetWorthHistoryComputing {
        let ledger = try app.ledger()
        return ComputeNetWorthHistoryUseCase(
            transactions: try app.transactions.retrieveEveryAccountsTransactions(), prices: prices,
            closes: try app.prices.keptClosesWithManualPrices(closes: NetWorthError.closes, manual: NetWorthError.manualPrices),
            securities: ManageSecuritiesUseCase(store: LedgerSecuritiesStore(ledger: ledger), now: app.context.now),
            rates: try app.currencies.exchangeRates(offline: offline), savings: try app.savings.loadSavings(), base: try app.currencies.baseCurrency(), today: { [context = app.context] in context.today })
    }

    func computeNetWorth(prices: PricesLoading, offline: Bool) throws -> NetWorthComputing {
        try app.readModels().netWorth(base: try app.currencies.baseCurrency(), projections: try app.portfolio.portfolioProjections(), prices: prices,
                                  rates: try app.currencies.exchangeRates(offline: offline), savings: try app.savings.loadSavings())
    }
}
