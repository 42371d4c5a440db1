import FixedPoint
import Ledger
import Transactions
import CurrentPrices

public enum CurrencyConversionError: Error, Equatable {
    /// No rate of `currency` into the base is kept on or before `day`, and none could be fetched.
    case noRate(currency: String, day: CalendarDay)
    case rates(ExchangeRatesError)
    case securities(SecuritiesError)
}

/// The port that puts a history into the base currency, so every figure the portfolio works out
/// from it is in the base: each trade's money at the rate of its own day (a cost basis never
/// moves with today's rate), and cash at today's.
public protocol BaseCurrencyConverting {
    /// Each transaction in another currency, its sums converted at its day's rate and its
    /// currency the base's; a history all in the base comes back as it is.
    func historyInBase(_ history: [Transaction]) throws(CurrencyConversionError) -> [Transaction]
    /// The rates that put in the base a history whose currencies are first named on `firstDays`:
    /// those `historyInBase` converts it at.
    func rates(from firstDays: [String: CalendarDay]) throws(CurrencyConversionError) -> ExchangeRates
    /// Each price in the base currency at today's rate (its unit, such as pence, first divided
    /// into its currency), with that rate by ticker; `tickers` names a ticker's unit where no
    /// security does.
    func pricesInBase(_ prices: [String: Result<LoadedPrice, PriceLoadingError>],
                      tickers: TickerUnits) throws(CurrencyConversionError) -> ConvertedPrices
    /// Each close in the base currency at its own day's rate (its unit first divided into its
    /// currency); a close before any rate is dropped.
    func closesInBase(_ closes: PriceHistory, history: [Transaction]) throws(CurrencyConversionError) -> PriceHistory
    /// Each currency's cash (the pots' balances by their currency's code) at today's rate.
    func cashInBase(_ balances: [CashPot: FixedDecimal]) throws(CurrencyConversionError) -> [String: FixedDecimal]
}

public struct ConvertedPrices {
    public let prices: [String: Result<LoadedPrice, PriceLoadingError>]
    /// What one of each ticker's currency is worth in the base today; 1 for the base's own.
    public let rates: [String: FixedDecimal]
    /// Each ticker's trading currency's code.
    public let currencies: [String: String]

    public init(prices: [String: Result<LoadedPrice, PriceLoadingError>], rates: [String: FixedDecimal], currencies: [String: String] = [:]) {
        self.prices = prices
        self.rates = rates
        self.currencies = currencies
    }
}
