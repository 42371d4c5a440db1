import XCTest
import FixedPoint
import Ledger
import TradingDesk
import TestSupport

final class ManageWatchlistUseCaseTests: XCTestCase {
    func test_add_keepsOneWatchPerTicker_inTheOrderFirstAdded() throws {
        let (sut, ledger, clock) = makeSUT()
        _ = try sut.add(ticker: "msft", target: nil, note: nil)
        clock.advance(1)
        _ = try sut.add(ticker: "AAPL", target: "200", note: "dip")
        clock.advance(1)
        _ = try sut.add(ticker: "MSFT", target: "350.5", note: nil)

        XCTAssertEqual(try sut.all().map(\.ticker), ["MSFT", "AAPL"], "updating MSFT kept its place")
        XCTAssertEqual(try sut.all().first?.target, fixed("350.5"))
        XCTAssertEqual(ledger.retrieveEntries().filter { !$0.isDeleted }.map(\.id).sorted(), ["watch-AAPL", "watch-MSFT"])
    }

    func test_add_ofAWatchedStock_keepsWhatItIsNotGiven_andAnEmptyValueClearsIt() throws {
        let (sut, _, _) = makeSUT()
        _ = try sut.add(ticker: "AAPL", target: "200", note: "dip")

        let noted = try sut.add(ticker: "AAPL", target: nil, note: "earnings")
        let cleared = try sut.add(ticker: "AAPL", target: "", note: nil)

        XCTAssertEqual(noted.target, fixed("200"), "a note alone keeps the target")
        XCTAssertEqual(cleared.target, nil)
        XCTAssertEqual(cleared.note, "earnings")
    }

    func test_add_refusesAnInvalidTickerOrTarget() {
        let (sut, _, _) = makeSUT()
        XCTAssertThrowsError(try sut.add(ticker: ".X", target: nil, note: nil)) { XCTAssertEqual($0 as? WatchlistError, .invalidTicker(".X")) }
        XCTAssertThrowsError(try sut.add(ticker: "AAPL", target: "-1", note: nil)) { XCTAssertEqual($0 as? WatchlistError, .invalidTarget("-1")) }
    }

    func test_remove_leavesATombstone_andRefusesWhatIsNotWatched() throws {
        let (sut, ledger, _) = makeSUT()
        _ = try sut.add(ticker: "BRK.B", target: nil, note: nil)

        try sut.remove(ticker: "brk.b")

        XCTAssertEqual(try sut.all(), [])
        XCTAssertEqual(ledger.retrieveEntries().map(\.isDeleted), [true])
        XCTAssertThrowsError(try sut.remove(ticker: "BRK.B")) { XCTAssertEqual($0 as? WatchlistError, .notWatched("BRK.B")) }
    }

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (ManageWatchlistUseCase, InMemoryLedgerStore, TestClock) {
        let ledger = InMemoryLedgerStore(), clock = TestClock()
        let sut = ManageWatchlistUseCase(store: LedgerWatchlistStore(ledger: ledger), now: { clock.now() })
        trackForMemoryLeaks(sut, file: file, line: line)
        return (sut, ledger, clock)
    }
}

final class SearchStocksUseCaseTests: XCTestCase {
    func test_search_matchesSymbolsFirst_thenNames_ignoringCase() {
        XCTAssertEqual(StockCatalog.search("am").map(\.symbol), ["AMZN", "AMD"])
        XCTAssertEqual(StockCatalog.search("corporation").map(\.symbol), ["MSFT", "NVDA", "INTC"])
        XCTAssertEqual(StockCatalog.search("").count, 10)
    }

    func test_search_addsTheProvidersStocksOnce_andKeepsTheCatalogsWhenTheProviderFails() {
        let remote = SymbolSearchStub(result: .success([Stock(symbol: "AAPL", name: "APPLE INC"), Stock(symbol: "IBM", name: "INTL BUSINESS MACHINES")]))
        XCTAssertEqual(SearchStocksUseCase(remote: remote).search("a").stocks.map(\.symbol).prefix(1), ["AAPL"])
        XCTAssertEqual(SearchStocksUseCase(remote: remote).search("a").stocks.filter { $0.symbol == "AAPL" }.count, 1)
        XCTAssertTrue(SearchStocksUseCase(remote: remote).search("a").stocks.contains(Stock(symbol: "IBM", name: "INTL BUSINESS MACHINES")))

        let failing = SearchStocksUseCase(remote: SymbolSearchStub(result: .failure(.connectivity))).search("apple")
        XCTAssertEqual(failing.stocks.map(\.symbol), ["AAPL"])
        XCTAssertEqual(failing.remoteFailure, .connectivity)
    }
}

private final class TestClock {
    private var current = Date(timeIntervalSince1970: 1_720_000_000)
    func now() -> Date { current }
    func advance(_ seconds: TimeInterval) { current += seconds }
}

private struct SymbolSearchStub: SymbolSearching {
    let result: Result<[Stock], SymbolSearchError>
    func search(_ query: String) throws(SymbolSearchError) -> [Stock] { try result.get() }
}
