import Foundation
import Ledger

/// New record ids for one run, from the system's randomness read 4 KiB at a time. An id takes two
/// random words (`LedgerIdentifier.identifier(from:_:)`); asked of the system's generator they
/// cost two `getrandom` calls each, a sixth of an import's time. Read from `/dev/urandom` in
/// blocks, a million ids take 4,000 reads. Where that file can't be read, each id asks the
/// system's generator as `LedgerIdentifier.random()` does.
public final class RandomIdentifiers: @unchecked Sendable {
    private static let blockSize = 4096
    /// Guards the block: ids may be made from any thread.
    private let lock = NSLock()
    private let path: String
    /// Opened at the first id: most runs make none.
    private var source: FileHandle?
    private var opened = false
    private var block = Data()
    private var offset = 0

    public init(source path: String = "/dev/urandom") {
        self.path = path
    }

    deinit {
        try? source?.close()
    }

    public func make() -> String {
        lock.lock()
        defer { lock.unlock() }
        if offset + 16 > block.count {
            if !opened { (source, opened) = (FileHandle(forReadingAtPath: path), true) }
            block = (try? source?.read(upToCount: Self.blockSize)) ?? Data()
            offset = 0
        }
        guard offset + 16 <= block.count else { return LedgerIdentifier.random() }
        let (first, second) = block.withUnsafeBytes {
            ($0.loadUnaligned(fromByteOffset: offset, as: UInt64.self), $0.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
        }
        offset += 16
        return LedgerIdentifier.identifier(from: first, second)
    }
}
