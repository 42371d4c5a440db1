import XCTest
import Ledger
import Transactions
import TestSupport
import TransactionsTestSupport

final class DeleteTransactionUseCaseTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_720_000_000)

    func test_init_doesNotMessageStore() {
        let (_, store) = makeSUT()
        XCTAssertEqual(store.messages, [])
    }

    func test_delete_removesTheTransactionStampedWithNow() throws {
        let (sut, store) = makeSUT()
        store.stored = [makeTransaction(id: "x", type: .sell, quantity: "1"), makeTransaction(type: .buy, quantity: "2")]

        try sut.delete(id: "x")

        XCTAssertEqual(store.messages, [.beginExclusiveAccess, .retrieveID("x"), .retrieveAll, .delete(id: "x", deletedAt: now), .endExclusiveAccess],
                       "without a tally to say whose cash is tracked, a sell's money in is checked in the whole history")
    }

    func test_delete_ofAnOlderSell_withNoCashTracked_readsOnlyTheTransaction() throws {
        let history = [makeTransaction(type: .buy, quantity: "2"), makeTransaction(id: "x", type: .sell, quantity: "1")]
        let (sut, store) = makeSUT(beyondTheCheckpoints: history)

        try sut.delete(id: "x")

        XCTAssertEqual(store.messages, [.beginExclusiveAccess, .retrieveID("x"), .delete(id: "x", deletedAt: now), .endExclusiveAccess])
    }

    func test_delete_ofASplitRecordedInOneAccount_isCheckedAgainstEveryAccountsShares() {
        let history = [makeTransaction(date: "2024-01-01", type: .buy, quantity: "10", account: "account-isa"),
                       makeTransaction(id: "split", date: "2024-02-01", type: .split, quantity: "0", sum: "0", ratio: "2:1"),
                       makeTransaction(date: "2024-03-01", type: .sell, quantity: "15", account: "account-isa")]
        let (sut, store) = makeSUT(beyondTheCheckpoints: history)

        XCTAssertThrowsError(try sut.delete(id: "split"), "without the split the ISA holds 10, and sold 15") { error in
            guard case .wouldOversell? = error as? DeleteTransactionError else { return XCTFail("got \(error)") }
        }
        XCTAssertFalse(store.messages.contains { if case .delete = $0 { return true } else { return false } })
    }

    func test_delete_ofAnOlderBuy_withNoCashTracked_isCheckedAgainstItsTickersHistoryAlone() {
        let history = [makeTransaction(id: "buy", date: "2024-01-01", type: .buy, quantity: "2"), makeTransaction(date: "2024-02-01", type: .sell, quantity: "2"),
                       makeTransaction(date: "2024-01-01", ticker: "MSFT")]
        let (sut, store) = makeSUT(beyondTheCheckpoints: history)

        XCTAssertThrowsError(try sut.delete(id: "buy")) { error in
            guard case .wouldOversell? = error as? DeleteTransactionError else { return XCTFail("got \(error)") }
        }
        XCTAssertEqual(store.messages, [.beginExclusiveAccess, .retrieveID("buy"), .retrieve(ticker: "AAPL"), .endExclusiveAccess])
    }

    func test_delete_ofAnOlderDepositNothingNeeded_isClearedByTheTallysDaysOfCash_withoutReadingTheHistory() throws {
        let history = [makeCash(id: "dep", date: "2024-01-01", type: .deposit, sum: "100"), makeCash(date: "2024-01-01", type: .deposit, sum: "60"),
                       makeTransaction(date: "2024-01-02", type: .buy, sum: "50")]
        let (sut, store) = makeSUT(beyondTheCheckpoints: history)

        try sut.delete(id: "dep")

        XCTAssertEqual(store.messages, [.beginExclusiveAccess, .retrieveID("dep"), .delete(id: "dep", deletedAt: now), .endExclusiveAccess])
    }

    func test_delete_ofAnOlderDepositALaterBuySpent_isRefused_theHistoryNamingTheBuy() {
        let history = [makeCash(id: "dep", date: "2024-01-01", type: .deposit, sum: "100"), makeCash(date: "2024-01-01", type: .deposit, sum: "5"),
                       makeTransaction(date: "2024-01-02", type: .buy, sum: "50")]
        let (sut, store) = makeSUT(beyondTheCheckpoints: history)

        XCTAssertThrowsError(try sut.delete(id: "dep")) { error in
            guard case .wouldOverdraw? = error as? DeleteTransactionError else { return XCTFail("got \(error)") }
        }
        XCTAssertEqual(store.messages, [.beginExclusiveAccess, .retrieveID("dep"), .retrieveAll, .endExclusiveAccess])
    }

    func test_delete_refusesToRemoveADepositALaterBuySpent() {
        let (sut, store) = makeSUT()
        store.stored = [makeCash(id: "dep", date: "2024-01-01", type: .deposit, sum: "100"), makeCash(date: "2024-01-01", type: .deposit, sum: "5"),
                        makeTransaction(date: "2024-01-02", type: .buy, sum: "50")]

        XCTAssertThrowsError(try sut.delete(id: "dep")) { error in
            guard case let .wouldOverdraw(violation)? = error as? DeleteTransactionError else { return XCTFail("got \(error)") }
            XCTAssertEqual(violation.available, 5)
        }
    }

    func test_delete_deliversNotFoundForUnknownID() {
        let (sut, _) = makeSUT()
        XCTAssertThrowsError(try sut.delete(id: "ghost")) { error in
            XCTAssertEqual(error as? DeleteTransactionError, .notFound(id: "ghost"))
        }
    }

    func test_delete_refusesToRemoveABuyThatALaterSellNeeds() {
        let (sut, store) = makeSUT()
        store.stored = [
            makeTransaction(id: "buy", date: "2024-01-01", type: .buy, quantity: "2"),
            makeTransaction(date: "2024-02-01", type: .sell, quantity: "2"),
        ]

        XCTAssertThrowsError(try sut.delete(id: "buy")) { error in
            guard case .wouldOversell? = error as? DeleteTransactionError else { return XCTFail("got \(error)") }
        }
        XCTAssertFalse(store.messages.contains(.delete(id: "buy", deletedAt: now)))
    }

    func test_delete_theChangedTallyAccepts_removesWithoutReadingTheHistory() throws {
        let recent = makeTransaction(id: "recent", type: .buy, quantity: "1")
        let changes = TransactionChangesSpy(TallyAfterChange(earlier: recent, tally: TransactionsTally(base: "USD")))
        let (sut, store) = makeSUT(changes: changes)

        try sut.delete(id: "recent")

        XCTAssertEqual(changes.requests, [.init(id: "recent", replacement: nil)])
        XCTAssertEqual(store.messages, [.beginExclusiveAccess, .delete(id: "recent", deletedAt: now), .endExclusiveAccess])
    }

    func test_delete_theChangedTallyFindsAnOverdraft_isRefusedByReplayingTheHistory() {
        let deposit = makeCash(id: "dep", date: "2024-01-01", type: .deposit, sum: "100")
        let (buy, small) = (makeTransaction(date: "2024-01-02", type: .buy, sum: "50"), makeCash(date: "2024-01-01", type: .deposit, sum: "5"))
        let changes = TransactionChangesSpy(TallyAfterChange(earlier: deposit, tally: TransactionsTally(base: "USD", history: [buy, small])))
        let (sut, store) = makeSUT(changes: changes)
        store.stored = [deposit, buy, small]

        XCTAssertThrowsError(try sut.delete(id: "dep")) { error in
            guard case .wouldOverdraw? = error as? DeleteTransactionError else { return XCTFail("got \(error)") }
        }
        XCTAssertEqual(store.messages, [.beginExclusiveAccess, .retrieveID("dep"), .retrieveAll, .endExclusiveAccess])
    }

    func test_delete_ofAnIDTheChangedTallyNeverSaw_deliversNotFoundWithoutReadingTheHistory() {
        let (sut, store) = makeSUT(changes: TransactionChangesSpy(TallyAfterChange(earlier: nil, tally: TransactionsTally(base: "USD"))))

        XCTAssertThrowsError(try sut.delete(id: "ghost")) { error in
            XCTAssertEqual(error as? DeleteTransactionError, .notFound(id: "ghost"))
        }
        XCTAssertEqual(store.messages, [.beginExclusiveAccess, .endExclusiveAccess])
    }

    func test_delete_deliversRemovalErrorOnStoreError() {
        let (sut, store) = makeSUT()
        store.stored = [makeTransaction(id: "x", type: .sell)]
        store.writeError = TransactionsStoreError.store(.fileSystem(operation: "write", path: "transactions.log", reason: "no space left"))

        XCTAssertThrowsError(try sut.delete(id: "x")) { error in
            XCTAssertEqual(error as? DeleteTransactionError, .removal(TransactionsStoreError.store(.fileSystem(operation: "write", path: "transactions.log", reason: "no space left"))))
        }
    }

    func test_delete_deliversRemovalErrorOnRetrievalError() {
        let (sut, store) = makeSUT()
        store.retrievalError = TransactionsStoreError.store(.fileSystem(operation: "write", path: "transactions.log", reason: "unreadable"))

        XCTAssertThrowsError(try sut.delete(id: "x")) { error in
            XCTAssertEqual(error as? DeleteTransactionError, .removal(TransactionsStoreError.store(.fileSystem(operation: "write", path: "transactions.log", reason: "unreadable"))))
        }
    }

    // MARK: - Helpers

    /// A change the checkpoints can't take back out (an old transaction's) over `history`: the
    /// tally as it stands is told, the tally after the change is not.
    private func makeSUT(beyondTheCheckpoints history: [Transaction], file: StaticString = #filePath, line: UInt = #line) -> (DeleteTransactionUseCase, TransactionsStoreSpy) {
        let (sut, store) = makeSUT(changes: TransactionChangesSpy(nil, current: TransactionsTally(base: "USD", history: history)), file: file, line: line)
        store.stored = history
        return (sut, store)
    }

    private func makeSUT(changes: TransactionChangesSpy? = nil, file: StaticString = #filePath, line: UInt = #line)
        -> (DeleteTransactionUseCase, TransactionsStoreSpy) {
        let store = TransactionsStoreSpy()
        let sut = DeleteTransactionUseCase(store: store, now: { [now] in now }, changes: changes)
        trackForMemoryLeaks(store, file: file, line: line)
        trackForMemoryLeaks(sut, file: file, line: line)
        return (sut, store)
    }
}
