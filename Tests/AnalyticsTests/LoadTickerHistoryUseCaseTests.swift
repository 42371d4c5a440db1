import XCTest
import Analytics
import FixedPoint
import Transactions
import TestSupport
import TransactionsTestSupport
import Ledger
import CurrentPrices

final class LoadTickerHistoryUseCaseTests: XCTestCase {
    func test_history_deliversStoredClosesWithoutARequestWhenTheyCoverTheWindow() throws {
        let (sut, prices, provider) = makeSUT()
        prices.stored = [close("2024-01-02", "10"), close("2024-01-31", "12"), close("2024-02-01", "99", ticker: "OTHER")]

        let history = try sut.history(of: "A", from: day("2024-01-01"), to: day("2024-01-31"))

        XCTAssertEqual(history.closes.map(\.close), [fixed("10"), fixed("12")])
        XCTAssertEqual(history.source, .stored)
        XCTAssertEqual(provider.requests.count, 0)
    }

    func test_history_coverageLeavesFourDaysSlackAtEachEnd() throws {
        let (sut, prices, provider) = makeSUT()
        prices.stored = [close("2024-01-05", "10"), close("2024-01-27", "12")]

        _ = try sut.history(of: "A", from: day("2024-01-01"), to: day("2024-01-31"))
        _ = try sut.history(of: "A", from: day("2024-01-01"), to: day("2024-02-01"))
        _ = try sut.history(of: "A", from: day("2023-12-31"), to: day("2024-01-31"))

        XCTAssertEqual(provider.requests.map(\.to), [day("2024-02-01"), day("2024-01-31")],
                       "4 days uncovered at either end need no request; 5 do")
    }

    func test_history_keepsOnlyFetchedClosesThatAreNewOrChanged() throws {
        let (sut, prices, provider) = makeSUT()
        prices.stored = [close("2024-01-02", "10"), close("2024-01-03", "11")]
        provider.result = .success([close("2024-01-02", "10"), close("2024-01-03", "11.5"), close("2024-01-31", "12")])

        let history = try sut.history(of: "A", from: day("2024-01-01"), to: day("2024-01-31"))

        XCTAssertEqual(prices.saved, [[close("2024-01-03", "11.5"), close("2024-01-31", "12")]])
        XCTAssertEqual(history.closes.map(\.close), [fixed("10"), fixed("11.5"), fixed("12")])
        XCTAssertEqual(history.source, .provider)
    }

    func test_history_ignoresFetchedClosesOutsideTheWindowOrOfAnotherTicker() throws {
        let (sut, prices, provider) = makeSUT()
        provider.result = .success([close("2023-12-29", "9"), close("2024-01-02", "10"), close("2024-01-03", "50", ticker: "B")])

        let history = try sut.history(of: "A", from: day("2024-01-01"), to: day("2024-01-31"))

        XCTAssertEqual(history.closes, [close("2024-01-02", "10")])
        XCTAssertEqual(prices.saved, [[close("2024-01-02", "10")]])
    }

    func test_history_onProviderFailure_deliversTheStoredClosesWithTheReason() throws {
        let (sut, prices, provider) = makeSUT()
        prices.stored = [close("2024-01-02", "10")]
        provider.result = .failure(.noAccess)

        let history = try sut.history(of: "A", from: day("2024-01-01"), to: day("2024-01-31"))

        XCTAssertEqual(history.closes, [close("2024-01-02", "10")])
        XCTAssertEqual(history.providerFailure, .noAccess)
        XCTAssertEqual(prices.saved, [])
    }

    func test_history_withoutAProvider_usesTheSampleOnlyWhenNothingIsStored_andNeverKeepsIt() throws {
        let prices = PriceHistorySpy(), sample = ClosesProviderStub()
        sample.result = .success([close("2024-01-03", "11"), close("2024-01-02", "10")])
        let sut = LoadTickerHistoryUseCase(prices: prices, provider: nil, sample: sample)

        let made = try sut.history(of: "A", from: day("2024-01-01"), to: day("2024-01-31"))
        prices.stored = [close("2024-01-20", "15")]
        let kept = try sut.history(of: "A", from: day("2024-01-01"), to: day("2024-01-31"))

        XCTAssertEqual(made.source, .sample)
        XCTAssertEqual(made.closes.map(\.close), [fixed("10"), fixed("11")], "in date order")
        XCTAssertEqual(kept.source, .stored)
        XCTAssertEqual(kept.closes.map(\.close), [fixed("15")])
        XCTAssertEqual(prices.saved, [])
    }

    func test_histories_readTheKeptClosesOnceForEveryTicker() throws {
        let (sut, prices, _) = makeSUT()
        prices.stored = [close("2024-01-02", "10"), close("2024-01-31", "12"), close("2024-01-02", "5", ticker: "B"), close("2024-01-31", "6", ticker: "B")]

        let histories = try sut.histories(of: ["A", "B", "A"], from: day("2024-01-01"), to: day("2024-01-31"))

        XCTAssertEqual(histories["B"]?.closes.map(\.close), [fixed("5"), fixed("6")])
        XCTAssertEqual(histories.count, 2)
        XCTAssertEqual(prices.historyReads, 1)
    }

    // MARK: - Helpers

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (LoadTickerHistoryUseCase, PriceHistorySpy, ClosesProviderStub) {
        let prices = PriceHistorySpy(), provider = ClosesProviderStub()
        let sut = LoadTickerHistoryUseCase(prices: prices, provider: provider, sample: nil)
        trackForMemoryLeaks(sut, file: file, line: line)
        trackForMemoryLeaks(prices, file: file, line: line)
        trackForMemoryLeaks(provider, file: file, line: line)
        return (sut, prices, provider)
    }

    private func close(_ date: String, _ value: String, ticker: String = "A") -> DailyClose {
        DailyClose(ticker: ticker, day: day(date), close: fixed(value))
    }
}

final class PriceHistorySpy: PriceHistoryManaging {
    var stored: [DailyClose] = []
    private(set) var saved: [[DailyClose]] = []

    func importCloses(_ closes: CloseImport) throws(PriceHistoryError) -> [DailyClose] { [] }

    func save(_ closes: [DailyClose]) throws(PriceHistoryError) {
        saved.append(closes)
        stored += closes
    }

    private(set) var historyReads = 0

    func history() throws(PriceHistoryError) -> PriceHistory {
        historyReads += 1
        return PriceHistory(stored)
    }
}

final class ClosesProviderStub: DailyClosesLoading {
    struct Request: Equatable {
        let ticker: String
        let from: CalendarDay
        let to: CalendarDay
    }
    private(set) var requests: [Request] = []
    var result: Result<[DailyClose], CandlesError> = .success([])

    func closes(of ticker: String, from: CalendarDay, to: CalendarDay) throws(CandlesError) -> [DailyClose] {
        requests.append(Request(ticker: ticker, from: from, to: to))
        return try result.get()
    }
}
