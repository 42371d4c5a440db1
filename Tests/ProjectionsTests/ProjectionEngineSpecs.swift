import XCTest
import Ledger
import Projections
import Transactions
import Portfolio
import TransactionsTestSupport
import LocalFileStore

/// A log the engine keeps checkpoints of, as a spec drives it.
protocol ProjectionEngineLog {
    /// The log as a run writes to it.
    var ledger: LedgerStore { get }
    /// The log as the next run opens it: the engine knows only what its checkpoints kept.
    func reopened() -> LedgerStore & CheckpointableLedger
    /// Changes bytes of every checkpoint kept.
    func damageCheckpoints(seed: UInt64) throws
}

/// What every engine must do, for every projection of the transactions: its answer equals a
/// replay of the same log, whatever was appended, edited or deleted (old records and recent
/// ones), back-dated, merged in a batch from another device, read in a new run, or damaged.
/// Run against the in-memory log and the file-backed one, so the two cannot drift apart.
protocol ProjectionEngineSpecs: XCTestCase {
    func makeLog() throws -> ProjectionEngineLog
}

extension ProjectionEngineSpecs {
    func assertCheckpointedAnswersEqualAReplay(seed: UInt64, steps: Int = 60, file: StaticString = #filePath, line: UInt = #line) throws {
        let log = try makeLog()
        var random = RandomHistory(seed: seed)
        var live: [Transaction] = []
        var stamp: Int64 = 1_700_000_000_000
        func write(_ transactions: [Transaction]) throws {
            stamp += 1
            try log.ledger.apply(transactions.map { TransactionsLedgerCodec.entry(for: $0, updatedAt: stamp) })
        }
        try write((0..<120).map { _ in random.transaction() })
        live = try ReplayedProjection(ledger: log.ledger, empty: NewestTransactions(base: base, capacity: .max)).current().newest
        var reads = 0
        for step in 0..<steps {
            switch random.next(below: 7) {
            case 0, 1:
                // New records, some dated long before the newest.
                try write((0...random.next(below: 3)).map { _ in random.transaction() })
            case 2:
                // An edit of any record, old or recent.
                if let edited = live.isEmpty ? nil : live[random.next(below: live.count)] { try write([random.edit(of: edited)]) }
            case 3:
                if let deleted = live.isEmpty ? nil : live[random.next(below: live.count)] {
                    stamp += 1
                    try log.ledger.append(.tombstone(id: deleted.id, kind: deleted.type.rawValue, at: stamp))
                }
            case 4:
                // Another device's batch: new records and new versions of old ones at once.
                let others = live.isEmpty ? [] : [random.edit(of: live[random.next(below: live.count)])]
                try write(others + [random.transaction(), random.transaction()])
            case 5:
                try log.damageCheckpoints(seed: UInt64(step) &* seed)
            default:
                break
            }
            live = try ReplayedProjection(ledger: log.ledger, empty: NewestTransactions(base: base, capacity: .max)).current().newest
            reads += try assertEveryProjectionEqualsAReplay(on: log.reopened(), step: step, file: file, line: line)
        }
        XCTAssertGreaterThan(reads, steps * 4, "every projection was read at every step", file: file, line: line)
    }

    /// Reads each projection twice (the second from the checkpoint the first kept) with its
    /// companions, and compares both with a replay.
    private func assertEveryProjectionEqualsAReplay(on log: LedgerStore & CheckpointableLedger, step: Int, file: StaticString, line: UInt) throws -> Int {
        let companions = ReplayCompanions<Transaction>()
        companions.add(TransactionsTally(base: base), log: log, recentRecords: 16)
        companions.add(PortfolioProjection(base: base, method: .fifo), log: log, recentRecords: 16)
        var reads = 0
        /// `answer` is what the use cases read of it.
        func check<Projection: CheckpointableProjection, Answer: Equatable>(_ empty: Projection, answer: (Projection) -> Answer) throws
            where Projection.Record == Transaction {
            let replayed = answer(try ReplayedProjection(ledger: log, empty: empty).current())
            let reader = CheckpointedProjectionReader(log: log, empty: empty, recentRecords: 16, companions: companions)
            for read in 1...2 {
                XCTAssertEqual(answer(try reader.current()), replayed, "step \(step), read \(read): \(empty.checkpointName)", file: file, line: line)
            }
            reads += 1
        }
        try check(TransactionsTally(base: base)) { $0 }
        try check(PortfolioProjection(base: base, method: .fifo)) { $0 }
        try check(PortfolioProjection(base: base, method: .average)) { $0 }
        // The gains as `gains` lists them, a day's sells in the order a replay adds them.
        try check(RealizedGainsProjection(base: base, method: .fifo)) { Array($0.gains()) }
        try check(NewestTransactions(base: base, capacity: 25)) { $0 }
        return reads
    }

    private var base: String { "USD" }
}

final class InMemoryProjectionEngineTests: XCTestCase, ProjectionEngineSpecs {
    func makeLog() throws -> ProjectionEngineLog { InMemoryEngineLog() }

    func test_checkpointedAnswers_equalAReplay_throughEditsDeletesBackDatingMergesAndDamage() throws {
        for seed in [3, 17, 29] as [UInt64] { try assertCheckpointedAnswersEqualAReplay(seed: seed) }
    }

    func test_aRewrittenLog_isNeverReadFromACheckpointOfTheOldOne() throws {
        let log = InMemoryLog()
        var random = RandomHistory(seed: 41)
        log.apply((0..<50).map { TransactionsLedgerCodec.entry(for: random.transaction(), updatedAt: Int64($0)) })
        let reader = CheckpointedProjectionReader(log: log, empty: TransactionsTally(base: "USD"))
        _ = try reader.current()
        XCTAssertFalse(log.checkpointNames.isEmpty, "a read keeps a checkpoint")

        let first = try XCTUnwrap(log.retrieveEntries().first)
        log.append(.tombstone(id: first.id, kind: first.kind, at: 100))
        log.rewrite()

        XCTAssertEqual(try reader.current(), try ReplayedProjection(ledger: log, empty: TransactionsTally(base: "USD")).current())
    }
}

/// The in-memory log, reopened as itself: its checkpoints are what a new run finds.
private struct InMemoryEngineLog: ProjectionEngineLog {
    let log = InMemoryLog()
    var ledger: LedgerStore { log }
    func reopened() -> LedgerStore & CheckpointableLedger { log }

    func damageCheckpoints(seed: UInt64) {
        log.damageCheckpoints { payload in
            guard !payload.isEmpty else { return [1] }
            var damaged = payload
            damaged[Int(seed % UInt64(payload.count))] ^= 0x5A
            return damaged
        }
    }
}

final class FileProjectionEngineTests: XCTestCase, ProjectionEngineSpecs {
    func makeLog() throws -> ProjectionEngineLog {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("projection-specs-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return FileEngineLog(directory: directory)
    }

    func test_checkpointedAnswers_equalAReplay_throughEditsDeletesBackDatingMergesAndDamage() throws {
        for seed in [3, 17] as [UInt64] { try assertCheckpointedAnswersEqualAReplay(seed: seed, steps: 40) }
    }
}

/// The log file, opened again by each read as a new run opens it.
private struct FileEngineLog: ProjectionEngineLog {
    let directory: URL
    var ledger: LedgerStore { FileLedgerStore(directory: directory) }
    func reopened() -> LedgerStore & CheckpointableLedger { FileLedgerStore(directory: directory) }

    func damageCheckpoints(seed: UInt64) throws {
        let checkpoints = directory.appendingPathComponent("checkpoints")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: checkpoints.path)) ?? [] {
            let url = checkpoints.appendingPathComponent(name)
            var bytes = [UInt8](try Data(contentsOf: url))
            guard !bytes.isEmpty else { continue }
            bytes[Int(seed % UInt64(bytes.count))] ^= 0x5A
            try Data(bytes).write(to: url)
        }
    }
}
