import XCTest
import CurrentPrices
import Ledger
import Portfolio
import Transactions
import TestSupport
import TransactionsTestSupport

final class DisplayPortfolioUseCaseTests: XCTestCase {
    func test_display_loadsPricesOnlyForWhatIsStillHeld() throws {
        let (sut, transactions, prices) = makeSUT()
        transactions.stored = [makeTransaction(id: "1", ticker: "AAA", quantity: "2", sum: "20"),
                               makeTransaction(id: "2", ticker: "SOLD", quantity: "1", sum: "10"),
                               makeTransaction(id: "3", type: .sell, ticker: "SOLD", quantity: "1", sum: "15")]
        prices.results = ["AAA": .success(livePrice("AAA", "30"))]

        let report = try sut.display(sort: .value)

        XCTAssertEqual(prices.requests, [["AAA"]])
        XCTAssertEqual(transactions.requests, [.init(filter: .all, order: .unspecified)])
        XCTAssertEqual(report.summary.totalValue, fixed("60"))
        XCTAssertEqual(report.summary.totalProfit, fixed("45"), "AAA +40 and SOLD's realized +5")
        XCTAssertFalse(report.isUnvalued)
    }

    func test_displayByAccount_valuesEachAccountOnItsOwn_withThePricesLoadedOnce() throws {
        let (sut, transactions, prices) = makeSUT()
        transactions.stored = [makeTransaction(id: "1", ticker: "AAA", quantity: "2", sum: "20"),
                               makeTransaction(id: "2", ticker: "AAA", quantity: "1", sum: "12", account: "account-isa"),
                               makeTransaction(id: "3", ticker: "BBB", quantity: "1", sum: "5", account: "account-isa")]
        prices.results = ["AAA": .success(livePrice("AAA", "30")), "BBB": .success(livePrice("BBB", "6"))]

        let reports = try sut.displayByAccount(sort: .ticker, costBasis: .average)

        XCTAssertEqual(prices.requests, [["AAA", "BBB"]])
        XCTAssertEqual(reports.map(\.account), [nil, "account-isa"])
        XCTAssertEqual(reports.map(\.report.summary.totalValue), [fixed("60"), fixed("36")])
        XCTAssertEqual(reports.map(\.report.summary.totalCostBasis), [fixed("20"), fixed("17")])
        XCTAssertEqual(reports[0].report.prices.keys.sorted(), ["AAA"], "each account's own prices")
    }

    func test_display_leavesAHoldingWithoutAPriceOutOfTheTotalsAndNamesIt() throws {
        let (sut, transactions, prices) = makeSUT()
        transactions.stored = [makeTransaction(id: "1", ticker: "AAA", quantity: "1", sum: "10"), makeTransaction(id: "2", ticker: "GONE", quantity: "1", sum: "10")]
        prices.results = ["AAA": .success(livePrice("AAA", "12")), "GONE": .failure(.unknownSymbol)]

        let report = try sut.display(sort: .ticker)

        XCTAssertEqual(report.summary.unpricedTickers, ["GONE"])
        XCTAssertEqual(report.summary.totalValue, fixed("12"))
        XCTAssertEqual(report.prices["GONE"], .failure(.unknownSymbol))
        XCTAssertFalse(report.isUnvalued, "one usable price is enough to value what it prices")
    }

    func test_display_isUnvaluedWhenSomethingIsHeldButNoPriceCouldBeHad() throws {
        let (sut, transactions, prices) = makeSUT()
        transactions.stored = [makeTransaction(id: "1", ticker: "AAA")]
        prices.results = ["AAA": .failure(.connectivity)]

        XCTAssertTrue(try sut.display(sort: .value).isUnvalued)
    }

    func test_display_isNotUnvaluedWhenTheOnlyProblemIsSymbolsThePriceServiceDoesNotKnow() throws {
        let (sut, transactions, prices) = makeSUT()
        transactions.stored = [makeTransaction(id: "1", ticker: "DELISTED"), makeTransaction(id: "2", ticker: "PRIVATE")]
        prices.results = ["DELISTED": .failure(.unknownSymbol), "PRIVATE": .failure(.forbidden)]

        let report = try sut.display(sort: .value)

        XCTAssertFalse(report.isUnvalued, "a delisted holding is named and left out; it must not fail every run for good")
        XCTAssertEqual(report.summary.unpricedTickers, ["DELISTED", "PRIVATE"])
    }

    func test_display_ofNothing_asksForNoPriceAndIsNotUnvalued() throws {
        let (sut, _, prices) = makeSUT()

        let report = try sut.display(sort: .value)

        XCTAssertEqual(prices.requests, [])
        XCTAssertTrue(report.summary.isEmpty)
        XCTAssertFalse(report.isUnvalued)
    }

    func test_display_valuesTheCostBasisByTheMethodAsked() throws {
        let (sut, transactions, prices) = makeSUT()
        transactions.stored = [makeTransaction(id: "1", date: "2024-01-01", ticker: "A", quantity: "1", sum: "10"),
                               makeTransaction(id: "2", date: "2024-01-02", ticker: "A", quantity: "1", sum: "30"),
                               makeTransaction(id: "3", date: "2024-01-03", type: .sell, ticker: "A", quantity: "1", sum: "25")]
        prices.results = ["A": .success(livePrice("A", "40"))]

        let fifo = try sut.display(sort: .value, costBasis: .fifo).summary
        let average = try sut.display(sort: .value).summary

        XCTAssertEqual(fifo.totalCostBasis, fixed("30"), "the first share, bought for 10, was sold")
        XCTAssertEqual(average.totalCostBasis, fixed("20"))
    }

    /// The holdings' totals leave cash out; the report carries it beside them.
    func test_display_givesTheCashBalanceAndTheValueWithCash_onlyWhenCashIsTracked() throws {
        let (sut, transactions, prices) = makeSUT()
        transactions.stored = [makeTransaction(id: "1", ticker: "AAA", quantity: "2", sum: "20")]
        prices.results = ["AAA": .success(livePrice("AAA", "30"))]
        let untracked = try sut.display(sort: .value)
        transactions.stored.append(makeCash(id: "d", date: "2024-01-01", type: .deposit, sum: "100"))

        let tracked = try sut.display(sort: .value)

        XCTAssertNil(untracked.cash)
        XCTAssertNil(untracked.valueWithCash)
        XCTAssertEqual(tracked.cash, fixed("80"), "100 in, 20 spent")
        XCTAssertEqual(tracked.summary.totalValue, fixed("60"))
        XCTAssertEqual(tracked.valueWithCash, fixed("140"))
    }

    func test_display_deliversTheRetrievalError() {
        let (sut, transactions, prices) = makeSUT()
        let failure = TransactionsStoreError.store(.damaged(file: "transactions.log", line: 2, reason: "bad"))
        transactions.error = .retrieval(failure)

        XCTAssertThrowsError(try sut.display(sort: .value)) { XCTAssertEqual($0 as? DisplayPortfolioError, .retrieval(failure)) }
        XCTAssertEqual(prices.requests, [], "no prices are loaded for a history that could not be read")
    }

    // MARK: - Helpers

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (DisplayPortfolioUseCase, TransactionsRetrievingSpy, PricesLoadingSpy) {
        let transactions = TransactionsRetrievingSpy(), prices = PricesLoadingSpy()
        let sut = DisplayPortfolioUseCase(projections: ReplayedPortfolioProjections(transactions: transactions, base: "USD"), prices: prices)
        trackForMemoryLeaks(sut, file: file, line: line)
        trackForMemoryLeaks(transactions, file: file, line: line)
        trackForMemoryLeaks(prices, file: file, line: line)
        return (sut, transactions, prices)
    }

    private final class PricesLoadingSpy: PricesLoading {
        private(set) var requests: [[String]] = []
        var results: [String: Result<LoadedPrice, PriceLoadingError>] = [:]

        func loadPrices(for tickers: [String]) -> [String: Result<LoadedPrice, PriceLoadingError>] {
            requests.append(tickers)
            return results.filter { tickers.contains($0.key) }
        }
    }
}
