import XCTest
import InvestCLITestSupport

/// The sad paths of displaying, saving and deleting a transaction, through the real CLI.
final class TransactionsSadPathSpecs: XCTestCase {
    func test_storageRetrievalError_isReportedWithTheFileAndLineAndLeavesTheDataUntouched() throws {
        let invest = makeInvestDriver()
        invest.run(["add", "--type", "buy", "--ticker", "AAPL", "--quantity", "1", "--sum", "10"])
        let brokenLine = try String(contentsOf: invest.logURL, encoding: .utf8).split(separator: "\n").count + 1
        try appendToLog(invest, "+\tbroken line\n")
        let damaged = try Data(contentsOf: invest.logURL)

        let list = invest.run(["list"])

        XCTAssertEqual(list.status, 1)
        XCTAssertTrue(list.errors.contains("transactions.log line \(brokenLine)"), list.errors)
        XCTAssertEqual(try Data(contentsOf: invest.logURL), damaged)
    }

    func test_storageRemovalError_isReportedAndTheTransactionIsKept() throws {
        let invest = makeInvestDriver()
        invest.run(["add", "--type", "buy", "--ticker", "AAPL", "--quantity", "1", "--sum", "10"])
        let id = invest.ids()[0]
        try blockWriters(invest)

        let delete = invest.run(["delete", id])

        XCTAssertEqual(delete.status, 1)
        XCTAssertTrue(delete.errors.contains("could not delete the transaction"), delete.errors)
        XCTAssertEqual(invest.ids(), [id])
    }

    func test_storageSavingError_isReportedAndNothingAlreadySavedIsLost() throws {
        let invest = makeInvestDriver()
        invest.run(["add", "--type", "buy", "--ticker", "AAPL", "--quantity", "1", "--sum", "10"])
        let before = try Data(contentsOf: invest.logURL)
        try blockWriters(invest)

        let add = invest.run(["add", "--type", "buy", "--ticker", "MSFT", "--quantity", "1", "--sum", "10"])

        XCTAssertEqual(add.status, 1)
        XCTAssertTrue(add.errors.contains("could not save the transaction"), add.errors)
        XCTAssertEqual(try Data(contentsOf: invest.logURL), before)
    }

    // MARK: - Helpers

    /// A directory where the lock file should be: every writer fails, even as root; readers still work.
    private func blockWriters(_ invest: InvestDriver) throws {
        let lock = invest.home.appendingPathComponent("transactions.lock")
        try? FileManager.default.removeItem(at: lock)
        try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: false)
    }

    private func appendToLog(_ invest: InvestDriver, _ text: String) throws {
        let handle = try FileHandle(forWritingTo: invest.logURL)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }
}
