import XCTest
import FixedPoint
import Ledger
import Projections
import Transactions
import Currencies
import Portfolio
import TestSupport
import TransactionsTestSupport

/// The gains' projection folded one transaction at a time must list what the history gives,
/// in the history's order, and a gains report from it must equal one from the history.
final class RealizedGainsProjectionTests: XCTestCase {
    private let base = "USD"

    func test_foldingInAddedOrder_givesTheHistorysGains_inItsOrder_atEveryStep_inEveryScope() {
        for method in CostBasisMethod.allCases {
            for seed in 1...30 {
                foldRandomHistory(method: method, seed: UInt64(seed) * 17, steps: 60) { projection, history, step in
                    for scope in [AccountScope.all, .only("isa"), .only(nil)] {
                        XCTAssertEqual(Array(projection.gains(in: scope)), PortfolioCalculator.realizedGains(of: history.inBase(base), method: method, in: scope),
                                       "\(method), seed \(seed), step \(step), \(scope)")
                    }
                }
            }
        }
    }

    func test_sellsOfOtherTickersFoldedOutOfDateOrder_areListedInDateOrder() {
        let later = makeTransaction(date: "2024-03-01", type: .sell, ticker: "A", quantity: "1", sum: "30")
        let earlier = makeTransaction(date: "2024-02-01", type: .sell, ticker: "B", quantity: "1", sum: "20")
        var projection = RealizedGainsProjection(base: base, method: .fifo)
        for transaction in [makeTransaction(date: "2024-01-01", type: .buy, ticker: "A", quantity: "1", sum: "10"),
                            makeTransaction(date: "2024-01-01", type: .buy, ticker: "B", quantity: "1", sum: "10"), later, earlier] {
            XCTAssertTrue(projection.fold(transaction))
        }

        XCTAssertEqual(projection.gains().map(\.transactionID), [earlier.id, later.id])
    }

    /// The gains as listed, and the positions as a later sell folds them.
    func test_revisedWithEditsAndDeletes_listsTheGainsOfAReplayOfTheChangedHistory_underEitherMethod() {
        for method in [CostBasisMethod.average, .fifo] {
            assertRevisionEqualsAReplay(of: RealizedGainsProjection(base: "USD", method: method), seed: 408, minimumRevised: 120) { projection in
                Array(projection.gains())
            }
        }
    }

    func test_checkpointOfTheProjection_readsBackEqual_andOnlyForItsMethodAndBase() throws {
        var random = RandomHistory(seed: 9)
        var projection = RealizedGainsProjection(base: base, method: .fifo, history: (0..<200).map { _ in random.transaction() })
        _ = projection.fold(makeTransaction(date: "2030-01-01", type: .sell, ticker: "AAPL", quantity: "1", sum: "5"))

        try assertCheckpointRoundTrip(of: projection, readBy: RealizedGainsProjection(base: base, method: .fifo),
                                      refusedBy: [RealizedGainsProjection(base: base, method: .average), RealizedGainsProjection(base: "GBP", method: .fifo)])
    }

    func test_aProjectionReadFromItsCheckpoint_foldsOn_andIsWrittenBack_asAReplayOfTheSameHistory() throws {
        for method in CostBasisMethod.allCases {
            try foldRandomHistory(method: method, seed: 31, steps: 120) { projection, history, step in
                // Every few steps it goes through a checkpoint, so sells read and sells added since are mixed.
                if step % 7 == 0 { projection = try readBack(projection) }

                XCTAssertEqual(Array(projection.gains()), PortfolioCalculator.realizedGains(of: history.inBase(base), method: method), "\(method), step \(step)")
                XCTAssertEqual(try readBack(projection), projection, "\(method), step \(step)")
            }
        }
    }

    func test_theGainsOfAYear_areThatYearsSells_inDateOrder_whateverOrderTheyWereFoldedIn() {
        var history: [Transaction] = []
        var projection = RealizedGainsProjection(base: base, method: .fifo)
        for month in 0..<40 {
            let day = 19_358 + Int32(month) * 30
            // B's sell is dated two weeks before A's, and folded after it.
            for (offset, type, ticker) in [(0, TransactionType.buy, "A"), (0, .buy, "B"), (29, .sell, "A"), (15, .sell, "B")] {
                let transaction = makeTransaction(date: CalendarDay(daysSinceEpoch: day + Int32(offset)).iso, type: type, ticker: ticker, quantity: "1", sum: "\(10 + month)")
                history.append(transaction)
                XCTAssertTrue(projection.fold(transaction))
            }
        }

        for year in [2022, 2023, 2024, 2025, 2026] {
            XCTAssertEqual(Array(projection.gains(year: year)), PortfolioCalculator.realizedGains(of: history, method: .fifo).filter { $0.date.components.year == year }, "\(year)")
        }
        XCTAssertEqual(projection.gains(year: 2024).count, 24)
        XCTAssertEqual(projection.gains(year: 2023).map(\.ticker).prefix(2), ["B", "A"])
    }

    func test_aCheckpointWithASellThatIsNotText_isDamagedWhenRead_notWhenListed() {
        let sell = makeTransaction(date: "2024-02-01", type: .sell, ticker: "A", quantity: "1", sum: "30")
        var projection = RealizedGainsProjection(base: base, method: .fifo)
        XCTAssertTrue(projection.fold(makeTransaction(date: "2024-01-01", type: .buy, ticker: "A", quantity: "1", sum: "10")))
        XCTAssertTrue(projection.fold(sell))
        var writer = PackedWriter()
        projection.write(to: &writer)
        var bytes = writer.bytes
        let id = Array(sell.id.utf8)
        guard let at = bytes.indices.first(where: { bytes[$0...].starts(with: id) }) else { return XCTFail("the sell's id is written") }
        bytes[at] = 0xFF

        var reader = PackedReader(bytes)
        XCTAssertThrowsError(try RealizedGainsProjection(base: base, method: .fifo).decoded(from: &reader))
    }

    func test_reportFromTheProjection_equalsTheReportFromTheHistory() throws {
        for seed in 1...20 {
            var random = RandomHistory(seed: UInt64(seed) * 101)
            let history = (0..<80).map { _ in random.transaction() }.map { $0.inBase(base) }
            for scope in [AccountScope.all, .only("isa")] {
                for method in CostBasisMethod.allCases {
                    for year in [nil, 2024] {
                        let sut = ReportRealizedGainsUseCase(projections: ProjectionStub(base: base, history: history), scope: scope)
                        XCTAssertEqual(try sut.gains(year: year, method: method), try HistoryOracle.gains(of: history, scope: scope, year: year, method: method),
                                       "seed \(seed), \(scope), \(method), \(String(describing: year))")
                    }
                }
            }
        }
    }

    func test_reportInTheBase_fromTheProjections_equalsTheReportFromTheHistoryConverted() throws {
        var inBase = 0
        for seed in 1...20 {
            var random = RandomHistory(seed: UInt64(seed) * 211)
            let history = (0..<80).map { _ in random.transaction() }.map { $0.inBase(base) }
            let converter = KeptRates(rates: EuroRates.throughSomeDays(&random))
            for scope in [AccountScope.all, .only("isa")] {
                for method in CostBasisMethod.allCases {
                    for year in [nil, 2024] {
                        let projections = ProjectionStub(base: base, history: history)
                        let sut = ReportRealizedGainsUseCase(projections: projections, scope: scope, converter: converter)
                        XCTAssertEqual(try sut.gains(year: year, method: method),
                                       try HistoryOracle.gains(of: history, scope: scope, year: year, method: method, converter: converter),
                                       "seed \(seed), \(scope), \(method), \(String(describing: year))")
                        inBase += projections.inBaseReads.count
                    }
                }
            }
        }
        XCTAssertGreaterThan(inBase, 100, "the gains in the base come from their projection")
    }

    func test_aHistoryNamingAnotherCurrency_whoseRatesCantBeHad_failsAsItsConversion() {
        let sut = ReportRealizedGainsUseCase(projections: ProjectionStub(base: base, history: [euroBuy]), converter: NoRates())

        XCTAssertThrowsError(try sut.gains(year: nil, method: .fifo)) {
            XCTAssertEqual($0 as? DisplayPortfolioError, .conversion(.noRate(currency: "EUR", day: day("2024-01-02"))))
        }
    }

    func test_aTradeBeforeEveryRateKept_isNamed_withoutReadingTheGainsInTheBase() {
        let converter = KeptRates(rates: ExchangeRates([ExchangeRate(from: CurrencyCode("EUR")!, to: CurrencyCode(base)!, day: day("2024-01-05"), rate: fixed("1.1"))]))
        let projections = ProjectionStub(base: base, history: [euroBuy])
        let sut = ReportRealizedGainsUseCase(projections: projections, converter: converter)

        XCTAssertThrowsError(try sut.gains(year: nil, method: .fifo)) {
            XCTAssertEqual($0 as? DisplayPortfolioError, .conversion(.noRate(currency: "EUR", day: day("2024-01-02"))))
        }
        XCTAssertEqual(projections.inBaseReads.count, 0, "its trades are not kept waiting in a checkpoint")
    }

    func test_aProjectionFailure_isTheReportsFailure() {
        let failure = TransactionsStoreError.store(.damaged(file: "transactions.log", line: 2, reason: "bad"))
        let sut = ReportRealizedGainsUseCase(projections: FailingProjection(error: failure))

        XCTAssertThrowsError(try sut.gains(year: nil, method: .fifo)) { XCTAssertEqual($0 as? DisplayPortfolioError, .retrieval(failure)) }
    }

    // MARK: - Helpers

    /// Folds a random history in a transaction at a time, replaying it where a fold can't go on,
    /// and hands over the projection and the history after each step.
    private func foldRandomHistory(method: CostBasisMethod, seed: UInt64, steps: Int,
                                   _ each: (_ projection: inout RealizedGainsProjection, _ history: [Transaction], _ step: Int) throws -> Void) rethrows {
        var random = RandomHistory(seed: seed)
        var history: [Transaction] = []
        var projection = RealizedGainsProjection(base: base, method: method)
        for step in 0..<steps {
            let transaction = random.transaction()
            history.append(transaction)
            if !projection.fold(transaction) { projection = RealizedGainsProjection(base: base, method: method, history: history) }
            try each(&projection, history, step)
        }
    }

    private func readBack(_ projection: RealizedGainsProjection) throws -> RealizedGainsProjection {
        var writer = PackedWriter()
        projection.write(to: &writer)
        var reader = PackedReader(writer.bytes)
        let read = try XCTUnwrap(try RealizedGainsProjection(base: base, method: projection.method).decoded(from: &reader))
        XCTAssertTrue(reader.isAtEnd)
        return read
    }

    private let euroBuy = Transaction(id: "eur", date: day("2024-01-02"), type: .buy, ticker: "SAP", quantity: 1, sum: 100, currency: "EUR",
                                      updatedAt: Date(timeIntervalSince1970: 0))

    private func retrieving(_ history: [Transaction]) -> TransactionsRetrievingSpy {
        let transactions = TransactionsRetrievingSpy()
        transactions.stored = history
        return transactions
    }

    /// The projections checkpoints would hold: the history's, replayed; it counts the reads in the base.
    private final class ProjectionStub: RealizedGainsProjecting {
        let base: String
        let history: [Transaction]
        private(set) var inBaseReads: [CostBasisMethod] = []

        init(base: String, history: [Transaction]) {
            self.base = base
            self.history = history
        }

        func gains(method: CostBasisMethod) throws(TransactionsStoreError) -> RealizedGainsProjection {
            RealizedGainsProjection(base: base, method: method, history: history)
        }

        func gainsInBase(method: CostBasisMethod, base: CurrencyCode, rates: ExchangeRates) throws(TransactionsStoreError) -> PortfolioInBaseProjection {
            inBaseReads.append(method)
            return PortfolioInBaseProjection(base: base, method: method, rates: rates, keepingGains: true).replaying(history)
        }
    }

    private struct FailingProjection: RealizedGainsProjecting {
        let error: TransactionsStoreError

        func gains(method: CostBasisMethod) throws(TransactionsStoreError) -> RealizedGainsProjection { throw error }
        func gainsInBase(method: CostBasisMethod, base: CurrencyCode, rates: ExchangeRates) throws(TransactionsStoreError) -> PortfolioInBaseProjection { throw error }
    }
}
