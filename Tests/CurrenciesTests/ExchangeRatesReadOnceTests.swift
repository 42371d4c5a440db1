import XCTest
import FixedPoint
import Ledger
import TestSupport
import Currencies

final class ExchangeRatesReadOnceTests: XCTestCase {
    func test_rates_areReadOnce_untilAFetchSavesMore_whileCoverageIsAlwaysAsked() throws {
        let (sut, store) = makeSUT()
        store.kept = ExchangeRates([rate("2024-07-01", "1.25")])

        let first = try sut.rates()
        store.kept = ExchangeRates([rate("2024-07-01", "1.30")])
        let second = try sut.rates()
        _ = try sut.coverage()
        _ = try sut.coverage()
        try sut.save([rate("2024-07-02", "1.31")], covering: RatesCoverage(from: eur, to: usd, first: day("2024-07-02"), last: day("2024-07-02")), at: Date())
        let third = try sut.rates()

        XCTAssertEqual(first.rate(from: eur, to: usd, on: day("2024-07-01"))?.rate, FixedDecimal("1.25"))
        XCTAssertEqual(second.rate(from: eur, to: usd, on: day("2024-07-01"))?.rate, FixedDecimal("1.25"), "answered from the first read")
        XCTAssertEqual(third.rate(from: eur, to: usd, on: day("2024-07-01"))?.rate, FixedDecimal("1.30"), "read again after a save")
        XCTAssertEqual(store.messages, ["rates", "coverage", "coverage", "save 1", "rates"])
    }

    func test_aFailedRead_isNotKept() {
        let (sut, store) = makeSUT()
        store.failure = .store(.invalidIdentifier("x"))

        XCTAssertThrowsError(try sut.rates())
        store.failure = nil
        XCTAssertNoThrow(try sut.rates())
        XCTAssertEqual(store.messages, ["rates", "rates"])
    }

    // MARK: - Helpers

    private let eur = CurrencyCode("EUR")!, usd = CurrencyCode("USD")!

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (ExchangeRatesReadOnce, ExchangeRatesStoreSpy) {
        let store = ExchangeRatesStoreSpy()
        let sut = ExchangeRatesReadOnce(decoratee: store)
        trackForMemoryLeaks(store, file: file, line: line)
        trackForMemoryLeaks(sut, file: file, line: line)
        return (sut, store)
    }

    private func rate(_ iso: String, _ value: String) -> ExchangeRate {
        ExchangeRate(from: eur, to: usd, day: day(iso), rate: FixedDecimal(value)!)
    }

    private func day(_ iso: String) -> CalendarDay { CalendarDay(iso: iso)! }
}

private final class ExchangeRatesStoreSpy: ExchangeRatesStore {
    var kept = ExchangeRates([])
    var failure: ExchangeRatesError?
    private(set) var messages: [String] = []

    func rates() throws(ExchangeRatesError) -> ExchangeRates {
        messages.append("rates")
        if let failure { throw failure }
        return kept
    }

    func coverage() throws(ExchangeRatesError) -> [RatesCoverage] {
        messages.append("coverage")
        return []
    }

    func save(_ rates: [ExchangeRate], covering coverage: RatesCoverage, at date: Date) throws(ExchangeRatesError) {
        messages.append("save \(rates.count)")
    }
}
