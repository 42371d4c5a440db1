import XCTest
import Auth
import Firebase
import Ledger
import Networking
import Transactions
import TestSupport
import TransactionsTestSupport

/// The Realtime Database adapter keeps the same ledger contract as the local stores, against the
/// loopback emulator, plus what only a remote store can do wrong.
final class FirebaseLedgerStoreEndToEndTests: XCTestCase, LedgerStoreSpecs {
    func test_retrieveEntries_deliversEmptyOnEmptyStore() throws { try assertThatRetrieveEntriesDeliversEmptyOnEmptyStore(on: makeSUT()) }
    func test_append_keepsEveryEntryExactly() throws { try assertThatAppendKeepsEveryEntryExactly(on: makeSUT()) }
    func test_append_replacesTheEntryWithTheSameID() throws { try assertThatAppendReplacesTheEntryWithTheSameID(on: makeSUT()) }
    func test_appendContentsOf_storesEachInOrder() throws { try assertThatAppendContentsOfStoresEachInOrder(on: makeSUT()) }
    func test_applyExpecting_writesOnlyOverTheVersionsExpected() throws { try assertThatApplyExpectingWritesOnlyOverTheVersionsExpected(on: makeSUT()) }
    func test_latestVersions_areTheVersionsOfTheMatchingIDs() throws { try assertThatLatestVersionsAreTheVersionsOfTheMatchingIDs(on: makeSUT()) }
    func test_append_ofATombstoneDeliversItAfterTheLiveEntries() throws { try assertThatAppendOfATombstoneDeliversItAfterTheLiveEntries(on: makeSUT()) }
    func test_apply_storesEntriesAsTheyAreKeepingUpdatedAt() throws { try assertThatApplyStoresEntriesAsTheyAreKeepingUpdatedAt(on: makeSUT()) }
    func test_entriesOfUnknownKindsAndNewerSchemas_areKeptUnchanged() throws { try assertThatEntriesOfUnknownKindsAndNewerSchemasAreKeptUnchanged(on: makeSUT()) }
    func test_withExclusiveAccess_allowsStoreCallsInside() throws { try assertThatWithExclusiveAccessAllowsStoreCallsInside(on: makeSUT()) }

    // MARK: - Compatibility with the release before the ledger

    func test_retrieve_readsRecordsWrittenByTheReleaseBeforeTheLedger() throws {
        let emulator = try startEmulator()
        let (sut, credentials) = try makeSUT(emulator)
        _ = try emulator.request("PUT", "/users/\(credentials.uid)/transactions/old-1.json?auth=\(credentials.idToken)",
                                 body: ["date": "2024-01-02", "type": "buy", "ticker": "AAPL", "quantity": "1.5", "sum": "100", "note": "old", "updatedAt": 1_700_000_000_000])
        _ = try emulator.request("PUT", "/users/\(credentials.uid)/transactions/old-2.json?auth=\(credentials.idToken)",
                                 body: ["deleted": true, "updatedAt": 1_700_000_000_001])

        XCTAssertEqual(try LedgerTransactionsStore(ledger: sut).retrieveAll(),
                       [makeTransaction(id: "old-1", ticker: "AAPL", quantity: "1.5", sum: "100", note: "old", updatedAt: Date(timeIntervalSince1970: 1_700_000_000))])
        XCTAssertEqual(try sut.retrieveEntries().last, .tombstone(id: "old-2", kind: "buy", at: 1_700_000_000_001))
    }

    func test_append_writesBuysInTheOldShapeAndOtherKindsWhereOldClientsNeverLook() throws {
        let emulator = try startEmulator()
        let (sut, credentials) = try makeSUT(emulator)
        try LedgerTransactionsStore(ledger: sut).upsert(makeTransaction(id: "b1", note: "n", updatedAt: Date(timeIntervalSince1970: 1_700_000_000)))
        try sut.append(LedgerFixtures.entry("d1", kind: "dividend", payload: LedgerPayload([("sum", "1.20")])))

        let transactions = try JSONSerialization.jsonObject(
            with: emulator.request("GET", "/users/\(credentials.uid)/transactions.json?auth=\(credentials.idToken)").body) as? [String: Any]
        let ledger = try JSONSerialization.jsonObject(
            with: emulator.request("GET", "/users/\(credentials.uid)/ledger.json?auth=\(credentials.idToken)").body) as? [String: Any]

        XCTAssertEqual(transactions?.keys.sorted(), ["b1"])
        XCTAssertEqual(transactions?["b1"] as? NSDictionary, ["date": "2024-01-02", "type": "buy", "ticker": "AAPL", "quantity": "1", "sum": "100",
                                                               "note": "n", "updatedAt": 1_700_000_000_000] as NSDictionary)
        XCTAssertEqual(ledger?["d1"] as? NSDictionary, ["kind": "dividend", "schema": 1, "updatedAt": 1_700_000_000_000,
                                                         "fields": ["sum": "1.20"]] as NSDictionary)
    }

    func test_upsert_writesOnlyThatRecordSoOtherClientsWritesSurvive() throws {
        let emulator = try startEmulator()
        let (first, credentials) = try makeSUT(emulator)
        let second = makeStore(emulator, credentials: credentials)
        try first.append(LedgerFixtures.entry("from-first"))

        try second.append(LedgerFixtures.entry("from-second"))

        XCTAssertEqual(Set(try first.retrieveEntries().map(\.id)), ["from-first", "from-second"])
    }

    func test_apply_writesBatchesLargerThanOneRequest() throws {
        let emulator = try startEmulator()
        let (_, credentials) = try makeSUT(emulator)
        let sut = makeStore(emulator, credentials: credentials, batchSize: 2)
        let entries = (1...5).map { LedgerFixtures.entry("t\($0)", kind: $0 % 2 == 0 ? "buy" : "fee") }

        try sut.apply(entries)

        XCTAssertEqual(Set(try sut.retrieveEntries()), Set(entries))
    }

    func test_request_withAnExpiredTokenRefreshesOnceAndRetries() throws {
        let emulator = try startEmulator()
        let auth = FirebaseAuthService(endpoints: FirebaseAuthEndpoints(emulatorBase: emulator.baseURL), apiKey: ServicesEmulator.apiKey,
                                       client: platformHTTPClient(timeout: 5))
        var session = try auth.signUp(email: "user@example.com", password: "long enough")
        var forcedRefreshes = 0
        let sut = FirebaseLedgerStore(databaseURL: emulator.baseURL, client: platformHTTPClient(timeout: 5)) { forceRefresh throws(StoreError) in
            if forceRefresh {
                forcedRefreshes += 1
                guard let refreshed = try? auth.refresh(session) else { throw .notSignedIn }
                session = refreshed
            }
            return RemoteCredentials(uid: session.uid, idToken: session.idToken)
        }
        try emulator.expireIDTokens()

        try sut.append(LedgerFixtures.entry("1"))

        XCTAssertEqual(forcedRefreshes, 1)
        XCTAssertEqual(try sut.retrieveEntries().map(\.id), ["1"])
    }

    func test_request_deliversNotSignedInWhenTheTokenIsStillRefused() throws {
        let emulator = try startEmulator()
        let sut = makeStore(emulator, credentials: RemoteCredentials(uid: "someone", idToken: "forged"))

        XCTAssertThrowsError(try sut.retrieveEntries()) { XCTAssertEqual($0 as? StoreError, .notSignedIn) }
    }

    func test_request_deliversServerFailuresAsUnavailableWithoutQuotingTheToken() throws {
        let emulator = try startEmulator()
        let (sut, credentials) = try makeSUT(emulator)
        try emulator.inject("500", for: "db")

        XCTAssertThrowsError(try sut.retrieveEntries()) { error in
            XCTAssertEqual(error as? StoreError, .unavailable(host: "127.0.0.1", reason: .serverError(status: 500)))
            XCTAssertFalse("\(error)".contains(credentials.idToken))
        }
    }

    func test_aPermissionDeniedAnswer_isPermissionDeniedEvenWithStatus401() throws {
        let emulator = try startEmulator()
        let (sut, _) = try makeSUT(emulator)
        try emulator.inject("401-permission-denied", for: "db")

        XCTAssertThrowsError(try sut.retrieveEntries()) { XCTAssertEqual($0 as? StoreError, .permissionDenied) }
    }

    func test_rejectionsOfStoring_nameWhatTheDatabaseWouldRefuse_whichItDoesRefuseWhole() throws {
        let emulator = try startEmulator()
        let (sut, _) = try makeSUT(emulator)
        let fine = LedgerFixtures.entry("fine", kind: "notes", payload: LedgerPayload([("text", String(repeating: "x", count: 10 << 20))]))
        let dotted = LedgerFixtures.entry("dotted", kind: "notes", payload: LedgerPayload([("a.b", "x")]))
        let huge = LedgerFixtures.entry("huge", kind: "notes", payload: LedgerPayload([("text", String(repeating: "x", count: (10 << 20) + 1))]))
        let longKey = LedgerFixtures.entry("long", kind: "notes", payload: LedgerPayload([(String(repeating: "k", count: 769), "x")]))

        let rejections = sut.rejections(ofStoring: [fine, dotted, huge, longKey])

        XCTAssertEqual(rejections.map(\.id), ["dotted", "huge", "long"], "a value of exactly 10 MB and a key of 768 bytes are fine")
        XCTAssertThrowsError(try sut.apply([LedgerFixtures.entry("ok", kind: "notes"), dotted]), "the emulator refuses the whole batch, as the database does") {
            guard case .remote(.rejected(status: 400, _))? = $0 as? StoreError else { return XCTFail("got \($0)") }
        }
        XCTAssertEqual(try sut.retrieveEntries(), [])
    }

    func test_applyExpecting_refusesWhenAnotherDeviceWritesBetweenItsReadAndItsWrite() throws {
        let emulator = try startEmulator()
        let (sut, credentials) = try makeSUT(emulator)
        let otherDevice = makeStore(emulator, credentials: credentials)
        try sut.append(LedgerFixtures.entry("a", updatedAt: 1))
        let newer = LedgerFixtures.entry("a", kind: "sell", updatedAt: 5)
        try emulator.holdNextWrite()

        let slowWriteDone = expectation(description: "the slow device's write")
        let outcome = LockedResult()
        Thread {
            do {
                try sut.apply([LedgerFixtures.entry("a", updatedAt: 3)], expecting: ["a": 1])
                outcome.set(nil)
            } catch {
                outcome.set(error as? StoreError)
            }
            slowWriteDone.fulfill()
        }.start()
        try emulator.waitForAHeldWrite()
        try otherDevice.append(newer)
        try emulator.releaseHeldWrites()
        wait(for: [slowWriteDone], timeout: 20)

        XCTAssertEqual(outcome.value, .changedMeanwhile(id: "a"), "the database answered 412 to the stale write")
        XCTAssertEqual(try sut.retrieveEntries(), [newer], "the newer version was not overwritten")
    }

    func test_requests_keepTheQueryItemsOfTheDatabaseURL() throws {
        let emulator = try startEmulator()
        let (_, credentials) = try makeSUT(emulator)
        let databaseURL = URL(string: emulator.baseURL.absoluteString + "/?ns=investments-test")!
        let sut = FirebaseLedgerStore(databaseURL: databaseURL, client: platformHTTPClient(timeout: 5)) { _ throws(StoreError) in credentials }

        try sut.append(LedgerFixtures.entry("1"))

        let queries = try JSONSerialization.jsonObject(with: emulator.request("GET", "/_control/database-queries").body) as? [[String: [String]]]
        XCTAssertEqual(queries?.last, ["ns": ["investments-test"]])
    }

    func test_retrieve_deliversAMalformedRecordAsAnErrorNamingIt() throws {
        let emulator = try startEmulator()
        let (sut, credentials) = try makeSUT(emulator)
        _ = try emulator.request("PUT", "/users/\(credentials.uid)/transactions/broken.json?auth=\(credentials.idToken)",
                                 body: ["quantity": "lots", "updatedAt": 1])

        XCTAssertThrowsError(try sut.retrieveEntries()) { error in
            XCTAssertEqual(error as? StoreError, .malformedResponse(
                detail: "the entry 'broken' is malformed: the remote record is malformed (missing or out-of-range fields, or values that are not text)"))
        }
        try sut.append(LedgerFixtures.entry("fine"))
        let readable = try sut.retrieveReadableEntries()
        XCTAssertEqual(readable.entries.map(\.id), ["fine"], "the readable ones still come")
        XCTAssertEqual(readable.unreadable.map(\.id), ["broken"])
    }

    func test_retrieve_namesUpToTheLimitOfMalformedRecords_andRefusesAnAnswerWithMore() throws {
        let emulator = try startEmulator()
        let (sut, credentials) = try makeSUT(emulator)
        let limit = 1_000
        let malformed = Dictionary(uniqueKeysWithValues: (0..<limit).map { (String(format: "m%04d", $0), ["updatedAt": "not a time"]) })
        _ = try emulator.request("PATCH", "/users/\(credentials.uid)/ledger.json?auth=\(credentials.idToken)", body: malformed)
        try sut.append(LedgerFixtures.entry("fine"))

        let readable = try sut.retrieveReadableEntries()
        XCTAssertEqual(readable.entries.map(\.id), ["fine"])
        XCTAssertEqual(readable.unreadable.count, limit)

        _ = try emulator.request("PATCH", "/users/\(credentials.uid)/ledger.json?auth=\(credentials.idToken)", body: ["one-more": ["kind": 7]])
        XCTAssertThrowsError(try sut.retrieveReadableEntries()) { error in
            XCTAssertEqual(error as? StoreError, .malformedResponse(
                detail: "1001 of the records in ledger are malformed, more than 1000; the database holds something other than this app's records"))
        }
    }

    // MARK: - Helpers

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) throws -> FirebaseLedgerStore {
        try makeSUT(try startEmulator(), file: file, line: line).store
    }

    /// A store for a newly signed-up user of `emulator`.
    private func makeSUT(_ emulator: ServicesEmulator, file: StaticString = #filePath, line: UInt = #line) throws
        -> (store: FirebaseLedgerStore, credentials: RemoteCredentials) {
        let auth = FirebaseAuthService(endpoints: FirebaseAuthEndpoints(emulatorBase: emulator.baseURL), apiKey: ServicesEmulator.apiKey,
                                       client: platformHTTPClient(timeout: 5))
        let session = try auth.signUp(email: "user-\(UUID().uuidString.prefix(8))@example.com", password: "long enough")
        let credentials = RemoteCredentials(uid: session.uid, idToken: session.idToken)
        let store = makeStore(emulator, credentials: credentials)
        trackForMemoryLeaks(store, file: file, line: line)
        return (store, credentials)
    }

    private func makeStore(_ emulator: ServicesEmulator, credentials: RemoteCredentials, batchSize: Int = 500) -> FirebaseLedgerStore {
        FirebaseLedgerStore(databaseURL: emulator.baseURL, client: platformHTTPClient(timeout: 5), batchSize: batchSize) { _ throws(StoreError) in credentials }
    }
}

/// Transactions over the remote ledger keep the transactions store's contract.
final class FirebaseLedgerTransactionsStoreEndToEndTests: XCTestCase, TransactionsStoreSpecs {
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
    func test_retrieveByIDOrItsStart_deliversTheLiveTransactions() throws { try assertThatRetrieveByIDOrItsStartDeliversTheLiveTransactions(on: makeSUT()) }
    func test_writes_areAppliedInTheOrderTheyWereMade() throws { try assertThatWritesAreAppliedInTheOrderTheyWereMade(on: makeSUT()) }
    func test_withExclusiveAccess_allowsStoreCallsInside() throws { try assertThatWithExclusiveAccessAllowsStoreCallsInside(on: makeSUT()) }

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) throws -> TransactionsStore {
        let emulator = try startEmulator()
        let auth = FirebaseAuthService(endpoints: FirebaseAuthEndpoints(emulatorBase: emulator.baseURL), apiKey: ServicesEmulator.apiKey,
                                       client: platformHTTPClient(timeout: 5))
        let session = try auth.signUp(email: "user@example.com", password: "long enough")
        let credentials = RemoteCredentials(uid: session.uid, idToken: session.idToken)
        let ledger = FirebaseLedgerStore(databaseURL: emulator.baseURL, client: platformHTTPClient(timeout: 5)) { _ throws(StoreError) in credentials }
        let sut = LedgerTransactionsStore(ledger: ledger)
        trackForMemoryLeaks(ledger, file: file, line: line)
        trackForMemoryLeaks(sut, file: file, line: line)
        return sut
    }
}

/// What a background thread's store call ended with.
private final class LockedResult: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: StoreError??

    var value: StoreError? { lock.withLock { stored ?? nil } }

    func set(_ error: StoreError?) { lock.withLock { stored = .some(error) } }
}
