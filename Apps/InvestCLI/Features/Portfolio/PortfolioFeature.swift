import TerminalKit
import ClientComposition
import CurrentPrices

extension FeatureRegistration {
    static let portfolio = FeatureRegistration(title: "Portfolio and prices", kinds: ManualPricesLedgerCodec.kinds, validator: { _ in ManualPricesEntryValidator() },
                                               legacySpellings: PriceCommands.legacySpellings) { app in
        [PortfolioCommand(prices: app.prices.pricesLoader(offline:), refreshedPrices: app.prices.refreshedPricesLoader, display: app.portfolio.displayPortfolio(prices:offline:),
                          configuredCostBasis: app.portfolio.configuredCostBasis, trends: Trends(history: app.analytics.loadTickerHistory), accounts: app.investmentAccounts.accountsView),
         GainsCommand(gains: app.portfolio.reportRealizedGains, configuredCostBasis: app.portfolio.configuredCostBasis),
         QuoteCommand(prices: app.prices.pricesLoader(offline:), units: app.currencies.securityUnits),
         PriceCommands(prices: app.prices.manualPrices, history: app.analytics.managePriceHistory, backfill: app.analytics.backfillCloses,
                       readStandardInput: app.context.readStandardInput).group]
    }
}
