import XCTest
import FixedPoint
import Ledger
import Projections
import Currencies
import TestSupport

/// The rates kept, folded into their checkpoint in whatever order they were fetched and fetched
/// again, must equal the rates indexed from the ledger's live entries.
final class KeptRatesCheckpointTests: XCTestCase {
    private let usd = CurrencyCode("USD")!, eur = CurrencyCode("EUR")!, gbp = CurrencyCode("GBP")!

    func test_foldedInAnyOrder_andRevisedAsRatesAreFetchedAgain_equalsTheLiveRates() {
        var seed: UInt64 = 11
        for run in 0..<50 {
            var live: [String: ExchangeRate] = [:]
            var folded = ExchangeRates.empty
            for step in 0..<80 {
                let rate = ExchangeRate(from: [eur, gbp][next(&seed, below: 2)], to: usd, day: CalendarDay(daysSinceEpoch: 19_700 + Int32(next(&seed, below: 40))),
                                        rate: FixedDecimal(units: Int128(100_000_000 + next(&seed, below: 50_000_000))))
                let id = ExchangeRatesLedgerCodec.id(from: rate.from, to: rate.to, day: rate.day)
                if let earlier = live[id] {
                    XCTAssertTrue(folded.revise([Revision(earlier: earlier, later: rate)], given: []))
                } else {
                    XCTAssertTrue(folded.fold(rate))
                }
                live[id] = rate
                XCTAssertEqual(folded, ExchangeRates(Array(live.values)), "run \(run), step \(step)")
            }
        }
    }

    func test_aRateDeleted_isTakenOut() {
        let rate = ExchangeRate(from: eur, to: usd, day: CalendarDay(daysSinceEpoch: 19_700), rate: fixed("1.08"))
        var rates = ExchangeRates([rate])

        XCTAssertTrue(rates.revise([Revision(earlier: rate, later: nil)], given: []))

        XCTAssertEqual(rates, ExchangeRates([]))
        XCTAssertNil(rates.rate(from: eur, to: usd, on: rate.day))
    }

    func test_checkpoint_readsBackEqual_andACutOneIsDamaged() throws {
        let rates = ExchangeRates((0..<300).map { (index: Int) -> ExchangeRate in
            let units: Int128 = Int128(100_000_000 + index * 7_919)
            return ExchangeRate(from: index % 2 == 0 ? eur : gbp, to: usd, day: CalendarDay(daysSinceEpoch: 19_000 + Int32(index)), rate: FixedDecimal(units: units))
        })
        var writer = PackedWriter()
        rates.write(to: &writer)

        var reader = PackedReader(writer.bytes)
        XCTAssertEqual(try ExchangeRates.empty.decoded(from: &reader), rates)
        XCTAssertTrue(reader.isAtEnd)
        var cut = PackedReader(Array(writer.bytes.dropLast(3)))
        XCTAssertThrowsError(try ExchangeRates.empty.decoded(from: &cut))
    }

    func test_checkpoint_whosePairIsOutOfDayOrder_empty_orRepeated_isDamaged() {
        let cases: [(String, [(pair: String, days: [Int32])])] = [
            ("days out of order", [("EUR", [19_001, 19_000])]),
            ("a pair without a day", [("EUR", [])]),
            ("a pair twice", [("EUR", [19_000]), ("EUR", [19_001])]),
        ]
        for (name, pairs) in cases {
            var writer = PackedWriter()
            writer.write(pairs.count)
            for (from, days) in pairs {
                writer.write(from)
                writer.write("USD")
                writer.write(days.count)
                for day in days {
                    writer.write(day)
                    writer.write(Int128(100_000_000))
                }
            }
            var reader = PackedReader(writer.bytes)
            XCTAssertThrowsError(try ExchangeRates.empty.decoded(from: &reader), name)
        }
    }

    private func next(_ state: inout UInt64, below bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}
