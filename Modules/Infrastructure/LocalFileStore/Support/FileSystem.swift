import Foundation
import Ledger
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX calls the stores need, with errors that name the file.
///
/// Foundation's `Data.write(options: .atomic)` does not fsync on Linux, so durability is done here.
enum FileSystem {
    struct Failure: Error, CustomStringConvertible {
        let action: String
        let path: String
        let reason: String

        init(_ action: String, _ path: String, errno code: Int32 = errno) {
            self.init(action, path, reason: String(cString: strerror(code)))
        }

        init(_ action: String, _ path: String, reason: String) {
            self.action = action
            self.path = path
            self.reason = reason
        }

        /// A data file that is something else (a FIFO, a device, a link): it could block every
        /// command or read another file, so it is refused.
        static func notARegularFile(_ path: String) -> Failure {
            Failure("read", path, reason: "it is not a regular file (a FIFO, a device or a link?); move it away and let invest make a new one")
        }

        var description: String { "could not \(action) \(path): \(reason)" }
    }

    /// Opens a data file without following a link and without blocking on a FIFO, and checks that
    /// it is a regular file; -1 with errno set when there is none to open.
    static func openDataFile(_ path: String, _ flags: Int32) throws -> Int32 {
        let fd = open(path, flags | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        if fd < 0 {
            if errno == ELOOP { throw Failure.notARegularFile(path) }
            return fd
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw Failure.notARegularFile(path)
        }
        return fd
    }

    /// A data directory that another user can write to, or that belongs to someone else, could
    /// have files planted in it (a symlink where a temporary file will go, say): refused.
    struct UnsafeDirectory: Error, CustomStringConvertible {
        let path: String
        let reason: String

        var description: String { "refusing to use \(path): \(reason)" }
    }

    /// Checks the directory that holds `path`; a directory that doesn't exist yet is created 0700.
    static func checkPrivateDirectory(of path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        var info = stat()
        guard stat(directory, &info) == 0 else { return }
        guard info.st_uid == geteuid() else { throw UnsafeDirectory(path: directory, reason: "it belongs to another user (uid \(info.st_uid))") }
        guard info.st_mode & 0o022 == 0 else {
            throw UnsafeDirectory(path: directory, reason: "other users can write to it (mode \(String(info.st_mode & 0o777, radix: 8)))")
        }
    }

    static func fileExists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// Creates `path` and its parents with owner-only access.
    static func makeDirectory(_ path: String) throws {
        guard !fileExists(path) else { return }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try makeDirectory(parent) }
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else { throw Failure("create directory", path) }
    }

    /// The whole file, or nil if it does not exist.
    static func readFile(_ path: String) throws -> [UInt8]? {
        guard let file = try LinePieces(path: path) else { return nil }
        return try file.readAll()
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws {
        try writeAll(fd, bytes[...], path: path)
    }

    static func writeAll(_ fd: Int32, _ bytes: ArraySlice<UInt8>, path: String) throws {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw Failure("write", path) }
            written += count
        }
    }

    /// The open file's bytes in `range`, or nil if it is shorter.
    static func read(_ fd: Int32, in range: Range<Int>, path: String) throws -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: range.count)
        let read = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, range.count, off_t(range.lowerBound)) }
        guard read >= 0 else { throw Failure("read", path) }
        return read == range.count ? bytes : nil
    }

    static func sync(_ fd: Int32, path: String) throws {
        guard fsync(fd) == 0 else { throw Failure("flush to disk", path) }
    }

    /// Replaces `path` with `bytes` so that a crash leaves either the old or the new file, whole.
    /// A store's own directory is created private and checked; a directory the user names for a
    /// file of their own (an export) must exist and is theirs to judge.
    /// A cache that is rebuilt when lost (`durable` false) is not flushed to disk: a crash may
    /// leave it empty or torn, which its reader must tell.
    static func writeAtomically(_ bytes: [UInt8], to path: String, inStoreDirectory: Bool = true, durable: Bool = true) throws {
        try writeAtomically(to: path, inStoreDirectory: inStoreDirectory, durable: durable) { write in try write(bytes[...]) }
    }

    /// Like `writeAtomically(_:to:)`, for content written in pieces (`produce` calls `write` with
    /// each), so a large file is never held in memory whole.
    static func writeAtomically(to path: String, inStoreDirectory: Bool = true, durable: Bool = true,
                                _ produce: (_ write: (ArraySlice<UInt8>) throws -> Void) throws -> Void) throws {
        let directory = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        if inStoreDirectory {
            try makeDirectory(directory)
            try checkPrivateDirectory(of: path)
        }
        // An unpredictable name, created only if nothing is there: a planted file or symlink can't
        // receive the data.
        let temporary = path + ".tmp-" + String(UInt64.random(in: .min ... .max), radix: 36)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure("create", temporary) }
        do {
            try produce { piece in try writeAll(fd, piece, path: temporary) }
            if durable { try sync(fd, path: temporary) }
            close(fd)
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let failure = Failure("replace", path)
            unlink(temporary)
            throw failure
        }
        if durable { syncDirectory(directory) }
    }

    /// Removes what killed writes left in `directory`: the temporary files `writeAtomically`
    /// names `NAME.tmp-RANDOM`, of names starting with `prefix`, last written more than
    /// `seconds` ago (a write in progress elsewhere is younger). Best effort: what can't be
    /// removed is left for the next write.
    static func removeStaleTemporaries(in directory: String, startingWith prefix: String = "", olderThan seconds: Int) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        let now = time(nil)
        for name in names where name.hasPrefix(prefix) && name.contains(".tmp-") {
            let path = directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, now - info.st_mtim.tv_sec > seconds else { continue }
            unlink(path)
        }
    }

    /// Where `path` leads through any symlinks, even to a target that doesn't exist yet.
    static func followingLinks(_ path: String) throws -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &target, target.count - 1)
            guard count >= 0 else { throw Failure("follow the link", current) }
            let link = String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(link)
        }
        throw Failure("follow the link", path, errno: ELOOP)
    }

    /// Whether something other than a regular file or a directory is at `path`: a FIFO, a
    /// device, a socket.
    static func isSpecialFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind != S_IFREG && kind != S_IFDIR
    }

    /// Writes `bytes` into what is at `path` as it is, as a shell's `>` does.
    static func writeThrough(_ bytes: [UInt8], to path: String) throws {
        try writeThrough(to: path) { write in try write(bytes[...]) }
    }

    static func writeThrough(to path: String, _ produce: (_ write: (ArraySlice<UInt8>) throws -> Void) throws -> Void) throws {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure("open", path) }
        defer { close(fd) }
        try produce { piece in try writeAll(fd, piece, path: path) }
    }

    /// Makes a rename or a file creation durable.
    static func syncDirectory(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}

/// A file read a piece at a time, each piece ending at the end of a line (the last one holds
/// whatever follows the last newline): a reader that keeps nothing of a piece lets the next one
/// reuse its memory, so reading a long file touches a piece's worth of fresh pages, not the file's.
/// Fresh pages are what a long read costs most: each is faulted in and cleared by the kernel.
final class LinePieces {
    private let fd: Int32
    private let path: String
    /// The file's size when opened: a reader can reserve for what is coming, and reads stop
    /// there, so what was read is what a checkpoint of it can say it saw.
    private(set) var size: Int
    /// The file's inode: a rewrite by rename makes a new one.
    let inode: UInt64
    /// The file's status when opened: what `LogSeal` compares.
    let status: LogSeal.Status
    /// How checkpoints name this file as read: its inode, or that mixed with the epoch its log
    /// was read under (`LogSeal`).
    var identity: UInt64
    /// Where the next read starts.
    private var offset: Int
    private var carried: [UInt8] = []
    private var atEnd = false

    /// Nil if there is no file at `path`. Reading starts at `start`.
    init?(path: String, from start: Int = 0) throws {
        try FileSystem.checkPrivateDirectory(of: path)
        fd = try FileSystem.openDataFile(path, O_RDONLY)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw FileSystem.Failure("open", path)
        }
        self.path = path
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let failure = FileSystem.Failure("read", path)
            close(fd)
            throw failure
        }
        size = Int(info.st_size)
        inode = UInt64(info.st_ino)
        status = LogSeal.Status(info)
        identity = inode
        offset = start
    }

    /// Reads stop at `length` if the file is longer: what follows isn't the reader's to see yet.
    func limit(to length: Int) {
        size = min(size, length)
    }

    /// The file's bytes in `range`, or nil if it is shorter.
    func bytes(in range: Range<Int>) throws -> [UInt8]? {
        try FileSystem.read(fd, in: range, path: path)
    }

    deinit { close(fd) }

    /// The next piece, about `size` bytes or one line if that is longer; nil after the last.
    func next(size: Int) throws -> (bytes: [UInt8], isLast: Bool)? {
        guard !atEnd else { return nil }
        var capacity = carried.count + size
        while true {
            var piece = try fill(upTo: capacity)
            guard !atEnd else { return (piece, true) }
            if let lastNewline = piece.lastIndex(of: UInt8(ascii: "\n")) {
                carried = Array(piece[(lastNewline + 1)...])
                piece.removeSubrange((lastNewline + 1)...)
                return (piece, false)
            }
            // No line ends in the piece: read on into one twice as long, so a long line costs
            // a few copies, not one per piece.
            carried = piece
            capacity = piece.count * 2
        }
    }

    /// The file in one piece, as long as it was when opened.
    func readAll() throws -> [UInt8] {
        try fill(upTo: size)
    }

    /// What was carried over, then the file's next bytes up to `capacity` in all.
    private func fill(upTo capacity: Int) throws -> [UInt8] {
        let carried = carried
        self.carried = []
        return try [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            carried.withUnsafeBufferPointer { if let base = $0.baseAddress { buffer.baseAddress!.initialize(from: base, count: $0.count) } }
            count = carried.count
            while count < capacity {
                guard offset < size else {
                    atEnd = true
                    break
                }
                let read = pread(fd, buffer.baseAddress! + count, min(capacity - count, size - offset), off_t(offset))
                if read < 0, errno == EINTR { continue }
                guard read >= 0 else { throw FileSystem.Failure("read", path) }
                if read == 0 {
                    atEnd = true
                    break
                }
                count += read
                offset += read
            }
        }
    }
}

/// An advisory, process-wide exclusive lock on a file (flock), re-entrant within one process.
final class FileLock: @unchecked Sendable {
    private let path: String
    private let mutex = NSRecursiveLock()
    private var depth = 0
    private var fd: Int32 = -1

    init(path: String) {
        self.path = path
    }

    /// Runs `body` holding the lock; `acquireFailure` words a failure to take it as the body's.
    func withLock<T, Failure: Error>(_ body: () throws(Failure) -> T, acquireFailure: (StoreError) -> Failure) throws(Failure) -> T {
        mutex.lock()
        defer { mutex.unlock() }
        if depth == 0 {
            do throws(StoreError) {
                try fileSystem { try acquire() }
            } catch {
                throw acquireFailure(error)
            }
        }
        depth += 1
        defer {
            depth -= 1
            if depth == 0 { release() }
        }
        return try body()
    }

    private func acquire() throws {
        try FileSystem.makeDirectory((path as NSString).deletingLastPathComponent)
        try FileSystem.checkPrivateDirectory(of: path)
        fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw FileSystem.Failure("open lock file", path) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let failure = FileSystem.Failure("lock", path)
                close(fd)
                fd = -1
                throw failure
            }
        }
    }

    private func release() {
        flock(fd, LOCK_UN)
        close(fd)
        fd = -1
    }
}
