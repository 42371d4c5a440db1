import Foundation
import Transactions
import CurrentPrices
import Portfolio
import Projections
import TerminalKit
import ClientComposition

/// The use cases the portfolio commands run.
struct PortfolioComposer {
    let app: AppComposer

    /// In the base currency: with `offline`, at the rates kept only.
    func displayPortfolio(prices: PricesLoading, offline: Bool) throws -> PortfolioDisplaying {
        DisplayPortfolioUseCase(projections: try portfolioProjections(), prices: prices, scope: try app.transactions.accountScope(),
                                converter: try app.netWorth.baseCurrencyConverter(offline: offline))
    }

    /// The positions and cash of the whole history, from their checkpoints of the local log.
    func portfolioProjections() throws -> PortfolioProjecting {
        try app.readModels().portfolioProjections(base: try app.currencies.baseCurrency(), companions: try app.transactionsProjections())
    }

    /// In the base currency: with `offline`, at the rates kept only.
    func reportRealizedGains(offline: Bool) throws -> RealizedGainsReporting {
        ReportRealizedGainsUseCase(projections: CheckpointedRealizedGains(log: try app.localLog(), base: try app.currencies.baseCurrency().code,
                                                                          companions: try app.transactionsProjections()),
                                   scope: try app.transactions.accountScope(), converter: try app.netWorth.baseCurrencyConverter(offline: offline))
    }

    /// INVEST_COST_BASIS as written; the commands that use it check it.
    func configuredCostBasis() -> String? {
        app.configuration()["INVEST_COST_BASIS"]
    }
}
