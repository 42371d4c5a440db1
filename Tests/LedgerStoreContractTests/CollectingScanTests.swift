import XCTest
import Ledger
import LocalFileStore
import TestSupport

/// One pass that decodes a long history and collects a few small kinds besides must find exactly
/// what separate reads find, whatever was superseded or deleted on the way.
final class CollectingScanTests: XCTestCase {
    func test_scanLiveCollecting_findsWhatSeparateReadsFind_onTheFileLog() throws {
        for seed: UInt64 in 1...8 {
            let ledger = FileLedgerStore(directory: makeTemporaryDirectory(), compactionMinimumGarbage: .max)
            try fill(ledger, seed: seed)
            try assertCollectingScanAgreesWithSeparateReads(on: ledger, seed: seed)
        }
    }

    func test_scanLiveCollecting_findsWhatSeparateReadsFind_inMemory() throws {
        for seed: UInt64 in 1...8 {
            let ledger = InMemoryLedgerStore()
            try fill(ledger, seed: seed)
            try assertCollectingScanAgreesWithSeparateReads(on: ledger, seed: seed)
        }
    }

    // MARK: - Helpers

    private let small = LedgerKind("small", schema: 1)

    private func fill(_ ledger: LedgerStore, seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        for step in 0..<300 {
            let isSmall = random.next() % 4 == 0
            let id = (isSmall ? "s" : "b") + String(random.next() % (isSmall ? 10 : 50))
            let kind = isSmall ? "small" : "big"
            try ledger.append(random.next() % 7 == 0 ? .tombstone(id: id, kind: kind, at: Int64(step))
                                                     : LedgerEntry(id: id, kind: kind, schema: 1, updatedAt: Int64(step), payload: LedgerPayload([("n", "\(step)")])))
        }
    }

    private func assertCollectingScanAgreesWithSeparateReads(on ledger: LedgerStore, seed: UInt64, file: StaticString = #filePath, line: UInt = #line) throws {
        let live = try ledger.retrieveEntries().filter { !$0.isDeleted }
        var kept: [LedgerEntry] = []
        let (superseded, collected) = try ledger.scanLive(reserve: { _ in }, collecting: [small]) { entry in
            XCTAssertEqual(entry.kind, "big", "the reader never sees a collected kind", file: file, line: line)
            kept.append(entry)
            return true
        }

        var decoded = kept
        decoded.removeAll(atPositions: superseded)
        XCTAssertEqual(decoded, live.filter { $0.kind == "big" }, "seed \(seed): the decoded history", file: file, line: line)
        XCTAssertEqual(collected, live.filter { $0.kind == "small" }, "seed \(seed): the collected kind", file: file, line: line)
        XCTAssertEqual(try ledger.entries(ofKinds: [small]), live.filter { $0.kind == "small" }, "seed \(seed): entries(ofKinds:)", file: file, line: line)
    }
}
