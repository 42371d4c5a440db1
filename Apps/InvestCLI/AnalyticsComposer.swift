import Foundation
import Analytics

/// Analytics' use cases: the price history and performance over time.
extension AppComposer {
    func managePriceHistory() throws -> PriceHistoryManaging {
        ManagePriceHistoryUseCase(ledger: try undoableLedger(.lookedUp), now: context.now)
    }

    func measurePerformance() throws -> PerformanceMeasuring {
        MeasurePerformanceUseCase(transactions: try retrieveTransactions(), prices: try managePriceHistory())
    }

    func manageCategories() throws -> CategoriesManaging {
        ManageCategoriesUseCase(ledger: try undoableLedger(.lookedUp), now: context.now)
    }
}
