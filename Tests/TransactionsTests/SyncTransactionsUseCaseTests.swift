import XCTest
import Transactions
import TestSupport

final class SyncTransactionsUseCaseTests: XCTestCase {
    private let syncTime = Date(timeIntervalSince1970: 1_700_000_100)

    func test_sync_pushesPullsAndRecordsWhenItStarted() throws {
        let mine = makeTransaction(id: "mine"), theirs = makeTransaction(id: "theirs")
        let (sut, local, remote, state) = makeSUT(local: [mine], remote: [theirs])

        let report = try sut.sync()

        XCTAssertEqual(report, SyncReport(pushed: 1, pulled: 1, conflicts: 0))
        XCTAssertEqual(Set(try local.retrieveAll()), [mine, theirs])
        XCTAssertEqual(Set(try remote.retrieveAll()), [mine, theirs])
        XCTAssertEqual(state.recorded, [syncTime])
    }

    func test_sync_twice_secondRunChangesNothing() throws {
        let (sut, _, _, _) = makeSUT(local: [makeTransaction(id: "mine")], remote: [makeTransaction(id: "theirs")])
        _ = try sut.sync()

        XCTAssertEqual(try sut.sync(), SyncReport(pushed: 0, pulled: 0, conflicts: 0))
    }

    func test_sync_deliversRemoteRetrievalErrorAndChangesNothingLocally() throws {
        let mine = makeTransaction(id: "mine")
        let local = InMemoryTransactionsStore([mine])
        let state = SyncStateSpy()
        let sut = SyncTransactionsUseCase(local: local, remote: FailingRemoteStore(), state: state, now: { [syncTime] in syncTime })

        XCTAssertThrowsError(try sut.sync()) { error in
            XCTAssertEqual(error as? SyncTransactionsError, .remote(TransactionsStoreError("offline", kind: .unavailable)))
        }
        XCTAssertEqual(try local.retrieveAll(), [mine])
        XCTAssertEqual(state.recorded, [], "a failed sync is not a sync")
    }

    func test_sync_deliversTheLocalStoresErrorAsLocal() {
        let (sut, _, _, state) = makeSUT(local: [], remote: [])
        state.error = TransactionsStoreError("sync-state.json is damaged")

        XCTAssertThrowsError(try sut.sync()) { error in
            XCTAssertEqual(error as? SyncTransactionsError, .local(TransactionsStoreError("sync-state.json is damaged")))
        }
    }

    // MARK: - Helpers

    private func makeSUT(local: [Transaction], remote: [Transaction], file: StaticString = #filePath, line: UInt = #line)
        -> (SyncTransactionsUseCase, InMemoryTransactionsStore, InMemoryTransactionsStore, SyncStateSpy) {
        let localStore = InMemoryTransactionsStore(local), remoteStore = InMemoryTransactionsStore(remote), state = SyncStateSpy()
        let sut = SyncTransactionsUseCase(local: localStore, remote: remoteStore, state: state, now: { [syncTime] in syncTime })
        trackForMemoryLeaks(sut, file: file, line: line)
        trackForMemoryLeaks(localStore, file: file, line: line)
        trackForMemoryLeaks(remoteStore, file: file, line: line)
        return (sut, localStore, remoteStore, state)
    }

    private final class SyncStateSpy: SyncStateStore {
        private(set) var recorded: [Date] = []
        var error: TransactionsStoreError?

        func lastSync() throws -> Date? {
            if let error { throw error }
            return recorded.last
        }

        func recordSync(at date: Date) throws {
            recorded.append(date)
        }
    }

    /// A remote that can't be reached: every call fails.
    private final class FailingRemoteStore: SyncableTransactionsStore {
        private let error = TransactionsStoreError("offline", kind: .unavailable)

        func retrieveAll() throws -> [Transaction] { throw error }
        func retrieve(ticker: String) throws -> [Transaction] { throw error }
        func upsert(_ transaction: Transaction) throws { throw error }
        func upsert(contentsOf transactions: [Transaction]) throws { throw error }
        func delete(id: String, deletedAt: Date) throws { throw error }
        func withExclusiveAccess<T>(_ body: () throws -> T) throws -> T { throw error }
        func retrieveRecords() throws -> [TransactionRecord] { throw error }
        func apply(_ records: [TransactionRecord]) throws { throw error }
    }
}
