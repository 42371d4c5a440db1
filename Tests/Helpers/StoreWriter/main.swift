import Foundation
import Transactions
import LocalFileStore

// Test helper for the durability specs: writes to a file store as fast as it can and prints a line
// only after each write has returned, so the test knows exactly which writes were acknowledged.
//   store-writer DIR COUNT
// Every fifth operation deletes an earlier transaction (announced first with "deleting ID"), which
// with a tiny compaction threshold also exercises the compaction's atomic rename.
/// Unbuffered, so what the test reads is exactly what was acknowledged before the kill.
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: store-writer DIR COUNT\n".utf8))
    exit(2)
}
let store = FileTransactionsStore(directory: URL(fileURLWithPath: arguments[1]), compactionMinimumGarbage: 3)
var acknowledged: [String] = []
do {
    for index in 0..<count {
        if index % 5 == 4, !acknowledged.isEmpty {
            let id = acknowledged.removeFirst()
            say("deleting \(id)")
            try store.withExclusiveAccess {
                _ = try store.retrieveAll()
                try store.delete(id: id, deletedAt: Date())
            }
            say("del \(id)")
        } else {
            let id = UUID().uuidString.lowercased()
            try store.upsert(Transaction(id: id, date: CalendarDay(daysSinceEpoch: 19_000), type: .buy, ticker: "AAPL",
                                         quantity: 1, sum: 100, note: "writer \(getpid())", updatedAt: Date()))
            acknowledged.append(id)
            say("add \(id)")
        }
    }
} catch {
    FileHandle.standardError.write(Data("store-writer: \(error)\n".utf8))
    exit(1)
}
