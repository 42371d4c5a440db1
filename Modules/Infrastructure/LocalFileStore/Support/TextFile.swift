import Foundation

/// A small text file the user owns, such as settings or an export, written whole and atomically:
/// a crash or a full disk leaves the old file or the new one, never a torn one.
public struct TextFile: Sendable {
    public let path: String
    /// Whether the file lives in one of the app's own private directories (created 0700 and
    /// checked), rather than wherever the user chose.
    let isPrivate: Bool

    public static func privateFile(_ path: String) -> TextFile { TextFile(path: path, isPrivate: true) }
    public static func userFile(_ path: String) -> TextFile { TextFile(path: path, isPrivate: false) }

    /// The text, or nil when there is no file.
    public func read() throws -> String? {
        try FileSystem.readFile(path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A private file is replaced atomically. A file the user names is written where it leads:
    /// a symlink's target is replaced atomically and the link stays; a FIFO, a device or any
    /// other special file is written to directly, never replaced by a regular file.
    public func write(_ bytes: [UInt8]) throws {
        try write { write in try write(bytes[...]) }
    }

    /// The same, for text made in pieces (`produce` calls `write` with each): a long export is
    /// never held whole.
    public func write(_ produce: (_ write: (ArraySlice<UInt8>) throws -> Void) throws -> Void) throws {
        guard !isPrivate else { return try FileSystem.writeAtomically(to: path, inStoreDirectory: true, produce) }
        let destination = try FileSystem.followingLinks(path)
        if FileSystem.isSpecialFile(destination) {
            try FileSystem.writeThrough(to: destination, produce)
        } else {
            try FileSystem.writeAtomically(to: destination, inStoreDirectory: false, produce)
        }
    }
}
