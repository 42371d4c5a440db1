import FixedPoint
import Ledger
import Transactions

extension Transaction {
    /// Whether it names a currency: read in a base (`inBase`), one other than the base.
    public var namesAnotherCurrency: Bool { currency != nil || toCurrency != nil }

    /// Its currency and, for an exchange, the other's: those a conversion of it needs a rate of.
    public var currenciesNamed: [String] { [currency, toCurrency].compactMap { $0 } }

    /// Its sums in `base`, each at the latest rate in `rates` on or before its day: how every
    /// figure of a history in another currency is put in the base, a trade at a time.
    public func converted(into base: CurrencyCode, at rates: ExchangeRates) throws(CurrencyConversionError) -> Transaction {
        guard namesAnotherCurrency else { return self }
        return restating(sum: try rates.converting(sum, from: currency, on: date, into: base),
                         toSum: try toSum.map { sum throws(CurrencyConversionError) in try rates.converting(sum, from: toCurrency, on: date, into: base) },
                         fee: try fee.map { fee throws(CurrencyConversionError) in try rates.converting(fee, from: currency, on: date, into: base) },
                         currency: nil, toCurrency: nil)
    }

    /// Whether `rates` convert it for good: each of its currencies has a rate kept on or before
    /// its day and one on or after it, so no rate published later can change which applies.
    public func convertsForGood(into base: CurrencyCode, at rates: ExchangeRates) -> Bool {
        guard !isPlain else { return true }
        return currenciesNamed.allSatisfy { code in
            guard let currency = CurrencyCode(code) else { return false }
            return currency == base || (rates.rate(from: currency, to: base, on: date) != nil && (rates.days(from: currency, to: base).last?.day ?? date) >= date)
        }
    }
}

extension ExchangeRates {
    /// `amount` in `currency` (nil: the base's) put in `base` at the latest rate on or before `day`.
    public func converting(_ amount: FixedDecimal, from currency: String?, on day: CalendarDay, into base: CurrencyCode) throws(CurrencyConversionError) -> FixedDecimal {
        guard let currency else { return amount }
        guard let code = CurrencyCode(currency), let rate = rate(from: code, to: base, on: day),
              let converted = amount.multiplied(by: rate.rate) else { throw .noRate(currency: currency, day: day) }
        return converted
    }
}
