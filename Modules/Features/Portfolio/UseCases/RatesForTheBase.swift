import Ledger
import Currencies

extension BaseCurrencyConverting {
    /// The rates a projection in the base is read at, for a history whose currencies are first
    /// named on `firstDays`, fetched (or read, offline) once. A currency with no rate on its
    /// first day can't convert that day's trade whatever else is kept: the earliest such day is
    /// named, with its currency.
    func ratesConvertingEvery(from firstDays: [String: CalendarDay], into base: CurrencyCode) throws(DisplayPortfolioError) -> ExchangeRates {
        let rates: ExchangeRates
        do { rates = try self.rates(from: firstDays) } catch { throw .conversion(error) }
        let unconverted = firstDays.filter { code, day in CurrencyCode(code).flatMap { rates.rate(from: $0, to: base, on: day) } == nil }
        if let (currency, day) = unconverted.min(by: { ($0.value, $0.key) < ($1.value, $1.key) }) {
            throw .conversion(.noRate(currency: currency, day: day))
        }
        return rates
    }

}
