import TerminalKit
import ClientComposition
import Ledger
import Analytics
import CurrentPrices

extension FeatureRegistration {
    /// How the portfolio did over time: daily closes, performance and returns.
    static let analytics = FeatureRegistration(title: "Analytics", kinds: ClosesLedgerCodec.kinds + CategoriesLedgerCodec.kinds,
                                               validator: { _ in DecodingEntryValidator.analytics }) { app in
        [PerformanceCommand(measure: app.measurePerformance(offline:), benchmark: app.benchmarkOption),
         ChartCommand(history: app.loadTickerHistory),
         ReturnsCommand(measure: app.measurePerformance(offline:), benchmark: app.benchmarkOption),
         AllocationCommand(prices: app.pricesLoader(offline:), portfolio: app.displayPortfolio(prices:offline:), categories: app.manageCategories),
         CategoryCommands(categories: app.manageCategories).group]
    }
}
