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

        let first = try sut.importExecutions([fill("1.20"), fill("1.50"), fill("1.20")], dryRun: false)
        let second = try sut.importExecutions([fill("1.20"), fill("1.80")], dryRun: false)

        XCTAssertEqual(first.added, 2)
        XCTAssertEqual(first.alreadyThere, 1)
        XCTAssertEqual(second.added, 1)
        XCTAssertEqual(try LoadJournalUseCase(store: LedgerJournalStore(ledger: ledger)).executions().map(\.price), [fixed("1.20"), fixed("1.50"), fixed("1.80")])
    }

    func test_dryRun_countsButWritesNothing() throws {
        let ledger = InMemoryLedgerStore()

        let outcome = try ImportExecutionsUseCase(store: LedgerJournalStore(ledger: ledger), now: { [now] in now }).importExecutions([fill("1")], dryRun: true)

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

    private func fill(_ price: String) -> Execution {
        Execution(execTime: Date(timeIntervalSince1970: 1_751_549_472), tradeDate: "2025-07-03", side: .buy, quantity: fixed("1"), symbol: "SPY",
                  expiration: "3 JUL 25", strike: fixed("580"), price: fixed(price), orderType: "LMT", positionEffect: .open, type: "CALL")
    }
}
