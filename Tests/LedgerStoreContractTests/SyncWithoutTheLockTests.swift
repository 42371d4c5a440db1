import XCTest
import Ledger
import LocalFileStore
import TestSupport
import TransactionsTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A sync talks to the network without holding the local lock, so another process's `add` never
/// waits for a slow server; and an edit made while it talks is never overwritten by the pull.
final class SyncWithoutTheLockTests: XCTestCase {
    func test_sync_holdsNoLocalLockWhileItTalksToTheRemote() throws {
        let directory = makeTemporaryDirectory()
        let local = FileLedgerStore(directory: directory)
        try local.append(LedgerFixtures.entry("mine"))
        let remote = RemoteSpy(entries: [LedgerFixtures.entry("theirs")]) {
            Self.lockIsFree(directory.appendingPathComponent("transactions.lock").path)
        }

        _ = try SyncLedgerUseCase(local: local, remote: remote, state: NoSyncState(), validator: CompositeLedgerValidator([]), now: Date.init).sync()

        XCTAssertEqual(remote.lockFreeDuringCalls, [true, true], "the remote's read and write both ran with the lock free")
    }

    func test_anEditMadeWhileTheSyncPushes_isNotOverwrittenByThePull() throws {
        let directory = makeTemporaryDirectory()
        let local = FileLedgerStore(directory: directory)
        try local.append(LedgerFixtures.entry("new-here"))
        let older = LedgerFixtures.entry("shared", updatedAt: 1, payload: LedgerPayload([("v", "remote")]))
        let edited = LedgerFixtures.entry("shared", updatedAt: 5, payload: LedgerPayload([("v", "edited meanwhile")]))
        let remote = RemoteSpy(entries: [older]) {
            // Another process edits while the push is on the wire (if the lock let it: a sync that
            // held it would leave the edit out, and fail below instead of hanging here).
            guard Self.lockIsFree(directory.appendingPathComponent("transactions.lock").path) else { return false }
            try? FileLedgerStore(directory: directory).append(edited)
            return true
        }

        _ = try SyncLedgerUseCase(local: local, remote: remote, state: NoSyncState(), validator: CompositeLedgerValidator([]), now: Date.init).sync()

        XCTAssertEqual(try local.retrieveEntries().first { $0.id == "shared" }, edited)
    }

    // MARK: - Helpers

    private static func lockIsFree(_ path: String) -> Bool {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { return false }
        flock(fd, LOCK_UN)
        return true
    }

    /// A remote in memory that runs `during` inside each of its network calls.
    private final class RemoteSpy: LedgerStore {
        private let store: InMemoryLedgerStore
        private let during: () -> Bool
        private(set) var lockFreeDuringCalls: [Bool] = []

        init(entries: [LedgerEntry], during: @escaping () -> Bool) {
            store = InMemoryLedgerStore(entries)
            self.during = during
        }

        func retrieveEntries() throws(StoreError) -> [LedgerEntry] {
            lockFreeDuringCalls.append(during())
            return store.retrieveEntries()
        }

        func append(_ entry: LedgerEntry) throws(StoreError) { store.append(entry) }

        func apply(_ entries: [LedgerEntry]) throws(StoreError) {
            lockFreeDuringCalls.append(during())
            store.apply(entries)
        }

        /// One network call, as the remote store's conditional write is.
        func apply(_ entries: [LedgerEntry], expecting expected: [String: Int64]) throws(StoreError) {
            lockFreeDuringCalls.append(during())
            store.apply(entries)
        }

        func withExclusiveAccess<T, Failure: Error>(_ body: () throws(Failure) -> T, lockFailure: (StoreError) -> Failure) throws(Failure) -> T { try body() }
    }
}
