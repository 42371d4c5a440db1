import XCTest
import FixedPoint
import Ledger
import Currencies

final class RatesCoveragePolicyTests: XCTestCase {
    private let usd = CurrencyCode("USD")!, gbp = CurrencyCode("GBP")!

    func test_trusted_withNoRateKept_isNothing() {
        XCTAssertNil(RatesCoveragePolicy.trusted(coverage("2024-01-01", "2024-12-31"), kept: []))
    }

    func test_trusted_reachesFiveDaysEitherSideOfTheRatesKept_andNoFurther() {
        let trusted = RatesCoveragePolicy.trusted(coverage("0001-01-01", "9999-12-31"), kept: kept("2024-03-01", "2024-03-28"))

        XCTAssertEqual(trusted?.first, day("2024-02-25"))
        XCTAssertEqual(trusted?.last, day("2024-04-02"))
    }

    func test_trusted_keepsACoverageInsideTheRatesKept_asItIs() {
        let trusted = RatesCoveragePolicy.trusted(coverage("2024-03-02", "2024-03-20"), kept: kept("2024-03-01", "2024-03-28"))

        XCTAssertEqual(trusted, coverage("2024-03-02", "2024-03-20"))
    }

    func test_trusted_believesAnEarlierFirstDay_onlyWhenTheRatesKeptStartWithTheFirstPublished() {
        XCTAssertEqual(RatesCoveragePolicy.trusted(coverage("1990-01-01", "2024-01-01"), kept: kept("1999-01-09", "2024-01-01"))?.first, day("1990-01-01"),
                       "five days after the euro's first rates: nothing earlier exists to fetch")
        XCTAssertEqual(RatesCoveragePolicy.trusted(coverage("1990-01-01", "2024-01-01"), kept: kept("1999-01-10", "2024-01-01"))?.first, day("1999-01-05"))
    }

    private func coverage(_ first: String, _ last: String) -> RatesCoverage {
        RatesCoverage(from: usd, to: gbp, first: day(first), last: day(last))
    }

    private func kept(_ days: String...) -> [ExchangeRates.DayRate] {
        ExchangeRates(days.map { ExchangeRate(from: usd, to: gbp, day: day($0), rate: FixedDecimal("0.8")!) }).days(from: usd, to: gbp)
    }

    private func day(_ iso: String) -> CalendarDay { CalendarDay(iso: iso)! }
}
