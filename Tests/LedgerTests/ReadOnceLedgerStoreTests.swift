import XCTest
import Ledger
import TestSupport

final class ReadOnceLedgerStoreTests: XCTestCase {
    func test_entriesOfCollectedKinds_afterAScan_areAnsweredWithoutReadingAgain() throws {
        let (sut, spy) = makeSUT([entry("p", kind: "price"), entry("t", kind: "trade")])

        let traded = try scanTrades(sut)
        let prices = try sut.entries(ofKinds: [price])

        XCTAssertEqual(traded.map(\.id), ["t"])
        XCTAssertEqual(prices.map(\.id), ["p"])
        XCTAssertEqual(spy.reads, 1, "one scan served both")
    }

    func test_entriesOfCollectedKinds_withoutAScan_readOnceForAllOfThem() throws {
        let (sut, spy) = makeSUT([entry("p", kind: "price"), entry("c", kind: "close")])

        XCTAssertEqual(try sut.entries(ofKinds: [price]).map(\.id), ["p"])
        XCTAssertEqual(try sut.entries(ofKinds: [close]).map(\.id), ["c"])
        XCTAssertEqual(spy.reads, 1)
    }

    func test_entriesOfOtherKinds_areReadFromTheStore() throws {
        let (sut, spy) = makeSUT([entry("t", kind: "trade")])
        _ = try scanTrades(sut)

        XCTAssertEqual(try sut.entries(ofKinds: [LedgerKind("trade", schema: 1)]).map(\.id), ["t"])
        XCTAssertEqual(spy.reads, 2)
    }

    func test_aWrite_forgetsWhatWasCollected() throws {
        let (sut, spy) = makeSUT([entry("p", kind: "price")])
        _ = try sut.entries(ofKinds: [price])

        try sut.append(entry("q", kind: "price"))

        XCTAssertEqual(try sut.entries(ofKinds: [price]).map(\.id), ["p", "q"])
        XCTAssertEqual(spy.reads, 2)
    }

    /// A change looks up the version it replaces, and its undo point the same one, under one lock:
    /// the log is read for it once. Outside the lock another process may write in between.
    func test_anIDsLatestVersion_lookedUpTwiceUnderTheLock_isReadOnce_untilAWrite() throws {
        let (sut, spy) = makeSUT([entry("a", kind: "trade"), entry("b", kind: "trade")])

        try sut.withExclusiveAccess { () throws(StoreError) in
            XCTAssertEqual(try sut.latestVersions(.ids(["a"])).keys.sorted(), ["a"])
            XCTAssertEqual(try sut.latestVersions(.ids(["a"])).keys.sorted(), ["a"])
            XCTAssertEqual(try sut.latestVersions(.ids(["ghost"])), [:])
            XCTAssertEqual(try sut.latestVersions(.ids(["ghost"])), [:])
            XCTAssertEqual(spy.reads, 2, "each id read once")

            try sut.append(entry("a", kind: "price"))
            XCTAssertEqual(try sut.latestVersions(.ids(["a"]))["a"]?.kind, "price", "a write forgets what was looked up")
            XCTAssertEqual(spy.reads, 3)
        }
        _ = try sut.latestVersions(.ids(["b"]))
        _ = try sut.latestVersions(.ids(["b"]))
        XCTAssertEqual(spy.reads, 5, "outside the lock, every look-up reads")
    }

    // MARK: - Helpers

    private let price = LedgerKind("price", schema: 1)
    private let close = LedgerKind("close", schema: 1)

    private func makeSUT(_ entries: [LedgerEntry], file: StaticString = #filePath, line: UInt = #line) -> (ReadOnceLedgerStore, ReadCountingStore) {
        let spy = ReadCountingStore(entries)
        let sut = ReadOnceLedgerStore(decoratee: spy, collecting: [price, close])
        trackForMemoryLeaks(sut, file: file, line: line)
        trackForMemoryLeaks(spy, file: file, line: line)
        return (sut, spy)
    }

    private func scanTrades(_ sut: LedgerStore) throws -> [LedgerEntry] {
        var trades: [LedgerEntry] = []
        let superseded = try sut.scanLive(reserve: { _ in }) { entry in
            guard entry.kind == "trade" else { return false }
            trades.append(entry)
            return true
        }
        trades.removeAll(atPositions: superseded)
        return trades
    }

    private func entry(_ id: String, kind: String) -> LedgerEntry {
        LedgerEntry(id: id, kind: kind, schema: 1, updatedAt: 1, payload: LedgerPayload([("v", id)]))
    }

    /// An in-memory ledger that counts the passes made over it.
    private final class ReadCountingStore: LedgerStore {
        private let store: InMemoryLedgerStore
        private(set) var reads = 0

        init(_ entries: [LedgerEntry]) { store = InMemoryLedgerStore(entries) }

        func retrieveEntries() throws(StoreError) -> [LedgerEntry] {
            reads += 1
            return store.retrieveEntries()
        }
        func append(_ entry: LedgerEntry) throws(StoreError) { store.append(entry) }
        func apply(_ entries: [LedgerEntry]) throws(StoreError) { store.apply(entries) }
        func withExclusiveAccess<T, Failure: Error>(_ body: () throws(Failure) -> T, lockFailure: (StoreError) -> Failure) throws(Failure) -> T {
            try body()
        }
    }
}
