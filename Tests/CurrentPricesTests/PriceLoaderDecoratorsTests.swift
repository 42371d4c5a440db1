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

final class BudgetedPriceLoaderTests: XCTestCase {
    func test_load_asksTheDecorateeUntilTheBudgetIsSpent_thenAsksNothingMore() throws {
        let (sut, loader) = makeSUT(budget: 2)
        for ticker in ["A", "B", "C"] { loader.stub(ticker, live(makePrice(ticker))) }

        XCTAssertNoThrow(try sut.loadPrice(for: "A"))
        XCTAssertNoThrow(try sut.loadPrice(for: "B"))
        XCTAssertThrowsError(try sut.loadPrice(for: "C")) { XCTAssertEqual($0 as? PriceLoadingError, .notRefreshed(budget: 2)) }
        XCTAssertEqual(loader.requests, ["A", "B"])
    }

    func test_load_countsEveryRequest_evenWhenManyRunAtOnce() {
        let (sut, loader) = makeSUT(budget: 5)
        let tickers = (0..<40).map { "T\($0)" }
        for ticker in tickers { loader.stub(ticker, live(makePrice(ticker))) }

        let results = LoadPricesUseCase(loader: sut, maxConcurrent: 8).loadPrices(for: tickers)

        XCTAssertEqual(loader.requests.count, 5)
        XCTAssertEqual(results.values.filter { (try? $0.get()) != nil }.count, 5)
        XCTAssertEqual(results.values.filter { $0 == .failure(.notRefreshed(budget: 5)) }.count, 35)
    }

    func test_notRefreshed_fallsBackToTheCacheButIsNeverRetried() {
        XCTAssertTrue(PriceLoadingError.notRefreshed(budget: 1).isConnectivityFailure)
        XCTAssertFalse(PriceLoadingError.notRefreshed(budget: 1).isTransient)
    }

    private func makeSUT(budget: Int, file: StaticString = #filePath, line: UInt = #line) -> (BudgetedPriceLoader, PriceLoaderSpy) {
        let loader = PriceLoaderSpy()
        let sut = BudgetedPriceLoader(decoratee: loader, budget: budget)
        trackForMemoryLeaks(sut, file: file, line: line)
        trackForMemoryLeaks(loader, file: file, line: line)
        return (sut, loader)
    }
}

final class FakeClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_720_000_000)
    var now: Date { lock.withLock { current } }
    func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }
}
