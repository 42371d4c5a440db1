import XCTest
import CurrentPrices
import TestSupport

final class PriceLoaderCacheDecoratorTests: XCTestCase {
    func test_load_savesLivePriceToCache() throws {
        let (sut, loader, cache) = makeSUT()
        let price = makePrice()
        loader.stub("AAPL", live(price))

        XCTAssertEqual(try sut.loadPrice(for: "AAPL").price, price)
        XCTAssertEqual(cache.messages, [.save([price])])
    }

    func test_load_doesNotCacheOnFailure() {
        let (sut, loader, cache) = makeSUT()
        loader.stub("AAPL", .failure(.connectivity))

        XCTAssertThrowsError(try sut.loadPrice(for: "AAPL"))
        XCTAssertEqual(cache.messages, [])
    }

    func test_load_deliversPriceEvenWhenCacheSaveFails() throws {
        let (sut, loader, cache) = makeSUT()
        cache.saveError = AnyError()
        loader.stub("AAPL", live(makePrice()))

        XCTAssertNoThrow(try sut.loadPrice(for: "AAPL"))
    }

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (PriceLoaderCacheDecorator, PriceLoaderSpy, PricesCacheSpy) {
        let loader = PriceLoaderSpy(), cache = PricesCacheSpy()
        let sut = PriceLoaderCacheDecorator(decoratee: loader, cache: cache)
        trackForMemoryLeaks(sut, file: file, line: line)
        trackForMemoryLeaks(loader, file: file, line: line)
        return (sut, loader, cache)
    }
}

final class PriceLoaderWithFallbackTests: XCTestCase {
    func test_load_deliversPrimaryPriceOnSuccess() throws {
        let (sut, primary, fallback) = makeSUT()
        primary.stub("AAPL", live(makePrice(price: "1")))

        XCTAssertEqual(try sut.loadPrice(for: "AAPL").price.price, 1)
        XCTAssertEqual(fallback.requests, [])
    }

    func test_load_deliversCachedPricesOnConnectivityError() throws {
        let (sut, primary, fallback) = makeSUT()
        primary.stub("AAPL", .failure(.connectivity))
        fallback.stub("AAPL", .success(LoadedPrice(price: makePrice(price: "2"), source: .cached)))

        let loaded = try sut.loadPrice(for: "AAPL")
        XCTAssertEqual(loaded.source, .cached)
        XCTAssertEqual(loaded.price.price, 2)
    }

    func test_load_doesNotFallBackOnInvalidDataOrAuthErrors() {
        for error in [PriceLoadingError.invalidData, .unauthorized, .unknownSymbol] {
            let (sut, primary, fallback) = makeSUT()
            primary.stub("AAPL", .failure(error))
            fallback.stub("AAPL", .success(LoadedPrice(price: makePrice(), source: .cached)))

            XCTAssertThrowsError(try sut.loadPrice(for: "AAPL")) { XCTAssertEqual($0 as? PriceLoadingError, error) }
        }
    }

    func test_load_deliversPrimaryErrorWhenFallbackHasNothing() {
        let (sut, primary, _) = makeSUT()
        primary.stub("AAPL", .failure(.timeout))

        XCTAssertThrowsError(try sut.loadPrice(for: "AAPL")) { XCTAssertEqual($0 as? PriceLoadingError, .timeout) }
    }

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (PriceLoaderWithFallback, PriceLoaderSpy, PriceLoaderSpy) {
        let primary = PriceLoaderSpy(), fallback = PriceLoaderSpy()
        let sut = PriceLoaderWithFallback(primary: primary, fallback: fallback)
        trackForMemoryLeaks(sut, file: file, line: line)
        return (sut, primary, fallback)
    }
}

final class PreferringPriceLoaderTests: XCTestCase {
    func test_load_deliversThePreferredPrice_withoutAskingTheOther() throws {
        let (sut, preferred, otherwise) = makeSUT()
        preferred.stub("FUND", .success(LoadedPrice(price: makePrice(price: "100"), source: .manual)))

        XCTAssertEqual(try sut.loadPrice(for: "FUND").price.price, 100)
        XCTAssertEqual(otherwise.requests, [])
    }

    func test_load_asksTheOther_forWhatThePreferredHasNoPriceFor() throws {
        let (sut, preferred, otherwise) = makeSUT()
        preferred.stub("AAPL", .failure(.unknownSymbol))
        otherwise.stub("AAPL", .success(LoadedPrice(price: makePrice(price: "3"), source: .sample)))

        let loaded = try sut.loadPrice(for: "AAPL")
        XCTAssertEqual([loaded.price.price], [3])
        XCTAssertEqual(loaded.source, .sample)
    }

    func test_load_deliversTheOthersError_whenNeitherHasAPrice() {
        let (sut, preferred, otherwise) = makeSUT()
        preferred.stub("NOPE", .failure(.connectivity))
        otherwise.stub("NOPE", .failure(.unknownSymbol))

        XCTAssertThrowsError(try sut.loadPrice(for: "NOPE")) { XCTAssertEqual($0 as? PriceLoadingError, .unknownSymbol) }
    }

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (PreferringPriceLoader, PriceLoaderSpy, PriceLoaderSpy) {
        let preferred = PriceLoaderSpy(), otherwise = PriceLoaderSpy()
        let sut = PreferringPriceLoader(preferred, otherwise: otherwise)
        trackForMemoryLeaks(sut, file: file, line: line)
        return (sut, preferred, otherwise)
    }
}

final class RetryingPriceLoaderTests: XCTestCase {
    func test_load_retriesTransientFailuresWithExponentialBackoff() throws {
        let (sut, loader, sleeps) = makeSUT(maxAttempts: 4)
        loader.stub("AAPL", .failure(.connectivity), .failure(.timeout), .failure(.server(status: 503)), live(makePrice()))

        XCTAssertNoThrow(try sut.loadPrice(for: "AAPL"))
        XCTAssertEqual(loader.requests.count, 4)
        XCTAssertEqual(sleeps.values, [0.5, 1, 2], "jitter is pinned to 1 here")
    }

    func test_load_honoursRetryAfterOn429() throws {
        let (sut, loader, sleeps) = makeSUT()
        loader.stub("AAPL", .failure(.rateLimited(retryAfter: 3)), live(makePrice()))

        XCTAssertNoThrow(try sut.loadPrice(for: "AAPL"))
        XCTAssertEqual(sleeps.values, [3])
    }

    func test_load_startsNoRetryThatWouldWaitPastTheDeadline() {
        let clock = FakeClock()
        let loader = PriceLoaderSpy()
        let sut = RetryingPriceLoader(decoratee: loader, maxAttempts: 10, baseDelay: 1, maxDelay: 8, deadline: 5,
                                      sleep: { clock.advance($0) }, jitter: { 1 }, now: { clock.now })
        loader.stub("AAPL", .failure(.timeout))

        XCTAssertThrowsError(try sut.loadPrice(for: "AAPL")) { XCTAssertEqual($0 as? PriceLoadingError, .timeout) }
        XCTAssertEqual(loader.requests.count, 3, "waits of 1 s and 2 s fit in 5 s; a third of 4 s would end at 7 s")
    }

    func test_load_givesUpAfterMaxAttempts() {
        let (sut, loader, _) = makeSUT(maxAttempts: 3)
        loader.stub("AAPL", .failure(.server(status: 500)))

        XCTAssertThrowsError(try sut.loadPrice(for: "AAPL")) { XCTAssertEqual($0 as? PriceLoadingError, .server(status: 500)) }
        XCTAssertEqual(loader.requests.count, 3)
    }

    func test_load_neverRetriesAuthOrInvalidData() {
        for error in [PriceLoadingError.unauthorized, .forbidden, .invalidData, .unknownSymbol] {
            let (sut, loader, sleeps) = makeSUT()
            loader.stub("AAPL", .failure(error))

            XCTAssertThrowsError(try sut.loadPrice(for: "AAPL"))
            XCTAssertEqual(loader.requests.count, 1, "\(error)")
            XCTAssertEqual(sleeps.values, [])
        }
    }

    private func makeSUT(maxAttempts: Int = 3, file: StaticString = #filePath, line: UInt = #line) -> (RetryingPriceLoader, PriceLoaderSpy, SleepRecorder) {
        let loader = PriceLoaderSpy(), sleeps = SleepRecorder()
        let sut = RetryingPriceLoader(decoratee: loader, maxAttempts: maxAttempts, baseDelay: 0.5, maxDelay: 8,
                                      sleep: { sleeps.record($0) }, jitter: { 1 })
        trackForMemoryLeaks(sut, file: file, line: line)
        return (sut, loader, sleeps)
    }
}

final class SleepRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [TimeInterval] = []
    var values: [TimeInterval] { lock.withLock { recorded } }
    func record(_ value: TimeInterval) { lock.withLock { recorded.append(value) } }
}

/// One run made at most 50 quote requests, so a portfolio of 59 holdings left 9
/// unpriced; Finnhub's limit is 60 a minute, counted over time, not per run.
final class QuotePacingTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_720_000_000)

    func test_wait_isNothing_whileTheMinuteHasRoom() {
        XCTAssertEqual(QuotePacing(perMinute: 3).wait(at: now, after: [now - 50, now - 40]), 0)
    }

    func test_wait_lastsUntilTheOldestCountedRequestLeavesTheWindow() {
        XCTAssertEqual(QuotePacing(perMinute: 3).wait(at: now, after: [now - 30, now - 50, now - 40]), 10)
        XCTAssertEqual(QuotePacing(perMinute: 2).wait(at: now, after: [now - 10, now - 20, now - 30]), 40, "two of three must leave")
    }

    func test_aRequestAMinuteOld_countsNoMore() {
        XCTAssertEqual(QuotePacing(perMinute: 1).wait(at: now, after: [now - 60]), 0)
        XCTAssertEqual(QuotePacing(perMinute: 1).wait(at: now, after: [now - 59.5]), 0.5, accuracy: 1e-9)
        XCTAssertEqual(QuotePacing(perMinute: 2).inWindow([now - 61, now - 1, now - 60], at: now), [now - 1])
    }
}

final class PacedPriceLoaderTests: XCTestCase {
    func test_load_asksAtOnceWhileTheMinuteHasRoom_andRemembersEachRequest() throws {
        let (sut, loader, log, sleeps, clock) = makeSUT(perMinute: 3)
        for ticker in ["A", "B"] { loader.stub(ticker, live(makePrice(ticker))) }

        XCTAssertNoThrow(try sut.loadPrice(for: "A"))
        XCTAssertNoThrow(try sut.loadPrice(for: "B"))

        XCTAssertEqual(loader.requests, ["A", "B"])
        XCTAssertEqual(sleeps.values, [])
        XCTAssertEqual(try log.requests(), [clock.now, clock.now])
    }

    func test_load_waitsForTheWindow_countingTheRequestsEarlierRunsMade() throws {
        let (sut, loader, log, sleeps, clock) = makeSUT(perMinute: 2)
        try log.remember([clock.now - 50, clock.now - 45])
        loader.stub("A", live(makePrice("A")))

        XCTAssertNoThrow(try sut.loadPrice(for: "A"))

        XCTAssertEqual(sleeps.values, [10])
        XCTAssertEqual(loader.requests, ["A"])
        XCTAssertEqual(try log.requests(), [clock.now - 45, clock.now + 10], "the request of the run before that left the window is forgotten")
    }

    func test_load_doesNotAsk_whenTheWaitWouldPassTheLongestWait() {
        let (sut, loader, log, sleeps, clock) = makeSUT(perMinute: 1, maxWait: 30)
        try? log.remember([clock.now - 10])

        XCTAssertThrowsError(try sut.loadPrice(for: "A")) { XCTAssertEqual($0 as? PriceLoadingError, .notRefreshed(perMinute: 1)) }
        XCTAssertEqual(loader.requests, [])
        XCTAssertEqual(sleeps.values, [])
    }

    func test_load_fromManyThreads_neverPassesTheLimitInAnyMinute_andPricesEveryTicker() throws {
        let (sut, loader, log, sleeps, _) = makeSUT(perMinute: 5, maxWait: 600)
        let tickers = (0..<20).map { "T\($0)" }
        for ticker in tickers { loader.stub(ticker, live(makePrice(ticker))) }

        let results = LoadPricesUseCase(loader: sut, maxConcurrent: 8).loadPrices(for: tickers)

        XCTAssertEqual(results.values.filter { (try? $0.get()) != nil }.count, 20)
        XCTAssertEqual(sleeps.values, [60, 60, 60], "five a minute: each further five wait for the window")
        XCTAssertEqual(try log.requests().count, 5, "the last minute's five are remembered")
    }

    /// Twelve Data's free plan: 8 a minute and 800 a day; the longer wait of the two is waited.
    func test_aPacerWithTwoLimits_waitsForTheLongerWindow() {
        let clock = FakeClock(), sleeps = SleepRecorder(), log = InMemoryQuoteRequestLog()
        try? log.remember((0..<800).map { clock.now - 86_000 + TimeInterval($0) })
        let sut = RequestPacer(pacings: [QuotePacing(perMinute: 8), QuotePacing(limit: 800, per: 86_400)], log: log, maxWait: 3600,
                               now: { clock.now }, sleep: sleeps.record)

        XCTAssertTrue(sut.reserve())

        XCTAssertEqual(sleeps.values, [400], "the day's first request leaves the window in 400 s; the minute's limit alone would not wait")
    }

    /// Past the minute's requests each next place is often a moment away: only a wait worth a
    /// line is told, so a long portfolio doesn't print a line a holding.
    func test_aPacer_tellsOnlyOfWaitsOfASecondOrMore() {
        let clock = FakeClock(), sleeps = SleepRecorder(), log = InMemoryQuoteRequestLog(), told = SleepRecorder()
        try? log.remember([clock.now - 59.5, clock.now - 30])
        let sut = RequestPacer(pacings: [QuotePacing(perMinute: 2)], log: log, maxWait: 90, now: { clock.now }, sleep: sleeps.record,
                               onWait: { seconds, _ in told.record(seconds) })

        XCTAssertTrue(sut.reserve())
        XCTAssertTrue(sut.reserve())

        XCTAssertEqual(sleeps.values, [0.5, 29.5])
        XCTAssertEqual(told.values, [29.5])
    }

    func test_notRefreshed_fallsBackToTheCacheButIsNeverRetried() {
        XCTAssertTrue(PriceLoadingError.notRefreshed(perMinute: 1).isConnectivityFailure)
        XCTAssertFalse(PriceLoadingError.notRefreshed(perMinute: 1).isTransient)
    }

    private func makeSUT(perMinute: Int, maxWait: TimeInterval = 90, file: StaticString = #filePath, line: UInt = #line)
        -> (PacedPriceLoader, PriceLoaderSpy, InMemoryQuoteRequestLog, SleepRecorder, FakeClock) {
        let loader = PriceLoaderSpy(), log = InMemoryQuoteRequestLog(), sleeps = SleepRecorder(), clock = FakeClock()
        let sut = PacedPriceLoader(decoratee: loader, pacer: RequestPacer(pacings: [QuotePacing(perMinute: perMinute)], log: log, maxWait: maxWait,
                                                                          now: { clock.now }, sleep: sleeps.record))
        trackForMemoryLeaks(sut, file: file, line: line)
        trackForMemoryLeaks(loader, file: file, line: line)
        return (sut, loader, log, sleeps, clock)
    }
}

final class FakeClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_720_000_000)
    var now: Date { lock.withLock { current } }
    func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }
}
