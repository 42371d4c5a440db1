import XCTest
import FixedPoint
import Transactions
import LocalFileStore
import TestSupport

/// The hand-written log scanner against the in-memory store, the straightforward reference, on
/// random transactions (fixed seed) with awkward notes and numbers.
final class TransactionsLogRoundTripPropertyTests: XCTestCase {
    func test_fileStore_deliversExactlyWhatTheInMemoryStoreDoesOnRandomWrites() throws {
        var random = UInt64(99)
        func next() -> UInt64 {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return random >> 11
        }
        let noteAlphabet = Array("ab ,\"\t\n\\é€🙂")
        let file = FileTransactionsStore(directory: makeTemporaryDirectory(), compactionMinimumGarbage: 20)
        let memory = InMemoryTransactionsStore()
        var ids: [String] = []
        for index in 0..<600 {
            let operation = next() % 10
            if operation < 2, !ids.isEmpty {
                let id = ids.remove(at: Int(next() % UInt64(ids.count)))
                for store in [file, memory] as [TransactionsStore] {
                    try store.withExclusiveAccess {
                        _ = try store.retrieveAll()
                        try store.delete(id: id, deletedAt: Date(timeIntervalSince1970: Double(index)))
                    }
                }
                continue
            }
            let id = operation < 4 && !ids.isEmpty ? ids[Int(next() % UInt64(ids.count))] : "id-\(index)"
            if !ids.contains(id) { ids.append(id) }
            let note = next() % 3 == 0 ? nil : String((0..<Int(next() % 12)).map { _ in noteAlphabet[Int(next() % UInt64(noteAlphabet.count))] })
            let transaction = Transaction(
                id: id, date: CalendarDay(daysSinceEpoch: Int32(next() % 20_000)), type: next() % 2 == 0 ? .buy : .sell,
                ticker: ["A", "BRK.B", "VOD.L", "X-1"][Int(next() % 4)], quantity: FixedDecimal(units: Int128(next() % 10_000_000_000_000) + 1),
                sum: FixedDecimal(units: Int128(next() % 100_000_000_000_000) + 1), note: note?.isEmpty == true ? nil : note,
                updatedAt: Date(timeIntervalSince1970: Double(next() % 2_000_000_000_000) / 1000))
            try file.upsert(transaction)
            try memory.upsert(transaction)
        }

        XCTAssertEqual(Set(try FileTransactionsStore(directory: URL(fileURLWithPath: file.logPath).deletingLastPathComponent()).retrieveAll()),
                       Set(try memory.retrieveAll()))
    }
}
