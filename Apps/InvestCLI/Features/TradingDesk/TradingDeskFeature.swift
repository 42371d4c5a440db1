import TerminalKit
import ClientComposition
import Ledger
import TradingDesk

extension FeatureRegistration {
    /// The trading desk: cash, market orders, the catalog, the watchlist and alerts.
    static let desk = FeatureRegistration(title: "Trading desk", kinds: WatchlistLedgerCodec.kinds + AlertsLedgerCodec.kinds,
                                          validator: { _ in DecodingEntryValidator.tradingDesk },
                                          legacySpellings: StockCommand.legacySpellings + AlertCommands.legacySpellings) { app in
        [CashCommand(statement: app.desk.cashStatement, balances: app.desk.cashBalances, baseCurrency: { try app.currencies.baseCurrency().code }),
         MarketOrderCommand(side: .buy, orders: app.desk.placeMarketOrder, accounts: app.investmentAccounts.accountsView),
         MarketOrderCommand(side: .sell, orders: app.desk.placeMarketOrder, accounts: app.investmentAccounts.accountsView),
         CommandGroup("stock", summary: "Stocks: search the catalog, or show one with your position, watch and alerts", [
            StockCommand(search: app.desk.searchStocks, prices: app.prices.marketPriceLoader, transactions: app.transactions.retrieveTransactions, watchlist: app.desk.manageWatchlist,
                         alerts: app.desk.manageAlerts),
            StocksCommand(search: app.desk.searchStocks)]),
         WatchCommands(watchlist: app.desk.manageWatchlist, prices: app.prices.pricesLoader(offline:), transactions: app.transactions.retrieveTransactions,
                       trends: Trends(history: app.analytics.loadTickerHistory)).group,
         AlertCommands(alerts: app.desk.manageAlerts, check: app.desk.checkAlerts, quote: app.desk.alertQuote, environment: app.context.environment).group]
    }
}
