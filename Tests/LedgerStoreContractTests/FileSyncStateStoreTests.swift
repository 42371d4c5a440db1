import XCTest
import Ledger
import LocalFileStore
import TestSupport

final class FileSyncStateStoreTests: XCTestCase {
    private let alice = SyncedAccount(uid: "alice-uid", email: "alice@example.com")
    private let bob = SyncedAccount(uid: "bob-uid", email: "bob@example.com")

    func test_recordSync_keepsEachAccountWithItsEmailAndTime() throws {
        let directory = makeTemporaryDirectory()
        try FileSyncStateStore(directory: directory, account: alice).recordSync(at: Date(millisecondsSince1970: 5))

        XCTAssertEqual(try FileSyncStateStore(directory: directory, account: alice).lastSync(), Date(millisecondsSince1970: 5))
        XCTAssertEqual(try FileSyncStateStore(directory: directory, account: alice).otherAccounts(), [])
        XCTAssertEqual(try FileSyncStateStore(directory: directory, account: bob).otherAccounts(), [alice])
        XCTAssertEqual(try FileSyncStateStore(directory: directory, account: bob).lastSync(), nil)
        XCTAssertEqual(try FileSyncStateStore.syncedAccounts(directory: directory), [alice])
    }

    func test_aStateWrittenByTheReleaseBefore_isStillRead() throws {
        let directory = makeTemporaryDirectory()
        try Data(#"{"alice-uid": 1700000000000}"#.utf8).write(to: directory.appendingPathComponent("sync-state.json"))

        XCTAssertEqual(try FileSyncStateStore(directory: directory, account: alice).lastSync(), Date(millisecondsSince1970: 1_700_000_000_000))
        XCTAssertEqual(try FileSyncStateStore(directory: directory, account: bob).otherAccounts().map(\.uid), ["alice-uid"])
    }

    func test_aDamagedState_isAnErrorNamingTheFile() throws {
        let directory = makeTemporaryDirectory()
        try Data("garbage".utf8).write(to: directory.appendingPathComponent("sync-state.json"))

        XCTAssertThrowsError(try FileSyncStateStore(directory: directory, account: alice).lastSync()) { error in
            XCTAssertEqual(error as? StoreError, .damaged(file: directory.appendingPathComponent("sync-state.json").path, line: 1,
                                                          reason: "not a sync state this version understands"))
        }
    }
}
