import Foundation
import Ledger

/// New record ids for one run (`LedgerIdentifier.identifier(random:time:)`): random digits from
/// the system's randomness, read 4 KiB at a time, then the time. Asked of the system's generator,
/// a random word costs a `getrandom` call, a sixth of an import's time; read from
/// `/dev/urandom` in blocks, a million ids take 2,000 reads. Where that file can't be read, each
/// id asks the system's generator.
///
/// The time never goes back within a run, and two ids never share a millisecond: an id made in
/// the same millisecond as the one before (a file's rows, imported) takes the next, so a run's
/// ids are in the order they were made.
public final class NewIdentifiers: @unchecked Sendable {
    private static let blockSize = 4096
    /// Guards the block and the time: ids may be made from any thread.
    private let lock = NSLock()
    private let path: String
    private let now: () -> Date
    /// Opened at the first id: most runs make none.
    private var source: FileHandle?
    private var opened = false
    private var block = Data()
    private var offset = 0
    private var lastTime: UInt64?

    public init(source path: String = "/dev/urandom", now: @escaping () -> Date = { Date() }) {
        self.path = path
        self.now = now
    }

    deinit {
        try? source?.close()
    }

    public func make() -> String {
        lock.lock()
        defer { lock.unlock() }
        let milliseconds = now().millisecondsSince1970 - LedgerIdentifier.timeEpoch
        var time = UInt64(clamping: max(0, milliseconds))
        if let lastTime, time <= lastTime { time = lastTime + 1 }
        lastTime = time
        return LedgerIdentifier.identifier(random: randomWord(), time: time)
    }

    private func randomWord() -> UInt64 {
        if offset + 8 > block.count {
            if !opened { (source, opened) = (FileHandle(forReadingAtPath: path), true) }
            block = (try? source?.read(upToCount: Self.blockSize)) ?? Data()
            offset = 0
        }
        guard offset + 8 <= block.count else {
            var generator = SystemRandomNumberGenerator()
            return generator.next()
        }
        defer { offset += 8 }
        return block.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
    }
}
