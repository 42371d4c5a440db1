import XCTest
import Transactions
import LocalFileStore
import TestSupport

final class FileTransactionsStoreTests: XCTestCase, FailableTransactionsStoreSpecs, SyncableTransactionsStoreSpecs {
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

    // MARK: - Failures

    func test_retrieveAll_deliversErrorOnUnreadableData() throws {
        let directory = makeTemporaryDirectory()
        try write("investments-transactions v1\n+\tid\t2024-01-01\tbuy\tAAPL\tlots\t10\t0\t\n", in: directory)

        XCTAssertThrowsError(try makeSUT(directory).retrieveAll()) { error in
            let message = (error as? TransactionsStoreError)?.message ?? ""
            XCTAssertTrue(message.contains("transactions.log line 2"), message)
            XCTAssertTrue(message.contains("'lots'"), message)
        }
    }

    func test_retrieveAll_hasNoSideEffectsOnFailure() throws {
        let directory = makeTemporaryDirectory()
        let damaged = "investments-transactions v1\ngarbage\n"
        try write(damaged, in: directory)

        _ = try? makeSUT(directory).retrieveAll()

        XCTAssertEqual(try contents(of: directory), damaged)
    }

    func test_upsert_deliversErrorOnWriteFailure() throws {
        XCTAssertThrowsError(try makeSUT(unwritableDirectory()).upsert(makeTransaction())) { error in
            XCTAssertTrue(error is TransactionsStoreError, "got \(error)")
        }
    }

    func test_upsert_hasNoSideEffectsOnWriteFailure() throws {
        let directory = makeTemporaryDirectory()
        let foreign = "name,balance\nalice,10\n"
        try write(foreign, in: directory)

        XCTAssertThrowsError(try makeSUT(directory).upsert(makeTransaction()))
        XCTAssertEqual(try contents(of: directory), foreign)
    }

    func test_delete_deliversErrorOnWriteFailure() throws {
        XCTAssertThrowsError(try makeSUT(unwritableDirectory()).delete(id: "x", deletedAt: Date())) { error in
            XCTAssertTrue(error is TransactionsStoreError, "got \(error)")
        }
    }

    // MARK: - File format and durability details

    func test_retrieveAll_deliversTooNewErrorForNewerFormat() throws {
        let directory = makeTemporaryDirectory()
        try write("investments-transactions v9\n", in: directory)

        XCTAssertThrowsError(try makeSUT(directory).retrieveAll()) { error in
            XCTAssertTrue(String(describing: error).contains("newer version"), "\(error)")
        }
    }

    func test_retrieveAll_ignoresATornLastLineAndTheNextWriteCutsItOff() throws {
        let directory = makeTemporaryDirectory()
        let sut = makeSUT(directory)
        let saved = makeTransaction(id: "saved")
        try sut.upsert(saved)
        try append("+\tpartial\t2024-01-0", in: directory)

        XCTAssertEqual(try sut.retrieveAll(), [saved])

        let next = makeTransaction(id: "next")
        try sut.upsert(next)
        XCTAssertEqual(Set(try makeSUT(directory).retrieveAll()), [saved, next])
        XCTAssertFalse(try contents(of: directory).contains("partial"))
    }

    func test_upsert_createsDataFileReadableByOwnerOnly() throws {
        let directory = makeTemporaryDirectory()
        try makeSUT(directory).upsert(makeTransaction())

        let attributes = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("transactions.log").path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
    }

    func test_upsert_writesAHumanReadableVersionedLog() throws {
        let directory = makeTemporaryDirectory()
        try makeSUT(directory).upsert(makeTransaction(id: "abc", date: "2024-03-05", type: .sell, ticker: "BRK.B", quantity: "1.5", sum: "300.25",
                                                      updatedAt: Date(timeIntervalSince1970: 1_700_000_000)))

        XCTAssertEqual(try contents(of: directory), "investments-transactions v1\n+\tabc\t2024-03-05\tsell\tBRK.B\t1.5\t300.25\t1700000000000\t\n")
    }

    func test_compaction_dropsSupersededLinesButKeepsLiveDataAndTombstones() throws {
        let directory = makeTemporaryDirectory()
        let sut = FileTransactionsStore(directory: directory, compactionMinimumGarbage: 5)
        let kept = makeTransaction(id: "kept", quantity: "20")
        for quantity in 1...20 { try sut.upsert(makeTransaction(id: "kept", quantity: "\(quantity)")) }
        try sut.upsert(makeTransaction(id: "gone"))
        try sut.withExclusiveAccess {
            _ = try sut.retrieveAll()
            try sut.delete(id: "gone", deletedAt: Date(timeIntervalSince1970: 5))
        }

        XCTAssertEqual(try makeSUT(directory).retrieveAll(), [kept])
        XCTAssertEqual(Set(try sut.retrieveRecords()), [.live(kept), .deleted(id: "gone", at: Date(timeIntervalSince1970: 5))])
        XCTAssertEqual(try contents(of: directory).split(separator: "\n").count, 3, "header, the live record, the tombstone")
    }

    // MARK: - Helpers

    private func makeSUT(_ directory: URL? = nil, file: StaticString = #filePath, line: UInt = #line) -> FileTransactionsStore {
        let sut = FileTransactionsStore(directory: directory ?? makeTemporaryDirectory())
        trackForMemoryLeaks(sut, file: file, line: line)
        return sut
    }

    /// A directory path below a regular file: no process, root included, can create anything there.
    private func unwritableDirectory() throws -> URL {
        let blocker = makeTemporaryDirectory().appendingPathComponent("a-file")
        try Data("x".utf8).write(to: blocker)
        return blocker.appendingPathComponent("store")
    }

    private func write(_ text: String, in directory: URL) throws {
        try Data(text.utf8).write(to: directory.appendingPathComponent("transactions.log"))
    }

    private func append(_ text: String, in directory: URL) throws {
        let handle = try FileHandle(forWritingTo: directory.appendingPathComponent("transactions.log"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    private func contents(of directory: URL) throws -> String {
        try String(contentsOf: directory.appendingPathComponent("transactions.log"), encoding: .utf8)
    }
}
