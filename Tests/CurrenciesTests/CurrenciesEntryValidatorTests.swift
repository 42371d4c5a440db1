import XCTest
import FixedPoint
import Ledger
import Currencies

final class CurrenciesEntryValidatorTests: XCTestCase {
    private let usd = CurrencyCode("USD")!, gbp = CurrencyCode("GBP")!

    func test_rejections_refuseARateOrACoverageAfterTomorrow_andTakeThemUpToIt() {
        let sut = CurrenciesEntryValidator(today: { CalendarDay(iso: "2024-07-10")! })
        let lateRate = ExchangeRatesLedgerCodec.entry(for: ExchangeRate(from: usd, to: gbp, day: day("9999-12-31"), rate: FixedDecimal("0.8")!), updatedAt: 1)
        let lateCoverage = RatesCoverageLedgerCodec.entry(for: RatesCoverage(from: usd, to: gbp, first: day("2024-07-01"), last: day("2024-07-12")), updatedAt: 1)
        let tomorrow = ExchangeRatesLedgerCodec.entry(for: ExchangeRate(from: gbp, to: usd, day: day("2024-07-11"), rate: FixedDecimal("1.25")!), updatedAt: 1)
        let covered = RatesCoverageLedgerCodec.entry(for: RatesCoverage(from: gbp, to: usd, first: day("0001-01-01"), last: day("2024-07-11")), updatedAt: 1)

        let rejections = sut.rejections(of: [lateRate, lateCoverage, tomorrow, covered], over: [])

        XCTAssertEqual(rejections, [LedgerRejection(id: lateRate.id, kind: "fx-rate", reasons: ["day 9999-12-31 is after today"]),
                                    LedgerRejection(id: lateCoverage.id, kind: "fx-coverage", reasons: ["last 2024-07-12 is after today"])])
        XCTAssertEqual(sut.rejectionsWithoutLiveEntries(of: [lateRate]), [rejections[0]])
    }

    func test_rejections_stillRefuseWhatCantBeRead() {
        let sut = CurrenciesEntryValidator(today: { CalendarDay(iso: "2024-07-10")! })
        let entry = LedgerEntry(id: "fxcover-usdgbp", kind: "fx-coverage", schema: 1, updatedAt: 1,
                                payload: LedgerPayload([("first", "2024-07-02"), ("from", "USD"), ("last", "2024-07-01"), ("to", "GBP")]))

        XCTAssertEqual(sut.rejections(of: [entry], over: []).map(\.reasons), [["last is not valid"]])
    }

    private func day(_ iso: String) -> CalendarDay { CalendarDay(iso: iso)! }
}
