import XCTest
import Ledger

/// The contract every `LedgerStore` adapter keeps, whatever the kinds: each adapter's test class
/// conforms and runs every spec.
public protocol LedgerStoreSpecs {
    func test_retrieveEntries_deliversEmptyOnEmptyStore() throws
    func test_append_keepsEveryEntryExactly() throws
    func test_append_replacesTheEntryWithTheSameID() throws
    func test_appendContentsOf_storesEachInOrder() throws
    func test_applyExpecting_writesOnlyOverTheVersionsExpected() throws
    func test_append_ofATombstoneDeliversItAfterTheLiveEntries() throws
    func test_apply_storesEntriesAsTheyAreKeepingUpdatedAt() throws
    func test_entriesOfUnknownKindsAndNewerSchemas_areKeptUnchanged() throws
    func test_withExclusiveAccess_allowsStoreCallsInside() throws
    func test_latestVersions_areTheVersionsOfTheMatchingIDs() throws
}

/// Entries no feature of this release writes, with every character an encoding could trip on.
public enum LedgerFixtures {
    public static let trickyPayload = LedgerPayload([
        ("note", "tab\there\nnew line\r\u{1B}]0;pwned\u{07} \\ back-slash, «ünïcode» 🚀"),
        ("weird name=with equals", "value=with equals\\t not an escape"),
        ("amount", "0.00000001"),
    ])

    public static func entry(_ id: String, kind: String = "buy", schema: Int = 1, updatedAt: Int64 = 1_700_000_000_000,
                             payload: LedgerPayload = LedgerPayload([("ticker", "AAPL"), ("quantity", "1")])) -> LedgerEntry {
        LedgerEntry(id: id, kind: kind, schema: schema, updatedAt: updatedAt, payload: payload)
    }
}

extension LedgerStoreSpecs where Self: XCTestCase {
    /// Ids written again, deleted, written after a delete, and sharing their first letters: each
    /// match gives what the whole read gives.
    public func assertThatLatestVersionsAreTheVersionsOfTheMatchingIDs(on sut: LedgerStore, payload: LedgerPayload = LedgerFixtures.trickyPayload,
                                                                      file: StaticString = #filePath, line: UInt = #line) throws {
        let ids = ["a1", "a2", "ab", "b-ab", "b_2", "c", "A1"]
        var stamp: Int64 = 1_700_000_000_000
        for round in 0..<3 {
            for (index, id) in ids.enumerated() where (index + round) % 2 == 0 || round == 0 {
                stamp += 1
                let entry = LedgerFixtures.entry(id, kind: round == 1 ? "sell" : "buy", updatedAt: stamp, payload: payload)
                try sut.append(index == round ? entry.deleted(at: stamp) : entry)
            }
        }
        let whole = try sut.retrieveEntries()
        for match in [IdentifierMatch.ids(["a1"]), .ids(["ab", "c", "missing"]), .ids(Set(ids)), .prefix("a"), .prefix("b"), .prefix(""), .prefix("z")] {
            XCTAssertEqual(try sut.latestVersions(match), Dictionary(whole.filter { match.takes($0.id) }.map { ($0.id, $0) }) { $1 }, "\(match)",
                           file: file, line: line)
        }
    }

    public func assertThatRetrieveEntriesDeliversEmptyOnEmptyStore(on sut: LedgerStore, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try sut.retrieveEntries(), [], file: file, line: line)
    }

    public func assertThatAppendKeepsEveryEntryExactly(on sut: LedgerStore, file: StaticString = #filePath, line: UInt = #line) throws {
        let tricky = LedgerFixtures.entry("tricky", kind: "future-kind", schema: 7, updatedAt: LedgerClock.latest, payload: LedgerFixtures.trickyPayload)
        let plain = LedgerFixtures.entry("plain")
        try sut.append(tricky)
        try sut.append(plain)

        XCTAssertEqual(Set(try sut.retrieveEntries()), [tricky, plain], file: file, line: line)
        XCTAssertEqual(try sut.retrieveEntries().first { $0.id == "tricky" }?.payload.encodedBytes, tricky.payload.encodedBytes, file: file, line: line)
    }

    public func assertThatAppendReplacesTheEntryWithTheSameID(on sut: LedgerStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try sut.append(LedgerFixtures.entry("1", updatedAt: 1))
        let newer = LedgerFixtures.entry("1", kind: "sell", updatedAt: 2)
        try sut.append(newer)

        XCTAssertEqual(try sut.retrieveEntries(), [newer], file: file, line: line)
    }

    public func assertThatAppendContentsOfStoresEachInOrder(on sut: LedgerStore, file: StaticString = #filePath, line: UInt = #line) throws {
        let first = LedgerFixtures.entry("a", updatedAt: 1), replaced = LedgerFixtures.entry("b", updatedAt: 1)
        let replacing = LedgerFixtures.entry("b", kind: "sell", updatedAt: 2)

        try sut.append(contentsOf: [first, replaced, replacing])

        XCTAssertEqual(try sut.retrieveEntries(), [first, replacing], file: file, line: line)
    }

    public func assertThatApplyExpectingWritesOnlyOverTheVersionsExpected(on sut: LedgerStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try sut.append(LedgerFixtures.entry("a", updatedAt: 1))
        let second = LedgerFixtures.entry("a", updatedAt: 2), fresh = LedgerFixtures.entry("fresh", updatedAt: 2)
        try sut.apply([second, fresh], expecting: ["a": 1])

        XCTAssertThrowsError(try sut.apply([LedgerFixtures.entry("a", updatedAt: 3)], expecting: ["a": 1]), "a moved on to 2", file: file, line: line) {
            XCTAssertEqual($0 as? StoreError, .changedMeanwhile(id: "a"), file: file, line: line)
        }
        XCTAssertEqual(Set(try sut.retrieveEntries()), [second, fresh], "nothing was written over the version not expected", file: file, line: line)
    }

    public func assertThatAppendOfATombstoneDeliversItAfterTheLiveEntries(on sut: LedgerStore, file: StaticString = #filePath, line: UInt = #line) throws {
        let doomed = LedgerFixtures.entry("doomed")
        try sut.append(doomed)
        let kept = LedgerFixtures.entry("kept", kind: "dividend")
        try sut.append(kept)
        let tombstone = doomed.deleted(at: 1_800_000_000_000)
        try sut.append(tombstone)

        XCTAssertEqual(try sut.retrieveEntries(), [kept, tombstone], file: file, line: line)
        XCTAssertEqual(tombstone.kind, "buy", "a tombstone keeps its kind, so it syncs where the entry did", file: file, line: line)
    }

    public func assertThatApplyStoresEntriesAsTheyAreKeepingUpdatedAt(on sut: LedgerStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try sut.append(LedgerFixtures.entry("edited", updatedAt: 1))
        try sut.append(LedgerFixtures.entry("deleted", updatedAt: 1))
        let batch = [LedgerFixtures.entry("edited", updatedAt: 1_600_000_000_500, payload: LedgerPayload([("ticker", "MSFT")])),
                     LedgerFixtures.entry("new", kind: "fee", updatedAt: 1_650_000_000_000),
                     LedgerEntry.tombstone(id: "deleted", kind: "buy", at: 1_700_000_000_001)]
        try sut.apply(batch)

        XCTAssertEqual(Set(try sut.retrieveEntries()), Set(batch), file: file, line: line)
    }

    public func assertThatEntriesOfUnknownKindsAndNewerSchemasAreKeptUnchanged(on sut: LedgerStore, file: StaticString = #filePath, line: UInt = #line) throws {
        let unknownKind = LedgerFixtures.entry("from-the-future", kind: "option-execution", payload: LedgerFixtures.trickyPayload)
        let newerSchema = LedgerFixtures.entry("newer-buy", kind: "buy", schema: 3, payload: LedgerPayload([("ticker", "AAPL"), ("lots", "[1,2]")]))
        try sut.apply([unknownKind, newerSchema])
        try sut.append(LedgerFixtures.entry("today"))

        let stored = try sut.retrieveEntries()
        XCTAssertEqual(stored.first { $0.id == "from-the-future" }, unknownKind, file: file, line: line)
        XCTAssertEqual(stored.first { $0.id == "newer-buy" }, newerSchema, file: file, line: line)
    }

    public func assertThatWithExclusiveAccessAllowsStoreCallsInside(on sut: LedgerStore, file: StaticString = #filePath, line: UInt = #line) throws {
        let entry = LedgerFixtures.entry("1")
        let seen = try sut.withExclusiveAccess { () throws(StoreError) in
            try sut.append(entry)
            return try sut.retrieveEntries()
        }
        XCTAssertEqual(seen, [entry], file: file, line: line)
    }
}

/// A sync state for a ledger that never synced before and belongs to no other account.
public final class NoSyncState: SyncStateStore {
    public init() {}
    public func lastSync() -> Date? { nil }
    public func recordSync(at date: Date) {}
    public func otherAccounts() -> [SyncedAccount] { [] }
}
