import Foundation
import Transactions
import CurrentPrices
import Portfolio
import TerminalKit
import ClientComposition

/// The use cases the portfolio commands run.
extension AppComposer {
    func displayPortfolio(prices: PricesLoading) throws -> PortfolioDisplaying {
        DisplayPortfolioUseCase(transactions: try retrieveEveryAccountsTransactions(), prices: prices, scope: try accountScope())
    }

    func reportRealizedGains() throws -> RealizedGainsReporting {
        ReportRealizedGainsUseCase(transactions: try retrieveEveryAccountsTransactions(), scope: try accountScope())
    }

    /// INVEST_COST_BASIS as written; the commands that use it check it.
    func configuredCostBasis() -> String? {
        configuration()["INVEST_COST_BASIS"]
    }
}
