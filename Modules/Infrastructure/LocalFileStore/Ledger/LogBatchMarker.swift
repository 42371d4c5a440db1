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
/// - One line, replaced by rename: `investments-batch v1 GENERATION [FILE START END]`.
struct LogBatchMarker: Equatable {
    struct Pending: Equatable {
        /// The log's inode: a marker left for another file (the log was rewritten) is ignored.
        let file: UInt64
        let start: Int
        let end: Int
    }

    var generation: UInt64 = 0
    var pending: Pending?

    private static let magic = "investments-batch v1"

    /// The marker at `path`; none pending when there is none, or it can't be read.
    static func read(at path: String) -> LogBatchMarker {
        guard let file = try? LinePieces(path: path), file.size < 256, let bytes = try? file.readAll() else { return LogBatchMarker() }
        let words = String(decoding: bytes, as: UTF8.self).split(separator: " ", omittingEmptySubsequences: false)
        guard words.count >= 3, words[0] + " " + words[1] == magic else { return LogBatchMarker() }
        let numbers = words.dropFirst(2).map { UInt64($0.trimmingCharacters(in: .newlines)) }
        guard numbers.allSatisfy({ $0 != nil }), let generation = numbers[0] else { return LogBatchMarker() }
        guard numbers.count == 4, let file = numbers[1], let start = numbers[2], let end = numbers[3],
              start <= end, end <= UInt64(Int.max) else { return LogBatchMarker(generation: generation) }
        return LogBatchMarker(generation: generation, pending: Pending(file: file, start: Int(start), end: Int(end)))
    }

    /// Replaces the marker at `path`, durably, with this one under the next generation.
    static func write(_ pending: Pending?, after marker: LogBatchMarker, to path: String) throws {
        var line = "\(magic) \(marker.generation &+ 1)"
        if let pending { line += " \(pending.file) \(pending.start) \(pending.end)" }
        try FileSystem.writeAtomically(Array((line + "\n").utf8), to: path)
    }
}
