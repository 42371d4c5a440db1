import XCTest
import Ledger
import Transactions
import TestSupport
import TransactionsTestSupport

final class RetrieveTransactionsUseCaseTests: XCTestCase {
    func test_init_doesNotMessageStore() {
        let (_, store) = makeSUT()
        XCTAssertEqual(store.messages, [])
    }

    func test_retrieve_deliversRetrievalErrorOnStoreError() {
        let (sut, store) = makeSUT()
        store.retrievalError = TransactionsStoreError.store(.fileSystem(operation: "write", path: "transactions.log", reason: "disk on fire"))

        XCTAssertThrowsError(try sut.retrieve(.all)) { error in
            XCTAssertEqual(error as? RetrieveTransactionsError, .retrieval(TransactionsStoreError.store(.fileSystem(operation: "write", path: "transactions.log", reason: "disk on fire"))))
        }
    }

    func test_retrieve_deliversNothingOnEmptyStore() throws {
        let (sut, _) = makeSUT()
        XCTAssertEqual(try sut.retrieve(.all), [])
    }

    func test_retrieve_deliversNewestFirstThenMostRecentlyWritten() throws {
        let (sut, store) = makeSUT()
        let old = makeTransaction(id: "a", date: "2023-05-01")
        let newerWrite = makeTransaction(id: "b", date: "2024-01-02", updatedAt: Date(timeIntervalSince1970: 2_000))
        let olderWrite = makeTransaction(id: "c", date: "2024-01-02", updatedAt: Date(timeIntervalSince1970: 1_000))
        store.stored = [old, olderWrite, newerWrite]

        XCTAssertEqual(try sut.retrieve(.all).map(\.id), ["b", "c", "a"])
    }

    func test_retrieve_inUnspecifiedOrderKeepsTheStoresOrder() throws {
        let (sut, store) = makeSUT()
        store.stored = [makeTransaction(id: "old", date: "2020-01-01"), makeTransaction(id: "new", date: "2024-01-01")]

        XCTAssertEqual(try sut.retrieve(.all, order: .unspecified).map(\.id), ["old", "new"])
    }

    func test_retrieve_appliesTickerTypeAndDateRangeFilters() throws {
        let (sut, store) = makeSUT()
        let wanted = makeTransaction(id: "wanted", date: "2024-02-10", type: .sell, ticker: "MSFT")
        store.stored = [
            wanted,
            makeTransaction(date: "2024-02-10", type: .buy, ticker: "MSFT"),
            makeTransaction(date: "2024-02-10", type: .sell, ticker: "AAPL"),
            makeTransaction(date: "2024-03-01", type: .sell, ticker: "MSFT"),
            makeTransaction(date: "2024-01-31", type: .sell, ticker: "MSFT"),
        ]
        let filter = TransactionFilter(ticker: "MSFT", type: .sell, from: day("2024-02-01"), to: day("2024-02-29"))

        XCTAssertEqual(try sut.retrieve(filter), [wanted])
        XCTAssertEqual(store.messages, [.retrieve(ticker: "MSFT")], "asks the store for the one ticker only")
    }

    func test_retrieve_byTheStartOfAnIdOrAWholeOne_asksTheStoreForThoseOnly() throws {
        let (sut, store) = makeSUT()
        let (first, second) = (makeTransaction(id: "ab1", type: .buy), makeTransaction(id: "ab2", type: .sell))
        store.stored = [first, second, makeTransaction(id: "b")]

        XCTAssertEqual(try sut.retrieve(TransactionFilter(idPrefix: "ab"), order: .unspecified), [first, second])
        XCTAssertEqual(try sut.retrieve(TransactionFilter(type: .sell, idPrefix: "ab")), [second])
        XCTAssertEqual(try sut.retrieve(TransactionFilter(id: "ab1")), [first])
        XCTAssertEqual(try sut.retrieve(TransactionFilter(id: "ab")), [])
        XCTAssertEqual(store.messages, [.retrieveIDPrefix("ab"), .retrieveIDPrefix("ab"), .retrieveID("ab1"), .retrieveID("ab")])
    }

    // MARK: - Helpers

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (RetrieveTransactionsUseCase, TransactionsStoreSpy) {
        let store = TransactionsStoreSpy()
        let sut = RetrieveTransactionsUseCase(store: store)
        trackForMemoryLeaks(store, file: file, line: line)
        trackForMemoryLeaks(sut, file: file, line: line)
        return (sut, store)
    }
}
