import XCTest
import Transactions
import TestSupport

final class InMemoryTransactionsStoreTests: XCTestCase, TransactionsStoreSpecs, SyncableTransactionsStoreSpecs {
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

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> InMemoryTransactionsStore {
        let sut = InMemoryTransactionsStore()
        trackForMemoryLeaks(sut, file: file, line: line)
        return sut
    }
}
