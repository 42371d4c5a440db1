import XCTest
import FixedPoint
import Ledger
import OptionsJournal
import TestSupport

final class ImportExecutionsUseCaseTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_760_000_000)

    func test_import_addsEachFillOnce_evenWhenAStatementRepeatsOrComesTwice() throws {
        let ledger = InMemoryLedgerStore()
        let sut = ImportExecutionsUseCase(store: LedgerJournalStore(ledger: ledger), now: { [now] in now })

        let first = try sut.importExecutions([fill("1.20"), fill("1.50"), fill("1.20")], from: "statement.csv", dryRun: false)
        let second = try sut.importExecutions([fill("1.20"), fill("1.80")], from: "statement.csv", dryRun: false)

        XCTAssertEqual(first.added, 2)
        XCTAssertEqual(first.alreadyThere, 1)
        XCTAssertEqual(second.added, 1)
        XCTAssertEqual(try LoadJournalUseCase(store: LedgerJournalStore(ledger: ledger)).executions().map(\.price), [fixed("1.20"), fixed("1.50"), fixed("1.80")])
    }

    /// The web app rebuilds its fills from `uploadedFiles`, where no import of
    /// this client's was listed, so a web upload dropped them all.
    func test_import_listsItsNewFillsUnderTheFilesName_inTheStatementsOrder_addingToAnEarlierListOfThatName() throws {
        let store = LedgerJournalStore(ledger: InMemoryLedgerStore())
        let sut = ImportExecutionsUseCase(store: store, now: { [now] in now })

        _ = try sut.importExecutions([fill("1.50"), fill("1.20")], from: "july.csv", dryRun: false)
        _ = try sut.importExecutions([fill("1.20"), fill("1.80")], from: "july.csv", dryRun: false)
        _ = try sut.importExecutions([fill("1.20")], from: "again.csv", dryRun: false)

        XCTAssertEqual(try store.uploads(), [JournalUpload(name: "july.csv", executionIDs: [fill("1.50").id, fill("1.20").id, fill("1.80").id])],
                       "a file that added nothing is listed nowhere")
    }

    /// Earlier releases kept a statement's own time and `3 JUL 25`, so their
    /// ids differ from the web app's; a statement they imported isn't added again.
    func test_import_skipsAFillAnEarlierReleaseImportedUnderItsFormerID() throws {
        let ledger = InMemoryLedgerStore()
        let sut = ImportExecutionsUseCase(store: LedgerJournalStore(ledger: ledger), now: { [now] in now })
        _ = try sut.importExecutions([fill("1.20")], from: "july.csv", dryRun: false)

        let outcome = try sut.importExecutions([fill("1.20", expiration: "3 7 2025"), fill("1.50", expiration: "3 7 2025")],
                                               formerIDs: [fill("1.20").id, fill("1.50").id], from: "july.csv", dryRun: false)

        XCTAssertEqual(outcome.added, 1)
        XCTAssertEqual(outcome.alreadyThere, 1)
    }

    func test_dryRun_countsButWritesNothing() throws {
        let ledger = InMemoryLedgerStore()

        let outcome = try ImportExecutionsUseCase(store: LedgerJournalStore(ledger: ledger), now: { [now] in now }).importExecutions([fill("1")], from: "statement.csv", dryRun: true)

        XCTAssertEqual(outcome.added, 1)
        XCTAssertEqual(ledger.retrieveEntries(), [])
    }

    func test_codec_roundTripsAFill_andTheValidatorRejectsABadOne() throws {
        let execution = fill("582.50")
        let entry = JournalLedgerCodec.entry(for: execution, updatedAt: 1)
        let negative = LedgerEntry(id: "exec-bad", kind: "journal-execution", schema: 1, updatedAt: 1,
                                   payload: LedgerPayload(entry.payload.fields.map { $0.name == "qty" ? ($0.name, "-1") : $0 }))

        XCTAssertEqual(try JournalLedgerCodec.record(from: entry), execution)
        XCTAssertEqual(JournalEntryValidator().rejections(of: [entry, negative], over: []),
                       [LedgerRejection(id: "exec-bad", kind: "journal-execution", reasons: ["qty is not valid"])])
    }

    private func fill(_ price: String, expiration: String = "3 JUL 25") -> Execution {
        Execution(execTime: Date(timeIntervalSince1970: 1_751_549_472), tradeDate: "2025-07-03", side: .buy, quantity: fixed("1"), symbol: "SPY",
                  expiration: expiration, strike: fixed("580"), price: fixed(price), orderType: "LMT", positionEffect: .open, type: "CALL")
    }
}
