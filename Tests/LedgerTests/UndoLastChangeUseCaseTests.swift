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
        let ledger = InMemoryLedgerStore()
        let recording = UndoRecordingLedgerStore(decoratee: ledger, earlierVersions: earlierVersions) { [pointID] in pointID }
        let sut = UndoLastChangeUseCase(ledger: ledger, pointID: pointID, validator: RejectingValidator(rejecting), now: { [now] in now })
        trackForMemoryLeaks(sut, file: file, line: line)
        trackForMemoryLeaks(ledger, file: file, line: line)
        trackForMemoryLeaks(recording, file: file, line: line)
        return (sut, ledger, recording)
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
}
