import FixedPoint
import Ledger
import Transactions
import CurrentPrices
import Currencies
import Portfolio

/// The rates kept, as the converter puts a history and its prices in the base: a ticker
/// traded in euros is priced in euros.
struct KeptRates: BaseCurrencyConverting {
    let rates: ExchangeRates
    private let today = CalendarDay(daysSinceEpoch: 19_800)

    func historyInBase(_ history: [Transaction]) throws(CurrencyConversionError) -> [Transaction] {
        try history.map { transaction throws(CurrencyConversionError) in try transaction.converted(into: CurrencyCode("USD")!, at: rates) }
    }

    func rates(from firstDays: [String: CalendarDay]) throws(CurrencyConversionError) -> ExchangeRates { rates }

    func pricesInBase(_ prices: [String: Result<LoadedPrice, PriceLoadingError>], tickers: TickerUnits) throws(CurrencyConversionError) -> ConvertedPrices {
        let units = tickers.units
        return ConvertedPrices(prices: prices, rates: Dictionary(uniqueKeysWithValues: try prices.keys.map { ticker throws(CurrencyConversionError) in
            (ticker, try rate(of: units[ticker]?.currency.code ?? "USD", on: today))
        }))
    }

    func closesInBase(_ closes: PriceHistory, history: [Transaction]) throws(CurrencyConversionError) -> PriceHistory { closes }

    func rate(of currency: String, on day: CalendarDay) throws(CurrencyConversionError) -> FixedDecimal {
        try rates.converting(1, from: currency, on: day, into: CurrencyCode("USD")!)
    }

    func cashInBase(_ balances: [CashPot: FixedDecimal]) throws(CurrencyConversionError) -> [String: FixedDecimal] {
        var byCurrency: [String: FixedDecimal] = [:]
        for (pot, balance) in balances { byCurrency[pot.currency ?? "USD", default: .zero] += try rates.converting(balance, from: pot.currency, on: today, into: CurrencyCode("USD")!) }
        return byCurrency
    }
}
