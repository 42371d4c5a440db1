import XCTest
import Ledger
import Transactions
import TestSupport
import TransactionsTestSupport

final class ImportTransactionsUseCaseTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_720_000_000)

    func test_init_doesNotMessageStore() {
        let (_, store) = makeSUT()
        XCTAssertEqual(store.messages, [])
    }

    func test_import_savesAllRowsInOneBatch() throws {
        let (sut, store) = makeSUT()
        let rows = [row(2, type: "buy", quantity: "2"), row(3, type: "sell", quantity: "1")]

        let imported = try sut.importRows(rows, dryRun: false).imported

        XCTAssertEqual(imported.map(\.quantity), [2, 1])
        XCTAssertEqual(store.messages, [.beginExclusiveAccess, .retrieveAll, .upsertBatch(imported), .endExclusiveAccess])
    }

    func test_import_letsGoOfTheRowsOnceTheyAreChecked() throws {
        let (sut, _) = makeSUT()
        var rows = [row(2), row(3)]

        let outcome = try sut.importRows(&rows, dryRun: false, allowDuplicates: false)

        XCTAssertEqual(outcome.imported.count, 2)
        XCTAssertEqual(rows, [], "a million rows are not held while the transactions are written")
    }

    func test_import_dryRunValidatesButSavesNothing() throws {
        let (sut, store) = makeSUT()
        _ = try sut.importRows([row(2)], dryRun: true)
        XCTAssertEqual(store.messages, [.beginExclusiveAccess, .retrieveAll, .endExclusiveAccess])
    }

    func test_import_reportsEveryBadRowWithItsLineAndSavesNothing() {
        let (sut, store) = makeSUT()
        let rows = [row(2), row(3, ticker: ".9X"), row(4), row(5, quantity: "0", sum: "x")]

        XCTAssertThrowsError(try sut.importRows(rows, dryRun: false)) { error in
            guard case let .invalidRows(errors)? = error as? ImportTransactionsError else { return XCTFail("got \(error)") }
            XCTAssertEqual(errors.map(\.line), [3, 5])
            XCTAssertEqual(errors.last?.messages.count, 2)
        }
        XCTAssertFalse(store.messages.contains { if case .upsertBatch = $0 { return true } else { return false } })
    }

    func test_import_reportsTheRowThatOversellsCountingStoredTransactions() {
        let (sut, store) = makeSUT()
        store.stored = [makeTransaction(date: "2024-01-01", type: .buy, ticker: "AAPL", quantity: "1")]

        XCTAssertThrowsError(try sut.importRows([row(2, type: "sell", quantity: "1"), row(3, type: "sell", quantity: "1")], dryRun: false)) { error in
            guard case let .invalidRows(errors)? = error as? ImportTransactionsError else { return XCTFail("got \(error)") }
            XCTAssertEqual(errors.map(\.line), [3], "line 2 sells the one share held; line 3 is the first to oversell")
        }
    }

    func test_import_countsASplitRecordedInOneAccount_inEveryAccount_asAnAddDoes() throws {
        let (sut, store) = makeSUT()
        store.stored = [makeTransaction(date: "2024-01-01", type: .buy, ticker: "AAPL", quantity: "10", account: "isa"),
                        makeTransaction(date: "2024-01-15", type: .split, ticker: "AAPL", quantity: "0", sum: "0", ratio: "2:1")]
        let sell = ImportRow(line: 2, draft: TransactionDraft(date: "2024-02-01", type: "sell", ticker: "AAPL", quantity: "15", sum: "300", account: "isa"))

        let outcome = try sut.importRows([sell], dryRun: true)

        XCTAssertEqual(outcome.imported.map(\.quantity), [15], "the isa's 10 split into 20, a corporate action in every account")
    }

    func test_import_blamesTheSameFirstOffendingLineOfEachTickerEveryTime() {
        let tickers = ["AAA", "BBB", "CCC", "DDD", "EEE", "FFF"]
        var rows: [ImportRow] = []
        for (index, ticker) in tickers.enumerated() {
            let first = 2 + index * 3
            rows += [row(first, type: "buy", ticker: ticker, quantity: "1"), row(first + 1, type: "sell", ticker: ticker, quantity: "1"),
                     row(first + 2, type: "sell", ticker: ticker, quantity: "1")]
        }

        let blamed = (0..<12).map { _ -> [Int] in
            let (sut, _) = makeSUT()
            guard case let .invalidRows(errors)? = Result(catching: { try sut.importRows(rows, dryRun: true) }).failure as? ImportTransactionsError else { return [] }
            return errors.map(\.line)
        }

        XCTAssertEqual(Set(blamed).count, 1, "the same file always gets the same report: \(blamed)")
        XCTAssertEqual(blamed.first, tickers.indices.map { 4 + $0 * 3 }, "each ticker's second sell, the first to oversell")
    }

    func test_import_keepsGivenIDsAndRejectsDuplicatesWithinTheFile() {
        let (sut, _) = makeSUT()
        XCTAssertThrowsError(try sut.importRows([row(2, id: "same"), row(7, id: "same")], dryRun: false)) { error in
            XCTAssertEqual(error as? ImportTransactionsError, .invalidRows([RowError(line: 7, messages: ["id same already appears on line 2"])]))
        }
    }

    func test_import_skipsAndReportsRowsEqualToASavedTransaction_oncePerSavedOne() throws {
        let (sut, store) = makeSUT()
        store.stored = [makeTransaction(id: "saved", date: "2024-02-01", ticker: "AAPL", quantity: "1", sum: "10")]

        let outcome = try sut.importRows([row(2), row(3), row(4, quantity: "2")], dryRun: false)

        XCTAssertEqual(outcome.duplicateLines, [2], "line 3 is a second, new trade: the one saved matches one row only")
        XCTAssertEqual(outcome.imported.map(\.quantity), [1, 2])
        XCTAssertTrue(store.messages.contains(.upsertBatch(outcome.imported)))
    }

    func test_import_keepsDuplicatesWhenAllowed_andNeverCountsAReplacementByIDAsOne() throws {
        let (sut, store) = makeSUT()
        store.stored = [makeTransaction(id: "saved", date: "2024-02-01", ticker: "AAPL", quantity: "1", sum: "10")]

        let allowed = try sut.importRows([row(2)], dryRun: true, allowDuplicates: true)
        let replacing = try sut.importRows([row(2, id: "saved")], dryRun: true)

        XCTAssertEqual(allowed.duplicateLines, [])
        XCTAssertEqual(allowed.imported.count, 1)
        XCTAssertEqual(replacing.duplicateLines, [], "a row with a saved id replaces that transaction")
        XCTAssertEqual(replacing.imported.map(\.id), ["saved"])
    }

    func test_import_refusesAFileThatOverdrawsCash_namingTheLine() {
        let (sut, store) = makeSUT()
        store.stored = [makeCash(id: "saved", date: "2024-01-01", type: .deposit, sum: "15")]

        XCTAssertThrowsError(try sut.importRows([row(2, sum: "10"), row(3, sum: "10")], dryRun: false)) { error in
            guard case let .invalidRows(rows)? = error as? ImportTransactionsError else { return XCTFail("got \(error)") }
            XCTAssertEqual(rows.map(\.line), [3])
            XCTAssertTrue(rows[0].messages[0].contains("5.00 available on that date"), rows[0].messages[0])
        }
        XCTAssertFalse(store.messages.contains { if case .upsertBatch = $0 { return true } else { return false } }, "all or nothing")
    }

    func test_import_deliversStorageErrorOnStoreFailure() {
        let (sut, store) = makeSUT()
        store.writeError = TransactionsStoreError.store(.fileSystem(operation: "write", path: "transactions.log", reason: "disk full"))
        XCTAssertThrowsError(try sut.importRows([row(2)], dryRun: false)) { error in
            XCTAssertEqual(error as? ImportTransactionsError, .storage(TransactionsStoreError.store(.fileSystem(operation: "write", path: "transactions.log", reason: "disk full"))))
        }
    }

    // MARK: - Helpers

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (ImportTransactionsUseCase, TransactionsStoreSpy) {
        let store = TransactionsStoreSpy()
        let sut = ImportTransactionsUseCase(store: store, today: { day("2024-07-03") }, now: { [now] in now }, makeID: { UUID().uuidString })
        trackForMemoryLeaks(store, file: file, line: line)
        trackForMemoryLeaks(sut, file: file, line: line)
        return (sut, store)
    }

    private func row(_ line: Int, id: String? = nil, type: String = "buy", ticker: String = "AAPL", quantity: String = "1", sum: String = "10") -> ImportRow {
        ImportRow(line: line, id: id, draft: TransactionDraft(date: "2024-02-01", type: type, ticker: ticker, quantity: quantity, sum: sum))
    }
}

private extension Result {
    var failure: Failure? {
        if case let .failure(error) = self { return error }
        return nil
    }
}
