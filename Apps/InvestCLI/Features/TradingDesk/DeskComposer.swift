import Foundation
import CurrentPrices
import Transactions
import TradingDesk

/// The trading desk's use cases: cash, market orders, the catalog, the watchlist and alerts.
extension AppComposer {
    func cashStatement() throws -> CashStatementRetrieving {
        RetrieveCashStatementUseCase(transactions: try retrieveTransactions(), scope: try accountScope())
    }

    /// The balances alone come from the tally's checkpoint, not the history.
    func cashBalances() throws -> CashBalancesRetrieving {
        try warnIfTheDataDirectoryIsMissing()
        return RetrieveCashBalancesUseCase(tally: try transactionsTally(), scope: try accountScope())
    }

    func placeMarketOrder() throws -> (MarketOrderPlacing, PriceMode) {
        let (prices, mode) = try marketPriceLoader()
        let base = try baseCurrency().code, currencies = try securityCurrencies()
        let order = PlaceMarketOrderUseCase(prices: prices, transactions: try retrieveEveryAccountsTransactions(), save: try addTransaction(),
                                            today: { [context] in context.today }, now: context.now, scope: try accountScope(),
                                            currencyOf: { ticker in currencies(ticker).flatMap { $0 == base ? nil : $0 } })
        return (order, mode)
    }

    func searchStocks() throws -> StocksSearching {
        SearchStocksUseCase(remote: try remoteServices().symbolSearch())
    }

    func manageWatchlist() throws -> WatchlistManaging {
        ManageWatchlistUseCase(store: LedgerWatchlistStore(ledger: try undoableLedger(.lookedUp)), now: context.now)
    }

    func manageAlerts() throws -> AlertsManaging {
        ManageAlertsUseCase(store: LedgerAlertsStore(ledger: try undoableLedger(.lookedUp)), now: context.now, makeID: context.makeID)
    }

    func checkAlerts() throws -> AlertsChecking {
        CheckAlertsUseCase(alerts: try manageAlerts(), prices: LoadPricesUseCase(loader: try marketPriceLoader().0), transactions: try retrieveTransactions(),
                           now: context.now, converter: try baseCurrencyConverter(offline: false))
    }

    /// The market's price of one ticker, to know before adding an alert that it can be judged.
    func alertQuote() throws -> PriceLoader {
        try marketPriceLoader().0
    }
}
