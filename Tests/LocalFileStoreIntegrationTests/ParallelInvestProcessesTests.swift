import XCTest
import Transactions
import LocalFileStore
import TestSupport

/// The built `invest` binary, run as users run it: parallel processes must not lose each other's adds.
final class ParallelInvestProcessesTests: XCTestCase {
    func test_eightParallelInvestProcessesAddingFiftyEach_keepAllFourHundred() throws {
        let home = makeTemporaryDirectory()
        let failures = LockedCounter()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for index in 0..<50 {
                let result = try? runProduct("invest", ["add", "--type", "buy", "--ticker", "W\(worker)", "--quantity", "1",
                                                        "--sum", "\(index + 1)", "--date", "2024-01-01"],
                                             environment: ["INVEST_HOME": home.path])
                if result?.status != 0 { failures.increment() }
            }
        }

        XCTAssertEqual(failures.value, 0)
        let stored = try LedgerTransactionsStore(ledger: FileLedgerStore(directory: home)).retrieveAll()
        XCTAssertEqual(stored.count, 400)
        for worker in 0..<8 {
            XCTAssertEqual(Set(stored.filter { $0.ticker == "W\(worker)" }.map(\.sum)), Set((1...50).map { fixed(String($0)) }))
        }
    }
}

private final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
