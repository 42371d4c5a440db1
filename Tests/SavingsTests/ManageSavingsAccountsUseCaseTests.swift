import XCTest
import Ledger
import Savings
import TestSupport

final class ManageSavingsAccountsUseCaseTests: XCTestCase {
    func test_add_createsTheAccount_andItsValueBecomesTheFirstUpdate() throws {
        let (sut, ledger, _) = makeSUT()

        try sut.add(name: "  Monzo Cash ISA ", value: fixed("18503"), at: day(-1))

        let book = try LoadSavingsUseCase(store: LedgerSavingsStore(ledger: ledger)).load()
        XCTAssertEqual(book.accounts, [SavingsAccount(id: "id0001", name: "Monzo Cash ISA", createdAt: day(-1))])
        XCTAssertEqual(book.updates, [ValueUpdate(id: "id0002", accountID: "id0001", value: fixed("18503"), at: day(-1), recordedAt: july27)])
    }

    func test_add_withoutAValueOrTime_createsAnEmptyAccountNow() throws {
        let (sut, ledger, environment) = makeSUT()

        try sut.add(name: "ISA", value: nil, at: nil)

        let book = try LoadSavingsUseCase(store: LedgerSavingsStore(ledger: ledger)).load()
        XCTAssertEqual(book.accounts.map(\.createdAt), [environment.now])
        XCTAssertEqual(book.updates, [])
    }

    func test_add_inACurrency_keepsItsCode_andRefusesOneThatIsNotThreeLetters() throws {
        let (sut, ledger, _) = makeSUT()

        try sut.add(name: "Sparbuch", value: 100, at: nil, currency: " eur ")

        XCTAssertEqual(try LoadSavingsUseCase(store: LedgerSavingsStore(ledger: ledger)).load().accounts.map(\.currency), ["EUR"])
        XCTAssertEqual(savingsError { try sut.add(name: "B", value: nil, at: nil, currency: "euro") }, .invalidCurrency("EURO"))
    }

    func test_add_refusesANameTakenIgnoringCase_aBadName_aNegativeValue_andAFutureTime() throws {
        let (sut, ledger, environment) = makeSUT()
        try sut.add(name: "ISA", value: nil, at: nil)

        XCTAssertEqual(savingsError { try sut.add(name: "isa", value: nil, at: nil) }, .nameTaken("isa"))
        XCTAssertEqual(savingsError { try sut.add(name: "  ", value: nil, at: nil) }, .invalidName(""))
        XCTAssertEqual(savingsError { try sut.add(name: "Bad\u{1B}]0;x", value: nil, at: nil) }, .invalidName("Bad\u{1B}]0;x"))
        XCTAssertEqual(savingsError { try sut.add(name: "A", value: fixed("-1"), at: nil) }, .invalidValue(fixed("-1")))
        XCTAssertEqual(savingsError { try sut.add(name: "A", value: fixed("1.005"), at: nil) }, .invalidValue(fixed("1.005")))
        let oneSecondLate = environment.now.addingTimeInterval(1)
        XCTAssertEqual(savingsError { try sut.add(name: "A", value: nil, at: oneSecondLate) }, .futureTime(oneSecondLate, now: environment.now))
        XCTAssertEqual(try ledger.retrieveEntries().count, 1)
        XCTAssertNoThrow(try sut.add(name: "B", value: nil, at: environment.now), "now itself is fine")
    }

    func test_rename_keepsTheUpdates_andRefusesANameAnotherAccountHas() throws {
        let (sut, ledger, _) = makeSUT()
        try sut.add(name: "ISA", value: fixed("10"), at: day(-2))
        try sut.add(name: "Pension", value: nil, at: nil)

        try sut.rename("isa", to: "Cash ISA")
        XCTAssertEqual(savingsError { try sut.rename("Cash ISA", to: "PENSION") }, .nameTaken("PENSION"))
        XCTAssertNoThrow(try sut.rename("Cash ISA", to: "CASH ISA"), "its own name in another case")

        let book = try LoadSavingsUseCase(store: LedgerSavingsStore(ledger: ledger)).load()
        XCTAssertEqual(book.accounts.map(\.name), ["CASH ISA", "Pension"])
        XCTAssertEqual(book.currentValue(of: "id0001"), fixed("10"))
    }

    func test_close_keepsTheHistory_leavesTheTotal_andReopenUndoesIt() throws {
        let (sut, ledger, environment) = makeSUT()
        try sut.add(name: "ISA", value: fixed("100"), at: day(-3))
        try sut.add(name: "Pension", value: fixed("50"), at: day(-3))

        try sut.close("ISA", at: nil)
        let closed = try LoadSavingsUseCase(store: LedgerSavingsStore(ledger: ledger)).load()
        try sut.reopen("ISA")
        let reopened = try LoadSavingsUseCase(store: LedgerSavingsStore(ledger: ledger)).load()

        XCTAssertEqual(closed.account(named: "ISA")?.closedAt, environment.now)
        XCTAssertEqual(closed.updates.count, 2)
        XCTAssertEqual(closed.total, fixed("50"))
        XCTAssertEqual(reopened.total, fixed("150"))
    }

    func test_close_refusesTwice_beforeTheLatestUpdate_andInTheFuture() throws {
        let (sut, _, environment) = makeSUT()
        try sut.add(name: "ISA", value: fixed("100"), at: day(-3))

        XCTAssertEqual(savingsError { try sut.close("ISA", at: day(-3).addingTimeInterval(-1)) }, .closesBeforeLatestUpdate("ISA", latest: day(-3)))
        XCTAssertEqual(savingsError { try sut.close("ISA", at: environment.now.addingTimeInterval(1)) },
                       .futureTime(environment.now.addingTimeInterval(1), now: environment.now))
        XCTAssertNoThrow(try sut.close("ISA", at: day(-3)))
        XCTAssertEqual(savingsError { try sut.close("ISA", at: nil) }, .alreadyClosed("ISA", at: day(-3)))
        XCTAssertEqual(savingsError { try sut.reopen("Nope") }, .unknownAccount("Nope", known: ["ISA"]))
    }

    func test_delete_removesTheAccountAndEveryUpdate_asOneUnit_leavingOthers() throws {
        let (sut, ledger, _) = makeSUT()
        try sut.add(name: "ISA", value: fixed("100"), at: day(-3))
        try RecordSavingsValueUseCase(store: LedgerSavingsStore(ledger: ledger), now: { july27 }, makeID: { "extra" }).record(fixed("120"), for: "ISA", at: day(-1))
        try sut.add(name: "Pension", value: fixed("50"), at: day(-3))
        ledger.applied = []

        let deleted = try sut.delete("isa")

        XCTAssertEqual(deleted.updates, 2)
        XCTAssertEqual(ledger.applied.count, 1, "one all-or-nothing write")
        XCTAssertEqual(ledger.applied.first?.map(\.isDeleted), [true, true, true])
        let book = try LoadSavingsUseCase(store: LedgerSavingsStore(ledger: ledger)).load()
        XCTAssertEqual(book.accounts.map(\.name), ["Pension"])
        XCTAssertEqual(book.updates.map(\.accountID), [book.accounts[0].id])
    }

    func test_deinit_hasNoLeaks() {
        _ = makeSUT()
    }

    // MARK: - Helpers

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (ManageSavingsAccountsUseCase, LedgerSpy, SavingsTestEnvironment) {
        let environment = SavingsTestEnvironment(now: july27)
        let ledger = LedgerSpy()
        let sut = ManageSavingsAccountsUseCase(store: LedgerSavingsStore(ledger: ledger), now: { [environment] in environment.now }, makeID: environment.makeID)
        trackForMemoryLeaks(sut, file: file, line: line)
        trackForMemoryLeaks(ledger, file: file, line: line)
        return (sut, ledger, environment)
    }
}

/// An in-memory ledger that records each all-or-nothing write.
final class LedgerSpy: LedgerStore {
    private let store = InMemoryLedgerStore()
    var applied: [[LedgerEntry]] = []

    func retrieveEntries() throws(StoreError) -> [LedgerEntry] { store.retrieveEntries() }
    func append(_ entry: LedgerEntry) throws(StoreError) { store.append(entry) }
    func apply(_ entries: [LedgerEntry]) throws(StoreError) {
        applied.append(entries)
        store.apply(entries)
    }
    func withExclusiveAccess<T, Failure: Error>(_ body: () throws(Failure) -> T, lockFailure: (StoreError) -> Failure) throws(Failure) -> T {
        try store.withExclusiveAccess(body, lockFailure: lockFailure)
    }
}
