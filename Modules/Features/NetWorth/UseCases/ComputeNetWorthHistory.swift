import Foundation
import FixedPoint
import Ledger
import Currencies
import CurrentPrices
import Portfolio
import Savings
import Transactions

public protocol NetWorthHistoryComputing {
    /// The net worth at the end of each period from `from` (default: the first day anything was
    /// owned, a transaction's or a savings update's) to `to`, which may be today; none when
    /// nothing was.
    func netWorth(from: CalendarDay?, to: CalendarDay, interval: NetWorthTimeline.Interval) throws(NetWorthError) -> [NetWorthPoint]
}

/// The net worth over time, from the closes and rates kept (fetching the rates the days lack
/// unless offline), valued as today's is.
public final class ComputeNetWorthHistoryUseCase: NetWorthHistoryComputing {
    private let transactions: TransactionsRetrieving
    private let prices: PricesLoading
    private let closes: () throws(NetWorthError) -> PriceHistory
    private let securities: SecuritiesManaging
    private let rates: ExchangeRatesProviding
    private let savings: SavingsLoading?
    private let base: CurrencyCode
    private let today: () -> CalendarDay

    public init(transactions: TransactionsRetrieving, prices: PricesLoading, closes: @escaping () throws(NetWorthError) -> PriceHistory,
                securities: SecuritiesManaging, rates: ExchangeRatesProviding, savings: SavingsLoading?, base: CurrencyCode,
                today: @escaping () -> CalendarDay) {
        self.transactions = transactions
        self.prices = prices
        self.closes = closes
        self.securities = securities
        self.rates = rates
        self.savings = savings
        self.base = base
        self.today = today
    }

    /// One read of the transactions and the savings for every period.
    public func netWorth(from: CalendarDay?, to last: CalendarDay, interval: NetWorthTimeline.Interval) throws(NetWorthError) -> [NetWorthPoint] {
        let history = try history()
        let book = try book()
        let firstOwned = [history.map(\.date).min(), book?.updates.first.map { CalendarDay(containing: $0.at) }].compactMap { $0 }.min()
        guard let first = from ?? firstOwned else { return [] }
        let days = NetWorthTimeline.periodEnds(from: first, to: last, interval: interval)
        guard !days.isEmpty else { return [] }
        let known: [Security]
        do { known = try securities.all() } catch { throw .securities(error) }
        let units = BaseCurrencyValuation(base: base, day: today(), rates: ExchangeRates([]), securities: known, history: history)
        let tickers = Set(history.map(\.ticker)).subtracting([""])
        let codes = Set(history.filter { !$0.isPlain }.flatMap { [$0.currency, $0.toCurrency] } + (book?.accounts ?? []).map(\.currency))
        let currencies = units.currencies(tickers: Array(tickers), amountsIn: Array(codes))
        let kept: ExchangeRates
        do { kept = currencies.isEmpty ? ExchangeRates([]) : try rates.rates(converting: currencies, into: base, over: first...last) } catch { throw .rates(error) }
        let held = PortfolioCalculator.heldTickers(in: PortfolioCalculator.positions(of: history))
        let todays = last == today() && !held.isEmpty ? prices.loadPrices(for: held).compactMapValues { try? $0.get().price.price } : [:]
        return NetWorthTimeline.points(on: days, history: history, valuation: units.with(kept), closes: try closes(), todaysPrices: todays, savings: book)
    }

    private func history() throws(NetWorthError) -> [Transaction] {
        do { return try transactions.retrieve(.all, order: .unspecified) } catch { throw .transactions(error.storeError) }
    }

    private func book() throws(NetWorthError) -> SavingsBook? {
        guard let savings else { return nil }
        do { return try savings.load() } catch { throw .savings(error) }
    }
}
