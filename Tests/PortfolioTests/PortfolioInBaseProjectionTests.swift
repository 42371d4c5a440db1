import XCTest
import FixedPoint
import Ledger
import Projections
import Transactions
import CurrentPrices
import Currencies
import Portfolio
import TestSupport
import TransactionsTestSupport

/// The positions in the base of a history naming other currencies, folded a trade at a time and
/// kept in a checkpoint, must equal the history converted at the rates kept now, whatever rates
/// were kept when each trade was folded.
final class PortfolioInBaseProjectionTests: XCTestCase {
    private let usd = CurrencyCode("USD")!
    private let eur = CurrencyCode("EUR")!

    func test_foldingInAddedOrder_equalsTheHistoryConverted_atEveryStep_underEitherMethod() {
        for method in CostBasisMethod.allCases {
            for seed in 1...30 {
                var random = RandomHistory(seed: UInt64(seed) * 17)
                let rates = EuroRates.random(&random, days: 0..<30)
                var history: [Transaction] = []
                var projection = PortfolioInBaseProjection(base: usd, method: method, rates: rates)
                for step in 0..<60 {
                    let transaction = random.transaction()
                    history.append(transaction)
                    if !projection.fold(transaction) { projection = projection.replaying(history) }
                    XCTAssertEqual(summary(try? projection.positions), summary(converted(history, at: rates, method: method)), "\(method), seed \(seed), step \(step)")
                }
            }
        }
    }

    func test_tradesAfterTheLastRateKept_takeTheRatesKeptLater_fromTheCheckpoint() throws {
        var convertible = 0
        for seed in 1...40 {
            var random = RandomHistory(seed: UInt64(seed) * 29)
            let history = (0..<80).map { _ in random.transaction() }
            let (early, later) = EuroRates.fetchedInTwo(&random)
            let folded = PortfolioInBaseProjection(base: usd, method: .fifo, rates: early).folding(history)

            let read = try XCTUnwrap(readBack(folded, as: PortfolioInBaseProjection(base: usd, method: .fifo, rates: later)), "seed \(seed)")

            let expected = summary(converted(history, at: later, method: .fifo))
            XCTAssertEqual(summary(try? read.positions), expected, "seed \(seed)")
            XCTAssertEqual(summary(try? read.replaying(history).positions), expected, "seed \(seed)")
            if expected != nil { convertible += 1 }
        }
        XCTAssertGreaterThan(convertible, 20, "most histories have a rate for every trade")
    }

    func test_revisedWithEditsAndDeletes_equalsTheChangedHistoryConverted_underEitherMethod() {
        for method in CostBasisMethod.allCases {
            var random = RandomHistory(seed: 61)
            let rates = EuroRates.random(&random, days: 0..<30)
            assertRevisionEqualsAReplay(of: PortfolioInBaseProjection(base: usd, method: method, rates: rates), seed: 409, minimumRevised: 250,
                                        seen: { summary(try? $0.positions) })
        }
    }

    func test_aRateChangedOnADayConvertedForGood_makesTheCheckpointForeign() throws {
        let rates = ExchangeRates([EuroRates.on("2024-01-02", "1.10"), EuroRates.on("2024-01-05", "1.20")])
        var projection = PortfolioInBaseProjection(base: usd, method: .average, rates: rates)
        XCTAssertTrue(projection.fold(buy("2024-01-03", sum: 100, in: "EUR")))

        XCTAssertNil(try readBack(projection, as: PortfolioInBaseProjection(base: usd, method: .average,
                                                                             rates: ExchangeRates([EuroRates.on("2024-01-02", "1.11"), EuroRates.on("2024-01-05", "1.20")]))))
        XCTAssertNil(try readBack(projection, as: PortfolioInBaseProjection(base: usd, method: .average,
                                                                             rates: ExchangeRates([EuroRates.on("2024-01-02", "1.10"), EuroRates.on("2024-01-03", "1.15"), EuroRates.on("2024-01-05", "1.20")]))))
        XCTAssertNotNil(try readBack(projection, as: PortfolioInBaseProjection(base: usd, method: .average,
                                                                                rates: ExchangeRates([EuroRates.on("2024-01-02", "1.10"), EuroRates.on("2024-01-05", "1.20"), EuroRates.on("2024-01-08", "1.30")]))))
    }

    func test_aTradeWithoutARate_isNamed() {
        var projection = PortfolioInBaseProjection(base: usd, method: .average, rates: ExchangeRates([EuroRates.on("2024-01-05", "1.20")]))

        XCTAssertTrue(projection.fold(buy("2024-01-03", sum: 100, in: "EUR")))

        XCTAssertThrowsError(try projection.positions) { XCTAssertEqual($0 as? CurrencyConversionError, .noRate(currency: "EUR", day: day("2024-01-03"))) }
    }

    func test_checkpoint_readsBackEqual_andOnlyForItsMethodAndBase() throws {
        var random = RandomHistory(seed: 9)
        let rates = EuroRates.random(&random, days: 0..<30)
        let projection = PortfolioInBaseProjection(base: usd, method: .fifo, rates: rates).replaying((0..<200).map { _ in random.transaction() })

        let read = try XCTUnwrap(readBack(projection, as: PortfolioInBaseProjection(base: usd, method: .fifo, rates: rates)))

        XCTAssertEqual(summary(try? read.positions), summary(try? projection.positions))
        XCTAssertNil(try readBack(projection, as: PortfolioInBaseProjection(base: usd, method: .average, rates: rates)))
        XCTAssertNil(try readBack(projection, as: PortfolioInBaseProjection(base: CurrencyCode("GBP")!, method: .fifo, rates: rates)))
    }

    // MARK: - Helpers

    private func buy(_ iso: String, sum: FixedDecimal, in currency: String) -> Transaction {
        Transaction(id: "buy-\(iso)", date: day(iso), type: .buy, ticker: "SAP", quantity: 1, sum: sum, currency: currency, updatedAt: Date(timeIntervalSince1970: 0))
    }

    private func converted(_ history: [Transaction], at rates: ExchangeRates, method: CostBasisMethod) -> PortfolioCalculator.Positions? {
        guard let inBase = try? history.inBase("USD").map({ transaction throws(CurrencyConversionError) in try transaction.converted(into: usd, at: rates) })
        else { return nil }
        return PortfolioCalculator.positions(of: inBase, method: method)
    }

    /// Everything a portfolio shows of the positions, in either account and in both.
    private func summary(_ positions: PortfolioCalculator.Positions?) -> [PortfolioSummary]? {
        let prices = ["AAPL": livePrice("AAPL", "190"), "MSFT": livePrice("MSFT", "410"), "VOD": livePrice("VOD", "0.7")]
        return positions.map { positions in [AccountScope.all, .only(nil), .only("isa")].map { PortfolioCalculator.summarize(positions, prices: prices, sort: .ticker, scope: $0) } }
    }

    private func readBack(_ projection: PortfolioInBaseProjection, as empty: PortfolioInBaseProjection) throws -> PortfolioInBaseProjection? {
        var writer = PackedWriter()
        projection.write(to: &writer)
        var reader = PackedReader(writer.bytes)
        return try empty.decoded(from: &reader)
    }
}
