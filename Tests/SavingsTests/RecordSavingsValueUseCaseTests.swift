import XCTest
import Ledger
import Savings
import TestSupport

final class RecordSavingsValueUseCaseTests: XCTestCase {
    func test_record_addsAnUpdateAtTheGivenTime_evenBeforeLaterOnes() throws {
        let (sut, ledger, _) = makeSUT()
        try sut.record(fixed("300"), for: "isa", at: day(-1))

        try sut.record(fixed("200"), for: "ISA", at: day(-5))

        let book = try LoadSavingsUseCase(store: LedgerSavingsStore(ledger: ledger)).load()
        XCTAssertEqual(book.updates.map(\.value), [fixed("100"), fixed("200"), fixed("300")])
        XCTAssertEqual(book.currentValue(of: "id0001"), fixed("300"), "the latest by date, not the last entered")
    }

    func test_record_refusesAClosedOrUnknownAccount_aBadValue_andAFutureTime() throws {
        let (sut, ledger, environment) = makeSUT()
        try ManageSavingsAccountsUseCase(store: LedgerSavingsStore(ledger: ledger), now: { july27 }, makeID: { "closed" }).add(name: "Old", value: nil, at: day(-9))
        try ManageSavingsAccountsUseCase(store: LedgerSavingsStore(ledger: ledger), now: { july27 }, makeID: { "x" }).close("Old", at: nil)

        XCTAssertEqual(savingsError { try sut.record(fixed("1"), for: "Old", at: nil) }, .accountClosed("Old"))
        XCTAssertEqual(savingsError { try sut.record(fixed("1"), for: "Nope", at: nil) }, .unknownAccount("Nope", known: ["ISA", "Old"]))
        XCTAssertEqual(savingsError { try sut.record(fixed("-0.01"), for: "ISA", at: nil) }, .invalidValue(fixed("-0.01")))
        XCTAssertEqual(savingsError { try sut.record(fixed("1"), for: "ISA", at: environment.now.addingTimeInterval(1)) },
                       .futureTime(environment.now.addingTimeInterval(1), now: environment.now))
        XCTAssertNoThrow(try sut.record(fixed("0"), for: "ISA", at: environment.now), "0 and now are fine")
    }

    func test_edit_changesValueOrTime_byAUniqueIDPrefix_andTheCurrentValueFollows() throws {
        let (sut, ledger, _) = makeSUT()
        let later = try sut.record(fixed("300"), for: "ISA", at: day(-1))

        try sut.edit(String(later.id.prefix(6)), value: nil, at: day(-20))

        let book = try LoadSavingsUseCase(store: LedgerSavingsStore(ledger: ledger)).load()
        XCTAssertEqual(book.currentValue(of: "id0001"), fixed("100"), "the edited update is now the earliest")
        XCTAssertEqual(savingsError { try sut.edit("id", value: fixed("1"), at: nil) }, .ambiguousUpdate("id", matches: 2))
        XCTAssertEqual(savingsError { try sut.edit("zz", value: fixed("1"), at: nil) }, .unknownUpdate("zz"))
    }

    func test_delete_removesOneUpdate_andTheCurrentValueIsRecalculated() throws {
        let (sut, ledger, _) = makeSUT()
        let later = try sut.record(fixed("300"), for: "ISA", at: day(-1))

        try sut.delete(later.id)

        XCTAssertEqual(try LoadSavingsUseCase(store: LedgerSavingsStore(ledger: ledger)).load().currentValue(of: "id0001"), fixed("100"))
    }

    func test_deinit_hasNoLeaks() {
        _ = makeSUT()
    }

    // MARK: - Helpers

    /// An account "ISA" worth 100 ten days ago.
    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (RecordSavingsValueUseCase, InMemoryLedgerStore, SavingsTestEnvironment) {
        let environment = SavingsTestEnvironment(now: july27)
        let ledger = InMemoryLedgerStore()
        try! ManageSavingsAccountsUseCase(store: LedgerSavingsStore(ledger: ledger), now: { [environment] in environment.now }, makeID: environment.makeID)
            .add(name: "ISA", value: fixed("100"), at: day(-10))
        let sut = RecordSavingsValueUseCase(store: LedgerSavingsStore(ledger: ledger), now: { [environment] in environment.now }, makeID: environment.makeID)
        trackForMemoryLeaks(sut, file: file, line: line)
        return (sut, ledger, environment)
    }
}
