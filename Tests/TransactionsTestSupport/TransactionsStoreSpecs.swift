import XCTest
import Transactions

/// The contract `TransactionsStore` keeps over every ledger adapter. Each adapter's test class conforms and
/// runs every spec; the failure specs apply to adapters that can fail.
public protocol TransactionsStoreSpecs {
    func test_retrieveAll_deliversEmptyOnEmptyStore() throws
    func test_retrieveAll_hasNoSideEffectsOnEmptyStore() throws
    func test_retrieveAll_deliversInsertedTransactions() throws
    func test_retrieveAll_hasNoSideEffectsOnNonEmptyStore() throws
    func test_upsert_overwritesTransactionWithSameID() throws
    func test_upsert_keepsEveryFieldExactly() throws
    func test_upsertContentsOf_insertsAndOverwritesTogether() throws
    func test_delete_removesOnlyThatTransaction() throws
    func test_delete_ofUnknownIDChangesNothing() throws
    func test_retrieveTicker_deliversOnlyThatTickersLiveTransactions() throws
    func test_retrieveByIDOrItsStart_deliversTheLiveTransactions() throws
    func test_writes_areAppliedInTheOrderTheyWereMade() throws
    func test_withExclusiveAccess_allowsStoreCallsInside() throws
}

public protocol FailableTransactionsStoreSpecs: TransactionsStoreSpecs {
    func test_retrieveAll_deliversErrorOnUnreadableData() throws
    func test_retrieveAll_hasNoSideEffectsOnFailure() throws
    func test_upsert_deliversErrorOnWriteFailure() throws
    func test_upsert_hasNoSideEffectsOnWriteFailure() throws
    func test_delete_deliversErrorOnWriteFailure() throws
}

extension TransactionsStoreSpecs where Self: XCTestCase {
    public func assertThatRetrieveAllDeliversEmptyOnEmptyStore(on sut: TransactionsStore, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try sut.retrieveAll(), [], file: file, line: line)
    }

    public func assertThatRetrieveAllHasNoSideEffectsOnEmptyStore(on sut: TransactionsStore, file: StaticString = #filePath, line: UInt = #line) throws {
        _ = try sut.retrieveAll()
        XCTAssertEqual(try sut.retrieveAll(), [], file: file, line: line)
    }

    public func assertThatRetrieveAllDeliversInsertedTransactions(on sut: TransactionsStore, file: StaticString = #filePath, line: UInt = #line) throws {
        let inserted = [makeTransaction(id: "1", ticker: "AAPL"), makeTransaction(id: "2", type: .sell, ticker: "BRK.B", note: "trim")]
        for transaction in inserted { try sut.upsert(transaction) }

        XCTAssertEqual(Set(try sut.retrieveAll()), Set(inserted), file: file, line: line)
    }

    public func assertThatRetrieveAllHasNoSideEffectsOnNonEmptyStore(on sut: TransactionsStore, file: StaticString = #filePath, line: UInt = #line) throws {
        let inserted = makeTransaction(id: "1")
        try sut.upsert(inserted)
        _ = try sut.retrieveAll()
        XCTAssertEqual(try sut.retrieveAll(), [inserted], file: file, line: line)
    }

    public func assertThatUpsertOverwritesTransactionWithSameID(on sut: TransactionsStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try sut.upsert(makeTransaction(id: "1", quantity: "1"))
        let edited = makeTransaction(id: "1", ticker: "MSFT", quantity: "2", updatedAt: Date(timeIntervalSince1970: 1_800_000_000))
        try sut.upsert(edited)

        XCTAssertEqual(try sut.retrieveAll(), [edited], file: file, line: line)
    }

    public func assertThatUpsertKeepsEveryFieldExactly(on sut: TransactionsStore, file: StaticString = #filePath, line: UInt = #line) throws {
        let tricky = makeTransaction(id: "tricky", date: "1999-12-31", type: .sell, ticker: "VOD.L", quantity: "0.00000001",
                                     sum: "123456789012.12345678", note: "tab\there\nnew line \\ back-slash, «ünïcode»",
                                     updatedAt: Date(timeIntervalSince1970: 1_700_000_000.123))
        try sut.upsert(tricky)

        XCTAssertEqual(try sut.retrieveAll(), [tricky], file: file, line: line)
    }

    public func assertThatUpsertContentsOfInsertsAndOverwritesTogether(on sut: TransactionsStore, file: StaticString = #filePath, line: UInt = #line) throws {
        let untouched = makeTransaction(id: "untouched")
        try sut.upsert(untouched)
        try sut.upsert(makeTransaction(id: "replaced", quantity: "1"))
        let batch = [makeTransaction(id: "replaced", quantity: "9"), makeTransaction(id: "new-1"), makeTransaction(id: "new-2", type: .sell)]
        try sut.upsert(contentsOf: batch)

        XCTAssertEqual(Set(try sut.retrieveAll()), Set(batch + [untouched]), file: file, line: line)
    }

    public func assertThatDeleteRemovesOnlyThatTransaction(on sut: TransactionsStore, file: StaticString = #filePath, line: UInt = #line) throws {
        let kept = makeTransaction(id: "keep")
        try sut.upsert(kept)
        let dropped = makeTransaction(id: "drop")
        try sut.upsert(dropped)
        try sut.delete(dropped, deletedAt: Date(timeIntervalSince1970: 1_800_000_000))

        XCTAssertEqual(try sut.retrieveAll(), [kept], file: file, line: line)
    }

    public func assertThatDeleteOfUnknownIDChangesNothing(on sut: TransactionsStore, file: StaticString = #filePath, line: UInt = #line) throws {
        let kept = makeTransaction(id: "keep")
        try sut.upsert(kept)
        try sut.delete(makeTransaction(id: "unknown"), deletedAt: Date(timeIntervalSince1970: 1_800_000_000))

        XCTAssertEqual(try sut.retrieveAll(), [kept], file: file, line: line)
    }

    public func assertThatRetrieveTickerDeliversOnlyThatTickersLiveTransactions(on sut: TransactionsStore, file: StaticString = #filePath, line: UInt = #line) throws {
        let apple = makeTransaction(id: "a", ticker: "AAPL")
        try sut.upsert(apple)
        try sut.upsert(makeTransaction(id: "m", ticker: "MSFT"))
        try sut.upsert(makeTransaction(id: "moved", ticker: "AAPL"))
        try sut.upsert(makeTransaction(id: "moved", ticker: "TSLA"))
        let gone = makeTransaction(id: "gone", ticker: "AAPL")
        try sut.upsert(gone)
        try sut.delete(gone, deletedAt: Date())

        XCTAssertEqual(try sut.retrieve(ticker: "AAPL"), [apple], file: file, line: line)
    }

    public func assertThatRetrieveByIDOrItsStartDeliversTheLiveTransactions(on sut: TransactionsStore, file: StaticString = #filePath, line: UInt = #line) throws {
        let (first, second) = (makeTransaction(id: "ab1", quantity: "1"), makeTransaction(id: "ab2", quantity: "2"))
        try sut.upsert(makeTransaction(id: "ab1", quantity: "9"))
        try sut.upsert(contentsOf: [first, second, makeTransaction(id: "b", quantity: "3")])
        let gone = makeTransaction(id: "ab3")
        try sut.upsert(gone)
        try sut.delete(gone, deletedAt: Date())

        XCTAssertEqual(try sut.retrieve(idPrefix: "ab").sorted { $0.id < $1.id }, [first, second], file: file, line: line)
        XCTAssertEqual(try sut.retrieve(idPrefix: "c"), [], file: file, line: line)
        XCTAssertEqual(try sut.retrieve(id: "ab1"), first, file: file, line: line)
        XCTAssertNil(try sut.retrieve(id: "ab3"), "deleted", file: file, line: line)
        XCTAssertNil(try sut.retrieve(id: "a"), "a prefix is not an id", file: file, line: line)
    }

    public func assertThatWritesAreAppliedInTheOrderTheyWereMade(on sut: TransactionsStore, file: StaticString = #filePath, line: UInt = #line) throws {
        let first = makeTransaction(id: "x", quantity: "1")
        try sut.upsert(first)
        try sut.delete(first, deletedAt: Date())
        let revived = makeTransaction(id: "x", quantity: "3")
        try sut.upsert(revived)
        for quantity in 4...6 { try sut.upsert(makeTransaction(id: "y", quantity: "\(quantity)")) }

        XCTAssertEqual(Set(try sut.retrieveAll()), [revived, makeTransaction(id: "y", quantity: "6")], file: file, line: line)
    }

    public func assertThatWithExclusiveAccessAllowsStoreCallsInside(on sut: TransactionsStore, file: StaticString = #filePath, line: UInt = #line) throws {
        let inserted = makeTransaction(id: "1")
        let seen = try sut.withExclusiveAccess { () throws(TransactionsStoreError) in
            try sut.upsert(inserted)
            return try sut.retrieveAll()
        }
        XCTAssertEqual(seen, [inserted], file: file, line: line)
    }
}
