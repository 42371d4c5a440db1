import XCTest
import Ledger
import TestSupport
import TransactionsTestSupport

final class SyncLedgerUseCaseTests: XCTestCase {
    private let syncTime = Date(timeIntervalSince1970: 1_700_000_100)

    func test_sync_pushesPullsAndRecordsWhenItStarted() throws {
        let mine = LedgerFixtures.entry("mine"), theirs = LedgerFixtures.entry("theirs", kind: "future-kind", schema: 4)
        let (sut, local, remote, state) = makeSUT(local: [mine], remote: [theirs])

        let report = try sut.sync()

        XCTAssertEqual(report, SyncReport(pushed: 1, pulled: 1, conflicts: 0))
        XCTAssertEqual(Set(local.retrieveEntries()), [mine, theirs], "an unknown kind is pulled as it is")
        XCTAssertEqual(Set(remote.retrieveEntries()), [mine, theirs])
        XCTAssertEqual(state.recorded, [syncTime])
    }

    func test_sync_twice_secondRunChangesNothing() throws {
        let (sut, _, _, _) = makeSUT(local: [LedgerFixtures.entry("mine")], remote: [LedgerFixtures.entry("theirs")])
        _ = try sut.sync()

        XCTAssertEqual(try sut.sync(), SyncReport(pushed: 0, pulled: 0, conflicts: 0))
    }

    func test_sync_deliversRemoteRetrievalErrorAndChangesNothingLocally() throws {
        let mine = LedgerFixtures.entry("mine")
        let local = InMemoryLedgerStore([mine])
        let state = SyncStateSpy()
        let sut = SyncLedgerUseCase(local: local, remote: FailingRemoteStore(), state: state, now: { [syncTime] in syncTime })

        XCTAssertThrowsError(try sut.sync()) { error in
            XCTAssertEqual(error as? SyncLedgerError, .remote(.unavailable(host: "remote", reason: .noConnection)))
        }
        XCTAssertEqual(local.retrieveEntries(), [mine])
        XCTAssertEqual(state.recorded, [], "a failed sync is not a sync")
    }

    func test_sync_deliversTheLocalStoresErrorAsLocal() {
        let (sut, _, _, state) = makeSUT(local: [], remote: [])
        let damaged = StoreError.damaged(file: "sync-state.json", line: 1, reason: "not a sync state")
        state.error = damaged

        XCTAssertThrowsError(try sut.sync()) { error in
            XCTAssertEqual(error as? SyncLedgerError, .local(damaged))
        }
    }

    // MARK: - Helpers

    private func makeSUT(local: [LedgerEntry], remote: [LedgerEntry], file: StaticString = #filePath, line: UInt = #line)
        -> (SyncLedgerUseCase, InMemoryLedgerStore, InMemoryLedgerStore, SyncStateSpy) {
        let localStore = InMemoryLedgerStore(local), remoteStore = InMemoryLedgerStore(remote), state = SyncStateSpy()
        let sut = SyncLedgerUseCase(local: localStore, remote: remoteStore, state: state, now: { [syncTime] in syncTime })
        trackForMemoryLeaks(sut, file: file, line: line)
        trackForMemoryLeaks(localStore, file: file, line: line)
        trackForMemoryLeaks(remoteStore, file: file, line: line)
        return (sut, localStore, remoteStore, state)
    }

    private final class SyncStateSpy: SyncStateStore {
        private(set) var recorded: [Date] = []
        var error: StoreError?

        func lastSync() throws(StoreError) -> Date? {
            if let error { throw error }
            return recorded.last
        }

        func recordSync(at date: Date) throws(StoreError) {
            recorded.append(date)
        }
    }

    /// A remote that can't be reached: every call fails.
    private final class FailingRemoteStore: LedgerStore {
        private let error = StoreError.unavailable(host: "remote", reason: .noConnection)

        func retrieveEntries() throws(StoreError) -> [LedgerEntry] { throw error }
        func append(_ entry: LedgerEntry) throws(StoreError) { throw error }
        func apply(_ entries: [LedgerEntry]) throws(StoreError) { throw error }
        func withExclusiveAccess<T>(_ body: () throws -> T) throws -> T { throw error }
    }
}
