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

/// The portfolio's projection folded one transaction at a time must equal a replay, and a
/// portfolio worked out from it must equal one worked out from the history.
final class PortfolioProjectionTests: XCTestCase {
    private let base = "USD"

    func test_foldingInAddedOrder_equalsAReplay_atEveryStep_underEitherMethod() {
        for method in CostBasisMethod.allCases {
            for seed in 1...30 {
                var random = RandomHistory(seed: UInt64(seed) * 13)
                var history: [Transaction] = []
                var projection = PortfolioProjection(base: base, method: method)
                for step in 0..<60 {
                    let transaction = random.transaction()
                    history.append(transaction)
                    if !projection.fold(transaction) { projection = PortfolioProjection(base: base, method: method, history: history) }
                    XCTAssertEqual(projection, PortfolioProjection(base: base, method: method, history: history), "\(method), seed \(seed), step \(step)")
                }
            }
        }
    }

    func test_revisedWithEditsAndDeletes_equalsAReplayOfTheChangedHistory_underEitherMethod() {
        for method in [CostBasisMethod.average, .fifo] {
            assertRevisionEqualsAReplay(of: PortfolioProjection(base: "USD", method: method), seed: 407, minimumRevised: 270)
        }
    }

    func test_checkpointOfTheProjection_readsBackEqual_andOnlyForItsMethodAndBase() throws {
        var random = RandomHistory(seed: 5)
        let projection = PortfolioProjection(base: base, method: .fifo, history: (0..<200).map { _ in random.transaction() })

        try assertCheckpointRoundTrip(of: projection, readBy: PortfolioProjection(base: base, method: .fifo),
                                      refusedBy: [PortfolioProjection(base: base, method: .average), PortfolioProjection(base: "GBP", method: .fifo)])
    }

    func test_reportFromTheProjection_equalsTheReportFromTheHistory_inEveryScope() throws {
        for seed in 1...25 {
            var random = RandomHistory(seed: UInt64(seed) * 101)
            // Without a converter, a history's currencies are its own: the projection serves it.
            let history = (0..<80).map { _ in random.transaction() }.map { $0.inBase(base) }
            let prices = PricesStub(["AAPL": "190", "MSFT": "410"])
            for scope in [AccountScope.all, .only("isa")] {
                for method in CostBasisMethod.allCases {
                    let sut = DisplayPortfolioUseCase(projections: ProjectionStub(base: base, history: history), prices: prices, scope: scope)
                    XCTAssertEqual(try sut.display(sort: .value, costBasis: method),
                                   try HistoryOracle.report(of: history, prices: prices, scope: scope, method: method),
                                   "seed \(seed), \(scope), \(method)")
                    let byAccount = try sut.displayByAccount(sort: .ticker, costBasis: method)
                    let accounts = HistoryOracle.accounts(of: history).filter(scope.includes).sorted { ($0 ?? "") < ($1 ?? "") }
                    XCTAssertEqual(byAccount.map(\.account), accounts)
                    XCTAssertEqual(byAccount.map(\.report.summary), try accounts.map { account in
                        try HistoryOracle.report(of: history, prices: prices, scope: .only(account), method: method, sort: .ticker).summary
                    })
                }
            }
        }
    }

    func test_aHistoryNamingAnotherCurrency_whoseRatesCantBeHad_failsAsItsConversion() throws {
        let history = [Transaction(id: "eur", date: day("2024-01-02"), type: .buy, ticker: "SAP", quantity: 1, sum: 100, currency: "EUR",
                                   updatedAt: Date(timeIntervalSince1970: 0))]
        let sut = DisplayPortfolioUseCase(projections: ProjectionStub(base: base, history: history), prices: PricesStub([:]), converter: NoRates())

        XCTAssertThrowsError(try sut.display(sort: .value, costBasis: .average)) {
            XCTAssertEqual($0 as? DisplayPortfolioError, .conversion(.noRate(currency: "EUR", day: day("2024-01-02"))))
        }
    }

    func test_aTradeBeforeEveryRateKept_isNamed_withoutReadingThePositionsInTheBase() throws {
        let history = [Transaction(id: "eur", date: day("2024-01-02"), type: .buy, ticker: "SAP", quantity: 1, sum: 100, currency: "EUR",
                                   updatedAt: Date(timeIntervalSince1970: 0))]
        let converter = KeptRates(rates: ExchangeRates([ExchangeRate(from: CurrencyCode("EUR")!, to: CurrencyCode(base)!, day: day("2024-01-05"), rate: fixed("1.1"))]))
        let projections = ProjectionStub(base: base, history: history)
        let sut = DisplayPortfolioUseCase(projections: projections, prices: PricesStub([:]), converter: converter)

        XCTAssertThrowsError(try sut.display(sort: .value, costBasis: .average)) {
            XCTAssertEqual($0 as? DisplayPortfolioError, .conversion(.noRate(currency: "EUR", day: day("2024-01-02"))))
        }
        XCTAssertEqual(projections.inBaseReads.count, 0, "its trades are not kept waiting in a checkpoint")
    }

    func test_ofTwoCurrenciesWithoutARateOnTheirFirstDay_theEarlierIsNamed() throws {
        let history = [Transaction(id: "eur", date: day("2024-01-03"), type: .buy, ticker: "SAP", quantity: 1, sum: 100, currency: "EUR",
                                   updatedAt: Date(timeIntervalSince1970: 0)),
                       Transaction(id: "gbp", date: day("2024-01-02"), type: .buy, ticker: "VOD", quantity: 1, sum: 100, currency: "GBP",
                                   updatedAt: Date(timeIntervalSince1970: 0))]
        let converter = KeptRates(rates: ExchangeRates(["EUR", "GBP"].map { code in
            ExchangeRate(from: CurrencyCode(code)!, to: CurrencyCode(base)!, day: day("2024-01-05"), rate: fixed("1.1"))
        }))
        let sut = DisplayPortfolioUseCase(projections: ProjectionStub(base: base, history: history), prices: PricesStub([:]), converter: converter)

        XCTAssertThrowsError(try sut.display(sort: .value, costBasis: .average)) {
            XCTAssertEqual($0 as? DisplayPortfolioError, .conversion(.noRate(currency: "GBP", day: day("2024-01-02"))))
        }
    }

    func test_reportInTheBase_fromTheProjections_equalsTheReportFromTheHistoryConverted() throws {
        var inBase = 0
        for seed in 1...25 {
            var random = RandomHistory(seed: UInt64(seed) * 211)
            let history = (0..<80).map { _ in random.transaction() }.map { $0.inBase(base) }
            let converter = KeptRates(rates: EuroRates.throughSomeDays(&random))
            let prices = PricesStub(["AAPL": "190", "MSFT": "410", "VOD": "0.7"])
            for scope in [AccountScope.all, .only("isa")] {
                for method in CostBasisMethod.allCases {
                    let projections = ProjectionStub(base: base, history: history)
                    let sut = DisplayPortfolioUseCase(projections: projections, prices: prices, scope: scope, converter: converter)
                    XCTAssertEqual(try sut.display(sort: .value, costBasis: method),
                                   try HistoryOracle.report(of: history, prices: prices, scope: scope, method: method, converter: converter),
                                   "seed \(seed), \(scope), \(method)")
                    inBase += projections.inBaseReads.count
                }
            }
        }
        XCTAssertGreaterThan(inBase, 50, "the positions in the base come from their projection")
    }

    // MARK: - Helpers

    private func retrieving(_ history: [Transaction]) -> TransactionsRetrievingSpy {
        let transactions = TransactionsRetrievingSpy()
        transactions.stored = history
        return transactions
    }

    /// The projections a checkpoint would hold: the history's, replayed; it counts the reads in the base.
    private final class ProjectionStub: PortfolioProjecting {
        let base: String
        let history: [Transaction]
        private(set) var inBaseReads: [CostBasisMethod] = []

        init(base: String, history: [Transaction]) {
            self.base = base
            self.history = history
        }

        func projection(method: CostBasisMethod) throws(TransactionsStoreError) -> PortfolioProjection {
            PortfolioProjection(base: base, method: method, history: history)
        }

        func projectionInBase(method: CostBasisMethod, base: CurrencyCode, rates: ExchangeRates) throws(TransactionsStoreError) -> PortfolioInBaseProjection {
            inBaseReads.append(method)
            return PortfolioInBaseProjection(base: base, method: method, rates: rates).replaying(history)
        }
    }

    private struct PricesStub: PricesLoading {
        let prices: [String: String]

        init(_ prices: [String: String]) {
            self.prices = prices
        }

        func loadPrices(for tickers: [String]) -> [String: Result<LoadedPrice, PriceLoadingError>] {
            Dictionary(uniqueKeysWithValues: tickers.compactMap { ticker in prices[ticker].map { (ticker, .success(livePrice(ticker, $0))) } })
        }
    }
}
