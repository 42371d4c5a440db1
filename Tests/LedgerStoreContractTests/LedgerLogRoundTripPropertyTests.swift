import XCTest
import Ledger
import LocalFileStore
import TestSupport

/// The hand-written log scanner against the in-memory store, the straightforward reference, on
/// random entries (fixed seed) of random kinds, with every awkward character in ids, names and values.
final class LedgerLogRoundTripPropertyTests: XCTestCase {
    func test_fileStore_deliversExactlyWhatTheInMemoryStoreDoesOnRandomWrites() throws {
        var random = SeededRandom(seed: 99)
        let alphabet: [Character] = ["a", "Z", " ", ",", "\"", "=", "\t", "\n", "\r", "\\", "\u{1B}", "\u{07}", "\u{7F}", "\u{0}", "é", "€", "🙂", "\u{85}"]
        func text(_ maximum: Int) -> String {
            String((0..<random.below(maximum)).map { _ in alphabet[random.below(alphabet.count)] })
        }
        let directory = makeTemporaryDirectory()
        let file = FileLedgerStore(directory: directory, compactionMinimumGarbage: 20)
        let memory = InMemoryLedgerStore()
        var ids: [String] = []
        for index in 0..<600 {
            let operation = random.below(10)
            let id = operation < 4 && !ids.isEmpty ? ids[random.below(ids.count)] : "id-\(index)" + text(4)
            if !ids.contains(id) { ids.append(id) }
            let kind = ["buy", "sell", "dividend", "future-kind"][random.below(4)]
            let entry = operation < 2
                ? LedgerEntry.tombstone(id: id, kind: kind, at: Int64(index))
                : LedgerEntry(id: id, kind: kind, schema: 1 + random.below(3), updatedAt: Int64(random.below(Int(LedgerClock.latest))),
                              payload: LedgerPayload((0..<random.below(5)).map { _ in ("f" + text(3), text(12)) }))
            if operation == 9 {
                try file.apply([entry])
                memory.apply([entry])
            } else {
                try file.withExclusiveAccess { () throws(StoreError) in
                    _ = try file.retrieveEntries() // lets the writer compact, as a use case would
                    try file.append(entry)
                }
                memory.append(entry)
            }
        }

        XCTAssertEqual(Set(try FileLedgerStore(directory: directory).retrieveEntries()), Set(memory.retrieveEntries()))
    }
}
