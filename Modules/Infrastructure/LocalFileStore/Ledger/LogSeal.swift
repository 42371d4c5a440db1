import Foundation
import Ledger
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What makes the checkpoints trust the log's content, not only where its lines are: the log's
/// file status (inode, size, modification and change times) as this program last left it, and
/// the epoch its checkpoints were saved under.
///
/// - A checkpoint names its log by `identity` (the inode mixed with the epoch). While the log's
///   status is the one sealed, the sealed epoch holds and so do the checkpoints saved under it.
/// - Any other writer (an editor writing in place, keeping the length; a restored backup; a
///   release before the seal) changes the change time, which no user can set back: the log is
///   then read under a fresh epoch, so every checkpoint is rebuilt from the log, once, and the
///   read that rebuilds them seals the log again if it did not change while it was read.
/// - Each writer here seals what it wrote only if the log was sealed before it wrote, so an
///   append never vouches for an edit made before it.
/// - A cache, like the checkpoints beside it: written by rename without a flush. A lost, torn or
///   foreign seal costs one rebuild, never a wrong figure.
struct LogSeal: Equatable {
    /// A file's status as far as a write by anyone changes it.
    struct Status: Equatable {
        var inode: UInt64
        var size: Int64
        var modified: (seconds: Int64, nanoseconds: Int64)
        var changed: (seconds: Int64, nanoseconds: Int64)

        init(_ info: stat) {
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            modified = (Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec))
            changed = (Int64(info.st_ctim.tv_sec), Int64(info.st_ctim.tv_nsec))
        }

        init(inode: UInt64, size: Int64, modified: (Int64, Int64), changed: (Int64, Int64)) {
            self.inode = inode
            self.size = size
            self.modified = modified
            self.changed = changed
        }

        /// The status of what is at `path` now, without following a link; nil when nothing is.
        static func of(_ path: String) -> Status? {
            var info = stat()
            guard lstat(path, &info) == 0 else { return nil }
            return Status(info)
        }

        static func == (lhs: Status, rhs: Status) -> Bool {
            lhs.inode == rhs.inode && lhs.size == rhs.size && lhs.modified == rhs.modified && lhs.changed == rhs.changed
        }

        fileprivate var words: [UInt64] {
            [inode, UInt64(bitPattern: size), UInt64(bitPattern: modified.seconds), UInt64(bitPattern: modified.nanoseconds),
             UInt64(bitPattern: changed.seconds), UInt64(bitPattern: changed.nanoseconds)]
        }
    }

    var status: Status
    var epoch: UInt64

    private static let magic = "investments-seal v1"

    /// A new epoch: never 0, which names the bare inode.
    static func freshEpoch() -> UInt64 {
        UInt64.random(in: 1 ... .max)
    }

    /// How a checkpoint names the log read under `epoch`.
    static func identity(inode: UInt64, epoch: UInt64) -> UInt64 {
        var mixed = inode ^ epoch &* 0x9E37_79B9_7F4A_7C15
        mixed = (mixed ^ mixed >> 31) &* 0xBF58_476D_1CE4_E5B9
        return mixed ^ mixed >> 29
    }

    /// The seal at `path`, if there is one and it is whole.
    static func read(at path: String) -> LogSeal? {
        guard let file = try? LinePieces(path: path), file.size < 512, let bytes = try? file.readAll() else { return nil }
        let words = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .newlines).split(separator: " ")
        let numbers = words.dropFirst(2).compactMap { UInt64($0) }
        guard words.count == 10, words[..<2].joined(separator: " ") == magic, numbers.count == 8,
              numbers[7] == checksum(numbers[..<7].map(String.init).joined(separator: " ")), numbers[6] != 0 else { return nil }
        let status = Status(inode: numbers[0], size: Int64(bitPattern: numbers[1]),
                            modified: (Int64(bitPattern: numbers[2]), Int64(bitPattern: numbers[3])),
                            changed: (Int64(bitPattern: numbers[4]), Int64(bitPattern: numbers[5])))
        return LogSeal(status: status, epoch: numbers[6])
    }

    /// Replaces the seal at `path`; a seal that can't be written costs the next read a rebuild.
    func write(to path: String) {
        let numbers = (status.words + [epoch]).map(String.init).joined(separator: " ")
        let line = "\(Self.magic) \(numbers) \(Self.checksum(numbers))\n"
        try? FileSystem.writeAtomically(Array(line.utf8), to: path, durable: false)
    }

    /// Removes the seal: what is written next is not vouched for.
    static func remove(at path: String) {
        unlink(path)
    }

    private static func checksum(_ numbers: String) -> UInt64 {
        StableHash.of(numbers.utf8)
    }
}
