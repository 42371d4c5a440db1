import XCTest
import Ledger
import TestSupport

final class RemoveUnreadableRecordUseCaseTests: XCTestCase {
    func test_remove_tombstonesARecordTheValidatorRejects_sayingWhy() throws {
        let (sut, ledger) = makeSUT([entry("bad"), entry("good")], rejecting: ["bad"])

        let removed = try sut.remove(id: "bad")

        XCTAssertEqual(removed.record.id, "bad")
        XCTAssertEqual(removed.reasons, ["bad can't be read"])
        XCTAssertEqual(ledger.retrieveEntries().filter { !$0.isDeleted }.map(\.id), ["good"])
        XCTAssertEqual(ledger.retrieveEntries().first { $0.id == "bad" }?.updatedAt, 5_000, "stamped now")
    }

    func test_remove_refusesARecordItsFeatureReads() {
        let (sut, ledger) = makeSUT([entry("good")], rejecting: [])

        XCTAssertThrowsError(try sut.remove(id: "good")) { XCTAssertEqual($0 as? RemoveUnreadableRecordError, .readable(id: "good", kind: "note")) }
        XCTAssertEqual(ledger.retrieveEntries().filter(\.isDeleted), [])
    }

    func test_remove_needsTheExactIdOfALiveRecord() {
        let (sut, _) = makeSUT([entry("bad")], rejecting: ["bad"])

        XCTAssertThrowsError(try sut.remove(id: "ba")) { XCTAssertEqual($0 as? RemoveUnreadableRecordError, .notFound(id: "ba")) }
    }

    func test_remove_ofARecordASyncRefused_tombstonesItAfterTheVersionRefused_sayingWhy() throws {
        let refusal = RefusedRecord(LedgerRejection(id: "pulled", kind: "sell", reasons: ["oversold"]), updatedAt: 9_000)
        let ledger = InMemoryLedgerStore([entry("good")])
        let sut = RemoveUnreadableRecordUseCase(ledger: ledger, validator: RejectingValidator(ids: []), refused: { [refusal] },
                                                now: { Date(timeIntervalSince1970: 5) })

        let removed = try sut.remove(id: "pulled")

        XCTAssertEqual(removed.reasons, ["oversold"])
        let tombstone = try XCTUnwrap(ledger.retrieveEntries().first { $0.id == "pulled" })
        XCTAssertTrue(tombstone.isDeleted)
        XCTAssertEqual(tombstone.kind, "sell")
        XCTAssertEqual(tombstone.updatedAt, 9_001, "newer than the version in the account, whatever this device's clock says")
        XCTAssertThrowsError(try sut.remove(id: "pulled"), "deleted here since") {
            XCTAssertEqual($0 as? RemoveUnreadableRecordError, .notFound(id: "pulled"))
        }
    }

    // MARK: - Helpers

    private func makeSUT(_ entries: [LedgerEntry], rejecting ids: Set<String>, file: StaticString = #filePath, line: UInt = #line)
        -> (RemoveUnreadableRecordUseCase, InMemoryLedgerStore) {
        let ledger = InMemoryLedgerStore(entries)
        let sut = RemoveUnreadableRecordUseCase(ledger: ledger, validator: RejectingValidator(ids: ids), now: { Date(timeIntervalSince1970: 5) })
        trackForMemoryLeaks(ledger, file: file, line: line)
        return (sut, ledger)
    }

    private func entry(_ id: String) -> LedgerEntry {
        LedgerEntry(id: id, kind: "note", schema: 1, updatedAt: 1, payload: LedgerPayload([("text", id)]))
    }

    private struct RejectingValidator: LedgerEntryValidating {
        let ids: Set<String>

        func rejections(of incoming: [LedgerEntry], over current: [LedgerEntry]) -> [LedgerRejection] {
            incoming.filter { ids.contains($0.id) }.map { LedgerRejection(id: $0.id, kind: $0.kind, reasons: ["\($0.id) can't be read"]) }
        }
    }
}
