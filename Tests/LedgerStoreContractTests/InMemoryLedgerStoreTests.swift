import XCTest
import Ledger
import Transactions
import TransactionsTestSupport
import TestSupport

final class InMemoryLedgerStoreTests: XCTestCase, LedgerStoreSpecs {
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

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> InMemoryLedgerStore {
        let sut = InMemoryLedgerStore()
        trackForMemoryLeaks(sut, file: file, line: line)
        return sut
    }
}

/// Transactions over the in-memory ledger keep the transactions store's contract.
final class InMemoryLedgerTransactionsStoreTests: XCTestCase, TransactionsStoreSpecs {
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

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> TransactionsStore {
        let ledger = InMemoryLedgerStore()
        let sut = LedgerTransactionsStore(ledger: ledger)
        trackForMemoryLeaks(ledger, file: file, line: line)
        trackForMemoryLeaks(sut, file: file, line: line)
        return sut
    }
}
