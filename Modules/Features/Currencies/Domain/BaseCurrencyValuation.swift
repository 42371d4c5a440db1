import FixedPoint
import Ledger
import Transactions

/// The one place a price or an amount becomes a figure in the base currency (a holding, a pot of
/// cash, a savings account: the net worth's items): a price in a minor unit (GBp) is divided into
/// its currency first, and the amount is converted at the latest rate kept on or before the day,
/// never a later one.
public struct BaseCurrencyValuation: Sendable {
    public let base: CurrencyCode
    public let day: CalendarDay
    private let rates: ExchangeRates
    /// Each ticker's price unit: its security's, else the currency of its first transaction
    /// that names one, else the base.
    private let units: [String: PriceUnit]
    /// The unit of a ticker no security or transaction names.
    private let baseUnit: PriceUnit

    public init(base: CurrencyCode, day: CalendarDay, rates: ExchangeRates, securities: [Security], history: [Transaction]) {
        self.init(base: base, day: day, rates: rates, securities: securities, tickers: TickerUnits(history: history))
    }

    public init(base: CurrencyCode, day: CalendarDay, rates: ExchangeRates, securities: [Security], tickers: TickerUnits) {
        var units = tickers.units
        for security in securities { units[security.ticker] = security.unit }
        self.init(base: base, day: day, rates: rates, units: units)
    }

    private init(base: CurrencyCode, day: CalendarDay, rates: ExchangeRates, units: [String: PriceUnit]) {
        self.base = base
        self.day = day
        self.rates = rates
        self.units = units
        baseUnit = PriceUnit(base.code)!
    }

    /// The same valuation on another day: that day's rates.
    public func on(_ day: CalendarDay) -> BaseCurrencyValuation {
        BaseCurrencyValuation(base: base, day: day, rates: rates, units: units)
    }

    /// The same units with `rates`: a valuation made first to learn which rates it needs.
    public func with(_ rates: ExchangeRates) -> BaseCurrencyValuation {
        BaseCurrencyValuation(base: base, day: day, rates: rates, units: units)
    }

    /// The unit `ticker`'s prices are in.
    public func unit(of ticker: String) -> PriceUnit {
        units[ticker] ?? baseUnit
    }

    /// The currencies that need a rate to value these holdings and amounts (each in a currency
    /// named by its code, nil for the base).
    public func currencies(tickers: [String], amountsIn codes: [String?]) -> Set<CurrencyCode> {
        Set(tickers.map { unit(of: $0).currency } + codes.map(currency(named:))).subtracting([base])
    }

    /// A code's currency; nil (and a code no longer in use) is the base's.
    public func currency(named code: String?) -> CurrencyCode {
        code.flatMap(CurrencyCode.init) ?? base
    }

    /// A price of `ticker` in the base currency: in its currency's major unit, at today's rate,
    /// rounded as every figure is; nil without a rate. The portfolio and the net worth both value
    /// a holding as its quantity times this.
    public func priceInBase(of ticker: String, _ price: FixedDecimal) -> FixedDecimal? {
        pricesInBase(of: ticker)(price)
    }

    /// What `priceInBase` gives for each of `ticker`'s prices, its unit and rate looked up once:
    /// a quote has half a dozen prices, a portfolio hundreds of quotes.
    public func pricesInBase(of ticker: String) -> (FixedDecimal) -> FixedDecimal? {
        let unit = unit(of: ticker), rate = rates.rate(from: unit.currency, to: base, on: day)?.rate
        return { price in rate.flatMap { rate in unit.inMajorUnits(price).flatMap { $0.multiplied(by: rate) } } }
    }

    /// What one of `currency` is worth in the base on the day, and the day it was published;
    /// nil without a rate.
    public func rate(of currency: CurrencyCode) -> ExchangeRate? {
        rates.rate(from: currency, to: base, on: day)
    }

    /// What one of `ticker`'s currency is worth in the base on the day; nil without a rate.
    public func rate(of ticker: String) -> FixedDecimal? {
        rates.rate(from: unit(of: ticker).currency, to: base, on: day)?.rate
    }
}
