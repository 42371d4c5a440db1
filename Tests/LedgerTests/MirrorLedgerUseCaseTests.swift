import XCTest
import Ledger
import TestSupport

final class MirrorLedgerUseCaseTests: XCTestCase {
    private let copyTime = Date(timeIntervalSince1970: 1_800_000_000)

    func test_mirror_copiesTheRemotesRecordsOfTheKindsItReads_andNoOthers() throws {
        let buy = entry("b1", kind: "buy"), note = entry("n1", kind: "journal-note")
        let (sut, copy, _) = makeSUT(copy: [], remote: [buy, note])

        let report = try sut.mirror()

        XCTAssertEqual(copy.retrieveEntries(), [buy])
        XCTAssertEqual(report, MirrorReport(copied: 1, rejected: []))
    }

    func test_mirror_takesChangedRecords_andDeletesWhatTheRemoteDeletedOrNoLongerHolds() throws {
        let kept = entry("k", kind: "buy"), edited = entry("e", kind: "buy", at: 1), deleted = entry("d", kind: "buy"), vanished = entry("v", kind: "sell")
        let newer = entry("e", kind: "buy", at: 2)
        let (sut, copy, _) = makeSUT(copy: [kept, edited, deleted, vanished], remote: [kept, newer, deleted.deleted(at: 3)])

        let report = try sut.mirror()

        XCTAssertEqual(report.copied, 3)
        XCTAssertEqual(copy.retrieveEntries().filter { !$0.isDeleted }.sorted { $0.id < $1.id }, [newer, kept])
        XCTAssertEqual(Set(copy.retrieveEntries().filter(\.isDeleted).map(\.id)), ["d", "v"])
    }

    func test_mirror_ofACopyAlreadyLevelWithTheRemote_writesNothing() throws {
        let buy = entry("b1", kind: "buy")
        let copy = WriteCountingStore(InMemoryLedgerStore([buy]))
        let sut = MirrorLedgerUseCase(copy: copy, remote: InMemoryLedgerStore([buy, LedgerEntry.tombstone(id: "gone", kind: "buy", at: 5)]),
                                      kinds: [LedgerKind("buy", schema: 1)], validator: ValidatorStub(), now: { [copyTime] in copyTime })

        XCTAssertEqual(try sut.mirror(), MirrorReport(copied: 0, rejected: []))
        XCTAssertEqual(copy.writes, 0)
    }

    func test_mirror_leavesOutWhatTheRulesRefuseOrTheRemoteCantRead_andSaysSo() throws {
        let good = entry("good", kind: "buy"), bad = entry("bad", kind: "buy")
        let unreadable = [LedgerRejection(id: "odd", kind: "buy", reasons: ["no date"]), LedgerRejection(id: "other", kind: "journal-note", reasons: ["x"])]
        let copy = InMemoryLedgerStore()
        let sut = MirrorLedgerUseCase(copy: copy, remote: RemoteWithUnreadable(entries: [good, bad], unreadable: unreadable),
                                      kinds: [LedgerKind("buy", schema: 1)], validator: ValidatorStub(rejecting: ["bad"]), now: { [copyTime] in copyTime })

        let report = try sut.mirror()

        XCTAssertEqual(copy.retrieveEntries(), [good])
        XCTAssertEqual(report.rejected.map(\.id), ["odd", "bad"])
    }

    func test_mirror_whenTheRemoteFails_changesNothing_andSaysTheRemoteFailed() {
        let buy = entry("b1", kind: "buy")
        let copy = InMemoryLedgerStore([buy])
        let sut = MirrorLedgerUseCase(copy: copy, remote: FailingRemoteStore(), kinds: [LedgerKind("buy", schema: 1)], validator: ValidatorStub(),
                                      now: { [copyTime] in copyTime })

        XCTAssertThrowsError(try sut.mirror()) { error in
            guard case .remote? = error as? MirrorLedgerError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(copy.retrieveEntries(), [buy])
    }

    func test_mirror_ofManyChanges_writesTheCopyWhole_andOfFewAppendsThem() throws {
        let remote = (0..<5).map { entry("r\($0)", kind: "buy") }
        for (limit, applies, appends) in [(3, 1, 0), (10, 0, 1)] {
            let copy = WriteCountingStore(InMemoryLedgerStore())
            let sut = MirrorLedgerUseCase(copy: copy, remote: InMemoryLedgerStore(remote), kinds: [LedgerKind("buy", schema: 1)], validator: ValidatorStub(),
                                          now: { [copyTime] in copyTime }, rewriteBeyond: limit)

            _ = try sut.mirror()

            XCTAssertEqual(copy.applies, applies, "beyond \(limit)")
            XCTAssertEqual(copy.appends, appends, "beyond \(limit)")
            XCTAssertEqual(copy.retrieveEntries().count, 5)
        }
    }

    // MARK: - Helpers

    private func makeSUT(copy: [LedgerEntry], remote: [LedgerEntry], file: StaticString = #filePath, line: UInt = #line)
        -> (MirrorLedgerUseCase, InMemoryLedgerStore, InMemoryLedgerStore) {
        let copyStore = InMemoryLedgerStore(copy), remoteStore = InMemoryLedgerStore(remote)
        let sut = MirrorLedgerUseCase(copy: copyStore, remote: remoteStore, kinds: [LedgerKind("buy", schema: 1), LedgerKind("sell", schema: 1)],
                                      validator: ValidatorStub(), now: { [copyTime] in copyTime })
        trackForMemoryLeaks(sut, file: file, line: line)
        trackForMemoryLeaks(copyStore, file: file, line: line)
        return (sut, copyStore, remoteStore)
    }

    private func entry(_ id: String, kind: String, at updatedAt: Int64 = 1) -> LedgerEntry {
        LedgerEntry(id: id, kind: kind, schema: 1, updatedAt: updatedAt, payload: LedgerPayload([("date", "2024-01-02")]))
    }

    /// A store that counts its writes: one append of many, one rewrite.
    private final class WriteCountingStore: LedgerStore {
        private let store: InMemoryLedgerStore
        private(set) var appends = 0, applies = 0
        var writes: Int { appends + applies }

        init(_ store: InMemoryLedgerStore) {
            self.store = store
        }

        func retrieveEntries() -> [LedgerEntry] { store.retrieveEntries() }
        func append(_ entry: LedgerEntry) { append(contentsOf: [entry]) }

        func append(contentsOf entries: [LedgerEntry]) {
            appends += 1
            for entry in entries { store.append(entry) }
        }

        func apply(_ entries: [LedgerEntry]) {
            applies += 1
            store.apply(entries)
        }

        func withExclusiveAccess<T, Failure: Error>(_ body: () throws(Failure) -> T, lockFailure: (StoreError) -> Failure) throws(Failure) -> T { try body() }
    }
}
