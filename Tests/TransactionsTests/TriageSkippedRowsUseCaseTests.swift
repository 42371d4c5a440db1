import XCTest
import Ledger
import Transactions
import TestSupport

final class TriageSkippedRowsUseCaseTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_720_000_000)

    func test_init_doesNotMessageTheStore() {
        let (_, store) = makeSUT()
        XCTAssertEqual(store.messages, [])
    }

    func test_triage_withNothingSkipped_readsNothing() throws {
        let (sut, store) = makeSUT()

        let triage = try sut.triage([], fingerprintOfLine: { _ in "a" }, resolving: [], dryRun: false)

        XCTAssertEqual(triage, SkippedRowsTriage())
        XCTAssertEqual(store.messages, [])
    }

    func test_triage_ofNewRows_reportsThemNew_andRemembersEach() throws {
        let (sut, store) = makeSUT()

        let triage = try sut.triage([row(3), row(7)], fingerprintOfLine: fingerprintOfLine, resolving: [], dryRun: false)

        XCTAssertEqual(triage.new.map(\.line), [3, 7])
        XCTAssertEqual(store.messages, [.read, .save([skipped(3), skipped(7)].sorted { $0.fingerprint < $1.fingerprint }, at: now)])
    }

    func test_triage_ofRowsRememberedAtOtherLines_reportsThemSkippedBefore_andWritesNothing() throws {
        let (sut, store) = makeSUT()
        store.remembered = [fingerprint(3): skipped(3)]

        // Next month's export: the same row, two lines further down.
        let triage = try sut.triage([row(5)], fingerprintOfLine: { [self] in $0 == 5 ? fingerprint(3) : nil }, resolving: [], dryRun: false)

        XCTAssertEqual(triage.before.map(\.line), [5])
        XCTAssertEqual(triage.new, [])
        XCTAssertEqual(store.messages, [.read])
    }

    func test_triage_resolvingALine_marksItsRowHandled_andAHandledRowIsSaidNoMore() throws {
        let (sut, store) = makeSUT()
        store.remembered = [fingerprint(3): skipped(3), fingerprint(9): skipped(9, handled: true)]

        let triage = try sut.triage([row(3), row(9), row(11)], fingerprintOfLine: fingerprintOfLine, resolving: [3, 4], dryRun: false)

        XCTAssertEqual(triage.handled.map(\.line), [3, 9])
        XCTAssertEqual(triage.new.map(\.line), [11])
        XCTAssertEqual(triage.notSkipped, [4], "line 4 was not skipped: nothing to mark")
        XCTAssertEqual(store.messages, [.read, .save([skipped(11), skipped(3, handled: true)].sorted { $0.fingerprint < $1.fingerprint }, at: now)])
    }

    func test_triage_ofTwoEqualRowsOfOneFile_reportsBothNew() throws {
        let (sut, _) = makeSUT()

        let triage = try sut.triage([row(3), row(4)], fingerprintOfLine: { [self] _ in fingerprint(3) }, resolving: [], dryRun: false)

        XCTAssertEqual(triage.new.map(\.line), [3, 4])
    }

    func test_triage_ofRowsWithoutAFingerprint_reportsThemNew_andRemembersNothing() throws {
        let (sut, store) = makeSUT()

        let triage = try sut.triage([row(2)], fingerprintOfLine: { _ in nil }, resolving: [2], dryRun: false)

        XCTAssertEqual(triage.new.map(\.line), [2])
        XCTAssertEqual(store.messages, [.read])
    }

    func test_triage_inADryRun_savesNothing() throws {
        let (sut, store) = makeSUT()

        let triage = try sut.triage([row(3)], fingerprintOfLine: fingerprintOfLine, resolving: [], dryRun: true)

        XCTAssertEqual(triage.new.map(\.line), [3])
        XCTAssertEqual(store.messages, [.read])
    }

    func test_triage_deliversTheStoresFailure() {
        let (sut, store) = makeSUT()
        store.failure = .store(.local(.fileSystem(operation: "write", path: "/x", reason: "full")))

        XCTAssertThrowsError(try sut.triage([row(3)], fingerprintOfLine: fingerprintOfLine, resolving: [], dryRun: false)) { error in
            XCTAssertEqual(error as? SkippedRowsError, .store(.local(.fileSystem(operation: "write", path: "/x", reason: "full"))))
        }
    }

    func test_aRowsFingerprint_isItsCellsTrimmed_andTellsCellBoundariesApart() {
        XCTAssertEqual(RowFingerprint.of(["a", " b "]), RowFingerprint.of(["a", "b"]))
        XCTAssertNotEqual(RowFingerprint.of(["ab", "c"]), RowFingerprint.of(["a", "bc"]))
        XCTAssertTrue(RowFingerprint.isValid(RowFingerprint.of(["03/15/2024", "Spin-off"])))
        XCTAssertEqual(RowFingerprint.of([]), "cbf29ce484222325", "FNV-1a's offset basis: nothing hashed")
    }

    func test_theLedgerCodec_readsBackWhatItWrites_andRefusesWhatNoImportWrote() throws {
        let row = SkippedRow(fingerprint: fingerprint(3), reason: "Spin-off: skipped", handled: true)
        let entry = SkippedRowsLedgerCodec.entry(for: row, updatedAt: 1)

        XCTAssertEqual(entry.id, "row-" + fingerprint(3))
        XCTAssertEqual(try SkippedRowsLedgerCodec.record(from: entry), row)
        for (id, payload) in [("row-XYZ", [("reason", "r")]), ("row-" + fingerprint(3), [("handled", "yes"), ("reason", "r")]),
                              ("row-" + fingerprint(3), [("reason", String(repeating: "x", count: 501))])] {
            XCTAssertThrowsError(try SkippedRowsLedgerCodec.record(from: LedgerEntry(id: id, kind: "skipped-row", schema: 1, updatedAt: 1,
                                                                                   payload: LedgerPayload(payload))), id)
        }
    }

    // MARK: - Helpers

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (TriageSkippedRowsUseCase, SkippedRowsStoreSpy) {
        let store = SkippedRowsStoreSpy()
        let sut = TriageSkippedRowsUseCase(store: store, now: { [now] in now })
        trackForMemoryLeaks(store, file: file, line: line)
        return (sut, store)
    }

    private func row(_ line: Int) -> RowError {
        RowError(line: line, messages: ["row \(line) can't be read"])
    }

    private func fingerprint(_ line: Int) -> String {
        RowFingerprint.of(["row", String(line)])
    }

    private func fingerprintOfLine(_ line: Int) -> String? {
        fingerprint(line)
    }

    private func skipped(_ line: Int, handled: Bool = false) -> SkippedRow {
        SkippedRow(fingerprint: fingerprint(line), reason: "row \(line) can't be read", handled: handled)
    }
}

private final class SkippedRowsStoreSpy: SkippedRowsStore {
    enum Message: Equatable {
        case read
        case save([SkippedRow], at: Date)
    }

    private(set) var messages: [Message] = []
    var remembered: [String: SkippedRow] = [:]
    var failure: SkippedRowsError?

    func skippedRows() throws(SkippedRowsError) -> [String: SkippedRow] {
        messages.append(.read)
        if let failure { throw failure }
        return remembered
    }

    func save(_ rows: [SkippedRow], at date: Date) throws(SkippedRowsError) {
        messages.append(.save(rows, at: date))
        if let failure { throw failure }
    }
}
