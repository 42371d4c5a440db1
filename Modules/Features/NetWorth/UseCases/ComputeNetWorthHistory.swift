import Foundation
import FixedPoint
import Ledger
import Currencies
import CurrentPrices
import Portfolio
import Savings
import Transactions

public protocol NetWorthHistoryComputing {
    /// The net worth at each of `days`' ends, the last of which may be today.
    func netWorth(on days: [CalendarDay]) throws(NetWorthError) -> [NetWorthPoint]
    /// The first day anything was owned: the first transaction's or savings update's.
    func firstDay() throws(NetWorthError) -> CalendarDay?
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

    public func firstDay() throws(NetWorthError) -> CalendarDay? {
        let first = try history().map(\.date).min()
        let firstSaved = try book()?.updates.first.map { CalendarDay(containing: $0.at) }
        return [first, firstSaved].compactMap { $0 }.min()
    }

    public func netWorth(on days: [CalendarDay]) throws(NetWorthError) -> [NetWorthPoint] {
        guard let first = days.min(), let last = days.max() else { return [] }
        let history = try history()
        let known: [Security]
        do { known = try securities.all() } catch { throw .securities(error) }
        let units = NetWorthValuation(base: base, day: last, rates: ExchangeRates([]), securities: known, history: history)
        let tickers = Set(history.map(\.ticker)).subtracting([""])
        let book = try book()
        let currencies = units.currencies(tickers: Array(tickers), pots: history.flatMap { [CashPot(account: nil, currency: $0.currency),
                                                                                            CashPot(account: nil, currency: $0.toCurrency)] }
                                          + (book?.accounts ?? []).map { CashPot(account: nil, currency: $0.currency) })
        let kept: ExchangeRates
        do { kept = currencies.isEmpty ? ExchangeRates([]) : try rates.rates(converting: currencies, into: base, over: first...last) } catch { throw .rates(error) }
        let held = PortfolioCalculator.heldTickers(in: PortfolioCalculator.positions(of: history))
        let todays = last == today() && !held.isEmpty ? prices.loadPrices(for: held).compactMapValues { try? $0.get().price.price } : [:]
        return NetWorthTimeline.points(on: days, history: history, valuation: NetWorthValuation(base: base, day: today(), rates: kept, securities: known, history: history),
                                       closes: try closes(), todaysPrices: todays, savings: book)
    }

    private func history() throws(NetWorthError) -> [Transaction] {
        do { return try transactions.retrieve(.all, order: .unspecified) } catch { throw .transactions(error.storeError) }
    }

    private func book() throws(NetWorthError) -> SavingsBook? {
        guard let savings else { return nil }
        do { return try savings.load() } catch { throw .savings(error) }
    }
}
