import XCTest
import Auth
import Firebase
import Networking
import Transactions
import TestSupport

/// The Realtime Database adapter keeps the same store contract as the local stores, against the
/// loopback emulator, plus what only a remote store can do wrong.
final class FirebaseTransactionsStoreEndToEndTests: XCTestCase, SyncableTransactionsStoreSpecs {
    func test_retrieveAll_deliversEmptyOnEmptyStore() throws { try assertThatRetrieveAllDeliversEmptyOnEmptyStore(on: makeSUT()) }
    func test_retrieveAll_hasNoSideEffectsOnEmptyStore() throws { try assertThatRetrieveAllHasNoSideEffectsOnEmptyStore(on: makeSUT()) }
    func test_retrieveAll_deliversInsertedTransactions() throws { try assertThatRetrieveAllDeliversInsertedTransactions(on: makeSUT()) }
    func test_retrieveAll_hasNoSideEffectsOnNonEmptyStore() throws { try assertThatRetrieveAllHasNoSideEffectsOnNonEmptyStore(on: makeSUT()) }
    func test_upsert_overwritesTransactionWithSameID() throws { try assertThatUpsertOverwritesTransactionWithSameID(on: makeSUT()) }
    func test_upsert_keepsEveryFieldExactly() throws { try assertThatUpsertKeepsEveryFieldExactly(on: makeSUT()) }
    func test_upsertContentsOf_insertsAndOverwritesTogether() throws { try assertThatUpsertContentsOfInsertsAndOverwritesTogether(on: makeSUT()) }
    func test_delete_removesOnlyThatTransaction() throws { try assertThatDeleteRemovesOnlyThatTransaction(on: makeSUT()) }
    func test_delete_ofUnknownIDChangesNothing() throws { try assertThatDeleteOfUnknownIDChangesNothing(on: makeSUT()) }
    func test_retrieveTicker_deliversOnlyThatTickersLiveTransactions() throws { try assertThatRetrieveTickerDeliversOnlyThatTickersLiveTransactions(on: makeSUT()) }
    func test_writes_areAppliedInTheOrderTheyWereMade() throws { try assertThatWritesAreAppliedInTheOrderTheyWereMade(on: makeSUT()) }
    func test_withExclusiveAccess_allowsStoreCallsInside() throws { try assertThatWithExclusiveAccessAllowsStoreCallsInside(on: makeSUT()) }
    func test_retrieveRecords_deliversLiveTransactionsAndTombstones() throws { try assertThatRetrieveRecordsDeliversLiveTransactionsAndTombstones(on: makeSUT()) }
    func test_apply_storesRecordsAsTheyAreKeepingUpdatedAt() throws { try assertThatApplyStoresRecordsAsTheyAreKeepingUpdatedAt(on: makeSUT()) }

    func test_upsert_writesOnlyThatRecordSoOtherClientsWritesSurvive() throws {
        let emulator = try startEmulator()
        let (first, credentials) = try makeSUT(emulator)
        let second = makeStore(emulator, credentials: credentials)
        try first.upsert(makeTransaction(id: "from-first"))

        try second.upsert(makeTransaction(id: "from-second"))

        XCTAssertEqual(Set(try first.retrieveAll().map(\.id)), ["from-first", "from-second"])
    }

    func test_apply_writesBatchesLargerThanOneRequest() throws {
        let emulator = try startEmulator()
        let (_, credentials) = try makeSUT(emulator)
        let sut = makeStore(emulator, credentials: credentials, batchSize: 2)
        let records = (1...5).map { TransactionRecord.live(makeTransaction(id: "t\($0)")) }

        try sut.apply(records)

        XCTAssertEqual(Set(try sut.retrieveRecords()), Set(records))
    }

    func test_request_withAnExpiredTokenRefreshesOnceAndRetries() throws {
        let emulator = try startEmulator()
        let auth = FirebaseAuthService(endpoints: FirebaseAuthEndpoints(emulatorBase: emulator.baseURL), apiKey: ServicesEmulator.apiKey,
                                       client: URLSessionHTTPClient(timeout: 5))
        var session = try auth.signUp(email: "user@example.com", password: "long enough")
        var forcedRefreshes = 0
        let sut = FirebaseTransactionsStore(databaseURL: emulator.baseURL, client: URLSessionHTTPClient(timeout: 5)) { forceRefresh in
            if forceRefresh {
                forcedRefreshes += 1
                session = try auth.refresh(session)
            }
            return RemoteCredentials(uid: session.uid, idToken: session.idToken)
        }
        try emulator.expireIDTokens()

        try sut.upsert(makeTransaction(id: "1"))

        XCTAssertEqual(forcedRefreshes, 1)
        XCTAssertEqual(try sut.retrieveAll().map(\.id), ["1"])
    }

    func test_request_deliversNotSignedInWhenTheTokenIsStillRefused() throws {
        let emulator = try startEmulator()
        let sut = makeStore(emulator, credentials: RemoteCredentials(uid: "someone", idToken: "forged"))

        XCTAssertThrowsError(try sut.retrieveAll()) { XCTAssertEqual(($0 as? TransactionsStoreError)?.kind, .notSignedIn) }
    }

    func test_request_deliversServerFailuresAsUnavailableWithoutQuotingTheToken() throws {
        let emulator = try startEmulator()
        let (sut, credentials) = try makeSUT(emulator)
        try emulator.inject("500", for: "db")

        XCTAssertThrowsError(try sut.retrieveAll()) { error in
            let storeError = error as? TransactionsStoreError
            XCTAssertEqual(storeError?.kind, .unavailable)
            XCTAssertFalse(storeError?.message.contains(credentials.idToken) ?? true)
        }
    }

    func test_retrieve_deliversAMalformedRecordAsAnErrorNamingIt() throws {
        let emulator = try startEmulator()
        let (sut, credentials) = try makeSUT(emulator)
        _ = try emulator.request("PUT", "/users/\(credentials.uid)/transactions/broken.json?auth=\(credentials.idToken)",
                                 body: ["quantity": "lots", "updatedAt": 1])

        XCTAssertThrowsError(try sut.retrieveAll()) { XCTAssertTrue("\($0)".contains("'broken' is malformed"), "\($0)") }
    }

    // MARK: - Helpers

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) throws -> FirebaseTransactionsStore {
        try makeSUT(try startEmulator(), file: file, line: line).store
    }

    /// A store for a newly signed-up user of `emulator`.
    private func makeSUT(_ emulator: ServicesEmulator, file: StaticString = #filePath, line: UInt = #line) throws
        -> (store: FirebaseTransactionsStore, credentials: RemoteCredentials) {
        let auth = FirebaseAuthService(endpoints: FirebaseAuthEndpoints(emulatorBase: emulator.baseURL), apiKey: ServicesEmulator.apiKey,
                                       client: URLSessionHTTPClient(timeout: 5))
        let session = try auth.signUp(email: "user-\(UUID().uuidString.prefix(8))@example.com", password: "long enough")
        let credentials = RemoteCredentials(uid: session.uid, idToken: session.idToken)
        let store = makeStore(emulator, credentials: credentials)
        trackForMemoryLeaks(store, file: file, line: line)
        return (store, credentials)
    }

    private func makeStore(_ emulator: ServicesEmulator, credentials: RemoteCredentials, batchSize: Int = 500) -> FirebaseTransactionsStore {
        FirebaseTransactionsStore(databaseURL: emulator.baseURL, client: URLSessionHTTPClient(timeout: 5), batchSize: batchSize) { _ in credentials }
    }
}
