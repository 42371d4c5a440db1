import Foundation
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
            self.action = action
            self.path = path
            reason = String(cString: strerror(code))
        }

        var description: String { "could not \(action) \(path): \(reason)" }
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
        try checkPrivateDirectory(of: path)
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw Failure("open", path)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure("read", path) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + filled, $0.count - filled, off_t(filled)) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw Failure("read", path) }
            if count == 0 { break }
            filled += count
        }
        bytes.removeSubrange(filled...)
        return bytes
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

    static func sync(_ fd: Int32, path: String) throws {
        guard fsync(fd) == 0 else { throw Failure("flush to disk", path) }
    }

    /// Replaces `path` with `bytes` so that a crash leaves either the old or the new file, whole.
    /// A store's own directory is created private and checked; a directory the user names for a
    /// file of their own (an export) must exist and is theirs to judge.
    static func writeAtomically(_ bytes: [UInt8], to path: String, inStoreDirectory: Bool = true) throws {
        try writeAtomically(to: path, inStoreDirectory: inStoreDirectory) { write in try write(bytes[...]) }
    }

    /// Like `writeAtomically(_:to:)`, for content written in pieces (`produce` calls `write` with
    /// each), so a large file is never held in memory whole.
    static func writeAtomically(to path: String, inStoreDirectory: Bool = true,
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
            try sync(fd, path: temporary)
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
        syncDirectory(directory)
    }

    /// Makes a rename or a file creation durable.
    static func syncDirectory(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
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

    func withLock<T>(_ body: () throws -> T) throws -> T {
        mutex.lock()
        defer { mutex.unlock() }
        if depth == 0 { try acquire() }
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
