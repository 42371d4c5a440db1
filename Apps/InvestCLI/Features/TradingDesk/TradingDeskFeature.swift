import TerminalKit
import ClientComposition
import Ledger
import TradingDesk

extension FeatureRegistration {
    /// The trading desk: cash, market orders, the catalog, the watchlist and alerts.
    static let desk = FeatureRegistration(title: "Trading desk", kinds: WatchlistLedgerCodec.kinds + AlertsLedgerCodec.kinds,
                                          validator: { _ in DecodingEntryValidator.tradingDesk },
                                          legacySpellings: StockCommand.legacySpellings + AlertCommands.legacySpellings) { app in
        [CashCommand(statement: app.cashStatement, balances: app.cashBalances, baseCurrency: { try app.baseCurrency().code }),
         MarketOrderCommand(side: .buy, orders: app.placeMarketOrder),
         MarketOrderCommand(side: .sell, orders: app.placeMarketOrder),
         CommandGroup("stock", summary: "Stocks: search the catalog, or show one with your position, watch and alerts", [
            StockCommand(search: app.searchStocks, prices: app.marketPriceLoader, transactions: app.retrieveTransactions, watchlist: app.manageWatchlist,
                         alerts: app.manageAlerts),
            StocksCommand(search: app.searchStocks)]),
         WatchCommands(watchlist: app.manageWatchlist, prices: app.pricesLoader(offline:), transactions: app.retrieveTransactions,
                       trends: Trends(history: app.loadTickerHistory)).group,
         AlertCommands(alerts: app.manageAlerts, check: app.checkAlerts, quote: app.alertQuote, environment: app.context.environment).group]
    }
}
