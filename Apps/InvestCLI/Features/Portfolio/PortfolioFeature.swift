import TerminalKit
import ClientComposition
import CurrentPrices

extension FeatureRegistration {
    static let portfolio = FeatureRegistration(title: "Portfolio and prices", kinds: ManualPricesLedgerCodec.kinds, validator: { _ in ManualPricesEntryValidator() },
                                               legacySpellings: PriceCommands.legacySpellings) { app in
        [PortfolioCommand(prices: app.pricesLoader(offline:), refreshedPrices: app.refreshedPricesLoader, display: app.displayPortfolio(prices:offline:),
                          configuredCostBasis: app.configuredCostBasis, trends: Trends(history: app.loadTickerHistory), accounts: app.accountsView),
         GainsCommand(gains: app.reportRealizedGains, configuredCostBasis: app.configuredCostBasis),
         QuoteCommand(prices: app.pricesLoader(offline:), units: app.securityUnits),
         PriceCommands(prices: app.manualPrices, history: app.managePriceHistory, backfill: app.backfillCloses,
                       readStandardInput: app.context.readStandardInput).group]
    }
}
