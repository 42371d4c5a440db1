import XCTest
import Projections
import Ledger
import FixedPoint
import OptionsJournal
import LocalFileStore
import TestSupport
import TransactionsTestSupport

/// The journal's trades, open positions and stray closes read from their checkpoint in the real
/// log, against cycles built from every execution, after every kind of change: statements
/// imported in time order and late ones, fills of the same second, removals, a removed fill
/// imported again, annotations and other kinds' lines, compactions.
final class CheckpointedJournalCyclesTests: XCTestCase {
    func test_randomChanges_theCheckpointedCyclesAlwaysEqualCyclesBuiltFromEveryExecution() throws {
        let directory = makeTemporaryDirectory()
        let log = FileLedgerStore(directory: directory, compactionMinimumGarbage: 5)
        let store = LedgerJournalStore(ledger: log)
        var random = RandomHistory(seed: 33)
        let counted = CountingLog(FileLedgerStore(directory: directory))
        var clock: Int64 = 1_751_000_000_000, removed: [Execution] = []
        func fill(backDated: Bool) -> Execution {
            clock += Int64(random.next(below: 3) * 60_000)
            let at = backDated ? clock - Int64(random.next(below: 50) * 60_000) : clock
            let (side, effect): (Execution.Side, Execution.PositionEffect) = [(.buy, .open), (.sell, .close), (.sell, .open), (.buy, .close)][random.next(below: 4)]
            return Execution(execTime: Date(millisecondsSince1970: at), tradeDate: "2025-07-03", side: side, quantity: FixedDecimal(1 + random.next(below: 3)),
                             symbol: ["SPY", "QQQ"][random.next(below: 2)], expiration: "3 JUL 25", strike: FixedDecimal(580 + random.next(below: 2)),
                             price: FixedDecimal(units: Int128(random.next(below: 500)) * FixedDecimal.scale / 100), orderType: "LMT",
                             positionEffect: effect, type: "CALL", fees: FixedDecimal(random.next(below: 2)))
        }
        for step in 0..<200 {
            let now = Date(timeIntervalSince1970: Double(1_800_000_000 + step))
            switch random.next(below: 10) {
            case 0...3:
                let statement = (0..<(1 + random.next(below: 4))).map { _ in fill(backDated: random.next(below: 5) == 0) }
                _ = try ImportExecutionsUseCase(store: store, now: { now }).importExecutions(statement, from: "statement-\(step % 4).csv", dryRun: false)
            case 4 where !(try store.executions().isEmpty):
                let executions = try store.executions()
                removed.append(try RemoveExecutionUseCase(store: store, now: { now }).remove(executions[random.next(below: executions.count)].id))
            case 5 where !removed.isEmpty:
                try store.add([removed.removeLast()], listedIn: nil, at: now)
            case 6:
                try store.apply([.note(date: "2025-07-0\(1 + random.next(below: 5))", text: "step \(step)")], at: now)
            default:
                try log.append(LedgerEntry(id: "other-\(step)", kind: "someone-elses-kind", schema: 1, updatedAt: 1, payload: LedgerPayload([("text", "x")])))
            }
            let checkpointed = try LedgerJournalStore(ledger: FileLedgerStore(directory: directory), cycles: CheckpointedProjectionReader(log: counted, empty: JournalCycles())).cycles()
            XCTAssertEqual(checkpointed, TradeCycles.build(try LedgerJournalStore(ledger: FileLedgerStore(directory: directory)).executions()), "step \(step)")
        }
        XCTAssertLessThan(counted.replays, 100, "most steps are folded in, not replayed")
    }

    func test_aStatementOfLaterFills_isFoldedIntoTheCheckpoint_andAnEarlierOneIsReplayed() throws {
        let directory = makeTemporaryDirectory()
        let store = LedgerJournalStore(ledger: FileLedgerStore(directory: directory))
        let log = CountingLog(FileLedgerStore(directory: directory))
        let read = { try LedgerJournalStore(ledger: FileLedgerStore(directory: directory), cycles: CheckpointedProjectionReader(log: log, empty: JournalCycles())).cycles() }
        try store.add([fill(.buy, .open, at: 10, price: 1)], listedIn: nil, at: Date())
        XCTAssertEqual(try read().open.count, 1)
        XCTAssertEqual(log.replays, 1, "no checkpoint yet")

        try store.add([fill(.sell, .close, at: 20, price: 3)], listedIn: nil, at: Date())
        let later = try read()
        XCTAssertEqual(log.replays, 1, "a later fill is folded in")
        XCTAssertEqual(later.trades.map(\.profitLoss), [200])
        XCTAssertEqual(later.open, [])

        try store.add([fill(.buy, .open, at: 5, price: 2)], listedIn: nil, at: Date())
        let earlier = try read()
        XCTAssertEqual(log.replays, 2, "an earlier fill has a place only a replay gives")
        XCTAssertEqual(earlier.trades, [], "the earlier buy opens the cycle, and the sell closes one of two")
        XCTAssertEqual(earlier.open.map(\.quantity), [1])
        XCTAssertEqual(earlier.open.map(\.openedAt), [Date(millisecondsSince1970: 1_751_000_000_000 + 5 * 60_000)])
    }

    private func fill(_ side: Execution.Side, _ effect: Execution.PositionEffect, at minute: Int64, price: Int) -> Execution {
        Execution(execTime: Date(millisecondsSince1970: 1_751_000_000_000 + minute * 60_000), tradeDate: "2025-07-03", side: side, quantity: 1,
                  symbol: "SPY", expiration: "3 JUL 25", strike: 580, price: FixedDecimal(price), orderType: "LMT", positionEffect: effect, type: "CALL")
    }
}
