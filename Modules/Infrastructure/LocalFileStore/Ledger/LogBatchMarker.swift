import Foundation

/// What makes a batch of lines (an import, a sync's pull, an undo of an import) land in the log
/// all or none without copying it: `transactions.batch`, beside the log, says where a batch
/// being appended begins and where it will end. It is written, durably, before the batch's first
/// byte, and marked done once its last byte is flushed.
///
/// - Readers read the log only up to the start of a pending batch, so they see all of a batch or
///   none of it, during the write and after a crash that cut it short. They read the marker
///   before and after opening the log: every write of it takes a new generation, so the same
///   generation both times means no batch began or ended in between.
/// - The next writer, under the lock, cuts an interrupted batch off and marks it done.
/// - A marker holds only for the log it was written for: its inode, a size within the batch, and
///   the bytes just before the batch, fingerprinted. One that doesn't (a backup copied over the
///   log, a damaged or foreign marker) hides and cuts off nothing.
/// - One line, replaced by rename: `investments-batch v2 GENERATION [FILE START END BEFORE]`. A
///   marker of another version keeps its generation and nothing pending.
struct LogBatchMarker: Equatable {
    struct Pending: Equatable {
        /// The log's inode: a marker left for another file (the log was rewritten) is ignored.
        let file: UInt64
        let start: Int
        let end: Int
        /// The fingerprint of the log's bytes before `start` (`span(before:)`).
        let before: UInt64

        /// Whether it is this log's: the file, a size the batch reaches, and the same bytes before it.
        func holds(forFile inode: UInt64, size: Int, reading read: (Range<Int>) throws -> [UInt8]?) rethrows -> Bool {
            guard inode == file, size <= end, size >= start, let bytes = try read(LogBatchMarker.span(before: start)) else { return false }
            return LogBatchMarker.fingerprint(bytes) == before
        }
    }

    var generation: UInt64 = 0
    var pending: Pending?

    private static let magic = "investments-batch"
    private static let version = "v2"

    /// The bytes a pending batch's fingerprint covers: up to 64 before its start.
    static func span(before start: Int) -> Range<Int> {
        max(0, start - 64)..<start
    }

    /// FNV-1a, 64 bits: a check that the bytes are the same, not a secret.
    static func fingerprint(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
    }

    /// The marker at `path`; none pending when there is none, or it can't be read.
    static func read(at path: String) -> LogBatchMarker {
        guard let file = try? LinePieces(path: path), file.size < 256, let bytes = try? file.readAll() else { return LogBatchMarker() }
        let words = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .newlines).split(separator: " ", omittingEmptySubsequences: false)
        guard words.count >= 3, words[0] == magic, let generation = UInt64(words[2]) else { return LogBatchMarker() }
        let numbers = words.dropFirst(3).compactMap { UInt64($0) }
        guard words[1] == version, words.count == 7, numbers.count == 4, numbers[1] <= numbers[2], numbers[2] <= UInt64(Int.max) else {
            return LogBatchMarker(generation: generation)
        }
        return LogBatchMarker(generation: generation, pending: Pending(file: numbers[0], start: Int(numbers[1]), end: Int(numbers[2]), before: numbers[3]))
    }

    /// Replaces the marker at `path`, durably, with this one under the next generation.
    static func write(_ pending: Pending?, after marker: LogBatchMarker, to path: String) throws {
        var line = "\(magic) \(version) \(marker.generation &+ 1)"
        if let pending { line += " \(pending.file) \(pending.start) \(pending.end) \(pending.before)" }
        try FileSystem.writeAtomically(Array((line + "\n").utf8), to: path)
    }
}
