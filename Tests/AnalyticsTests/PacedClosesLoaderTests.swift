import XCTest
import Foundation
import Analytics
import CurrentPrices
import Ledger
import TestSupport

/// The history provider within its limits: a request refused for the rate limit although the
/// pacing let it go (the service counts the window from its own clock) is asked once more, after
/// a whole window, and not again.
final class PacedClosesLoaderTests: XCTestCase {
    func test_aRequestRefusedForTheRateLimit_isAskedOnceMore_afterAWholeWindow() throws {
        let (sut, provider, sleeps) = makeSUT()
        provider.results = [.failure(.rateLimited), .success([])]

        XCTAssertEqual(try sut.closes(of: "AAA", from: day, to: day), [])

        XCTAssertEqual(provider.requests, 2)
        XCTAssertEqual(sleeps.total, 62, accuracy: 1e-9, "the minute and its margin, counted from the refusal")
    }

    func test_aRequestRefusedTwice_isNotAskedAThirdTime() {
        let (sut, provider, _) = makeSUT()
        provider.results = [.failure(.rateLimited), .failure(.rateLimited), .success([])]

        XCTAssertThrowsError(try sut.closes(of: "AAA", from: day, to: day)) { XCTAssertEqual($0 as? CandlesError, .rateLimited) }
        XCTAssertEqual(provider.requests, 2)
    }

    func test_aRefusalWhoseWindowWouldPassTheLongestWait_isNotWaitedFor() {
        let (sut, provider, sleeps) = makeSUT(maxWait: 30)
        provider.results = [.failure(.rateLimited), .success([])]

        XCTAssertThrowsError(try sut.closes(of: "AAA", from: day, to: day)) { XCTAssertEqual($0 as? CandlesError, .rateLimited) }
        XCTAssertEqual(provider.requests, 1)
        XCTAssertEqual(sleeps.total, 0)
    }

    /// A margin under each plan's limit: the ninth request of eight a minute leaves a minute and
    /// the margin after the first, not a fraction of a second before the service's minute ends.
    func test_aPacingWithAMargin_waitsItOut_andCountsARequestThatMuchLonger() {
        let now = Date(timeIntervalSince1970: 1_720_000_000)
        let pacing = QuotePacing(perMinute: 1, margin: 2)

        XCTAssertEqual(pacing.wait(at: now, after: [now - 60]), 2, accuracy: 1e-9)
        XCTAssertEqual(pacing.wait(at: now, after: [now - 62]), 0)
        XCTAssertEqual(pacing.inWindow([now - 61, now - 63], at: now), [now - 61])
    }

    private let day = CalendarDay(iso: "2024-07-01")!

    private func makeSUT(maxWait: TimeInterval = 600, file: StaticString = #filePath, line: UInt = #line)
        -> (PacedClosesLoader, SequencedClosesProvider, Sleeps) {
        let provider = SequencedClosesProvider(), sleeps = Sleeps()
        let pacer = RequestPacer(pacings: [QuotePacing(perMinute: 8, margin: 2)], log: InMemoryQuoteRequestLog(), maxWait: maxWait,
                                 now: { Date(timeIntervalSince1970: 1_720_000_000) }, sleep: sleeps.record)
        let sut = PacedClosesLoader(decoratee: provider, pacer: pacer)
        trackForMemoryLeaks(sut, file: file, line: line)
        trackForMemoryLeaks(provider, file: file, line: line)
        return (sut, provider, sleeps)
    }
}

private final class SequencedClosesProvider: DailyClosesLoading {
    var results: [Result<[DailyClose], CandlesError>] = []
    private(set) var requests = 0

    func closes(of ticker: String, from: CalendarDay, to: CalendarDay) throws(CandlesError) -> [DailyClose] {
        requests += 1
        return try results.removeFirst().get()
    }
}

private final class Sleeps: @unchecked Sendable {
    private(set) var total: TimeInterval = 0
    func record(_ seconds: TimeInterval) { total += seconds }
}
