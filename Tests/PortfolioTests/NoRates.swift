import FixedPoint
import Ledger
import Transactions
import CurrentPrices
import Currencies
import Portfolio

/// A converter with no rate at all: a history that needs one fails.
struct NoRates: BaseCurrencyConverting {
    func historyInBase(_ history: [Transaction]) throws(CurrencyConversionError) -> [Transaction] {
        guard let foreign = history.first(where: { $0.currency != nil }) else { return history }
        throw .noRate(currency: foreign.currency!, day: foreign.date)
    }

    func rates(from firstDays: [String: CalendarDay]) throws(CurrencyConversionError) -> ExchangeRates {
        guard let (currency, day) = firstDays.min(by: { $0.key < $1.key }) else { return ExchangeRates([]) }
        throw .noRate(currency: currency, day: day)
    }

    func pricesInBase(_ prices: [String: Result<LoadedPrice, PriceLoadingError>], tickers: TickerUnits) throws(CurrencyConversionError) -> ConvertedPrices {
        ConvertedPrices(prices: prices, rates: [:])
    }

    func closesInBase(_ closes: PriceHistory, history: [Transaction]) throws(CurrencyConversionError) -> PriceHistory { closes }
    func cashInBase(_ balances: [CashPot: FixedDecimal]) throws(CurrencyConversionError) -> [String: FixedDecimal] { [:] }
}
