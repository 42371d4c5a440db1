import FixedPoint
import Ledger
import Transactions
import CurrentPrices
import Portfolio

/// A converter with no rate at all: a history that needs one fails.
struct NoRates: BaseCurrencyConverting {
    func historyInBase(_ history: [Transaction]) throws(CurrencyConversionError) -> [Transaction] {
        guard let foreign = history.first(where: { $0.currency != nil }) else { return history }
        throw .noRate(currency: foreign.currency!, day: foreign.date)
    }

    func pricesInBase(_ prices: [String: Result<LoadedPrice, PriceLoadingError>], history: [Transaction]) throws(CurrencyConversionError) -> ConvertedPrices {
        ConvertedPrices(prices: prices, rates: [:])
    }

    func closesInBase(_ closes: PriceHistory, history: [Transaction]) throws(CurrencyConversionError) -> PriceHistory { closes }
    func rate(of currency: String, on day: CalendarDay) throws(CurrencyConversionError) -> FixedDecimal { throw .noRate(currency: currency, day: day) }
    func cashInBase(_ balances: [CashPot: FixedDecimal]) throws(CurrencyConversionError) -> [String: FixedDecimal] { [:] }
}
