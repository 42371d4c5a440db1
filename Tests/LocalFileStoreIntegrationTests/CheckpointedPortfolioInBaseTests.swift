import XCTest
import Ledger
import Projections
import FixedPoint
import Transactions
import Currencies
import CurrentPrices
import Portfolio
import LocalFileStore
import TestSupport
import TransactionsTestSupport

/// The positions and the gains in the base of a history naming other currencies, read from their
/// checkpoints in the real log at the rates kept on it (read from theirs), against the history
/// converted at the rates read from the entries: as trades are added, edited and deleted, and as
/// rates are fetched later, or corrected.
final class CheckpointedPortfolioInBaseTests: XCTestCase {
    private let usd = CurrencyCode("USD")!
    private let eur = CurrencyCode("EUR")!

    func test_randomChanges_thePositionsAndGainsInTheBaseAlwaysEqualTheHistoryConverted_atTheRatesKept() throws {
        let directory = makeTemporaryDirectory()
        let log = FileLedgerStore(directory: directory, compactionMinimumGarbage: 5)
        let store = LedgerTransactionsStore(ledger: log)
        var random = RandomHistory(seed: 77)
        var written: [Transaction] = []
        // Rates kept from before the first trade's day; a fetch brings the next days'.
        var ratesThrough: Int32 = 19_725
        try keep(19_718...ratesThrough, in: log, random: &random)
        var converted = 0
        for step in 0..<200 {
            switch random.next(below: 10) {
            case 0...4:
                let transaction = random.transaction()
                try store.upsert(transaction)
                written.append(transaction)
            case 5 where !written.isEmpty:
                let index = random.next(below: written.count)
                written[index] = written[index].with(date: random.transaction().date, sum: written[index].sum + FixedDecimal(1))
                try store.upsert(written[index])
            case 6 where !written.isEmpty:
                _ = try store.retrieveAll()
                try store.delete(written.remove(at: random.next(below: written.count)), deletedAt: Date())
            case 7...8 where ratesThrough < 19_765:
                let next = ratesThrough + 1 + Int32(random.next(below: 3))
                try keep(ratesThrough + 1...next, in: log, random: &random)
                ratesThrough = next
            case 9:
                // A rate corrected, as a sync may bring it: every conversion it made changes.
                try keep(19_718 + Int32(random.next(below: Int(ratesThrough - 19_718)))...ratesThrough, in: log, random: &random, only: 1)
            default:
                break
            }
            let kept = try LedgerExchangeRatesStore(ledger: log).rates()
            let reopened = FileLedgerStore(directory: directory)
            XCTAssertEqual(try LedgerExchangeRatesStore(ledger: reopened, projection: CheckpointedProjectionReader(log: reopened, empty: .empty)).rates(), kept, "step \(step): the rates' checkpoint")
            let history = try BaseCurrencyTransactionsStore(decoratee: store, base: "USD").retrieveAll()
            let expected = summary(positionsConverted(history, at: kept, method: .fifo))
            let read = try CheckpointedPortfolioProjection(log: FileLedgerStore(directory: directory), base: "USD")
                .projectionInBase(method: .fifo, base: usd, rates: kept)
            XCTAssertEqual(summary(try? read.positions), expected, "step \(step)")
            if expected != nil { converted += 1 }
            let gains = try CheckpointedRealizedGains(log: FileLedgerStore(directory: directory), base: "USD").gainsInBase(method: .fifo, base: usd, rates: kept)
            XCTAssertEqual(listing(gains), listing(PortfolioInBaseProjection(base: usd, method: .fifo, rates: kept, keepingGains: true).replaying(history)),
                           "step \(step): the gains")
        }
        XCTAssertGreaterThan(converted, 150, "most steps have a rate for every trade")
    }

    func test_tradesDatedAfterTheLastRateKept_takeTheirRateOnceKept_withoutAReplay_butARateCorrectedReplays() throws {
        let (directory, store, log) = makeSUT()
        var random = RandomHistory(seed: 3)
        try keep(19_720...19_730, in: FileLedgerStore(directory: directory), random: &random)
        try store.upsert(contentsOf: (0..<10).map { buy(on: 19_725 + Int32($0), sum: 100 + FixedDecimal($0)) })
        try assertPositionsEqualTheHistoryConverted(directory, log, "first read")
        XCTAssertEqual(log.replays, 1, "no checkpoint yet")

        try keep(19_731...19_740, in: FileLedgerStore(directory: directory), random: &random)
        try assertPositionsEqualTheHistoryConverted(directory, log, "the rates of the last trades' days kept")
        try store.upsert(buy(on: 19_741, sum: 300))
        try assertPositionsEqualTheHistoryConverted(directory, log, "a trade after the last rate")
        XCTAssertEqual(log.replays, 1, "trades wait for their rate in the checkpoint")

        try keep(19_726...19_726, in: FileLedgerStore(directory: directory), random: &random)
        try assertPositionsEqualTheHistoryConverted(directory, log, "a rate corrected")
        XCTAssertEqual(log.replays, 2, "a rate a conversion used changed: the history is replayed")
    }

    func test_anOldChange_isRevisedInTheCheckpointsBase_inWhateverCurrency() throws {
        let (directory, store, log) = makeSUT()
        var random = RandomHistory(seed: 5)
        try keep(19_718...19_800, in: FileLedgerStore(directory: directory), random: &random)
        let rates = try LedgerExchangeRatesStore(ledger: FileLedgerStore(directory: directory)).rates()
        func trade(_ index: Int) -> Transaction {
            Transaction(id: "trade-\(index)", date: CalendarDay(daysSinceEpoch: 19_720 + Int32(index)), type: .buy, ticker: index % 2 == 0 ? "SAP" : "AAPL",
                        quantity: 1, sum: 100 + FixedDecimal(index), currency: index % 2 == 0 ? "EUR" : nil, updatedAt: Date(timeIntervalSince1970: 0))
        }
        // A base only eight records behind, so the oldest trades are in it.
        let reader = CheckpointedProjectionReader(log: log, empty: PortfolioInBaseProjection(base: usd, method: .fifo, rates: rates), recentRecords: 8)
        func assertEqualsTheHistoryConverted(_ message: String) throws {
            let history = try store.retrieveAll()
            let current = try reader.current()
            XCTAssertEqual(summary(try? current.positions), summary(positionsConverted(history, at: rates, method: .fifo)), message)
        }
        try store.upsert(contentsOf: (0..<40).map(trade))
        try assertEqualsTheHistoryConverted("first read")
        try store.upsert(contentsOf: (40..<60).map(trade))
        try assertEqualsTheHistoryConverted("twenty more")
        XCTAssertEqual(log.replays, 1)

        try store.upsert(trade(1).with(sum: 150))
        try assertEqualsTheHistoryConverted("the oldest dollar buy's new sum")
        XCTAssertEqual(log.replays, 1, "revised in the base from its ticker's transactions")
        XCTAssertGreaterThan(log.revisionReads, 0)

        try store.upsert(trade(0).with(sum: 150))
        try assertEqualsTheHistoryConverted("the oldest euro buy's new sum")
        XCTAssertEqual(log.replays, 1, "converted again at its day's rate")
        try store.delete(trade(2), deletedAt: Date())
        try assertEqualsTheHistoryConverted("an old euro buy deleted")
        XCTAssertEqual(log.replays, 1)
    }

    // MARK: - Helpers

    /// A fresh log, the store that writes transactions to it, and a view of it that counts replays.
    private func makeSUT() -> (directory: URL, store: LedgerTransactionsStore, log: CountingLog) {
        let directory = makeTemporaryDirectory()
        return (directory, LedgerTransactionsStore(ledger: FileLedgerStore(directory: directory)), CountingLog(FileLedgerStore(directory: directory)))
    }

    /// EUR's rate into USD on each of `days` (all of them, or `only` the first few), as a fetch keeps them.
    private func keep(_ days: ClosedRange<Int32>, in ledger: LedgerStore, random: inout RandomHistory, only count: Int? = nil) throws {
        let rates = days.prefix(count ?? days.count).map { day in
            ExchangeRate(from: eur, to: usd, day: CalendarDay(daysSinceEpoch: day), rate: fixed("1.\(1000 + random.next(below: 3000))"))
        }
        try LedgerExchangeRatesStore(ledger: ledger).save(rates, covering: RatesCoverage(from: eur, to: usd, first: CalendarDay(daysSinceEpoch: 19_718),
                                                                                         last: CalendarDay(daysSinceEpoch: days.upperBound)), at: Date())
    }

    private func buy(on day: Int32, sum: FixedDecimal) -> Transaction {
        Transaction(id: "buy-\(day)", date: CalendarDay(daysSinceEpoch: day), type: .buy, ticker: "SAP", quantity: 1, sum: sum, currency: "EUR",
                    updatedAt: Date(timeIntervalSince1970: 0))
    }

    private func assertPositionsEqualTheHistoryConverted(_ directory: URL, _ log: CountingLog, _ message: String,
                                                         file: StaticString = #filePath, line: UInt = #line) throws {
        let rates = try LedgerExchangeRatesStore(ledger: FileLedgerStore(directory: directory)).rates()
        let history = try LedgerTransactionsStore(ledger: FileLedgerStore(directory: directory)).retrieveAll()
        let read = try CheckpointedPortfolioProjection(log: log, base: "USD").projectionInBase(method: .average, base: usd, rates: rates)
        let expected = summary(positionsConverted(history, at: rates, method: .average))
        XCTAssertNotNil(expected, message, file: file, line: line)
        XCTAssertEqual(summary(try? read.positions), expected, message, file: file, line: line)
    }

    private func positionsConverted(_ history: [Transaction], at rates: ExchangeRates, method: CostBasisMethod) -> PortfolioCalculator.Positions? {
        guard let inBase = try? history.map({ transaction throws(CurrencyConversionError) in try transaction.converted(into: usd, at: rates) }) else { return nil }
        return PortfolioCalculator.positions(of: inBase, method: method)
    }

    /// Each sell's gain in the base, in order, and the part its currency made.
    private struct Listing: Equatable {
        let sells: [RealizedGain]
        let currencyGains: [String: FixedDecimal]
    }

    private func listing(_ projection: PortfolioInBaseProjection) -> Listing? {
        (try? projection.realizedGains()).map { Listing(sells: Array($0), currencyGains: $0.currencyGains) }
    }

    private func summary(_ positions: PortfolioCalculator.Positions?) -> [PortfolioSummary]? {
        let at = Date(timeIntervalSince1970: 1_720_000_000)
        let prices = Dictionary(uniqueKeysWithValues: [("AAPL", "190"), ("MSFT", "410"), ("VOD", "0.7"), ("SAP", "120")].map { ticker, price in
            (ticker, LoadedPrice(price: CurrentPrice(ticker: ticker, price: fixed(price), change: nil, changePercent: nil, previousClose: fixed(price),
                                                     quoteTime: at, fetchedAt: at), source: .live))
        })
        return positions.map { positions in [AccountScope.all, .only("isa")].map { PortfolioCalculator.summarize(positions, prices: prices, sort: .ticker, scope: $0) } }
    }
}
