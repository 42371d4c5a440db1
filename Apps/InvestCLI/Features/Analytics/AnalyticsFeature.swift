import TerminalKit
import ClientComposition
import Ledger
import Analytics
import CurrentPrices

extension FeatureRegistration {
    /// How the portfolio did over time: daily closes, performance and returns.
    static let analytics = FeatureRegistration(title: "Analytics", kinds: ClosesLedgerCodec.kinds + CategoriesLedgerCodec.kinds,
                                               validator: { _ in DecodingEntryValidator.analytics }) { app in
        [PerformanceCommand(measure: app.analytics.measurePerformance(offline:), benchmark: app.analytics.benchmarkOption),
         ChartCommand(history: app.analytics.loadTickerHistory),
         ReturnsCommand(measure: app.analytics.measurePerformance(offline:), benchmark: app.analytics.benchmarkOption),
         AllocationCommand(prices: app.prices.pricesLoader(offline:), portfolio: app.portfolio.displayPortfolio(prices:offline:), categories: app.analytics.manageCategories),
         CategoryCommands(categories: app.analytics.manageCategories).group]
    }
}
