import XCTest
import Projections
import Ledger
import FixedPoint
import Savings
import LocalFileStore
import TestSupport
import TransactionsTestSupport

/// Each savings account's latest value read from its checkpoint in the real log, against a read
/// of every update, after every kind of change: new accounts and values (back-dated too), edits,
/// renames, closings, deletions, batches that rewrite the log, other kinds' lines, compactions.
final class CheckpointedSavingsSummaryTests: XCTestCase {
    func test_randomChanges_theCheckpointedSummaryAlwaysEqualsAFullRead() throws {
        let directory = makeTemporaryDirectory()
        let log = FileLedgerStore(directory: directory, compactionMinimumGarbage: 5)
        let store = LedgerSavingsStore(ledger: log)
        var random = RandomHistory(seed: 14)
        var accounts: [SavingsAccount] = [], updates: [ValueUpdate] = []
        func update() -> ValueUpdate {
            ValueUpdate(id: "u\(updates.count)-\(random.next(below: 1_000_000))", accountID: accounts[random.next(below: accounts.count)].id,
                        value: FixedDecimal(random.next(below: 100_000)), at: Date(timeIntervalSince1970: Double(random.next(below: 50) * 86_400)))
        }
        for step in 0..<300 {
            let now = Date(timeIntervalSince1970: Double(1_000_000 + step))
            switch random.next(below: 10) {
            case 0, 1:
                let account = SavingsAccount(id: "a\(step)", name: "Pot \(random.next(below: 5))", createdAt: now)
                try store.write([.account(account)], at: now)
                accounts.append(account)
            case 2...4 where !accounts.isEmpty:
                let new = update()
                try store.write([.update(new)], at: now)
                updates.append(new)
            case 5 where !updates.isEmpty:
                var edited = updates[random.next(below: updates.count)]
                edited.value += FixedDecimal(1)
                try store.write([.update(edited)], at: now)
            case 6 where !updates.isEmpty:
                try store.write([.removeUpdate(id: updates.remove(at: random.next(below: updates.count)).id)], at: now)
            case 7 where !accounts.isEmpty:
                var account = accounts[random.next(below: accounts.count)]
                if random.next(below: 2) == 0 { account.name += "!" } else { account.closedAt = now }
                try store.write([.account(account)], at: now)
            case 8 where !accounts.isEmpty:
                let batch = (0..<3).map { _ in update() }
                try store.write(batch.map(SavingsChange.update), at: now)
                updates += batch
            default:
                try log.append(LedgerEntry(id: "note-\(step)", kind: "someone-elses-kind", schema: 1, updatedAt: 1, payload: LedgerPayload([("text", "x")])))
            }
            XCTAssertEqual(try checkpointed(directory), try LedgerSavingsStore(ledger: FileLedgerStore(directory: directory)).summary(), "step \(step)")
        }
    }

    func test_aReadAfterANewValue_foldsItIntoTheCheckpoint_insteadOfReplaying() throws {
        let directory = makeTemporaryDirectory()
        let store = LedgerSavingsStore(ledger: FileLedgerStore(directory: directory))
        let account = SavingsAccount(id: "isa", name: "ISA", createdAt: Date(timeIntervalSince1970: 0))
        try store.write([.account(account)], at: Date(timeIntervalSince1970: 1))
        let log = CountingLog(FileLedgerStore(directory: directory))
        _ = try LedgerSavingsStore(ledger: FileLedgerStore(directory: directory), summaries: CheckpointedProjectionReader(log: log, empty: .empty)).summary()
        XCTAssertEqual(log.replays, 1, "no checkpoint yet")

        let value = ValueUpdate(id: "v1", accountID: "isa", value: 1_500, at: Date(timeIntervalSince1970: 86_400))
        try store.write([.update(value)], at: Date(timeIntervalSince1970: 2))
        let summary = try LedgerSavingsStore(ledger: FileLedgerStore(directory: directory), summaries: CheckpointedProjectionReader(log: log, empty: .empty)).summary()

        XCTAssertEqual(log.replays, 1)
        XCTAssertEqual(summary.latestUpdates["isa"]?.value, 1_500)
        XCTAssertEqual(summary.total, 1_500)
    }

    private func checkpointed(_ directory: URL) throws -> SavingsSummary {
        try LedgerSavingsStore(ledger: FileLedgerStore(directory: directory), summaries: CheckpointedProjectionReader(log: FileLedgerStore(directory: directory), empty: .empty)).summary()
    }
}
