import XCTest
import FixedPoint
import Ledger
import Projections
import Transactions
import TestSupport
import TransactionsTestSupport

/// The newest transactions kept for `list`: folded one at a time they equal a replay, and
/// whatever they answer is what listing the whole history answers.
final class NewestTransactionsTests: XCTestCase {
    private let base = "USD"

    func test_foldingInAddedOrder_equalsAReplay_atEveryStep() throws {
        for seed in 1...20 {
            var random = RandomHistory(seed: UInt64(seed) * 3)
            var history: [Transaction] = []
            var newest = NewestTransactions(base: base, capacity: 15)
            for step in 0..<60 {
                let transaction = try stored(random.transaction())
                history.append(transaction)
                XCTAssertTrue(newest.fold(transaction))
                XCTAssertEqual(newest, NewestTransactions(base: base, capacity: 15).replaying(history), "seed \(seed), step \(step)")
            }
        }
    }

    func test_revisedWithEditsAndDeletes_equalsAReplayOfTheChangedHistory() {
        assertRevisionEqualsAReplay(of: NewestTransactions(base: "USD"), seed: 405, minimumRevised: 290)
        assertRevisionEqualsAReplay(of: NewestTransactions(base: "USD", capacity: 10), seed: 406, minimumRevised: 120)
    }

    func test_answer_isWhatListingTheWholeHistoryGives_whenItGivesOne() throws {
        var answered = 0
        for seed in 1...30 {
            var random = RandomHistory(seed: UInt64(seed) * 11)
            let history = try (0..<(20 + random.next(below: 40))).map { _ in try stored(random.transaction()) }
            let newest = NewestTransactions(base: base, capacity: 15).replaying(history)
            for _ in 0..<10 {
                var filter = TransactionFilter()
                // A ticker never traded, and a type the history never holds, among them.
                if random.next(below: 3) == 0 { filter.ticker = ["AAPL", "NONE"][random.next(below: 2)] }
                if random.next(below: 3) == 0 { filter.from = CalendarDay(daysSinceEpoch: 19_723 + Int32(random.next(below: 40))) }
                if random.next(below: 4) == 0 { filter.type = [.buy, .interest, .withdrawal][random.next(below: 3)] }
                let limit = random.next(below: 3) == 0 ? nil : 1 + random.next(below: 25)
                let scope: AccountScope = [.all, .only(nil), .only("isa")][random.next(below: 3)]
                guard let answer = newest.answer(filter, scope: scope, limit: limit) else { continue }
                answered += 1
                var expected = history.map { $0.inBase(base) }.filter { $0.isSeen(in: scope) && filter.matches($0) }.sorted(by: Transaction.newestFirst)
                if let limit { expected = Array(expected.prefix(limit)) }
                XCTAssertEqual(answer, expected, "seed \(seed), \(filter), limit \(String(describing: limit)), \(scope)")
            }
        }
        XCTAssertGreaterThan(answered, 60)
    }

    func test_aLongListOfAnOlderPeriod_isLeftToTheHistory() throws {
        var random = RandomHistory(seed: 1)
        let newest = NewestTransactions(base: base, capacity: 5).replaying(try (0..<50).map { _ in try stored(random.transaction()) })

        XCTAssertNil(newest.answer(TransactionFilter(), scope: .all, limit: 6))
        XCTAssertNil(newest.answer(TransactionFilter(), scope: .all, limit: nil))
        XCTAssertEqual(newest.answer(TransactionFilter(), scope: .all, limit: 5)?.count, 5)
    }

    func test_aListOfATickerOrTypeWithNone_orWithEveryOneKept_isAnswered_whateverItsLimit() throws {
        var random = RandomHistory(seed: 5)
        let history = try (0..<60).map { _ in try stored(random.transaction()) }
        let late = try stored(makeTransaction(date: "2024-12-31", type: .buy, ticker: "LATE", quantity: "1", sum: "5"))
        let newest = NewestTransactions(base: base, capacity: 5).replaying(history + [late])
        func answer(ticker: String? = nil, type: TransactionType? = nil, limit: Int? = nil) -> [Transaction]? {
            newest.answer(TransactionFilter(ticker: ticker, type: type), scope: .all, limit: limit)
        }

        XCTAssertEqual(answer(ticker: "NONE"), [])
        XCTAssertEqual(answer(type: .interest, limit: 20), [])
        XCTAssertEqual(answer(ticker: "LATE"), [late])
        XCTAssertEqual(answer(ticker: "LATE", type: .sell, limit: 3), [], "no more than its one buy can match")
        XCTAssertNil(answer(ticker: "AAPL"), "most of them are not kept")
    }

    func test_checkpoint_readsBackEqual() throws {
        var random = RandomHistory(seed: 8)
        let newest = NewestTransactions(base: base, capacity: 30).replaying(try (0..<100).map { _ in try stored(random.transaction()) })

        try assertCheckpointRoundTrip(of: newest, readBy: NewestTransactions(base: base, capacity: 30),
                                      refusedBy: [NewestTransactions(base: base, capacity: 31), NewestTransactions(base: "GBP", capacity: 30)])
    }

    func test_dayCounts_sayHowManyAreDatedFromADay_andWhereTheNewestReachBackTo() throws {
        for seed in 1...10 {
            var random = RandomHistory(seed: UInt64(seed) * 7)
            var history: [Transaction] = []
            var newest = NewestTransactions(base: base, capacity: 5)
            for _ in 0..<50 {
                let transaction = try stored(random.transaction())
                history.append(transaction)
                XCTAssertTrue(newest.fold(transaction))
            }
            for offset in -1...41 {
                let day = CalendarDay(daysSinceEpoch: 19_723 + Int32(offset))
                XCTAssertEqual(newest.count(from: day), history.count { $0.date >= day }, "seed \(seed), \(day.iso)")
            }
            for wanted in [1, 7, 25, 50, 51] {
                let latest = (19_700...19_800).reversed().map { CalendarDay(daysSinceEpoch: Int32($0)) }.first { day in history.count { $0.date >= day } >= wanted }
                XCTAssertEqual(newest.latestDay(holdingAtLeast: wanted), latest, "seed \(seed), \(wanted)")
            }
        }
    }

    func test_aCheckpointThatCountsADayWithNoTransactions_isDamaged() throws {
        var (bytes, countsByTickerAndType) = try checkpointOfOneBuy()
        // The day's count, none: the byte before the tickers' and types' counts.
        bytes[bytes.count - countsByTickerAndType - 1] = 0

        var reader = PackedReader(bytes)
        XCTAssertThrowsError(try NewestTransactions(base: base, capacity: 3).decoded(from: &reader))
    }

    func test_aCheckpointWhoseTypeCountsDontAddUpToItsTransactions_isDamaged() throws {
        var (bytes, _) = try checkpointOfOneBuy()
        // The buys' count, two (zigzag: four) where the history holds one transaction.
        bytes[bytes.count - 1] = 4

        var reader = PackedReader(bytes)
        XCTAssertThrowsError(try NewestTransactions(base: base, capacity: 3).decoded(from: &reader))
    }

    /// The checkpoint of one buy of AAPL, and how many bytes its tickers' and types' counts take
    /// at its end.
    private func checkpointOfOneBuy() throws -> (bytes: [UInt8], countsByTickerAndType: Int) {
        let newest = NewestTransactions(base: base, capacity: 3).replaying([try stored(makeTransaction(type: .buy, ticker: "AAPL"))])
        var writer = PackedWriter()
        newest.write(to: &writer)
        var counts = PackedWriter()
        for key in ["AAPL", "buy"] {
            counts.writeCompact(1)
            counts.writeCompact(key)
            counts.writeCompact(1)
        }
        return (writer.bytes, counts.bytes.count)
    }

    /// As the ledger would hand it back, written at a time of its own so that times differ.
    private func stored(_ transaction: Transaction) throws -> Transaction {
        let entry = TransactionsLedgerCodec.entry(for: transaction, updatedAt: transaction.updatedAt.millisecondsSince1970 + Int64(abs(transaction.id.hashValue % 5000)))
        return try XCTUnwrap(try TransactionsLedgerCodec.record(from: entry))
    }
}
