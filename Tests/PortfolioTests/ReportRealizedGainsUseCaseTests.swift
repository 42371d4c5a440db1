import XCTest
import Portfolio
import Transactions
import TestSupport
import TransactionsTestSupport

final class ReportRealizedGainsUseCaseTests: XCTestCase {
    func test_gains_readsTheWholeHistoryOnce() throws {
        let (sut, transactions) = makeSUT()

        _ = try sut.gains(year: 2025, method: .fifo)

        XCTAssertEqual(transactions.requests, [.init(filter: .all, order: .unspecified)])
    }

    func test_gains_ofAYearUsesLotsBoughtInEarlierYears() throws {
        let (sut, transactions) = makeSUT()
        transactions.stored = [makeTransaction(date: "2023-05-01", type: .buy, ticker: "A", quantity: "2", sum: "20"),
                               makeTransaction(date: "2024-05-01", type: .buy, ticker: "A", quantity: "2", sum: "40"),
                               makeTransaction(date: "2024-06-01", type: .sell, ticker: "A", quantity: "1", sum: "15"),
                               makeTransaction(date: "2025-01-02", type: .sell, ticker: "A", quantity: "2", sum: "50")]

        let report = try sut.gains(year: 2025, method: .fifo)

        XCTAssertEqual(report.sells.map(\.date), [day("2025-01-02")])
        XCTAssertEqual(report.sells.first?.lots.map(\.boughtOn), [day("2023-05-01"), day("2024-05-01")])
        XCTAssertEqual(report.sells.first?.cost, fixed("30"))
        XCTAssertEqual(report.yearlyTotals.map(\.year), [2025])
        XCTAssertEqual(report.yearlyTotals.map(\.gain), [fixed("20")])
    }

    func test_gains_withoutAYearGivesEveryYear() throws {
        let (sut, transactions) = makeSUT()
        transactions.stored = [makeTransaction(date: "2023-05-01", type: .buy, ticker: "A", quantity: "2", sum: "20"),
                               makeTransaction(date: "2023-06-01", type: .sell, ticker: "A", quantity: "1", sum: "15"),
                               makeTransaction(date: "2024-06-01", type: .sell, ticker: "A", quantity: "1", sum: "5")]

        let report = try sut.gains(year: nil, method: .average)

        XCTAssertEqual(report.method, .average)
        XCTAssertEqual(report.yearlyTotals.map(\.year), [2023, 2024])
        XCTAssertEqual(report.yearlyTotals.map(\.gain), [fixed("5"), fixed("-5")])
    }

    func test_gains_deliversTheStoreFailure() {
        let (sut, transactions) = makeSUT()
        let failure = TransactionsStoreError.store(.damaged(file: "transactions.log", line: 2, reason: "bad"))
        transactions.error = .retrieval(failure)

        XCTAssertThrowsError(try sut.gains(year: nil, method: .fifo)) { XCTAssertEqual($0 as? DisplayPortfolioError, .retrieval(failure)) }
    }

    // MARK: - Helpers

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (ReportRealizedGainsUseCase, TransactionsRetrievingSpy) {
        let transactions = TransactionsRetrievingSpy()
        let sut = ReportRealizedGainsUseCase(projections: ReplayedPortfolioProjections(transactions: transactions, base: "USD"))
        trackForMemoryLeaks(sut, file: file, line: line)
        trackForMemoryLeaks(transactions, file: file, line: line)
        return (sut, transactions)
    }
}
