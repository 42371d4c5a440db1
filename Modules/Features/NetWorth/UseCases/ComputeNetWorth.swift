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
/// account, each converted by `NetWorthValuation`; the rates it needs are fetched once a day (or
/// read from what is kept, offline).
public final class ComputeNetWorthUseCase: NetWorthComputing {
    private let transactions: TransactionsRetrieving
    private let prices: PricesLoading
    private let securities: SecuritiesManaging
    private let rates: ExchangeRatesProviding
    private let savings: SavingsLoading?
    private let base: CurrencyCode
    private let today: () -> CalendarDay

    /// `savings` nil: a client that keeps none.
    public init(transactions: TransactionsRetrieving, prices: PricesLoading, securities: SecuritiesManaging, rates: ExchangeRatesProviding,
                savings: SavingsLoading?, base: CurrencyCode, today: @escaping () -> CalendarDay) {
        self.transactions = transactions
        self.prices = prices
        self.securities = securities
        self.rates = rates
        self.savings = savings
        self.base = base
        self.today = today
    }

    public func netWorth() throws(NetWorthError) -> (netWorth: NetWorth, prices: [String: Result<LoadedPrice, PriceLoadingError>]) {
        let day = today()
        let history: [Transaction]
        do { history = try transactions.retrieve(.all, order: .unspecified) } catch { throw .transactions(error.storeError) }
        let held = PortfolioCalculator.positions(of: history).quantities
        let tracked = CashPolicy.trackedAccounts(in: history)
        let pots = CashPolicy.balances(of: history).filter { tracked.contains($0.key.account) && !$0.value.isZero }
            .sorted { ($0.key.account ?? "", $0.key.currency ?? "") < ($1.key.account ?? "", $1.key.currency ?? "") }
        let known: [Security]
        do { known = try securities.all() } catch { throw .securities(error) }
        let unconverted = NetWorthValuation(base: base, day: day, rates: ExchangeRates([]), securities: known, history: history)
        let summary: SavingsSummary?
        do { summary = try savings?.loadSummary() } catch { throw .savings(error) }
        let openSavings = summary.map { summary in summary.accounts.filter(\.isActive).compactMap { account in summary.latestUpdates[account.id].map { (account, $0.value) } } } ?? []
        let wanted = unconverted.currencies(tickers: held.map(\.ticker), pots: pots.map(\.key) + openSavings.map { CashPot(account: nil, currency: $0.0.currency) })
        let kept: ExchangeRates
        do { kept = wanted.isEmpty ? ExchangeRates([]) : try rates.rates(converting: wanted, into: base, over: day...day) } catch { throw .rates(error) }
        let valuation = NetWorthValuation(base: base, day: day, rates: kept, securities: known, history: history)
        let tickers = Set(held.map(\.ticker)).sorted()
        let results = tickers.isEmpty ? [:] : prices.loadPrices(for: tickers)
        var items = held.map { valuation.holding(account: $0.account, ticker: $0.ticker, quantity: $0.quantity, price: try? results[$0.ticker]?.get().price.price) }
        items += pots.map { valuation.cash($0.key, balance: $0.value) }
        items += openSavings.map { account, value in valuation.savings(name: account.name, value: value, currency: account.currency) }
        return (NetWorth(base: base, day: day, items: items), results)
    }
}

private extension RetrieveTransactionsError {
    var storeError: TransactionsStoreError {
        switch self {
        case let .retrieval(failure): return failure
        }
    }
}

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
