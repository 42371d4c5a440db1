import XCTest
import Ledger

final class KindFilteringLedgerStoreTests: XCTestCase {
    func test_excluding_hidesThoseKinds_fromReadsAndWrites() throws {
        let ledger = InMemoryLedgerStore([entry("b-1", "buy"), entry("s-1", "savings-account")])
        let sut = KindFilteringLedgerStore(decoratee: ledger, excluding: [LedgerKind("savings-account", schema: 1)])

        try sut.apply([entry("s-2", "savings-account"), entry("b-2", "buy")])

        XCTAssertEqual(try sut.retrieveEntries().map(\.id).sorted(), ["b-1", "b-2"])
        XCTAssertEqual(ledger.retrieveEntries().map(\.id).sorted(), ["b-1", "b-2", "s-1"], "what it hides stays as it was")
    }

    func test_only_showsJustThoseKinds_andWritesNothingElse() throws {
        let ledger = InMemoryLedgerStore([entry("b-1", "buy"), entry("n-1", "journal-note")])
        let sut = KindFilteringLedgerStore(decoratee: ledger, only: [LedgerKind("journal-note", schema: 1)])

        try sut.append(contentsOf: [entry("n-2", "journal-note"), entry("b-2", "buy")])

        XCTAssertEqual(try sut.retrieveEntries().map(\.id).sorted(), ["n-1", "n-2"])
        XCTAssertEqual(ledger.retrieveEntries().map(\.id).sorted(), ["b-1", "n-1", "n-2"])
    }

    /// The journal's sync keeps its conflicts on the ledger without ever reading them back to
    /// send them to the web app's document.
    func test_only_writesThroughTheKindsAskedFor_stillHidingThemFromReads() throws {
        let ledger = InMemoryLedgerStore()
        let sut = KindFilteringLedgerStore(decoratee: ledger, only: [LedgerKind("journal-note", schema: 1)], writingThrough: [SyncConflictCodec.kind])

        try sut.apply([entry("n-1", "journal-note"), entry("c-1", "sync-conflict"), entry("b-1", "buy")])

        XCTAssertEqual(try sut.retrieveEntries().map(\.id), ["n-1"])
        XCTAssertEqual(ledger.retrieveEntries().map(\.id).sorted(), ["c-1", "n-1"])
    }

    private func entry(_ id: String, _ kind: String) -> LedgerEntry {
        LedgerEntry(id: id, kind: kind, schema: 1, updatedAt: 1, payload: LedgerPayload([("x", id)]))
    }
}

final class CompositeLedgerSyncingTests: XCTestCase {
    func test_sync_runsEachInOrder_andReportsTheirSums() throws {
        let log = CallLog()
        let sut = CompositeLedgerSyncing([SyncSpy("database", log, SyncReport(pushed: 1, pulled: 2, merged: ["a"])),
                                          SyncSpy("journal", log, SyncReport(pushed: 10, pulled: 20, merged: ["b"]))])

        let report = try sut.sync(mergingOtherAccounts: true)

        XCTAssertEqual(log.calls, ["database merging", "journal merging"])
        XCTAssertEqual(report, SyncReport(pushed: 11, pulled: 22, merged: ["a", "b"]))
    }

    func test_sync_stopsAtTheFirstFailure() {
        let log = CallLog()
        let sut = CompositeLedgerSyncing([SyncSpy("database", log, failing: .remote(.notSignedIn)), SyncSpy("journal", log, SyncReport(pushed: 0, pulled: 0))])

        XCTAssertThrowsError(try sut.sync(mergingOtherAccounts: false)) { XCTAssertEqual($0 as? SyncLedgerError, .remote(.notSignedIn)) }
        XCTAssertEqual(log.calls, ["database"])
    }

    private final class CallLog { var calls: [String] = [] }

    private final class SyncSpy: LedgerSyncing {
        private let name: String
        private let log: CallLog
        private let result: Result<SyncReport, SyncLedgerError>

        init(_ name: String, _ log: CallLog, _ report: SyncReport) {
            (self.name, self.log, result) = (name, log, .success(report))
        }

        init(_ name: String, _ log: CallLog, failing error: SyncLedgerError) {
            (self.name, self.log, result) = (name, log, .failure(error))
        }

        func sync(mergingOtherAccounts: Bool) throws(SyncLedgerError) -> SyncReport {
            log.calls.append(name + (mergingOtherAccounts ? " merging" : ""))
            return try result.get()
        }
    }
}
