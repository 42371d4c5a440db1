import XCTest
import Ledger
import Savings
import TestSupport

final class ImportSavingsUseCaseTests: XCTestCase {
    func test_import_createsTheAccountsItNames_datedByTheirEarliestRow() throws {
        let (sut, ledger) = makeSUT()

        let outcome = try sut.importRows([row(2, "ISA", "200", day(-1)), row(3, "Pension", "50", day(-3)), row(4, "isa", "100", day(-9))], dryRun: false)

        let book = try LoadSavingsUseCase(store: LedgerSavingsStore(ledger: ledger)).load()
        XCTAssertEqual(outcome, SavingsImportOutcome(imported: 3, createdAccounts: ["ISA", "Pension"], duplicates: 0))
        XCTAssertEqual(book.account(named: "ISA")?.createdAt, day(-9))
        XCTAssertEqual(book.currentValue(of: try XCTUnwrap(book.account(named: "ISA")).id), fixed("200"))
    }

    func test_import_isAllOrNothing_namingEveryBadLine() throws {
        let (sut, ledger) = makeSUT()

        let error = thrownError(SavingsImportError.self) {
            try sut.importRows([row(2, "ISA", "1", day(-1)), row(3, "", "1", day(-1)), row(4, "ISA", "-5", day(-1)), row(5, "ISA", "1", day(1))],
                               dryRun: false)
        }

        XCTAssertEqual(error, .invalidRows([.init(line: 3, error: .invalidName("")), .init(line: 4, error: .invalidValue(fixed("-5"))),
                                            .init(line: 5, error: .futureTime(day(1), now: july27))]))
        XCTAssertEqual(ledger.retrieveEntries(), [])
    }

    func test_import_skipsRowsAlreadyRecorded_soAnExportImportsBackUnchanged() throws {
        let (sut, ledger) = makeSUT()
        _ = try sut.importRows([row(2, "ISA", "1", day(-1))], dryRun: false)
        let before = ledger.retrieveEntries()

        let again = try sut.importRows([row(2, "ISA", "1", day(-1)), row(3, "ISA", "1", day(-1))], dryRun: false)

        XCTAssertEqual(again, SavingsImportOutcome(imported: 0, createdAccounts: [], duplicates: 2))
        XCTAssertEqual(ledger.retrieveEntries(), before)
    }

    func test_dryRun_checksAndCountsButWritesNothing() throws {
        let (sut, ledger) = makeSUT()

        let outcome = try sut.importRows([row(2, "ISA", "1", day(-1))], dryRun: true)

        XCTAssertEqual(outcome.imported, 1)
        XCTAssertEqual(ledger.retrieveEntries(), [])
    }

    func test_import_refusesRowsForAClosedAccount() throws {
        let (sut, ledger) = makeSUT()
        let accounts = ManageSavingsAccountsUseCase(store: LedgerSavingsStore(ledger: ledger), now: { july27 }, makeID: { UUID().uuidString.lowercased() })
        try accounts.add(name: "Old", value: nil, at: day(-5))
        try accounts.close("Old", at: nil)

        XCTAssertEqual(thrownError(SavingsImportError.self) { try sut.importRows([row(7, "old", "1", day(-1))], dryRun: false) },
                       .invalidRows([.init(line: 7, error: .accountClosed("Old"))]))
    }

    // MARK: - Helpers

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (ImportSavingsUseCase, InMemoryLedgerStore) {
        let environment = SavingsTestEnvironment(now: july27)
        let ledger = InMemoryLedgerStore()
        let sut = ImportSavingsUseCase(store: LedgerSavingsStore(ledger: ledger), now: { [environment] in environment.now }, makeID: environment.makeID)
        trackForMemoryLeaks(sut, file: file, line: line)
        return (sut, ledger)
    }

    private func row(_ line: Int, _ name: String, _ value: String, _ at: Date) -> SavingsImportRow {
        SavingsImportRow(line: line, accountName: name, at: at, value: fixed(value))
    }
}
