import XCTest
import Ledger
@testable import LocalFileStore
import TestSupport

/// How the local log is read: a piece at a time, and which lines are still live.
final class LinePiecesTests: XCTestCase {
    func test_next_handsOutPiecesEndingAtLineEnds_thatMakeUpTheWholeFile() throws {
        let text = (1...50).map { "line \($0) " + String(repeating: "x", count: $0 % 7) }.joined(separator: "\n") + "\ntorn tail"
        let pieces = try readPieces(of: text, size: 16)

        XCTAssertEqual(pieces.map(\.text).joined(), text)
        XCTAssertTrue(pieces.dropLast().allSatisfy { $0.text.hasSuffix("\n") && !$0.isLast }, "\(pieces)")
        XCTAssertEqual(pieces.last?.text, "torn tail", "what follows the last newline comes last, on its own")
        XCTAssertEqual(pieces.last?.isLast, true)
    }

    func test_next_handsOutALineLongerThanAPieceWhole() throws {
        let long = String(repeating: "y", count: 1_000)
        let pieces = try readPieces(of: "a\n\(long)\nb\n", size: 8)

        XCTAssertTrue(pieces.contains { $0.text.contains(long + "\n") }, "\(pieces.map(\.text.count))")
        XCTAssertEqual(pieces.map(\.text).joined(), "a\n\(long)\nb\n")
    }

    func test_next_ofAnEmptyFile_isOneEmptyLastPiece_andOfNoFile_nothing() throws {
        XCTAssertEqual(try readPieces(of: "", size: 8).map(\.text), [""])
        XCTAssertNil(try LinePieces(path: makeTemporaryDirectory().appendingPathComponent("missing").path))
    }

    private func readPieces(of text: String, size: Int) throws -> [(text: String, isLast: Bool)] {
        let url = makeTemporaryDirectory().appendingPathComponent("file")
        try Data(text.utf8).write(to: url)
        let file = try XCTUnwrap(try LinePieces(path: url.path))
        var pieces: [(text: String, isLast: Bool)] = []
        while let (bytes, isLast) = try file.next(size: size) { pieces.append((String(decoding: bytes, as: UTF8.self), isLast)) }
        return pieces
    }
}

final class LiveIndexTests: XCTestCase {
    func test_resolved_agreesWithReplayingTheLinesInOrder() {
        var random = SeededRandom(seed: 7)
        for round in 0..<20 {
            // Few ids, so most lines supersede another; one round with many, so hashes collide
            // in their upper halves now and then and ids are told apart byte for byte.
            let idCount = round == 0 ? 100_000 : 1 + Int(random.next() % 40)
            // Every other round, every id's hash is the same, so every id is asked for.
            var index = round % 2 == 1 ? LedgerLogCodec.LiveIndex(hash: { _ in 0 }) : LedgerLogCodec.LiveIndex()
            var replay = Replay()
            var ids: [String] = [], asked = 0
            for _ in 0..<(round == 0 ? 150_000 : 300) {
                let id = "id\(random.next() % UInt64(idCount))"
                let roll = random.next() % 10
                let entry = roll == 0 ? LedgerEntry.tombstone(id: id, kind: "note", at: Int64(replay.lines))
                                      : LedgerEntry(id: id, kind: "note", schema: 1, updatedAt: Int64(replay.lines))
                let kept = !entry.isDeleted && roll % 3 != 0
                index.record(entry, kept: kept)
                replay.record(entry, kept: kept)
                ids.append(id)
            }

            let resolution = index.resolved { line, _ in
                asked += 1
                return ids[line]
            }

            XCTAssertEqual(resolution.deadSlots, replay.deadSlots, "round \(round)")
            XCTAssertEqual(resolution.liveCount, replay.liveCount, "round \(round)")
            XCTAssertEqual(Set(resolution.tombstones), replay.tombstones, "round \(round)")
            XCTAssertEqual(resolution.garbageLines, replay.lines - replay.liveCount - replay.tombstones.count, "round \(round)")
            if round == 0 {
                let sharing = Dictionary(ids.map { ($0, 1) }, uniquingKeysWith: +).values.filter { $0 > 1 }.reduce(0, +)
                XCTAssertLessThanOrEqual(asked, sharing + 10, "only lines whose hashes match another's are asked for")
            }
        }
    }

    func test_resolved_ofAnIDBroughtBackAfterItsDeletion_keepsTheNewEntryAndNoTombstone() {
        var index = LedgerLogCodec.LiveIndex()
        index.record(LedgerEntry(id: "a", kind: "note", schema: 1, updatedAt: 1), kept: true)
        index.record(.tombstone(id: "a", kind: "note", at: 2), kept: false)
        index.record(LedgerEntry(id: "a", kind: "note", schema: 1, updatedAt: 3), kept: true)

        let resolution = index.resolved { _, _ in "a" }

        XCTAssertEqual(resolution.deadSlots, [0])
        XCTAssertEqual(resolution.liveCount, 1)
        XCTAssertEqual(resolution.tombstones, [])
        XCTAssertEqual(resolution.garbageLines, 2)
    }

    /// The obvious way: a dictionary of each id's latest line.
    private struct Replay {
        var lines = 0
        private var latest: [String: (line: Int, entry: LedgerEntry, slot: Int?)] = [:]
        private var slots: [(line: Int, id: String)] = []

        mutating func record(_ entry: LedgerEntry, kept: Bool) {
            latest[entry.id] = (lines, entry, kept ? slots.count : nil)
            if kept { slots.append((lines, entry.id)) }
            lines += 1
        }

        var deadSlots: [Int] { slots.indices.filter { latest[slots[$0].id]?.line != slots[$0].line } }
        var liveCount: Int { latest.values.filter { !$0.entry.isDeleted }.count }
        var tombstones: Set<LedgerEntry> { Set(latest.values.filter(\.entry.isDeleted).map(\.entry)) }
    }
}

final class PiecewiseScanTests: XCTestCase {
    func test_scanLive_inPiecesOfAFewBytes_keepsWhatAWholeReadKeeps() throws {
        let directory = makeTemporaryDirectory()
        let ledger = FileLedgerStore(directory: directory, compactionMinimumGarbage: .max)
        var random = SeededRandom(seed: 3)
        for step in 0..<400 {
            let id = "id\(random.next() % 60)"
            try ledger.append(random.next() % 8 == 0 ? .tombstone(id: id, kind: "note", at: Int64(step))
                                                     : LedgerEntry(id: id, kind: "note", schema: 1, updatedAt: Int64(step),
                                                                   payload: LedgerPayload([("text", String(repeating: "n", count: Int(random.next() % 90)))])))
        }
        let whole = try ledger.retrieveEntries().filter { !$0.isDeleted }

        for size in [1, 7, 64, 1 << 20] {
            let sut = FileLedgerStore(directory: directory)
            sut.readPieceSize = size
            var kept: [LedgerEntry] = []
            let superseded = Set(try sut.scanLive(reserve: { _ in }) { entry in kept.append(entry); return true })

            XCTAssertEqual(kept.indices.filter { !superseded.contains($0) }.map { kept[$0] }, whole, "pieces of \(size) bytes")
        }
    }
}

/// How a line's numbers are written.
final class LedgerLogCodecNumbersTests: XCTestCase {
    func test_digits_areWhatStringWrites_forEveryMagnitude() {
        var random = SystemRandomNumberGenerator()
        let edges: [Int64] = [0, 1, -1, 9, 10, -10, 99, 100, 1_732_000_000_000, .max, .min, .max - 1, .min + 1]
        for value in edges + (0..<500).map({ _ in Int64.random(in: .min ... .max, using: &random) >> Int64.random(in: 0..<63, using: &random) }) {
            var bytes: [UInt8] = [UInt8(ascii: "x")]
            LedgerLogCodec.appendDigits(of: value, to: &bytes)
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "x" + String(value))
        }
    }
}
