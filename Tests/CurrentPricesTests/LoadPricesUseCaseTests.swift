import XCTest
import CurrentPrices
import FixedPoint
import TestSupport

final class LoadPricesUseCaseTests: XCTestCase {
    func test_loadPrices_deliversAResultPerTickerSoOneFailureDoesNotFailOthers() {
        let (sut, loader) = makeSUT()
        loader.stub("AAPL", live(makePrice("AAPL")))
        loader.stub("BAD", .failure(.invalidData))

        let results = sut.loadPrices(for: ["AAPL", "BAD"])

        XCTAssertEqual(try results["AAPL"]?.get().price.ticker, "AAPL")
        guard case let .failure(error)? = results["BAD"] else { return XCTFail("BAD should have failed") }
        XCTAssertEqual(error, .invalidData)
    }

    func test_loadPrices_requestsEachTickerOnce() {
        let (sut, loader) = makeSUT()
        _ = sut.loadPrices(for: ["A", "B", "A", "C", "B"])
        XCTAssertEqual(loader.requests.sorted(), ["A", "B", "C"])
    }

    func test_loadPrices_deliversNothingForNoTickers() {
        let (sut, loader) = makeSUT()
        XCTAssertTrue(sut.loadPrices(for: []).isEmpty)
        XCTAssertEqual(loader.requests, [])
    }

    func test_localLoader_readsTheCacheOnceAndTreatsAnUnreadableCacheAsEmpty() {
        let cache = PricesCacheSpy()
        cache.retrieveError = AnyError()
        let sut = LocalPriceLoader(cache: cache)

        XCTAssertThrowsError(try sut.loadPrice(for: "A")) { XCTAssertEqual($0 as? PriceLoadingError, .notCached) }
        XCTAssertThrowsError(try sut.loadPrice(for: "B"))
        XCTAssertEqual(cache.messages, [.retrieve])
    }

    func test_freshCacheLoader_usesFreshCacheAndAsksRemoteWhenStale() throws {
        let now = Date(timeIntervalSince1970: 1_720_000_000)
        let cache = PricesCacheSpy()
        cache.stored = ["FRESH": makePrice("FRESH", fetchedAt: now.addingTimeInterval(-59)),
                        "STALE": makePrice("STALE", fetchedAt: now.addingTimeInterval(-61))]
        let remote = PriceLoaderSpy()
        remote.stub("STALE", live(makePrice("STALE", price: "7")))
        let sut = FreshCachePriceLoader(cached: LocalPriceLoader(cache: cache), policy: PricesCachePolicy(maxAge: 60), now: { now }, otherwise: remote)

        XCTAssertEqual(try sut.loadPrice(for: "FRESH").source, .live, "a quote fetched within the minute is reused as live, not shown as cached")
        XCTAssertEqual(try sut.loadPrice(for: "STALE").price.price, 7)
        XCTAssertEqual(remote.requests, ["STALE"])
    }

    func test_oneAtATime_loadsInTheCallersThread_inTickerOrder() {
        let loader = ThreadRecordingLoader()
        let sut = LoadPricesUseCase(loader: loader, maxConcurrent: 1)

        let results = sut.loadPrices(for: ["MSFT", "AAPL", "MSFT"])

        XCTAssertEqual(Set(results.keys), ["AAPL", "MSFT"])
        XCTAssertEqual(loader.calls.map(\.ticker), ["AAPL", "MSFT"])
        XCTAssertTrue(loader.calls.allSatisfy { $0.thread == Thread.current }, "no thread is started for a read of the cache")
    }

    private final class ThreadRecordingLoader: PriceLoader, @unchecked Sendable {
        private(set) var calls: [(ticker: String, thread: Thread)] = []

        func loadPrice(for ticker: String) throws(PriceLoadingError) -> LoadedPrice {
            calls.append((ticker, Thread.current))
            throw .notCached
        }
    }

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (LoadPricesUseCase, PriceLoaderSpy) {
        let loader = PriceLoaderSpy()
        let sut = LoadPricesUseCase(loader: loader, maxConcurrent: 4)
        trackForMemoryLeaks(sut, file: file, line: line)
        trackForMemoryLeaks(loader, file: file, line: line)
        return (sut, loader)
    }
}

final class CurrentPriceDayChangeTests: XCTestCase {
    func test_dayChange_comesFromThePreviousClose_whenTheSourceLeavesItOut() {
        let quoted = CurrentPrice(ticker: "A", price: FixedDecimal("410.5")!, change: nil, changePercent: nil, previousClose: 406,
                                  quoteTime: Date(timeIntervalSince1970: 0), fetchedAt: Date(timeIntervalSince1970: 0))
        let given = CurrentPrice(ticker: "A", price: FixedDecimal("410.5")!, change: 1, changePercent: 2, previousClose: 406,
                                 quoteTime: Date(timeIntervalSince1970: 0), fetchedAt: Date(timeIntervalSince1970: 0))

        XCTAssertEqual(quoted.dayChange, FixedDecimal("4.5"))
        XCTAssertEqual(quoted.dayChangePercent, FixedDecimal("1.1084"), "4.5 ÷ 406 × 100, to four places")
        XCTAssertEqual(given.dayChange, 1, "what the source says wins")
        XCTAssertEqual(given.dayChangePercent, 2)
    }
}
