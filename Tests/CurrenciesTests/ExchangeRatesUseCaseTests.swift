import XCTest
import FixedPoint
import Ledger
import TestSupport
import Currencies

final class ExchangeRatesUseCaseTests: XCTestCase {
    private let usd = CurrencyCode("USD")!, gbp = CurrencyCode("GBP")!, chf = CurrencyCode("CHF")!

    func test_rates_fetchesEachForeignCurrencyOnce_andKeepsWhatCame() throws {
        let (sut, loader, _) = makeSUT(today: "2024-07-08")

        let rates = try sut.rates(converting: [usd, chf, gbp], into: gbp, over: day("2024-07-01")...day("2024-07-08"))

        XCTAssertEqual(loader.requests, ["CHF→GBP 2024-07-01…2024-07-08", "USD→GBP 2024-07-01…2024-07-08"])
        XCTAssertEqual(rates.rate(from: usd, to: gbp, on: day("2024-07-06"))?.day, day("2024-07-05"), "the loader's working days, kept")
        XCTAssertEqual(try sut.keptRates().all(from: chf, to: gbp).count, 6)
    }

    func test_rates_fetchesNothing_forDaysAlreadyAskedAbout_evenWithoutARateOnEach() throws {
        let (sut, loader, _) = makeSUT(today: "2024-07-08")
        _ = try sut.rates(converting: [usd], into: gbp, over: day("2024-07-01")...day("2024-07-08"))

        _ = try sut.rates(converting: [usd], into: gbp, over: day("2024-07-06")...day("2024-07-07"))

        XCTAssertEqual(loader.requests.count, 1, "a weekend inside what was asked has no rate to fetch")
    }

    func test_rates_onALaterDay_asksAgainFromTheLastDayAsked_andBeforeTheFirst() throws {
        var today = "2024-07-08"
        let loader = ExchangeRatesLoaderSpy()
        let ledger = InMemoryLedgerStore()
        let sut = ExchangeRatesUseCase(store: LedgerExchangeRatesStore(ledger: ledger), loader: loader, now: { Self.noon(today) })
        _ = try sut.rates(converting: [usd], into: gbp, over: day("2024-07-03")...day("2024-07-08"))
        today = "2024-07-10"

        _ = try sut.rates(converting: [usd], into: gbp, over: day("2024-07-01")...day("2024-07-31"))

        XCTAssertEqual(loader.requests, ["USD→GBP 2024-07-03…2024-07-08", "USD→GBP 2024-07-01…2024-07-03", "USD→GBP 2024-07-08…2024-07-10"],
                       "never past today; today's rate may be published after it was asked for")
    }

    func test_rates_aCoverageRunningPastTheRatesKept_asADeviceWithItsClockAheadWritesIt_isTrustedOnlyAsFarAsThoseRates() throws {
        let (sut, loader, ledger) = makeSUT(today: "2024-07-10")
        try LedgerExchangeRatesStore(ledger: ledger).save([ExchangeRate(from: usd, to: gbp, day: day("2024-07-01"), rate: FixedDecimal("0.8")!)],
                                                          covering: RatesCoverage(from: usd, to: gbp, first: day("2024-07-01"), last: day("2025-07-10")),
                                                          at: Self.noon("2024-07-01"))

        let rates = try sut.rates(converting: [usd], into: gbp, over: day("2024-07-01")...day("2024-07-10"))

        XCTAssertEqual(loader.requests, ["USD→GBP 2024-07-06…2024-07-10"],
                       "from the longest run of days without a rate after the last one kept: none was kept for the days claimed")
        XCTAssertEqual(rates.rate(from: usd, to: gbp, on: day("2024-07-10"))?.day, day("2024-07-10"))
    }

    func test_rates_aCoverageFromBeforeAnyRateWasPublished_stillFetchesTheDaysNoRateWasKeptFor() throws {
        let (sut, loader, ledger) = makeSUT(today: "2024-07-10")
        try LedgerExchangeRatesStore(ledger: ledger).save([ExchangeRate(from: usd, to: gbp, day: day("2024-07-08"), rate: FixedDecimal("0.8")!)],
                                                          covering: RatesCoverage(from: usd, to: gbp, first: day("0001-01-01"), last: day("2024-07-10")),
                                                          at: Self.noon("2024-07-10"))

        _ = try sut.rates(converting: [usd], into: gbp, over: day("2020-01-06")...day("2024-07-10"))

        XCTAssertEqual(loader.requests, ["USD→GBP 2020-01-06…2024-07-03"], "up to the longest run of days without a rate before the first kept")
    }

    func test_rates_withoutALoader_readOnlyWhatIsKept() throws {
        let ledger = InMemoryLedgerStore()
        let online = ExchangeRatesUseCase(store: LedgerExchangeRatesStore(ledger: ledger), loader: ExchangeRatesLoaderSpy(), now: { Self.noon("2024-07-08") })
        _ = try online.rates(converting: [usd], into: gbp, over: day("2024-07-01")...day("2024-07-08"))
        let offline = ExchangeRatesUseCase(store: LedgerExchangeRatesStore(ledger: ledger), loader: nil, now: { Self.noon("2024-07-09") })

        let rates = try offline.rates(converting: [usd, chf], into: gbp, over: day("2024-07-01")...day("2024-07-09"))

        XCTAssertEqual(rates.rate(from: usd, to: gbp, on: day("2024-07-09"))?.day, day("2024-07-08"))
        XCTAssertNil(rates.rate(from: chf, to: gbp, on: day("2024-07-09")))
    }

    func test_rates_keepNothing_whenTheProviderFails() throws {
        let (sut, loader, ledger) = makeSUT(today: "2024-07-08")
        loader.failure = .unavailable(host: "api.frankfurter.app", reason: "timed out")

        XCTAssertThrowsError(try sut.rates(converting: [usd], into: gbp, over: day("2024-07-01")...day("2024-07-08"))) { error in
            XCTAssertEqual(error as? ExchangeRatesError, .unavailable(host: "api.frankfurter.app", reason: "timed out"))
        }
        XCTAssertTrue(ledger.retrieveEntries().isEmpty)
    }

    // MARK: - Helpers

    private func makeSUT(today: String, file: StaticString = #filePath, line: UInt = #line) -> (ExchangeRatesUseCase, ExchangeRatesLoaderSpy, InMemoryLedgerStore) {
        let loader = ExchangeRatesLoaderSpy()
        let ledger = InMemoryLedgerStore()
        let sut = ExchangeRatesUseCase(store: LedgerExchangeRatesStore(ledger: ledger), loader: loader, now: { Self.noon(today) })
        trackForMemoryLeaks(sut, file: file, line: line)
        trackForMemoryLeaks(loader, file: file, line: line)
        return (sut, loader, ledger)
    }

    private static func noon(_ iso: String) -> Date {
        Date(timeIntervalSince1970: TimeInterval(CalendarDay(iso: iso)!.daysSinceEpoch) * 86_400 + 43_200)
    }

    private func day(_ iso: String) -> CalendarDay { CalendarDay(iso: iso)! }
}

/// Answers a rate of 0.8 on each weekday asked for, and records each request.
final class ExchangeRatesLoaderSpy: ExchangeRatesLoading {
    private(set) var requests: [String] = []
    var failure: ExchangeRatesError?

    func rates(from: CurrencyCode, to: CurrencyCode, days: ClosedRange<CalendarDay>) throws(ExchangeRatesError) -> [ExchangeRate] {
        requests.append("\(from)→\(to) \(days.lowerBound.iso)…\(days.upperBound.iso)")
        if let failure { throw failure }
        return stride(from: days.lowerBound.daysSinceEpoch, through: days.upperBound.daysSinceEpoch, by: 1)
            .map { CalendarDay(daysSinceEpoch: $0) }
            .filter { ($0.daysSinceEpoch + 3) % 7 < 5 }
            .map { ExchangeRate(from: from, to: to, day: $0, rate: FixedDecimal("0.8")!) }
    }
}
