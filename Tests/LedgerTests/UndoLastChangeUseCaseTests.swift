import XCTest
import Ledger
import TestSupport

final class UndoLastChangeUseCaseTests: XCTestCase {
    private let pointID = "undo-device1"
    private let now = Date(timeIntervalSince1970: 1_720_000_000)

    func test_undo_ofAnAdd_deletesTheRecord_andUsesUpTheUndoPoint() throws {
        let (sut, ledger, recording) = makeSUT(earlierVersions: .noneForNewRecords)
        try recording.append(entry("new", "v1", at: 1_000))

        let undone = try sut.undo()

        XCTAssertEqual(undone.map(\.hadEarlierVersion), [false])
        XCTAssertEqual(ledger.retrieveEntries().first { $0.id == "new" }?.isDeleted, true)
        XCTAssertGreaterThan(ledger.retrieveEntries().first { $0.id == "new" }?.updatedAt ?? 0, 1_000, "newer than what it reverts, so it syncs")
        XCTAssertEqual(error { try sut.undo() }, .nothingToUndo, "one level")
    }

    func test_undo_ofAnEditOrADelete_putsTheEarlierVersionBack() throws {
        let (sut, ledger, recording) = makeSUT(earlierVersions: .lookedUp)
        ledger.append(entry("a", "first", at: 1_000))
        try recording.append(entry("a", "second", at: 2_000))

        _ = try sut.undo()
        XCTAssertEqual(ledger.retrieveEntries().first { $0.id == "a" }?.payload["v"], "first")

        try recording.append(entry("a", "first", at: 3_000_000_000_000).deleted(at: 3_000_000_000_000))
        let undone = try sut.undo()

        XCTAssertEqual(undone.first?.reverted.isDeleted, true)
        XCTAssertEqual(ledger.retrieveEntries().first { $0.id == "a" }?.isDeleted, false)
        XCTAssertEqual(ledger.retrieveEntries().first { $0.id == "a" }?.payload["v"], "first")
    }

    func test_undo_refusesWhenTheRecordMovedOn_andChangesNothing() throws {
        let (sut, ledger, recording) = makeSUT(earlierVersions: .lookedUp)
        try recording.append(entry("a", "mine", at: 1_000))
        ledger.append(entry("a", "from another device", at: 5_000))
        let before = ledger.retrieveEntries()

        XCTAssertEqual(error { try sut.undo() }, .movedOn(id: "a", kind: "note"))
        XCTAssertEqual(ledger.retrieveEntries(), before)
    }

    func test_undo_refusesWhatTheFeaturesRulesReject_andChangesNothing() throws {
        let (sut, ledger, recording) = makeSUT(earlierVersions: .noneForNewRecords, rejecting: ["needed"])
        try recording.append(entry("needed", "v", at: 1_000))
        let before = ledger.retrieveEntries()

        XCTAssertEqual(error { try sut.undo() }, .rejected([LedgerRejection(id: "needed", kind: "note", reasons: ["stub"])]))
        XCTAssertEqual(ledger.retrieveEntries(), before)
    }

    func test_undo_readsOnlyThePointAndItsRecords_whenTheValidatorTellsWithoutTheHistory() throws {
        let (ledger, recording) = makeLedger(earlierVersions: .lookedUp)
        ledger.append(entry("a", "first", at: 1_000))
        try recording.append(entry("a", "second", at: 2_000))
        let spy = LedgerSpy(ledger), validator = ValidatorSpy(tellsWithoutLiveEntries: true)
        let sut = makeSUT(ledger: spy, validator: validator)

        _ = try sut.undo()

        XCTAssertEqual(spy.messages, [.latestVersions(.ids([pointID])), .latestVersions(.ids(["a"])), .append(["a", pointID])],
                       "one record goes back with its used-up point in one append, as an edit does")
        XCTAssertEqual(validator.toldWithoutLiveEntries.map { $0.map(\.id) }, [["a"]])
        XCTAssertTrue(validator.checkedOverLiveEntries.isEmpty)
        XCTAssertEqual(ledger.retrieveEntries().first { $0.id == "a" }?.payload["v"], "first")
    }

    func test_undo_readsTheHistory_andChecksOverTheLiveEntries_whenTheValidatorCantTellWithoutThem() throws {
        let (ledger, recording) = makeLedger(earlierVersions: .lookedUp)
        ledger.append(entry("a", "first", at: 1_000))
        ledger.append(entry("gone", "v", at: 1_000).deleted(at: 1_500))
        try recording.append(entry("a", "second", at: 2_000))
        let spy = LedgerSpy(ledger), validator = ValidatorSpy(tellsWithoutLiveEntries: false)

        _ = try makeSUT(ledger: spy, validator: validator).undo()

        XCTAssertEqual(spy.messages.filter { $0 == .retrieveEntries }.count, 1)
        XCTAssertEqual(validator.checkedOverLiveEntries.map { Set($0.map(\.id)) }, [["a", pointID]], "the live entries, not the deleted one")
    }

    func test_undo_refusesWhatTheValidatorRejectsWithoutTheHistory_andChangesNothing() throws {
        let (ledger, recording) = makeLedger(earlierVersions: .noneForNewRecords)
        try recording.append(entry("needed", "v", at: 1_000))
        let before = ledger.retrieveEntries()
        let sut = makeSUT(ledger: ledger, validator: ValidatorSpy(tellsWithoutLiveEntries: true, rejecting: ["needed"]))

        XCTAssertEqual(error { try sut.undo() }, .rejected([LedgerRejection(id: "needed", kind: "note", reasons: ["told"])]))
        XCTAssertEqual(ledger.retrieveEntries(), before)
    }

    func test_undo_ofSeveralRecords_writesThemAllOrNone() throws {
        let (ledger, recording) = makeLedger(earlierVersions: .lookedUp)
        try recording.apply([entry("x", "v", at: 1_000), entry("y", "v", at: 1_000)])
        let spy = LedgerSpy(ledger)

        _ = try makeSUT(ledger: spy, validator: ValidatorSpy(tellsWithoutLiveEntries: true)).undo()

        XCTAssertEqual(spy.messages.last, .apply(["x", "y", pointID]))
    }

    func test_recording_aBatchPastTheLimit_isNotUndoable_andReadsNothing() throws {
        let (sut, _, recording) = makeSUT(earlierVersions: .lookedUp)
        let batch = (0...UndoRecordingLedgerStore.maximumUndoableBatch).map { entry("e\($0)", "v", at: 1_000) }

        try recording.apply(batch)

        XCTAssertEqual(error { try sut.undo() }, .tooLarge(count: UndoRecordingLedgerStore.maximumUndoableBatch + 1))
    }

    func test_undoPointCodec_roundTripsEarlierVersionsWithAnyText() throws {
        let earlier = LedgerEntry(id: "x", kind: "buy", schema: 2, updatedAt: 7, payload: LedgerPayload([("note", "tab\there\nnewline=\\")]))
        let point = UndoPoint(content: .changes([UndoPoint.Change(id: "x", changedAt: 9, before: earlier),
                                                 UndoPoint.Change(id: "y", changedAt: 9, before: nil)]))

        XCTAssertEqual(try UndoPointCodec.point(from: UndoPointCodec.entry(point, id: pointID, updatedAt: 9)), point)
    }

    // MARK: - Helpers

    private func makeSUT(earlierVersions: UndoRecordingLedgerStore.EarlierVersions, rejecting: Set<String> = [],
                         file: StaticString = #filePath, line: UInt = #line) -> (UndoLastChangeUseCase, InMemoryLedgerStore, UndoRecordingLedgerStore) {
        let (ledger, recording) = makeLedger(earlierVersions: earlierVersions, file: file, line: line)
        return (makeSUT(ledger: ledger, validator: RejectingValidator(rejecting), file: file, line: line), ledger, recording)
    }

    private func makeSUT(ledger: LedgerStore, validator: LedgerEntryValidating, file: StaticString = #filePath, line: UInt = #line) -> UndoLastChangeUseCase {
        let sut = UndoLastChangeUseCase(ledger: ledger, pointID: pointID, validator: validator, now: { [now] in now })
        trackForMemoryLeaks(sut, file: file, line: line)
        return sut
    }

    /// The ledger, and this directory's undo-recording one over it.
    private func makeLedger(earlierVersions: UndoRecordingLedgerStore.EarlierVersions,
                            file: StaticString = #filePath, line: UInt = #line) -> (InMemoryLedgerStore, UndoRecordingLedgerStore) {
        let ledger = InMemoryLedgerStore()
        let recording = UndoRecordingLedgerStore(decoratee: ledger, earlierVersions: earlierVersions) { [pointID] in pointID }
        trackForMemoryLeaks(ledger, file: file, line: line)
        trackForMemoryLeaks(recording, file: file, line: line)
        return (ledger, recording)
    }

    private func entry(_ id: String, _ value: String, at updatedAt: Int64) -> LedgerEntry {
        LedgerEntry(id: id, kind: "note", schema: 1, updatedAt: updatedAt, payload: LedgerPayload([("v", value)]))
    }

    private func error(_ body: () throws -> Any) -> UndoError? {
        thrownError(UndoError.self, body)
    }

    private struct RejectingValidator: LedgerEntryValidating {
        let rejecting: Set<String>

        init(_ rejecting: Set<String>) {
            self.rejecting = rejecting
        }

        func rejections(of incoming: [LedgerEntry], over current: [LedgerEntry]) -> [LedgerRejection] {
            incoming.filter { rejecting.contains($0.id) }.map { LedgerRejection(id: $0.id, kind: $0.kind, reasons: ["stub"]) }
        }
    }

    /// Tells without the live entries, or not, and notes which way each check went.
    private final class ValidatorSpy: LedgerEntryValidating {
        private let tellsWithoutLiveEntries: Bool
        private let rejecting: Set<String>
        private(set) var toldWithoutLiveEntries: [[LedgerEntry]] = []
        private(set) var checkedOverLiveEntries: [[LedgerEntry]] = []

        init(tellsWithoutLiveEntries: Bool, rejecting: Set<String> = []) {
            self.tellsWithoutLiveEntries = tellsWithoutLiveEntries
            self.rejecting = rejecting
        }

        func rejections(of incoming: [LedgerEntry], over current: [LedgerEntry]) -> [LedgerRejection] {
            checkedOverLiveEntries.append(current)
            return rejected(incoming, "over")
        }

        func rejectionsWithoutLiveEntries(of incoming: [LedgerEntry]) -> [LedgerRejection]? {
            guard tellsWithoutLiveEntries else { return nil }
            toldWithoutLiveEntries.append(incoming)
            return rejected(incoming, "told")
        }

        private func rejected(_ incoming: [LedgerEntry], _ reason: String) -> [LedgerRejection] {
            incoming.filter { rejecting.contains($0.id) }.map { LedgerRejection(id: $0.id, kind: $0.kind, reasons: [reason]) }
        }
    }

    /// The ledger, noting what is asked of it: which reads, and how the undo is written.
    private final class LedgerSpy: LedgerStore {
        enum Message: Equatable {
            case retrieveEntries
            case latestVersions(IdentifierMatch)
            case append([String])
            case apply([String])
        }

        private let decoratee: LedgerStore
        private(set) var messages: [Message] = []

        init(_ decoratee: LedgerStore) {
            self.decoratee = decoratee
        }

        func retrieveEntries() throws(StoreError) -> [LedgerEntry] {
            messages.append(.retrieveEntries)
            return try decoratee.retrieveEntries()
        }

        func latestVersions(_ match: IdentifierMatch) throws(StoreError) -> [String: LedgerEntry] {
            messages.append(.latestVersions(match))
            return try decoratee.latestVersions(match)
        }

        func append(_ entry: LedgerEntry) throws(StoreError) { try append(contentsOf: [entry]) }

        func append(contentsOf entries: [LedgerEntry]) throws(StoreError) {
            messages.append(.append(entries.map(\.id)))
            try decoratee.append(contentsOf: entries)
        }

        func apply(_ entries: [LedgerEntry]) throws(StoreError) {
            messages.append(.apply(entries.map(\.id)))
            try decoratee.apply(entries)
        }

        func withExclusiveAccess<T, Failure: Error>(_ body: () throws(Failure) -> T, lockFailure: (StoreError) -> Failure) throws(Failure) -> T {
            try decoratee.withExclusiveAccess(body, lockFailure: lockFailure)
        }
    }
}
