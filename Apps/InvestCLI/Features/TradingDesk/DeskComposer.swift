import Foundation
import CurrentPrices
import Transactions
import TradingDesk

/// The trading desk's use cases: cash, market orders, the catalog, the watchlist and alerts.
struct DeskComposer {
    let app: AppComposer

    func cashStatement() throws -> CashStatementRetrieving {
        RetrieveCashStatementUseCase(transactions: try app.transactions.retrieveTransactions(), scope: try app.transactions.accountScope())
    }

    /// The balances alone come from the tally's checkpoint, not the history.
    func cashBalances() throws -> CashBalancesRetrieving {
        try app.warnIfTheDataDirectoryIsMissing()
        return RetrieveCashBalancesUseCase(tally: try app.transactionsTally(), scope: try app.transactions.accountScope())
    }

    func placeMarketOrder() throws -> (MarketOrderPlacing, PriceMode) {
        let (prices, mode) = try app.prices.marketPriceLoader()
        let base = try app.currencies.baseCurrency().code, currencies = try app.currencies.securityCurrencies()
        let order = PlaceMarketOrderUseCase(prices: prices, transactions: try app.transactions.retrieveEveryAccountsTransactions(), save: try app.transactions.addTransaction(),
                                            today: { [context = app.context] in context.today }, now: app.context.now, scope: try app.transactions.accountScope(),
                                            currencyOf: { ticker in currencies(ticker).flatMap { $0 == base ? nil : $0 } })
        return (order, mode)
    }

    func searchStocks() throws -> StocksSearching {
        SearchStocksUseCase(remote: try app.remoteServices().symbolSearch())
    }

    func manageWatchlist() throws -> WatchlistManaging {
        ManageWatchlistUseCase(store: LedgerWatchlistStore(ledger: try app.undoableLedger(.lookedUp)), now: app.context.now)
    }

    func manageAlerts() throws -> AlertsManaging {
        ManageAlertsUseCase(store: LedgerAlertsStore(ledger: try app.undoableLedger(.lookedUp)), now: app.context.now, makeID: app.context.makeID)
    }

    func checkAlerts() throws -> AlertsChecking {
        CheckAlertsUseCase(alerts: try manageAlerts(), prices: LoadPricesUseCase(loader: try app.prices.marketPriceLoader().0), transactions: try app.transactions.retrieveTransactions(),
                           now: app.context.now, converter: try app.netWorth.baseCurrencyConverter(offline: false))
    }

    /// The market's price of one ticker, to know before adding an alert that it can be judged.
    func alertQuote() throws -> PriceLoader {
        try app.prices.marketPriceLoader().0
    }
}
