import Foundation
import Transactions
import CurrentPrices
import Portfolio
import Projections
import TerminalKit
import ClientComposition

/// The use cases the portfolio commands run.
extension AppComposer {
    /// In the base currency: with `offline`, at the rates kept only.
    func displayPortfolio(prices: PricesLoading, offline: Bool) throws -> PortfolioDisplaying {
        DisplayPortfolioUseCase(projections: try portfolioProjections(), prices: prices, scope: try accountScope(),
                                converter: try baseCurrencyConverter(offline: offline))
    }

    /// The positions and cash of the whole history, from their checkpoints of the local log.
    func portfolioProjections() throws -> PortfolioProjecting {
        try readModels().portfolioProjections(base: try baseCurrency(), companions: try transactionsProjections())
    }

    /// In the base currency: with `offline`, at the rates kept only.
    func reportRealizedGains(offline: Bool) throws -> RealizedGainsReporting {
        ReportRealizedGainsUseCase(projections: CheckpointedRealizedGains(log: try localLog(), base: try baseCurrency().code,
                                                                          companions: try transactionsProjections()),
                                   scope: try accountScope(), converter: try baseCurrencyConverter(offline: offline))
    }

    /// INVEST_COST_BASIS as written; the commands that use it check it.
    func configuredCostBasis() -> String? {
        configuration()["INVEST_COST_BASIS"]
    }
}
