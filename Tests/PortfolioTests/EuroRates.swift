import FixedPoint
import Ledger
import Currencies
import TestSupport
import TransactionsTestSupport

/// The euro's rates in dollars that these tests convert `RandomHistory`'s trades at: its days
/// start on day 19,723.
enum EuroRates {
    private static let eur = CurrencyCode("EUR")!
    private static let usd = CurrencyCode("USD")!

    /// On the first of `days` and about half the others, counted from three days before the
    /// history's first.
    static func random(_ random: inout RandomHistory, days: Range<Int32>) -> ExchangeRates {
        ExchangeRates(days.compactMap { offset in
            offset != 0 && random.next(below: 2) == 0 ? nil : ExchangeRate(from: eur, to: usd, day: CalendarDay(daysSinceEpoch: 19_723 - 3 + offset),
                                                           rate: fixed("1.\(1000 + random.next(below: 3000))"))
        })
    }

    /// Every day from before the history's first, through some of its days.
    static func throughSomeDays(_ random: inout RandomHistory) -> ExchangeRates {
        ExchangeRates((0..<(10 + random.next(below: 40))).map { offset in
            ExchangeRate(from: eur, to: usd, day: CalendarDay(daysSinceEpoch: 19_720 + Int32(offset)), rate: fixed("1.\(1000 + random.next(below: 3000))"))
        })
    }

    /// The rates of the history's first weeks, then those with the rest as a later fetch brings them.
    static func fetchedInTwo(_ random: inout RandomHistory) -> (early: ExchangeRates, later: ExchangeRates) {
        let early = Self.random(&random, days: 0..<20)
        return (early, ExchangeRates(early.all(from: eur, to: usd) + Self.random(&random, days: 20..<40).all(from: eur, to: usd)))
    }

    static func on(_ iso: String, _ value: String) -> ExchangeRate {
        ExchangeRate(from: eur, to: usd, day: day(iso), rate: fixed(value))
    }
}
