import XCTest
import Ledger
import LocalFileStore
import TestSupport

/// The small kinds' entries from their checkpoint, against the log's own look-up, while records
/// are added, edited and deleted, with the filter of ids written again every few ids.
final class CheckpointedLiveEntriesTests: XCTestCase {
    private let kinds = [LedgerKind("account", schema: 1), LedgerKind("security", schema: 1)]

    func test_randomChanges_theCheckpointedEntriesAlwaysEqualTheLogs() throws {
        let directory = makeTemporaryDirectory()
        let log = FileLedgerStore(directory: directory)
        var ids: [String] = []
        var generator = SplitMix(seed: 7)
        for step in 0..<200 {
            let kind = ["account", "security", "buy"][generator.next(below: 3)]
            switch generator.next(below: 6) {
            case 0 where !ids.isEmpty:
                try log.append(LedgerEntry.tombstone(id: ids.remove(at: generator.next(below: ids.count)), kind: kind, at: Int64(step)))
            case 1 where !ids.isEmpty:
                try log.append(entry(id: ids[generator.next(below: ids.count)], kind: kind, step: step))
            default:
                ids.append("id\(step)")
                try log.append(entry(id: "id\(step)", kind: kind, step: step))
            }
            let reader = CheckpointedProjectionReader(log: FileLedgerStore(directory: directory), empty: LiveEntries(kinds: kinds), idsBeforeNewFilter: 3)
            XCTAssertEqual(try reader.current().entries, try FileLedgerStore(directory: directory).entries(ofKinds: kinds), "step \(step)")
        }
    }

    func test_checkpointedKindsStore_answersLookUpsOfItsKinds_andPassesOthersOn() throws {
        let directory = makeTemporaryDirectory()
        let log = FileLedgerStore(directory: directory)
        try log.append(entry(id: "a", kind: "account", step: 1))
        try log.append(entry(id: "b", kind: "buy", step: 2))
        let sut = CheckpointedKindsLedgerStore(decoratee: log, log: log, kinds: kinds)

        XCTAssertEqual(try sut.entries(ofKinds: [kinds[0]]).map(\.id), ["a"])
        XCTAssertEqual(try sut.entries(ofKinds: [LedgerKind("buy", schema: 1)]).map(\.id), ["b"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("checkpoints/\(LiveEntries(kinds: kinds).checkpointName)").path))
    }

    private func entry(id: String, kind: String, step: Int) -> LedgerEntry {
        LedgerEntry(id: id, kind: kind, schema: 1, updatedAt: Int64(step), payload: LedgerPayload([("name", "value \(step)\twith a tab")]))
    }

    private struct SplitMix {
        var state: UInt64

        init(seed: UInt64) {
            state = seed
        }

        mutating func next(below bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }
}
