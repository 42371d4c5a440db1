import Foundation
import Ledger
import Projections
import Transactions
@testable import LocalFileStore

// Test helper for the durability specs: writes to a file store as fast as it can and prints a line
// only after each write has returned, so the test knows exactly which writes were acknowledged.
//   store-writer DIR COUNT [--tally] [--batches]
// With --tally, each write is followed by a read of the transactions' tally, which saves its
// checkpoint, with a base only four transactions behind, so it takes a new base every few
// writes: a kill may land mid-checkpoint, and mid-way through moving the base, too.
// Notes hold a tab, a newline and ESC, so every line exercises the escaping. Every fifth
// operation deletes an earlier transaction, the oldest or the newest in turn (announced first
// with "deleting ID"), which with a tiny compaction threshold also exercises the compaction's
// atomic rename; a delete of the newest is folded again from the tally's base.
// With --batches, every seventh operation writes a batch of 5,000 transactions at once, as an
// import does, announced before ("batching TAG") and after ("batched TAG"); their ids start
// with the tag, and a kill must leave all of them or none.
/// Unbuffered, so what the test reads is exactly what was acknowledged before the kill.
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

let arguments = CommandLine.arguments
let options = Set(arguments.dropFirst(3))
guard arguments.count >= 3, let count = Int(arguments[2]), options.isSubset(of: ["--tally", "--batches"]) else {
    FileHandle.standardError.write(Data("usage: store-writer DIR COUNT [--tally] [--batches]\n".utf8))
    exit(2)
}
let ledger = FileLedgerStore(directory: URL(fileURLWithPath: arguments[1]), compactionMinimumGarbage: 3)
// Batches written 4 KB at a time, so a kill lands between their pieces.
ledger.batchPieceSize = 4_096
let store = LedgerTransactionsStore(ledger: ledger)
let tally = options.contains("--tally") ? CheckpointedTransactionsTally(log: ledger, base: "USD", recentRecords: 4) : nil
var acknowledged: [Transaction] = []
do {
    for index in 0..<count {
        if options.contains("--batches"), index % 7 == 6 {
            let tag = "batch-" + UUID().uuidString.lowercased().prefix(8)
            let batch = (0..<5_000).map { number in
                Transaction(id: "\(tag)-\(number)", date: CalendarDay(daysSinceEpoch: 19_000 + Int32(index / 7)), type: .buy, ticker: "MSFT",
                            quantity: 1, sum: 10, note: "batch \(number)", updatedAt: Date())
            }
            say("batching \(tag)")
            try store.upsert(contentsOf: batch)
            say("batched \(tag)")
        } else if index % 5 == 4, !acknowledged.isEmpty {
            let transaction = index % 10 == 4 ? acknowledged.removeFirst() : acknowledged.removeLast()
            say("deleting \(transaction.id)")
            try store.withExclusiveAccess { () throws(TransactionsStoreError) in
                _ = try store.retrieveAll()
                try store.delete(transaction, deletedAt: Date())
            }
            say("del \(transaction.id)")
        } else {
            let id = UUID().uuidString.lowercased()
            // Deposits now and then, so the tally tracks cash too.
            let transaction = Transaction(id: id, date: CalendarDay(daysSinceEpoch: 19_000 + Int32(index / 7)), type: index % 7 == 0 ? .deposit : .buy,
                                          ticker: index % 7 == 0 ? "" : "AAPL", quantity: index % 7 == 0 ? 0 : 1, sum: 100,
                                          note: "writer \(getpid())\t\n\u{1B}", updatedAt: Date())
            try store.upsert(transaction)
            acknowledged.append(transaction)
            say("add \(id)")
        }
        _ = try tally?.tally()
    }
} catch {
    FileHandle.standardError.write(Data("store-writer: \(error)\n".utf8))
    exit(1)
}
