import XCTest
import Projections
import Transactions
import LocalFileStore
import TestSupport

/// Real processes, real SIGKILLs: the store must never lose an acknowledged write nor become
/// unreadable, wherever the kill lands (mid-append, mid-fsync, mid-compaction).
final class FileLedgerStoreCrashTests: XCTestCase {
    func test_killedWriter_neverLosesAcknowledgedWritesAndLeavesAReadableFile() throws {
        var generator = SystemRandomNumberGenerator()
        let directory = makeTemporaryDirectory()
        var everAdded = Set<String>(), acknowledgedDeletes = Set<String>(), unacknowledgedDeletes = Set<String>()

        for round in 0..<30 {
            let log = try runWriterAndKill(directory: directory, afterAcknowledgements: Int.random(in: 1...40, using: &generator),
                                           extraDelayMicroseconds: UInt32.random(in: 0...3_000, using: &generator))
            for line in log.split(separator: "\n") {
                let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { continue } // a line cut by the kill was never complete
                switch parts[0] {
                case "add": everAdded.insert(parts[1])
                case "deleting": unacknowledgedDeletes.insert(parts[1])
                case "del": acknowledgedDeletes.insert(parts[1]); unacknowledgedDeletes.remove(parts[1])
                default: XCTFail("unexpected writer output: \(line)")
                }
            }

            let stored: Set<String>
            do {
                stored = Set(try LedgerTransactionsStore(ledger: FileLedgerStore(directory: directory)).retrieveAll().map(\.id))
            } catch {
                return XCTFail("round \(round): the store became unreadable: \(error)")
            }
            let mustBePresent = everAdded.subtracting(acknowledgedDeletes).subtracting(unacknowledgedDeletes)
            XCTAssertTrue(mustBePresent.isSubset(of: stored), "round \(round): lost \(mustBePresent.subtracting(stored))")
            XCTAssertTrue(stored.isDisjoint(with: acknowledgedDeletes), "round \(round): a deleted transaction came back")
        }
        XCTAssertGreaterThan(everAdded.count, 30)
    }

    /// Kills land mid-way through batches of 5,000 lines too (an import, a sync's pull): each
    /// batch is kept whole or not at all, and one acknowledged is kept.
    func test_killedWriter_leavesEachBatchWholeOrNotAtAll() throws {
        var generator = SystemRandomNumberGenerator()
        var acknowledgedBatches = 0, interruptedBatches = 0
        for round in 0..<20 {
            let directory = makeTemporaryDirectory()
            let log = try runWriterAndKill(directory: directory, afterAcknowledgements: Int.random(in: 6...14, using: &generator),
                                           extraDelayMicroseconds: UInt32.random(in: 0...120_000, using: &generator), batches: true)
            var begun = Set<String>(), acknowledged = Set<String>()
            for line in log.split(separator: "\n") {
                let parts = line.split(separator: " ").map(String.init)
                guard parts.count == 2 else { continue }
                if parts[0] == "batching" { begun.insert(parts[1]) }
                if parts[0] == "batched" { acknowledged.insert(parts[1]) }
            }
            let stored: [String]
            do {
                stored = try LedgerTransactionsStore(ledger: FileLedgerStore(directory: directory)).retrieveAll().map(\.id)
            } catch {
                return XCTFail("round \(round): the store became unreadable: \(error)")
            }
            var kept: [String: Int] = [:]
            for id in stored where id.hasPrefix("batch-") { kept[String(id.prefix(14)), default: 0] += 1 }
            for (tag, count) in kept { XCTAssertEqual(count, 5_000, "round \(round): batch \(tag) was kept in part") }
            for tag in acknowledged { XCTAssertEqual(kept[tag], 5_000, "round \(round): acknowledged batch \(tag) was lost") }
            XCTAssertTrue(Set(kept.keys).isSubset(of: begun))
            acknowledgedBatches += acknowledged.count
            interruptedBatches += begun.subtracting(acknowledged).count
        }
        XCTAssertGreaterThan(acknowledgedBatches, 5)
        XCTAssertGreaterThan(interruptedBatches, 5, "kills landed during batches")
    }

    /// Kills land mid-append, mid-compaction and mid-checkpoint: whatever is left, the tally read
    /// through its checkpoint equals a replay of the log.
    func test_killedWriterAndCheckpointer_leaveATallyThatEqualsAReplay() throws {
        var generator = SystemRandomNumberGenerator()
        let directory = makeTemporaryDirectory()
        for round in 0..<20 {
            _ = try runWriterAndKill(directory: directory, afterAcknowledgements: Int.random(in: 1...30, using: &generator),
                                     extraDelayMicroseconds: UInt32.random(in: 0...3_000, using: &generator), tally: true)
            let replayed = TransactionsTally(base: "USD", history: try LedgerTransactionsStore(ledger: FileLedgerStore(directory: directory)).retrieveAll())
            XCTAssertEqual(try CheckpointedTransactionsTally(log: FileLedgerStore(directory: directory), base: "USD").tally(), replayed, "round \(round)")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("checkpoints/" + TransactionsTally(base: "USD").checkpointName).path))
    }

    func test_parallelWriters_neverLoseEachOthersUpdates() throws {
        let directory = makeTemporaryDirectory()
        let processes = (0..<8).map { _ in makeWriter(directory: directory, count: 50) }
        var outputs: [Pipe] = []
        for (process, pipe) in processes {
            try process.run()
            outputs.append(pipe)
        }
        let acknowledged = outputs.flatMap { pipe in
            String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        }
        for (process, _) in processes {
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
        }

        var expected = Set<String>()
        for line in acknowledged {
            let parts = line.split(separator: " ").map(String.init)
            if parts[0] == "add" { expected.insert(parts[1]) }
            if parts[0] == "del" { expected.remove(parts[1]) }
        }
        XCTAssertEqual(Set(try LedgerTransactionsStore(ledger: FileLedgerStore(directory: directory)).retrieveAll().map(\.id)), expected)
        XCTAssertEqual(acknowledged.filter { $0.hasPrefix("add") }.count, 8 * 40)
    }

    // MARK: - Helpers

    private func makeWriter(directory: URL, count: Int, tally: Bool = false, batches: Bool = false) -> (Process, Pipe) {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent("store-writer")
        process.arguments = [directory.path, String(count)] + (tally ? ["--tally"] : []) + (batches ? ["--batches"] : [])
        let pipe = Pipe()
        process.standardOutput = pipe
        return (process, pipe)
    }

    /// Starts a writer, waits for some acknowledgements plus a random moment, then SIGKILLs it.
    private func runWriterAndKill(directory: URL, afterAcknowledgements wanted: Int, extraDelayMicroseconds: UInt32, tally: Bool = false,
                                  batches: Bool = false) throws -> String {
        let (process, pipe) = makeWriter(directory: directory, count: 1_000_000, tally: tally, batches: batches)
        try process.run()
        var output = Data()
        let reader = pipe.fileHandleForReading
        // With batches, the kill lands while one is being written: after it was announced.
        func ready() -> Bool {
            let lines = output.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
            guard lines.count >= wanted, output.last == UInt8(ascii: "\n") else { return false }
            return !batches || lines.last.map { $0.starts(with: Array("batching".utf8)) } == true
        }
        while !ready() {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            output.append(chunk)
        }
        usleep(extraDelayMicroseconds)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        output.append(reader.readDataToEndOfFile())
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        return String(decoding: output, as: UTF8.self)
    }
}
