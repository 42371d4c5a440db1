import XCTest
import Transactions
import TransactionsTestSupport

final class AccountAssigningTransactionSavingTests: XCTestCase {
    func test_save_ofANewTransaction_putsItInTheAccount() throws {
        let (sut, spy) = makeSUT(account: "account-isa")

        _ = try sut.save(TransactionDraft(date: "2024-01-02", type: "buy", ticker: "AAPL", quantity: "1", sum: "100"), replacing: nil)

        XCTAssertEqual(spy.saved.map(\.draft.account), ["account-isa"])
    }

    func test_save_ofAnEdit_keepsTheRecordsOwnAccount_aSplitSeenInEveryAccountIsNotMovedIntoThisOne() throws {
        let (sut, spy) = makeSUT(account: "account-isa")
        var split = TransactionDraft(date: "2024-01-02", type: "split", ticker: "AAPL", ratio: "3:1")
        split.account = nil

        _ = try sut.save(split, replacing: "s")

        XCTAssertEqual(spy.saved.map(\.draft.account), [nil])
        XCTAssertEqual(spy.saved.map(\.id), ["s"])
    }

    private func makeSUT(account: String?) -> (AccountAssigningTransactionSaving, SavingSpy) {
        let spy = SavingSpy()
        return (AccountAssigningTransactionSaving(decoratee: spy, account: account), spy)
    }

    private final class SavingSpy: TransactionSaving {
        private(set) var saved: [(draft: TransactionDraft, id: String?)] = []

        func save(_ draft: TransactionDraft, replacing id: String?) throws(SaveTransactionError) -> Transaction {
            saved.append((draft, id))
            return makeTransaction(id: id ?? "new")
        }
    }
}
