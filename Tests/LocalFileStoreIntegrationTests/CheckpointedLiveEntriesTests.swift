import XCTest
import Ledger
import Projections
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

    func test_aReplay_keepsItsLastRecordsOutOfItsBase_soAChangeToOneOfThemIsFoldedAgain() throws {
        let directory = makeTemporaryDirectory()
        let log = FileLedgerStore(directory: directory), counting = CountingLog(FileLedgerStore(directory: directory))
        let reader = CheckpointedProjectionReader(log: counting, empty: LiveEntries(kinds: kinds), recentRecords: 2)
        for (step, id) in ["a", "b", "c", "d", "e"].enumerated() { try log.append(entry(id: id, kind: "account", step: step)) }
        XCTAssertEqual(try reader.current().entries, try log.entries(ofKinds: kinds))

        try log.append(entry(id: "e", kind: "security", step: 10))
        try log.append(LedgerEntry.tombstone(id: "d", kind: "account", at: 11))
        XCTAssertEqual(try reader.current().entries, try log.entries(ofKinds: kinds))
        XCTAssertEqual(counting.replays, 1, "d and e were the replay's last two lines, kept out of its base")

        try log.append(entry(id: "c", kind: "account", step: 12))
        XCTAssertEqual(try reader.current().entries, try log.entries(ofKinds: kinds))
        XCTAssertEqual(counting.replays, 2, "c is in the base")
    }

    func test_aReplay_whoseLastLinesChangeAnEarlierRecord_keepsItOutOfItsBase_soAnotherChangeToItIsFoldedAgain() throws {
        let directory = makeTemporaryDirectory()
        let log = FileLedgerStore(directory: directory), counting = CountingLog(FileLedgerStore(directory: directory))
        let reader = CheckpointedProjectionReader(log: counting, empty: LiveEntries(kinds: kinds), recentRecords: 2)
        for (step, id) in ["a", "b", "c", "d"].enumerated() { try log.append(entry(id: id, kind: "account", step: step)) }
        try log.append(entry(id: "a", kind: "security", step: 4))
        XCTAssertEqual(try reader.current().entries, try log.entries(ofKinds: kinds))

        try log.append(entry(id: "a", kind: "account", step: 10))
        try log.append(LedgerEntry.tombstone(id: "a", kind: "account", at: 11))
        XCTAssertEqual(try reader.current().entries, try log.entries(ofKinds: kinds))
        XCTAssertEqual(counting.replays, 1, "a was last written after the base")

        try log.append(entry(id: "b", kind: "security", step: 12))
        XCTAssertEqual(try reader.current().entries, try log.entries(ofKinds: kinds))
        XCTAssertEqual(counting.replays, 2, "b is in the base")
    }

    func test_aReplay_whoseLastRecordsCantBeFoldedOntoTheRest_takesTheWholeLogAsItsBase() throws {
        let (log, counting, empty, reader) = try datedLog(days: [9, 5, 6, 7, 2])
        XCTAssertEqual(try reader.current().days, [2, 5, 6, 7, 9])
        XCTAssertEqual(empty.replays.count, 1, "told from the records before the lines read back, not by replaying them and failing to fold the rest")

        try log.append(dated("r4", day: 8))
        XCTAssertEqual(try reader.current().days, [5, 6, 7, 8, 9])
        XCTAssertEqual(counting.replays, 2, "the last four lines, read back, could go after each other, but day 2 comes before day 9, before them")
    }

    /// An edit of an old record, written last, comes before every record a base could leave out:
    /// the replay folds it into its base, so the records around it can still be changed without
    /// a replay, and only a change to it replays.
    func test_anOldRecordRewrittenLast_isFoldedIntoTheReplaysBase_soARecentChangeIsStillFoldedFromIt() throws {
        let (log, counting, _, reader) = try datedLog(days: [1, 2, 3, 4, 5, 6, 7, 8])
        try log.append(dated("r0", day: 0))
        XCTAssertEqual(try reader.current().days, [0, 2, 3, 4, 5, 6, 7, 8])

        try log.append(dated("r7", day: 9))
        XCTAssertEqual(try reader.current().days, [0, 2, 3, 4, 5, 6, 7, 9])
        XCTAssertEqual(counting.replays, 1, "r7 was written after the base, which holds r0")

        try log.append(dated("r0", day: 10))
        XCTAssertEqual(try reader.current().days, [2, 3, 4, 5, 6, 7, 9, 10])
        XCTAssertEqual(counting.replays, 2, "r0 is in the base")
    }

    func test_aReplay_takesItsBaseWhereNoRecordAfterComesBeforeOneIn_furtherBackThanItsRecentRecordsWhenItMust() throws {
        let (log, counting, empty, reader) = try datedLog(days: [1, 2, 5, 3, 4, 6])
        XCTAssertEqual(try reader.current().days, [1, 2, 3, 4, 5, 6])
        XCTAssertEqual(empty.replays.count, 1, "the records before the base, once")

        try log.append(dated("r3", day: 7))
        XCTAssertEqual(try reader.current().days, [1, 2, 4, 5, 6, 7])
        XCTAssertEqual(counting.replays, 1, "day 3 comes before day 5, so the base was taken before day 5, not two lines back")

        try log.append(dated("r1", day: 8))
        XCTAssertEqual(try reader.current().days, [1, 4, 5, 6, 7, 8])
        XCTAssertEqual(counting.replays, 2, "day 2 is in the base")
    }

    func test_aRecordFoldedInSinceTheBase_isFoldedAgainFromIt_evenWhereTheFilterOfTheBasesIdsFalselyKnowsIt() throws {
        let directory = makeTemporaryDirectory()
        let log = FileLedgerStore(directory: directory), counting = CountingLog(FileLedgerStore(directory: directory))
        let older = (0..<3_000).map { "older\($0)" }
        // The filter a replay of them and two records more keeps of the older ones: found one of
        // its false alarms, and write that id just after them.
        var filter = IdentifierFilter(expecting: (older.count + 2) + (older.count + 2) / 4)
        for id in older { filter.insert(id) }
        let falseAlarm = try XCTUnwrap((0..<2_000_000).lazy.map { "new\($0)" }.first { filter.mayContain($0) })
        try log.append(contentsOf: older.enumerated().map { entry(id: $1, kind: "account", step: $0) }
            + [entry(id: falseAlarm, kind: "account", step: 3_000), entry(id: "last", kind: "account", step: 3_001)])
        let reader = CheckpointedProjectionReader(log: counting, empty: LiveEntries(kinds: kinds), recentRecords: 2)
        _ = try reader.current()

        try log.append(entry(id: "last", kind: "security", step: 3_002))
        XCTAssertEqual(try reader.current().entries, try log.entries(ofKinds: kinds))
        XCTAssertEqual(counting.replays, 1, "\(falseAlarm) was written after the base, which the filter's false alarm doesn't change")
    }

    func test_theLastLines_nameWhereEachBegins_andAScanFromOne_saysWhenItReachesIt() throws {
        let directory = makeTemporaryDirectory()
        let log = FileLedgerStore(directory: directory)
        for (step, id) in ["a", "b", "c"].enumerated() { try log.append(entry(id: id, kind: "account", step: step)) }
        try log.append(LedgerEntry.tombstone(id: "a", kind: "account", at: 3))
        let whole = try Data(contentsOf: directory.appendingPathComponent("transactions.log"))
        try log.append(entry(id: "torn", kind: "account", step: 4))
        let file = try FileHandle(forUpdating: directory.appendingPathComponent("transactions.log"))
        try file.truncate(atOffset: UInt64(whole.count + 10))
        try file.close()
        let lengths = whole.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast().map { $0.count + 1 }

        let last = try log.lastLines(2)
        XCTAssertEqual(last.map(\.entry.id), ["c", "a"], "the torn line is no line")
        XCTAssertEqual(last.map(\.entry.isDeleted), [false, true])
        XCTAssertEqual(last.map(\.start.length), [Int64(lengths.dropLast(2).reduce(0, +)), Int64(lengths.dropLast(1).reduce(0, +))])
        XCTAssertEqual(last.map(\.start.lastLineLength), [Int64(lengths[lengths.count - 3]), Int64(lengths[lengths.count - 2])])
        XCTAssertEqual(try log.lastLines(9).map(\.entry.id), ["a", "b", "c", "a"], "every line, the first named by the header")
        XCTAssertEqual(try log.lastLines(9).first?.start.length, Int64(lengths[0]))
        XCTAssertEqual(try log.lastLines(0).count, 0)

        var kept: [String] = [], reachedAt: Int?
        let scan = try log.scanLiveToEnd(base: last[0].start, reserve: { _ in }, reachedBase: { reachedAt = kept.count }) { entry in
            kept.append(entry.id)
            return true
        }
        XCTAssertEqual(scan.base, last[0].start)
        XCTAssertEqual(scan.end?.length, Int64(whole.count))
        XCTAssertEqual(kept, ["a", "b", "c"])
        XCTAssertEqual(reachedAt, 2, "before c")
        let elsewhere = LogPosition(file: last[0].start.file + 1, length: last[0].start.length, lastLineLength: 1, lastLineHash: 0)
        XCTAssertNil(try log.scanLiveToEnd(base: elsewhere, reserve: { _ in }, reachedBase: { XCTFail("another file's") }) { _ in true }.base)
        XCTAssertNil(try log.scanLiveToEnd(base: nil, reserve: { _ in }, reachedBase: { XCTFail("none asked for") }) { _ in true }.base)
    }

    func test_aCheckpointSavedUnderANewVersion_removesItsEarlierVersionsFiles_andNoOthers() throws {
        let directory = makeTemporaryDirectory()
        let log = FileLedgerStore(directory: directory)
        try log.append(entry(id: "a", kind: "account", step: 0))
        let position = try XCTUnwrap(log.lastLines(1).first?.start)
        let earlier = ["gains-v1-fifo-USD", "gains-v1-fifo-USD.base", "gains-v1-fifo-USD.ids", "gains-v2-fifo-USD", "gains-v1-average-USD",
                       "gains-v1-fifo-GBP", "tally-v1-USD", "gains-v4-fifo-USD", "cycles-v1", "cycles-v1.base", "cycles-v1x.base"]
        for name in earlier { log.saveCheckpoint([1], named: name, at: position) }

        log.saveCheckpoint([2], named: "gains-v3-fifo-USD", at: position)
        log.saveCheckpoint([2], named: "gains-v3-fifo-USD.base", at: position)
        log.saveCheckpoint([2], named: "cycles-v2.base", at: position)

        let kept = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("checkpoints").path).sorted()
        XCTAssertEqual(kept, [".seal", "cycles-v1", "cycles-v1x.base", "cycles-v2.base", "gains-v1-average-USD", "gains-v1-fifo-GBP", "gains-v1-fifo-USD.ids",
                              "gains-v3-fifo-USD", "gains-v3-fifo-USD.base", "gains-v4-fifo-USD", "tally-v1-USD"])
        XCTAssertEqual(log.checkpoint(named: "gains-v3-fifo-USD")?.payload, [2])
    }

    func test_readingBackFromWhereAProjectionEnded_handsItsLinesLatestFirst_andNoneWrittenAfter() throws {
        let directory = makeTemporaryDirectory()
        let log = FileLedgerStore(directory: directory)
        for (step, id) in ["a", "b", "c"].enumerated() { try log.append(entry(id: id, kind: "account", step: step)) }
        try log.append(LedgerEntry.tombstone(id: "a", kind: "account", at: 3))
        let end = try XCTUnwrap(try CheckpointedProjectionReader(log: log, empty: LiveEntries(kinds: kinds)).currentAndEnd().end)
        try log.append(entry(id: "after", kind: "account", step: 4))

        var handed: [String] = []
        XCTAssertEqual(try log.forEachEntryBackward(from: end) { handed.append($0.id + ($0.isDeleted ? "-" : "")); return true }, true)
        XCTAssertEqual(handed, ["a-", "c", "b", "a"])
        handed = []
        XCTAssertEqual(try log.forEachEntryBackward(from: end) { handed.append($0.id); return handed.count < 2 }, false)
        XCTAssertEqual(handed, ["a", "c"])
        XCTAssertEqual(try CheckpointedProjectionReader(log: log, empty: LiveEntries(kinds: kinds)).currentAndEnd().end?.length,
                       Int64(try Data(contentsOf: directory.appendingPathComponent("transactions.log")).count), "brought up to date, it ends where the log does")
    }

    func test_readingBack_tellsNothing_whenTheLogWasRewritten_orALineCantBeRead() throws {
        let directory = makeTemporaryDirectory()
        let log = FileLedgerStore(directory: directory)
        for (step, id) in ["a", "b", "c"].enumerated() { try log.append(entry(id: id, kind: "account", step: step)) }
        let end = try XCTUnwrap(try CheckpointedProjectionReader(log: log, empty: LiveEntries(kinds: kinds)).currentAndEnd().end)
        let url = directory.appendingPathComponent("transactions.log")
        let bytes = try Data(contentsOf: url)

        // The same bytes in another file, renamed over the log as a compaction's are.
        let copy = directory.appendingPathComponent("rewritten")
        try bytes.write(to: copy)
        XCTAssertEqual(rename(copy.path, url.path), 0)
        XCTAssertNil(try log.forEachEntryBackward(from: end) { _ in true })

        let moved = try XCTUnwrap(try CheckpointedProjectionReader(log: log, empty: LiveEntries(kinds: kinds)).currentAndEnd().end)
        var damaged = [UInt8](bytes)
        let secondLine = try XCTUnwrap(damaged.firstIndex(of: UInt8(ascii: "\n"))) + 1
        let thirdLine = try XCTUnwrap(damaged[secondLine...].firstIndex(of: UInt8(ascii: "\n"))) + 1
        damaged[thirdLine] = UInt8(ascii: "?")
        try Data(damaged).write(to: url)
        var handed: [String] = []
        XCTAssertNil(try FileLedgerStore(directory: directory).forEachEntryBackward(from: moved) { handed.append($0.id); return true })
        XCTAssertEqual(handed, [], "a piece is read whole before any of it is handed on")
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

    /// A change about to be written is told from a checkpoint the lines since can be folded
    /// into, never from a replay: its check reads less of the history than a replay would.
    func test_whatAChangeWouldMake_andTheProjectionWithoutAReplay_areNotToldWhenOnlyAReplayCould() throws {
        let directory = makeTemporaryDirectory()
        let log = FileLedgerStore(directory: directory), counting = CountingLog(FileLedgerStore(directory: directory))
        let reader = CheckpointedProjectionReader(log: counting, empty: LiveEntries(kinds: kinds), recentRecords: 2)
        for (step, id) in ["a", "b", "c", "d", "e"].enumerated() { try log.append(entry(id: id, kind: "account", step: step)) }
        let change = [entry(id: "new", kind: "account", step: 9)]

        XCTAssertNil(try reader.projected(appending: change), "no checkpoint yet")
        XCTAssertNil(try reader.currentWithoutReplay())
        XCTAssertEqual(counting.replays, 0)

        XCTAssertEqual(try reader.current().entries, try log.entries(ofKinds: kinds))
        try log.append(entry(id: "e", kind: "security", step: 10))
        XCTAssertEqual(try reader.currentWithoutReplay()?.entries, try log.entries(ofKinds: kinds), "e was written after the base")
        XCTAssertNotNil(try reader.projected(appending: change))

        try log.append(entry(id: "a", kind: "security", step: 11))
        XCTAssertNil(try reader.projected(appending: change), "a is in the base")
        XCTAssertNil(try reader.currentWithoutReplay())
        XCTAssertEqual(counting.replays, 1, "only the read replayed")
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

    func test_aReplayForOneProjection_rebuildsItsCompanionsOfTheSameKinds_whoseNextReadsReplayNothing() throws {
        let directory = makeTemporaryDirectory()
        let log = FileLedgerStore(directory: directory), counting = CountingLog(FileLedgerStore(directory: directory))
        let companions = ReplayCompanions<LedgerEntry>()
        companions.add(LiveIDs(kinds: kinds), log: counting, recentRecords: 2)
        companions.add(LiveEntries(kinds: [kinds[0]]), log: counting)
        let reader = CheckpointedProjectionReader(log: counting, empty: LiveEntries(kinds: kinds), recentRecords: 2, companions: companions)
        let ids = CheckpointedProjectionReader(log: counting, empty: LiveIDs(kinds: kinds), recentRecords: 2)
        for (step, id) in ["a", "b", "c", "d", "e"].enumerated() { try log.append(entry(id: id, kind: "account", step: step)) }

        _ = try reader.current()
        XCTAssertEqual(try ids.current().ids, ["a", "b", "c", "d", "e"])
        XCTAssertEqual(counting.replays, 1, "the companion's checkpoint was rebuilt from the records the replay read")
        XCTAssertNil(log.checkpoint(named: LiveEntries(kinds: [kinds[0]]).checkpointName), "one of other kinds is not rebuilt from records that aren't its own")

        try log.append(entry(id: "a", kind: "security", step: 10))
        XCTAssertEqual(try reader.current().entries, try log.entries(ofKinds: kinds))
        XCTAssertEqual(counting.replays, 2, "a is in the base")
        XCTAssertEqual(try ids.current().ids, ["b", "c", "d", "e", "a"])
        XCTAssertEqual(counting.replays, 2, "the companion was rebuilt at the change")

        try log.append(entry(id: "f", kind: "account", step: 11))
        XCTAssertEqual(try ids.current().ids, ["b", "c", "d", "e", "a", "f"], "and folds what was appended since")
        XCTAssertEqual(counting.replays, 2)
    }

    private func entry(id: String, kind: String, step: Int) -> LedgerEntry {
        LedgerEntry(id: id, kind: kind, schema: 1, updatedAt: Int64(step), payload: LedgerPayload([("name", "value \(step)\twith a tab")]))
    }

    /// A log of records of these days, in this order, and a reader of their days that keeps its
    /// base two records back.
    private func datedLog(days: [Int]) throws
        -> (log: FileLedgerStore, counting: CountingLog, empty: DatedEntries, reader: CheckpointedProjectionReader<DatedEntries>) {
        let directory = makeTemporaryDirectory()
        let log = FileLedgerStore(directory: directory), counting = CountingLog(FileLedgerStore(directory: directory))
        let empty = DatedEntries()
        for (step, day) in days.enumerated() { try log.append(dated("r\(step)", day: day)) }
        return (log, counting, empty, CheckpointedProjectionReader(log: counting, empty: empty, recentRecords: 2))
    }

    private func dated(_ id: String, day: Int) -> LedgerEntry {
        LedgerEntry(id: id, kind: "dated", schema: 1, updatedAt: Int64(day), payload: LedgerPayload([("day", String(day))]))
    }

    /// The live ids of some kinds, in the ledger's order: a second projection of the entries.
    private struct LiveIDs: CheckpointableProjection {
        let kinds: [LedgerKind]
        var ids: [String] = []
        var checkpointName: String { "live-ids-v1" }

        func record(from entry: LedgerEntry) throws(LedgerDecodingError) -> LedgerEntry? { entry }

        func replaying(_ entries: [LedgerEntry]) -> LiveIDs { LiveIDs(kinds: kinds, ids: entries.map(\.id)) }

        mutating func fold(_ entry: LedgerEntry) -> Bool {
            ids.append(entry.id)
            return true
        }

        func write(to writer: inout PackedWriter) {
            writer.write(ids.count)
            for id in ids { writer.write(id) }
        }

        func decoded(from reader: inout PackedReader) throws(PackedReader.Damaged) -> LiveIDs? {
            var decoded = LiveIDs(kinds: kinds)
            for _ in 0..<(try reader.readCount()) { decoded.ids.append(try reader.readString()) }
            return decoded
        }
    }

    /// Days, in order: a replay sorts them, and a day before the last one folded can't be folded.
    private struct DatedEntries: CheckpointableProjection {
        final class Replays {
            var count = 0
        }

        var days: [Int] = []
        /// How many times the records were replayed, shared by every copy.
        var replays = Replays()
        var checkpointName: String { "dated-days-v1" }
        var kinds: [LedgerKind] { [LedgerKind("dated", schema: 1)] }

        func record(from entry: LedgerEntry) throws(LedgerDecodingError) -> Int? { entry.payload["day"].flatMap { Int($0) } }

        func replaying(_ records: [Int]) -> DatedEntries {
            replays.count += 1
            return DatedEntries(days: records.sorted(), replays: replays)
        }

        mutating func fold(_ day: Int) -> Bool {
            guard day >= days.last ?? .min else { return false }
            days.append(day)
            return true
        }

        mutating func fold(contentsOf days: [Int]) -> Bool { days.sorted().allSatisfy { fold($0) } }

        func replayOrders(_ day: Int, before other: Int) -> Bool { day < other }

        func write(to writer: inout PackedWriter) {
            writer.write(days.count)
            for day in days { writer.write(day) }
        }

        func decoded(from reader: inout PackedReader) throws(PackedReader.Damaged) -> DatedEntries? {
            var decoded = DatedEntries(replays: replays)
            for _ in 0..<(try reader.readCount()) { decoded.days.append(Int(try reader.readInt64())) }
            return decoded
        }
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
