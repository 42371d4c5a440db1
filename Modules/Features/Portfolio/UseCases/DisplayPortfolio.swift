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
/// bring their cost from the one they left. With a `converter`, every figure is in the base
/// currency. With `projections`, the positions and cash come from the history's projections,
/// kept in checkpoints, instead of the history; where the history names another currency, from
/// the projection of its trades in the base too, unless a trade has no rate: the history's
/// conversion then says why, or fetches it.
public final class DisplayPortfolioUseCase: PortfolioDisplaying {
    private let transactions: TransactionsRetrieving
    private let prices: PricesLoading
    private let scope: AccountScope
    private let converter: BaseCurrencyConverting?
    private let projections: PortfolioProjecting?

    public init(transactions: TransactionsRetrieving, prices: PricesLoading, scope: AccountScope = .all, converter: BaseCurrencyConverting? = nil,
                projections: PortfolioProjecting? = nil) {
        self.transactions = transactions
        self.prices = prices
        self.scope = scope
        self.converter = converter
        self.projections = projections
    }

    public func display(sort: PortfolioSort, costBasis: CostBasisMethod) throws(DisplayPortfolioError) -> PortfolioReport {
        let figures = try self.figures(method: costBasis)
        // Only what is still held needs a price: sold-out tickers are never fetched.
        let held = PortfolioCalculator.heldTickers(in: figures.positions, scope: scope)
        let results = try inBase(held.isEmpty ? [:] : prices.loadPrices(for: held), tickers: figures.tickers)
        return try report(figures, results, sort: sort, scope: scope)
    }

    public func displayByAccount(sort: PortfolioSort, costBasis: CostBasisMethod) throws(DisplayPortfolioError) -> [(account: String?, report: PortfolioReport)] {
        let figures = try self.figures(method: costBasis)
        let accounts = figures.accounts.filter(scope.includes).sorted { ($0 ?? "") < ($1 ?? "") }
        let held = PortfolioCalculator.heldTickers(in: figures.positions, scope: scope)
        let results = try inBase(held.isEmpty ? [:] : prices.loadPrices(for: held), tickers: figures.tickers)
        return try accounts.map { account throws(DisplayPortfolioError) in
            let tickers = Set(PortfolioCalculator.heldTickers(in: figures.positions, scope: .only(account)))
            let converted = ConvertedPrices(prices: results.prices.filter { tickers.contains($0.key) }, rates: results.rates)
            return (account, try report(figures, converted, sort: sort, scope: .only(account)))
        }
    }

    /// What a report is made of, from the projection or from the history.
    private struct Figures {
        let positions: PortfolioCalculator.Positions
        /// Where a trade was in another currency, the positions in each trade's own.
        let ownCurrencyPositions: PortfolioCalculator.Positions?
        let trackedAccounts: Set<String?>
        let balances: (AccountScope) -> [CashPot: FixedDecimal]
        let accounts: Set<String?>
        /// What names each ticker's currency where no security does.
        let tickers: TickerUnits
    }

    private func figures(method: CostBasisMethod) throws(DisplayPortfolioError) -> Figures {
        if let projections {
            let projection: PortfolioProjection
            do { projection = try projections.projection(method: method) } catch { throw .retrieval(error) }
            let own = projection.positions.positions
            if let inBase = try positionsInBase(projection, from: projections) {
                return Figures(positions: inBase, ownCurrencyPositions: converter != nil && projection.namesAnotherCurrency ? own : nil,
                               trackedAccounts: projection.cash.trackedAccounts, balances: projection.cash.balances(in:),
                               accounts: projection.accounts, tickers: projection.tickerUnits)
            }
        }
        let history = try transactions.history()
        let (positions, own) = try positionsInBase(history, method: method)
        return Figures(positions: positions, ownCurrencyPositions: own, trackedAccounts: CashPolicy.trackedAccounts(in: history),
                       balances: { CashPolicy.balances(of: history, in: $0) },
                       accounts: Set(history.flatMap { [$0.account] + ($0.type == .transfer ? [$0.toAccount] : []) }), tickers: TickerUnits(history: history))
    }

    /// The projection's positions in the base: its own where it names no other currency; nil
    /// where a trade has no rate, which the history's conversion names.
    private func positionsInBase(_ projection: PortfolioProjection, from projections: PortfolioProjecting) throws(DisplayPortfolioError) -> PortfolioCalculator.Positions? {
        guard let converter, projection.namesAnotherCurrency else { return projection.positions.positions }
        guard let (base, rates) = try converter.ratesConvertingEvery(from: projection.currencyFirstDays, into: projection.base) else { return nil }
        do { return try projections.projectionInBase(method: projection.positions.method, base: base, rates: rates).positions } catch { throw .retrieval(error) }
    }

    /// The positions in the base currency, and where a trade was in another, the same in each
    /// trade's own currency, which the currency gain is worked out from.
    private func positionsInBase(_ history: [Transaction], method: CostBasisMethod) throws(DisplayPortfolioError)
        -> (PortfolioCalculator.Positions, own: PortfolioCalculator.Positions?) {
        guard let converter else { return (PortfolioCalculator.positions(of: history, method: method), nil) }
        let converted: [Transaction]
        do { converted = try converter.historyInBase(history) } catch { throw .conversion(error) }
        let inBase = PortfolioCalculator.positions(of: converted, method: method)
        return (inBase, history.contains(where: \.namesAnotherCurrency) ? PortfolioCalculator.positions(of: history, method: method) : nil)
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
        let tracked = figures.trackedAccounts
        var cash: FixedDecimal?, cashByCurrency: [String: FixedDecimal] = [:]
        // Without a deposit in scope there is no cash to count, and the history isn't walked again.
        if tracked.contains(where: scope.includes) {
            let balances = figures.balances(scope).filter { tracked.contains($0.key.account) }
            if let converter {
                do { cashByCurrency = try converter.cashInBase(balances) } catch { throw .conversion(error) }
                cash = cashByCurrency.values.reduce(.zero, +)
            } else {
                cash = balances.reduce(FixedDecimal.zero) { $0 + ($1.key.currency == nil ? $1.value : .zero) }
            }
        }
        let summary = PortfolioCalculator.summarize(figures.positions, prices: loaded, sort: sort, scope: scope)
        var report = PortfolioReport(summary: summary, prices: results, cash: cash,
                                     currencyGains: figures.ownCurrencyPositions.map { Self.currencyGains(summary, own: $0, rates: converted.rates, scope: scope) } ?? [:])
        report.holdingCurrencies = converted.currencies
        report.cashByCurrency = cashByCurrency
        return report
    }

    /// Cost in the trading currency at today's rate, less the cost at each buy's rate.
    private static func currencyGains(_ summary: PortfolioSummary, own: PortfolioCalculator.Positions, rates: [String: FixedDecimal],
                                      scope: AccountScope) -> [String: FixedDecimal] {
        let ownCosts = PortfolioCalculator.costBases(of: own, scope: scope)
        return Dictionary(uniqueKeysWithValues: summary.holdings.compactMap { holding in
            guard holding.price != nil, let rate = rates[holding.ticker], let cost = ownCosts[holding.ticker],
                  let costToday = cost.multiplied(by: rate) else { return nil }
            return (holding.ticker, costToday - holding.costBasis)
        })
    }
}

extension TransactionsRetrieving {
    func history() throws(DisplayPortfolioError) -> [Transaction] {
        do throws(RetrieveTransactionsError) {
            return try retrieve(.all, order: .unspecified)
        } catch {
            switch error {
            case let .retrieval(failure): throw DisplayPortfolioError.retrieval(failure)
            }
        }
    }
}
