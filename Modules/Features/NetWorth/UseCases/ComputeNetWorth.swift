import Foundation
import FixedPoint
import Ledger
import Currencies
import CurrentPrices
import Portfolio
import Savings
import Transactions

public enum NetWorthError: Error, Equatable {
    case transactions(TransactionsStoreError)
    case securities(SecuritiesError)
    case rates(ExchangeRatesError)
    case savings(SavingsError)
    case closes(KeptClosesError)
    case manualPrices(ManualPriceError)
}

public protocol NetWorthComputing {
    /// Today's net worth in the base currency, with what loading each held ticker's price gave.
    func netWorth() throws(NetWorthError) -> (netWorth: NetWorth, prices: [String: Result<LoadedPrice, PriceLoadingError>])
}

/// Every account's holdings at today's prices, every tracked pot of cash and every open savings
/// account, each converted by `BaseCurrencyValuation`; the rates it needs are fetched once a day (or
/// read from what is kept, offline). The holdings, the cash and each ticker's unit come from the
/// history's projection.
public final class ComputeNetWorthUseCase: NetWorthComputing {
    private let projections: PortfolioProjecting
    private let prices: PricesLoading
    private let securities: SecuritiesManaging
    private let rates: ExchangeRatesProviding
    private let savings: SavingsLoading?
    private let base: CurrencyCode
    private let today: () -> CalendarDay

    /// `savings` nil: a client that keeps none.
    public init(projections: PortfolioProjecting, prices: PricesLoading, securities: SecuritiesManaging, rates: ExchangeRatesProviding,
                savings: SavingsLoading?, base: CurrencyCode, today: @escaping () -> CalendarDay) {
        self.projections = projections
        self.prices = prices
        self.securities = securities
        self.rates = rates
        self.savings = savings
        self.base = base
        self.today = today
    }

    public func netWorth() throws(NetWorthError) -> (netWorth: NetWorth, prices: [String: Result<LoadedPrice, PriceLoadingError>]) {
        let day = today()
        let (tickerUnits, positions, tracked, balances) = try holdingsAndCash()
        let held = positions.quantities
        let pots = balances.filter { tracked.contains($0.key.account) && !$0.value.isZero }
            .sorted { ($0.key.account ?? "", $0.key.currency ?? "") < ($1.key.account ?? "", $1.key.currency ?? "") }
        let known: [Security]
        do { known = try securities.all() } catch { throw .securities(error) }
        let units = BaseCurrencyValuation(base: base, day: day, rates: ExchangeRates([]), securities: known, tickers: tickerUnits)
        let summary: SavingsSummary?
        do { summary = try savings?.loadSummary() } catch { throw .savings(error) }
        let openSavings = summary.map { summary in summary.accounts.filter(\.isActive).compactMap { account in summary.latestUpdates[account.id].map { (account, $0.value) } } } ?? []
        let wanted = units.currencies(tickers: held.map(\.ticker), amountsIn: pots.map(\.key.currency) + openSavings.map(\.0.currency))
        let kept: ExchangeRates
        do { kept = wanted.isEmpty ? ExchangeRates([]) : try rates.rates(converting: wanted, into: base, over: day...day) } catch { throw .rates(error) }
        let valuation = units.with(kept)
        let tickers = Set(held.map(\.ticker)).sorted()
        let results = tickers.isEmpty ? [:] : prices.loadPrices(for: tickers)
        var items = held.map { valuation.holding(account: $0.account, ticker: $0.ticker, quantity: $0.quantity, price: try? results[$0.ticker]?.get().price.price) }
        items += pots.map { valuation.cash($0.key, balance: $0.value) }
        items += openSavings.map { account, value in valuation.savings(name: account.name, value: value, currency: account.currency) }
        return (NetWorth(base: base, day: day, items: items), results)
    }

    /// Each ticker's unit, the positions (in their own currencies: only their quantities count),
    /// the accounts whose cash is tracked and every pot's balance.
    private func holdingsAndCash() throws(NetWorthError)
        -> (tickers: TickerUnits, positions: PortfolioCalculator.Positions, tracked: Set<String?>, balances: [CashPot: FixedDecimal]) {
        // Every cost method holds the same quantities; the average is the default one.
        let projection: PortfolioProjection
        do { projection = try projections.projection(method: .average) } catch { throw .transactions(error) }
        return (projection.tickerUnits, projection.positions.positions, projection.cash.trackedAccounts, projection.cash.balances(in: .all))
    }
}
