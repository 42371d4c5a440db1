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
            let reader = CheckpointedProjectionReader(log: FileLedgerStore(directory: directory), empty: LiveEntries(kinds: kinds), recentRecords: 3)
            XCTAssertEqual(try reader.current().entries, try FileLedgerStore(directory: directory).entries(ofKinds: kinds), "step \(step)")
        }
    }

    func test_aChangeToARecentRecord_isFoldedAgainFromTheBase_aChangeToAnOlderOneIsReplayed() throws {
        let directory = makeTemporaryDirectory()
        let log = FileLedgerStore(directory: directory), counting = CountingLog(FileLedgerStore(directory: directory))
        let reader = CheckpointedProjectionReader(log: counting, empty: LiveEntries(kinds: kinds), recentRecords: 2)
        // Read after each: the base moves up to `c` once two were written after `c`'s next base.
        for (step, id) in ["a", "b", "c", "d", "e"].enumerated() {
            try log.append(entry(id: id, kind: "account", step: step))
            _ = try reader.current()
        }
        XCTAssertEqual(counting.replays, 1, "only the first read replays")

        try log.append(entry(id: "e", kind: "security", step: 10))
        try log.append(LedgerEntry.tombstone(id: "d", kind: "account", at: 11))
        XCTAssertEqual(try reader.current().entries, try log.entries(ofKinds: kinds))
        XCTAssertEqual(counting.replays, 1, "d and e were written after the base")

        try log.append(entry(id: "b", kind: "account", step: 12))
        XCTAssertEqual(try reader.current().entries, try log.entries(ofKinds: kinds))
        XCTAssertEqual(counting.replays, 2, "b is in the base")
    }

    func test_whatAChangeWouldMake_isTheProjectionAfterIt_withTheRecordsItReplaces() throws {
        let directory = makeTemporaryDirectory()
        let log = FileLedgerStore(directory: directory)
        let reader = CheckpointedProjectionReader(log: log, empty: LiveEntries(kinds: kinds), recentRecords: 2)
        try log.append(entry(id: "old", kind: "account", step: 1))
        _ = try reader.current()
        try log.append(entry(id: "recent", kind: "account", step: 2))
        let edit = entry(id: "recent", kind: "security", step: 3), added = entry(id: "new", kind: "account", step: 4)

        let projected = try XCTUnwrap(try reader.projected(appending: [edit, added]))
        try log.append(contentsOf: [edit, added])

        XCTAssertEqual(projected.projection.entries, try log.entries(ofKinds: kinds))
        XCTAssertEqual(projected.replaced.mapValues(\.kind), ["recent": "account"])
        XCTAssertNil(try reader.projected(appending: [LedgerEntry.tombstone(id: "old", kind: "account", at: 5)]), "old is in the base: only a replay can tell")
        XCTAssertEqual(try reader.projected(appending: [entry(id: "newer", kind: "account", step: 6)])?.replaced.isEmpty, true)
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
