import XCTest
import Ledger
import Transactions
import TestSupport
import TransactionsTestSupport

/// `list` with a limit or a first day: from the newest transactions kept, else from the last
/// days read back from the log's end, else from the history; a long list no part of that can
/// tell is left to the caller, which streams it.
final class ListNewestTransactionsUseCaseTests: XCTestCase {
    private let base = "USD"

    func test_aListLongerThanTheNewestKept_isReadBackFromTheDayTheNewestReachBackTo_withoutTheHistory() throws {
        let history = randomHistory(seed: 3, count: 200)
        let (sut, recent, transactions) = makeSUT(history)

        let listed = try sut.newest(TransactionFilter(), limit: 12)

        XCTAssertEqual(listed, Array(newestFirst(history).prefix(12)))
        XCTAssertEqual(recent.days, [NewestTransactions(base: base, capacity: 5).replaying(history).latestDay(holdingAtLeast: 12)])
        XCTAssertEqual(transactions.requests, [])
    }

    func test_aListFromAnEarlierDay_isReadBackFromThatDay_withoutTheHistory() throws {
        let history = randomHistory(seed: 4, count: 200)
        let (sut, recent, transactions) = makeSUT(history)
        let from = CalendarDay(daysSinceEpoch: 19_723 + 33)

        let listed = try sut.newest(TransactionFilter(from: from), limit: nil)

        XCTAssertEqual(listed, newestFirst(history).filter { $0.date >= from })
        XCTAssertEqual(recent.days, [from])
        XCTAssertEqual(transactions.requests, [])
    }

    func test_whenTooFewOfTheNewestMatch_theListIsReadBackFromItsFirstDay() throws {
        let history = randomHistory(seed: 5, count: 400)
        let (sut, recent, transactions) = makeSUT(history)
        var filter = TransactionFilter(from: CalendarDay(daysSinceEpoch: 19_723 + 31))
        filter.ticker = "VOD"
        let all = newestFirst(history).filter { filter.matches($0) }

        let listed = try sut.newest(filter, limit: all.count + 1)

        XCTAssertEqual(listed, all)
        XCTAssertGreaterThan(recent.days.count, 1, "the days the newest 20, 80… reach back to, then the list's own")
        XCTAssertEqual(recent.days.last, filter.from)
        XCTAssertEqual(transactions.requests, [])
    }

    func test_aShortListOfOneTickerAmongMany_readsBackFromBeyondTheNewestKept_fourTimesAsManyAtATime_untilEnoughMatch() throws {
        let (history, filter) = oneTickerAmongMany(onDays: 950..<955)
        let (sut, recent, transactions) = makeSUT(history)

        let listed = try sut.newest(filter, limit: 3)

        XCTAssertEqual(listed, Array(newestFirst(history).filter { filter.matches($0) }.prefix(3)))
        let kept = NewestTransactions(base: base, capacity: 5).replaying(history)
        XCTAssertEqual(recent.days, [20, 80].map { kept.latestDay(holdingAtLeast: $0) },
                       "from four times the five kept, none of which matched: the newest 20 hold none of them, the newest 80 all five")
        XCTAssertEqual(transactions.requests, [])
    }

    func test_theLastTry_readsBackAQuarterOfTheHistory_theMostThatPays() throws {
        let (history, filter) = oneTickerAmongMany(onDays: 800..<805)
        let (sut, recent, transactions) = makeSUT(history)

        XCTAssertEqual(try sut.newest(filter, limit: 3), Array(newestFirst(history).filter { filter.matches($0) }.prefix(3)))
        let kept = NewestTransactions(base: base, capacity: 5).replaying(history)
        XCTAssertEqual(recent.days, [20, 80, 1_005 / 4].map { kept.latestDay(holdingAtLeast: $0) }, "not 320: more than a quarter")
        XCTAssertEqual(transactions.requests, [])
    }

    func test_whenTheLastDaysCantBeReadBack_aListFromADayReadsTheHistory_andALongListWithoutOneIsLeftToTheCaller() throws {
        let history = randomHistory(seed: 6, count: 60)
        let (sut, recent, transactions) = makeSUT(history)
        recent.answers = false
        transactions.stored = newestFirst(history)

        XCTAssertEqual(try sut.newest(TransactionFilter(from: CalendarDay(daysSinceEpoch: 19_723)), limit: nil)?.count, 60)
        XCTAssertEqual(transactions.requests.count, 1)
        XCTAssertNil(try sut.newest(TransactionFilter(), limit: NewestTransactions.kept + 1))
        XCTAssertNil(try sut.newest(TransactionFilter(from: CalendarDay(daysSinceEpoch: 19_723)), limit: NewestTransactions.kept + 1))
        XCTAssertEqual(transactions.requests.count, 1, "the caller streams them")
    }

    func test_aListOfATickerNeverTraded_isAnsweredWithoutTheHistory_evenWithNeitherALimitNorAFirstDay() throws {
        let (sut, recent, transactions) = makeSUT(randomHistory(seed: 3, count: 400))

        XCTAssertEqual(try sut.newest(TransactionFilter(ticker: "NONE"), limit: nil), [])
        XCTAssertEqual(try sut.newest(TransactionFilter(type: .interest), limit: 20), [])
        XCTAssertEqual(transactions.requests.count, 0)
        XCTAssertEqual(recent.days, [])
    }

    func test_everyAnswer_isWhatListingTheWholeHistoryGives() throws {
        var answered = 0
        for seed in 1...80 {
            var random = RandomHistory(seed: UInt64(seed) * 13)
            let history = randomHistory(seed: UInt64(seed), count: 200 + random.next(below: 200))
            let scope: AccountScope = [.all, .only(nil), .only("isa")][random.next(below: 3)]
            let (sut, recent, transactions) = makeSUT(history, scope: scope)
            recent.answers = random.next(below: 4) != 0
            var filter = TransactionFilter()
            if random.next(below: 3) == 0 { filter.ticker = ["AAPL", "NONE"][random.next(below: 2)] }
            if random.next(below: 2) == 0 { filter.from = CalendarDay(daysSinceEpoch: 19_723 + Int32(random.next(below: 40))) }
            if random.next(below: 4) == 0 { filter.type = [.sell, .interest][random.next(below: 2)] }
            let limit = random.next(below: 3) == 0 ? nil : 1 + random.next(below: 40)
            // The history as the store scoped to those accounts reads it.
            transactions.stored = Array(newestFirst(history).filter { $0.isSeen(in: scope) && filter.matches($0) })

            guard let listed = try sut.newest(filter, limit: limit) else { continue }
            answered += transactions.requests.isEmpty ? 1 : 0
            var expected = newestFirst(history).filter { $0.isSeen(in: scope) && filter.matches($0) }
            if let limit { expected = Array(expected.prefix(limit)) }
            XCTAssertEqual(listed, expected, "seed \(seed), \(filter), limit \(String(describing: limit)), \(scope)")
        }
        XCTAssertGreaterThan(answered, 15, "many without the history")
    }

    // MARK: - Helpers

    private func makeSUT(_ history: [Transaction], scope: AccountScope = .all, file: StaticString = #filePath, line: UInt = #line)
        -> (sut: ListNewestTransactionsUseCase, recent: RecentTransactionsSpy, transactions: TransactionsRetrievingSpy) {
        let kept = KeptStub(kept: NewestTransactions(base: base, capacity: 5).replaying(history))
        let recent = RecentTransactionsSpy(history: history)
        let transactions = TransactionsRetrievingSpy()
        let sut = ListNewestTransactionsUseCase(transactions: transactions, kept: kept, recent: recent, scope: scope)
        trackForMemoryLeaks(sut, file: file, line: line)
        trackForMemoryLeaks(recent, file: file, line: line)
        return (sut, recent, transactions)
    }

    private func randomHistory(seed: UInt64, count: Int) -> [Transaction] {
        var random = RandomHistory(seed: seed)
        return (0..<count).map { _ in random.transaction().inBase(base) }
    }

    /// A buy of AAPL a day for 1,000 days, and one of VOD on each of `days`; and a list of VOD.
    private func oneTickerAmongMany(onDays days: Range<Int32>) -> (history: [Transaction], filter: TransactionFilter) {
        func buy(_ ticker: String, on day: Int32) -> Transaction {
            makeTransaction(date: CalendarDay(daysSinceEpoch: 19_723 + day).iso, type: .buy, ticker: ticker, quantity: "1", sum: "10").inBase(base)
        }
        var filter = TransactionFilter()
        filter.ticker = "VOD"
        return ((0..<1_000).map { buy("AAPL", on: $0) } + days.map { buy("VOD", on: $0) }, filter)
    }

    private func newestFirst(_ history: [Transaction]) -> [Transaction] {
        history.sorted(by: Transaction.newestFirst)
    }

    private struct KeptStub: NewestTransactionsProjecting {
        let kept: NewestTransactions

        func newest() throws(TransactionsStoreError) -> NewestTransactions { kept }
    }

    private final class RecentTransactionsSpy: RecentTransactionsReading {
        private let history: [Transaction]
        var answers = true
        private(set) var days: [CalendarDay] = []

        init(history: [Transaction]) {
            self.history = history
        }

        func dated(from day: CalendarDay, most: Int) throws(TransactionsStoreError) -> [Transaction]? {
            days.append(day)
            let dated = history.filter { $0.date >= day }
            return answers && dated.count <= most ? dated.reversed() : nil
        }
    }
}
