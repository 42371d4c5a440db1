import XCTest
import Analytics
import CurrentPrices
import FixedPoint
import Transactions
import TestSupport
import TransactionsTestSupport
import Ledger

final class ClosesRecordingPricesLoaderTests: XCTestCase {
    func test_loadPrices_recordsEachLiveQuoteAsTheCloseOfItsDay_andThePreviousCloseOnTheWeekdayBefore() {
        let monday = day("2024-07-01")
        let (sut, prices, recorder) = makeSUT()
        prices.results = ["AAA": .success(quote("AAA", "12", previousClose: "11", on: monday, source: .live))]

        _ = sut.loadPrices(for: ["AAA"])

        XCTAssertEqual(recorder.recorded, [[DailyClose(ticker: "AAA", day: day("2024-06-28"), close: fixed("11")),
                                            DailyClose(ticker: "AAA", day: monday, close: fixed("12"))]], "Friday's close, then Monday's price")
    }

    func test_loadPrices_neverRecordsCachedSampleOrManualPrices_orFailures() {
        let (sut, prices, recorder) = makeSUT()
        prices.results = ["C": .success(quote("C", "1", previousClose: "1", on: day("2024-07-02"), source: .cached)),
                          "S": .success(quote("S", "1", previousClose: "1", on: day("2024-07-02"), source: .sample)),
                          "M": .success(quote("M", "1", previousClose: "1", on: day("2024-07-02"), source: .manual)),
                          "F": .failure(.connectivity)]

        _ = sut.loadPrices(for: ["C", "S", "M", "F"])

        XCTAssertEqual(recorder.recorded, [])
    }

    func test_previousWeekday_skipsTheWeekend() {
        XCTAssertEqual(day("2024-07-02").previousWeekday, day("2024-07-01"), "Tuesday → Monday")
        XCTAssertEqual(day("2024-07-01").previousWeekday, day("2024-06-28"), "Monday → Friday")
        XCTAssertEqual(day("2024-06-30").previousWeekday, day("2024-06-28"), "Sunday → Friday")
    }

    // MARK: - Helpers

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (ClosesRecordingPricesLoader, PricesStub, Recorder) {
        let prices = PricesStub(), recorder = Recorder()
        let sut = ClosesRecordingPricesLoader(decoratee: prices, record: recorder.record)
        trackForMemoryLeaks(sut, file: file, line: line)
        trackForMemoryLeaks(prices, file: file, line: line)
        return (sut, prices, recorder)
    }

    private func quote(_ ticker: String, _ price: String, previousClose: String, on day: CalendarDay, source: PriceSource) -> LoadedPrice {
        let at = day.startDate.addingTimeInterval(20 * 3_600)
        return LoadedPrice(price: CurrentPrice(ticker: ticker, price: fixed(price), change: nil, changePercent: nil, previousClose: fixed(previousClose),
                                               quoteTime: at, fetchedAt: at), source: source)
    }

    private final class PricesStub: PricesLoading {
        var results: [String: Result<LoadedPrice, PriceLoadingError>] = [:]

        func loadPrices(for tickers: [String]) -> [String: Result<LoadedPrice, PriceLoadingError>] { results }
    }

    private final class Recorder {
        private(set) var recorded: [[DailyClose]] = []

        func record(_ closes: [DailyClose]) {
            recorded.append(closes)
        }
    }
}
