import Foundation
import FixedPoint
import CurrentPrices
import Currencies
import Transactions

/// Display the portfolio: retrieve the transactions, load the prices of what is still
/// held, and calculate. One use case for every client, with one rule for holdings without a
/// price: they are left out of every total and named (`PortfolioSummary.unpricedTickers`),
/// never valued at 0.
public struct PortfolioReport: Equatable, Sendable {
    public let summary: PortfolioSummary
    /// What loading each held ticker's price gave, so a client can say where prices came from.
    public let prices: [String: Result<LoadedPrice, PriceLoadingError>]
    /// The base currency's cash, when the history tracks cash (it has a deposit); the holdings'
    /// totals leave it out.
    public let cash: FixedDecimal?
    /// In a portfolio in the base currency with holdings in others: how much of each held
    /// ticker's unrealized profit the currency made, its cost in its own currency at today's rate
    /// less its cost at each buy's; the rest is the price's. Empty when every holding is in the base.
    public let currencyGains: [String: FixedDecimal]
    /// In a portfolio in the base currency: each held ticker's trading currency, and the cash of
    /// each currency at today's rate (they add up to `cash`).
    public var holdingCurrencies: [String: String] = [:]
    public var cashByCurrency: [String: FixedDecimal] = [:]

    public init(summary: PortfolioSummary, prices: [String: Result<LoadedPrice, PriceLoadingError>], cash: FixedDecimal? = nil,
                currencyGains: [String: FixedDecimal] = [:]) {
        self.summary = summary
        self.prices = prices
        self.cash = cash
        self.currencyGains = currencyGains
    }

    /// Of each priced holding of `summary` (in the base): its cost in its trading currency (from
    /// `own`) at today's rate, less its cost at each buy's rate.
    public static func currencyGains(_ summary: PortfolioSummary, own: PortfolioCalculator.Positions, rates: [String: FixedDecimal],
                                     scope: AccountScope) -> [String: FixedDecimal] {
        let ownCosts = PortfolioCalculator.costBases(of: own, scope: scope)
        return Dictionary(uniqueKeysWithValues: summary.holdings.compactMap { holding in
            guard holding.price != nil, let rate = rates[holding.ticker], let cost = ownCosts[holding.ticker],
                  let costToday = cost.multiplied(by: rate) else { return nil }
            return (holding.ticker, costToday - holding.costBasis)
        })
    }

    /// The holdings' unrealized profit that the currencies made.
    public var totalCurrencyGain: FixedDecimal { currencyGains.values.reduce(.zero, +) }

    /// The holdings' value and the cash: what the account is worth.
    public var valueWithCash: FixedDecimal? { cash.map { summary.totalValue + $0 } }

    /// Something is held but the price service gave not one price: no total means anything.
    public var isUnvalued: Bool { prices.priceServiceFailed }
}

public enum DisplayPortfolioError: Error, Equatable {
    case retrieval(TransactionsStoreError)
    case conversion(CurrencyConversionError)
}

public protocol PortfolioDisplaying {
    func display(sort: PortfolioSort, costBasis: CostBasisMethod) throws(DisplayPortfolioError) -> PortfolioReport
    /// One report per account (by id; nil for the default account), in order of id, with the
    /// prices loaded once for them all.
    func displayByAccount(sort: PortfolioSort, costBasis: CostBasisMethod) throws(DisplayPortfolioError) -> [(account: String?, report: PortfolioReport)]
}

public extension PortfolioDisplaying {
    /// The moving average.
    func display(sort: PortfolioSort) throws(DisplayPortfolioError) -> PortfolioReport {
        try display(sort: sort, costBasis: .average)
    }
}

/// Every account's history counts, whatever the scope: shares transferred into an account
/// bring their cost from the one they left. The positions and cash come from the history's
/// projections; with a `converter`, every figure is in the base currency, from the projection of
/// the trades in the base where the history names another currency.
public final class DisplayPortfolioUseCase: PortfolioDisplaying {
    private let projections: PortfolioProjecting
    private let prices: PricesLoading
    private let scope: AccountScope
    private let converter: BaseCurrencyConverting?

    public init(projections: PortfolioProjecting, prices: PricesLoading, scope: AccountScope = .all, converter: BaseCurrencyConverting? = nil) {
        self.projections = projections
        self.prices = prices
        self.scope = scope
        self.converter = converter
    }

    public func display(sort: PortfolioSort, costBasis: CostBasisMethod) throws(DisplayPortfolioError) -> PortfolioReport {
        let figures = try self.figures(method: costBasis)
        // Only what is still held needs a price: sold-out tickers are never fetched.
        let held = PortfolioCalculator.heldTickers(in: figures.positions, scope: scope)
        let results = try inBase(held.isEmpty ? [:] : prices.loadPrices(for: held), tickers: figures.projection.tickerUnits)
        return try report(figures, results, sort: sort, scope: scope)
    }

    public func displayByAccount(sort: PortfolioSort, costBasis: CostBasisMethod) throws(DisplayPortfolioError) -> [(account: String?, report: PortfolioReport)] {
        let figures = try self.figures(method: costBasis)
        let accounts = figures.projection.accounts.filter(scope.includes).sorted { ($0 ?? "") < ($1 ?? "") }
        let held = PortfolioCalculator.heldTickers(in: figures.positions, scope: scope)
        let results = try inBase(held.isEmpty ? [:] : prices.loadPrices(for: held), tickers: figures.projection.tickerUnits)
        return try accounts.map { account throws(DisplayPortfolioError) in
            let tickers = Set(PortfolioCalculator.heldTickers(in: figures.positions, scope: .only(account)))
            let converted = ConvertedPrices(prices: results.prices.filter { tickers.contains($0.key) }, rates: results.rates)
            return (account, try report(figures, converted, sort: sort, scope: .only(account)))
        }
    }

    /// What a report is made of.
    private struct Figures {
        let projection: PortfolioProjection
        /// In the base currency.
        let positions: PortfolioCalculator.Positions
        /// Where a trade was in another currency, the positions in each trade's own, which the
        /// currency gain is worked out from.
        let ownCurrencyPositions: PortfolioCalculator.Positions?
    }

    private func figures(method: CostBasisMethod) throws(DisplayPortfolioError) -> Figures {
        let projection: PortfolioProjection
        do { projection = try projections.projection(method: method) } catch { throw .retrieval(error) }
        let own = projection.positions.positions
        guard let converter, projection.namesAnotherCurrency, let base = CurrencyCode(projection.base) else {
            return Figures(projection: projection, positions: own, ownCurrencyPositions: nil)
        }
        let rates = try converter.ratesConvertingEvery(from: projection.currencyFirstDays, into: base)
        let inBase: PortfolioInBaseProjection
        do { inBase = try projections.projectionInBase(method: method, base: base, rates: rates) } catch { throw .retrieval(error) }
        do { return Figures(projection: projection, positions: try inBase.positions, ownCurrencyPositions: own) } catch { throw .conversion(error) }
    }

    private func inBase(_ prices: [String: Result<LoadedPrice, PriceLoadingError>], tickers: TickerUnits) throws(DisplayPortfolioError) -> ConvertedPrices {
        guard let converter, !prices.isEmpty else { return ConvertedPrices(prices: prices, rates: [:]) }
        do { return try converter.pricesInBase(prices, tickers: tickers) } catch { throw .conversion(error) }
    }

    /// Cash counts once its account has a deposit: without a converter, the base currency's;
    /// with one, every currency's at today's rate.
    private func report(_ figures: Figures, _ converted: ConvertedPrices, sort: PortfolioSort, scope: AccountScope) throws(DisplayPortfolioError) -> PortfolioReport {
        let results = converted.prices
        let loaded = results.compactMapValues { try? $0.get() }
        let tracked = figures.projection.cash.trackedAccounts
        var cash: FixedDecimal?, cashByCurrency: [String: FixedDecimal] = [:]
        // Without a deposit in scope there is no cash to count, and the history isn't walked again.
        if tracked.contains(where: scope.includes) {
            let balances = figures.projection.cash.balances(in: scope).filter { tracked.contains($0.key.account) }
            if let converter {
                do { cashByCurrency = try converter.cashInBase(balances) } catch { throw .conversion(error) }
                cash = cashByCurrency.values.reduce(.zero, +)
            } else {
                cash = balances.reduce(FixedDecimal.zero) { $0 + ($1.key.currency == nil ? $1.value : .zero) }
            }
        }
        let summary = PortfolioCalculator.summarize(figures.positions, prices: loaded, sort: sort, scope: scope)
        var report = PortfolioReport(summary: summary, prices: results, cash: cash,
                                     currencyGains: figures.ownCurrencyPositions.map { PortfolioReport.currencyGains(summary, own: $0, rates: converted.rates, scope: scope) } ?? [:])
        report.holdingCurrencies = converted.currencies
        report.cashByCurrency = cashByCurrency
        return report
    }
}
