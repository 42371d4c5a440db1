import XCTest
import FixedPoint
import Ledger
import Projections
import Transactions
import Currencies
import Portfolio
import TestSupport
import TransactionsTestSupport

/// The gains in the base of a history naming other currencies, folded a trade at a time and kept
/// in a checkpoint, must list what the gains report works out from the history converted at the
/// rates kept now, with the part each sell's currency made, whatever rates were kept when each
/// trade was folded.
final class GainsInBaseProjectionTests: XCTestCase {
    private let usd = CurrencyCode("USD")!
    private let eur = CurrencyCode("EUR")!

    func test_foldingInAddedOrder_listsTheHistorysGainsInTheBase_atEveryStep_inEveryScope_underEitherMethod() throws {
        var listed = 0
        for method in CostBasisMethod.allCases {
            for seed in 1...20 {
                var random = RandomHistory(seed: UInt64(seed) * 23)
                let rates = EuroRates.random(&random, days: 0..<30)
                var history: [Transaction] = []
                var projection = PortfolioInBaseProjection(base: usd, method: method, rates: rates, keepingGains: true)
                for step in 0..<60 {
                    let transaction = random.transaction()
                    history.append(transaction)
                    if !projection.fold(transaction) { projection = projection.replaying(history) }
                    for scope in [AccountScope.all, .only("isa")] {
                        let expected = try? report(of: history, at: rates, method: method, scope: scope)
                        XCTAssertEqual(listing(projection, scope: scope), expected, "\(method), seed \(seed), step \(step), \(scope)")
                        if expected?.sells.isEmpty == false { listed += 1 }
                    }
                }
            }
        }
        XCTAssertGreaterThan(listed, 1_000, "most steps list sells")
    }

    func test_sellsAfterTheLastRateKept_takeTheRatesKeptLater_fromTheCheckpoint_inTheHistorysOrder() throws {
        var convertible = 0
        for seed in 1...40 {
            var random = RandomHistory(seed: UInt64(seed) * 31)
            let history = (0..<80).map { _ in random.transaction() }
            let (early, later) = EuroRates.fetchedInTwo(&random)
            let folded = PortfolioInBaseProjection(base: usd, method: .fifo, rates: early, keepingGains: true).folding(history)

            let read = try XCTUnwrap(readBack(folded, as: PortfolioInBaseProjection(base: usd, method: .fifo, rates: later, keepingGains: true)), "seed \(seed)")

            let expected = try? report(of: history, at: later, method: .fifo, scope: .all)
            XCTAssertEqual(listing(read, scope: .all), expected, "seed \(seed)")
            XCTAssertEqual(listing(read.replaying(history), scope: .all), expected, "seed \(seed)")
            if expected != nil { convertible += 1 }
        }
        XCTAssertGreaterThan(convertible, 20, "most histories have a rate for every trade")
    }

    func test_aSellInTheBase_waitsBehindAnEarlierSellPendingItsRate_soTheDaysSellsKeepTheirOrder() throws {
        let rates = ExchangeRates([EuroRates.on("2024-01-02", "1.10")])
        let history = [trade("buy-sap", .buy, "SAP", on: "2024-01-02", sum: "100", in: "EUR"), trade("buy-aapl", .buy, "AAPL", on: "2024-01-02", sum: "100"),
                       trade("s1-sap", .sell, "SAP", on: "2024-01-03", sum: "120", in: "EUR"), trade("s2-aapl", .sell, "AAPL", on: "2024-01-03", sum: "130")]
        var projection = PortfolioInBaseProjection(base: usd, method: .fifo, rates: rates, keepingGains: true)
        for transaction in history { XCTAssertTrue(projection.fold(transaction)) }
        let later = ExchangeRates([EuroRates.on("2024-01-02", "1.10"), EuroRates.on("2024-01-03", "1.30")])

        let read = try XCTUnwrap(readBack(projection, as: PortfolioInBaseProjection(base: usd, method: .fifo, rates: later, keepingGains: true)))

        XCTAssertEqual(try read.realizedGains().map(\.transactionID), ["s1-sap", "s2-aapl"], "a replay's order")
        XCTAssertEqual(listing(read, scope: .all), try report(of: history, at: later, method: .fifo, scope: .all))
        XCTAssertEqual(try read.realizedGains().currencyGains, ["s1-sap": fixed("20")], "a cost of 100 euros at 1.30 on the sale's day, less 110 dollars paid")
    }

    func test_revisedWithEditsAndDeletes_listsTheGainsOfAReplayOfTheChangedHistory_underEitherMethod() {
        for method in CostBasisMethod.allCases {
            var random = RandomHistory(seed: 67)
            let rates = EuroRates.random(&random, days: 0..<30)
            assertRevisionEqualsAReplay(of: PortfolioInBaseProjection(base: usd, method: method, rates: rates, keepingGains: true), seed: 411,
                                        minimumRevised: 150, seen: { listing($0, scope: .all) })
        }
    }

    func test_checkpoint_readsBackEqual_andOnlyWithTheGainsKept() throws {
        var random = RandomHistory(seed: 9)
        let rates = EuroRates.random(&random, days: 0..<30)
        let history = (0..<200).map { _ in random.transaction() }
        let projection = PortfolioInBaseProjection(base: usd, method: .fifo, rates: rates, keepingGains: true).replaying(history)
        let positionsAlone = PortfolioInBaseProjection(base: usd, method: .fifo, rates: rates)

        let read = try XCTUnwrap(readBack(projection, as: PortfolioInBaseProjection(base: usd, method: .fifo, rates: rates, keepingGains: true)))

        XCTAssertEqual(listing(read, scope: .all), listing(projection, scope: .all))
        XCTAssertFalse(try read.realizedGains().isEmpty, "the gains are kept")
        XCTAssertNil(try readBack(projection, as: positionsAlone))
        XCTAssertNil(try readBack(positionsAlone.replaying(history), as: PortfolioInBaseProjection(base: usd, method: .fifo, rates: rates, keepingGains: true)))
        XCTAssertNotEqual(projection.checkpointName, positionsAlone.checkpointName)
    }

    // MARK: - Helpers

    /// What a gains report shows of the sells: each in order, and the part the currency made.
    private struct Listing: Equatable {
        let sells: [RealizedGain]
        let currencyGains: [String: FixedDecimal]
    }

    private func listing(_ projection: PortfolioInBaseProjection, scope: AccountScope) -> Listing? {
        (try? projection.realizedGains(in: scope)).map { Listing(sells: Array($0), currencyGains: $0.currencyGains) }
    }

    /// The report worked out from the history itself, converted at `rates`.
    private func report(of history: [Transaction], at rates: ExchangeRates, method: CostBasisMethod, scope: AccountScope) throws -> Listing {
        let report = try HistoryOracle.gains(of: history.inBase("USD"), scope: scope, year: nil, method: method, converter: KeptRates(rates: rates))
        return Listing(sells: Array(report.sells), currencyGains: report.currencyGains)
    }

    private func trade(_ id: String, _ type: TransactionType, _ ticker: String, on iso: String, sum: String, in currency: String? = nil) -> Transaction {
        Transaction(id: id, date: day(iso), type: type, ticker: ticker, quantity: 1, sum: fixed(sum), currency: currency, updatedAt: Date(timeIntervalSince1970: 0))
    }

    private func readBack(_ projection: PortfolioInBaseProjection, as empty: PortfolioInBaseProjection) throws -> PortfolioInBaseProjection? {
        var writer = PackedWriter()
        projection.write(to: &writer)
        var reader = PackedReader(writer.bytes)
        guard let read = try empty.decoded(from: &reader) else { return nil }
        XCTAssertTrue(reader.isAtEnd)
        return read
    }
}
