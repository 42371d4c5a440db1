import XCTest
import FixedPoint
import Ledger
import Currencies

final class ExchangeRatesTests: XCTestCase {
    private let usd = CurrencyCode("USD")!, gbp = CurrencyCode("GBP")!

    func test_rate_isTheLatestPublishedOnOrBeforeTheDay() {
        let rates = ExchangeRates([rate("2024-07-05", "0.78123"), rate("2024-07-03", "0.78901"), rate("2024-07-08", "0.77999")])

        XCTAssertEqual(rates.rate(from: usd, to: gbp, on: day("2024-07-06"))?.rate, FixedDecimal("0.78123"), "a Saturday takes Friday's")
        XCTAssertEqual(rates.rate(from: usd, to: gbp, on: day("2024-07-08"))?.rate, FixedDecimal("0.77999"))
        XCTAssertEqual(rates.rate(from: usd, to: gbp, on: day("2024-07-04"))?.day, day("2024-07-03"))
        XCTAssertNil(rates.rate(from: usd, to: gbp, on: day("2024-07-02")), "none kept that early")
        XCTAssertNil(rates.rate(from: gbp, to: usd, on: day("2024-07-08")), "a pair is one way")
    }

    func test_rate_ofEachPair_isItsOwn_whenPairsComeInterleavedOrInRuns() {
        let eur = CurrencyCode("EUR")!
        let mixed = [rate("2024-07-03", "0.78"), ExchangeRate(from: eur, to: gbp, day: day("2024-07-04"), rate: 2), ExchangeRate(from: eur, to: gbp, day: day("2024-07-02"), rate: 3),
                     rate("2024-07-01", "0.79"), ExchangeRate(from: usd, to: eur, day: day("2024-07-03"), rate: 4), rate("2024-07-05", "0.77")]

        let rates = ExchangeRates(mixed)

        XCTAssertEqual(rates.all(from: usd, to: gbp).map(\.rate), [FixedDecimal("0.79")!, FixedDecimal("0.78")!, FixedDecimal("0.77")!])
        XCTAssertEqual(rates.all(from: eur, to: gbp).map(\.rate), [3, 2])
        XCTAssertEqual(rates.all(from: usd, to: eur).map(\.rate), [4])
        XCTAssertEqual(rates.rate(from: eur, to: gbp, on: day("2024-07-03"))?.rate, 3)
        XCTAssertEqual(rates, ExchangeRates(mixed.reversed()), "the same rates in any order")
    }

    func test_rate_betweenOneCurrency_isOne() {
        XCTAssertEqual(ExchangeRates([]).rate(from: gbp, to: gbp, on: day("2024-07-08"))?.rate, 1)
    }

    func test_codec_roundTripsARate_andRefusesOneThatIsNoRate() throws {
        let original = rate("2024-07-05", "0.78123")
        let entry = ExchangeRatesLedgerCodec.entry(for: original, updatedAt: 7)
        XCTAssertEqual(try ExchangeRatesLedgerCodec.record(from: entry), original)

        for (field, value) in [("rate", "0"), ("rate", "-1"), ("from", "XXX"), ("to", "USD"), ("date", "2024-07-06")] {
            let fields = entry.payload.fields.map { $0.name == field ? ($0.name, value) : $0 }
            let tampered = LedgerEntry(id: entry.id, kind: entry.kind, schema: 1, updatedAt: 7, payload: LedgerPayload(fields))
            XCTAssertThrowsError(try ExchangeRatesLedgerCodec.record(from: tampered), "\(field)=\(value)")
        }
    }

    private func rate(_ iso: String, _ value: String) -> ExchangeRate {
        ExchangeRate(from: usd, to: gbp, day: day(iso), rate: FixedDecimal(value)!)
    }

    private func day(_ iso: String) -> CalendarDay { CalendarDay(iso: iso)! }
}
