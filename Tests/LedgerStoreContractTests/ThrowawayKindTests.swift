import XCTest
import Ledger
import LocalFileStore
import Transactions
import TestSupport
import TransactionsTestSupport

/// A feature the stores have never heard of: its kind, codec and projection are declared here, in
/// a test, and registered in one place. The file store, the sync and the remote-side store carry it
/// without a line of change.
final class ThrowawayKindTests: XCTestCase {
    func test_aKindRegisteredOutsideTheStoreModules_isStoredSyncedAndProjected() throws {
        let laptop = FileLedgerStore(directory: makeTemporaryDirectory())
        let remote = InMemoryLedgerStore()
        let phone = FileLedgerStore(directory: makeTemporaryDirectory())
        let apple = Watch(id: "w1", ticker: "AAPL", target: "200", note: "after\tthe\nsplit")
        let microsoft = Watch(id: "w2", ticker: "MSFT", target: nil, note: nil)
        try laptop.append(WatchCodec.entry(for: apple, updatedAt: 1))
        try laptop.append(WatchCodec.entry(for: microsoft, updatedAt: 2))
        try laptop.append(WatchCodec.entry(for: microsoft, updatedAt: 2).deleted(at: 3))

        _ = try SyncLedgerUseCase(local: laptop, remote: remote, state: NoSyncState(), validator: CompositeLedgerValidator([]), now: Date.init).sync()
        _ = try SyncLedgerUseCase(local: phone, remote: remote, state: NoSyncState(), validator: CompositeLedgerValidator([]), now: Date.init).sync()

        XCTAssertEqual(try WatchlistProjection.project(phone.retrieveEntries()).watches, ["AAPL": apple])
        XCTAssertEqual(try LedgerTransactionsStore(ledger: phone).retrieveAll(), [], "another feature's kinds are not transactions")
    }

    func test_theRegistry_tellsKnownKindsFromUnknownOnesAndNewerLayouts() {
        var registry = LedgerRegistry(TransactionsLedgerCodec.kinds)
        registry.register(WatchCodec.kind)

        XCTAssertEqual(registry.understanding(of: WatchCodec.entry(for: Watch(id: "1", ticker: "A", target: nil, note: nil), updatedAt: 1)), .understood)
        XCTAssertEqual(registry.understanding(of: LedgerEntry(id: "2", kind: "coupon", schema: 1, updatedAt: 1)), .unknownKind)
        XCTAssertEqual(registry.understanding(of: LedgerEntry(id: "3", kind: "watch", schema: 2, updatedAt: 1)), .newerSchema(supported: 1))
        XCTAssertEqual(registry.registeredKinds.map(\.name), (TransactionsLedgerCodec.kinds.map(\.name) + ["watch"]).sorted())
    }

    // MARK: - The throwaway feature

    private struct Watch: Equatable {
        let id: String
        let ticker: String
        let target: String?
        let note: String?
    }

    private enum WatchCodec: LedgerCodec {
        static let kind = LedgerKind("watch", schema: 1)
        static let kinds = [kind]

        static func entry(for watch: Watch, updatedAt: Int64) -> LedgerEntry {
            var fields = [(name: "ticker", value: watch.ticker)]
            if let target = watch.target { fields.append(("target", target)) }
            if let note = watch.note { fields.append(("note", note)) }
            return LedgerEntry(id: watch.id, kind: kind.name, schema: kind.schema, updatedAt: updatedAt, payload: LedgerPayload(fields))
        }

        static func record(from entry: LedgerEntry) throws(LedgerDecodingError) -> Watch? {
            guard entry.kind == kind.name else { return nil }
            guard entry.schema <= kind.schema else { throw .newerSchema(id: entry.id, kind: entry.kind, schema: entry.schema, supported: kind.schema) }
            guard let ticker = entry.payload["ticker"] else { throw .invalidField(id: entry.id, kind: entry.kind, field: "ticker") }
            return Watch(id: entry.id, ticker: ticker, target: entry.payload["target"], note: entry.payload["note"])
        }
    }

    private struct WatchlistProjection: LedgerProjection {
        var watches: [String: Watch] = [:]

        mutating func apply(_ entry: LedgerEntry) throws(LedgerDecodingError) {
            if let watch = try WatchCodec.record(from: entry) { watches[watch.ticker] = watch }
        }
    }
}
