import XCTest
import FixedPoint
import Ledger
import CurrentPrices
import Transactions
import TradingDesk
import TestSupport
import TransactionsTestSupport

final class CheckAlertsUseCaseTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_720_000_000)

    func test_check_withNoAlerts_asksForNoPrice() throws {
        let (sut, _, prices) = makeSUT()
        let check = try sut.check()
        XCTAssertEqual([check.fired.count, check.unchecked.count, check.armed], [0, 0, 0])
        XCTAssertEqual(prices.asked, [])
    }

    func test_check_firesWhatHolds_savesTheFiring_andFiresAOneShotAlertOnce() throws {
        let (sut, alerts, prices) = makeSUT()
        _ = try alerts.add(ticker: "AAPL", condition: "above", threshold: "150", repeats: false)
        _ = try alerts.add(ticker: "AAPL", condition: "below", threshold: "100", repeats: false)
        prices.results = ["AAPL": .success(price("AAPL", "150.5", .live))]

        let first = try sut.check()
        let second = try sut.check()

        XCTAssertEqual(first.fired.map(\.condition), [.above(150)])
        XCTAssertEqual(first.fired.first?.fired, PriceAlert.Firing(at: now, price: fixed("150.5"), measured: fixed("150.5")))
        XCTAssertEqual(try alerts.all().first?.fired?.at, now, "saved")
        XCTAssertEqual(second.fired, [])
        XCTAssertEqual(second.armed, 1)
    }

    func test_check_firesARepeatingAlertAtEveryCheck() throws {
        let (sut, alerts, prices) = makeSUT()
        _ = try alerts.add(ticker: "AAPL", condition: "above", threshold: "150", repeats: true)
        prices.results = ["AAPL": .success(price("AAPL", "151", .live))]

        XCTAssertEqual(try sut.check().fired.count, 1)
        XCTAssertEqual(try sut.check().fired.count, 1)
    }

    func test_check_neverFiresOnAStalePrice_andSaysWhatWasNotChecked() throws {
        let (sut, alerts, prices) = makeSUT()
        _ = try alerts.add(ticker: "AAPL", condition: "above", threshold: "1", repeats: false)
        _ = try alerts.add(ticker: "MSFT", condition: "above", threshold: "1", repeats: false)
        prices.results = ["AAPL": .success(price("AAPL", "150", .cached)), "MSFT": .failure(.connectivity)]

        let check = try sut.check()

        XCTAssertEqual(check.fired, [])
        XCTAssertEqual(check.unchecked.map(\.alert.ticker), ["AAPL", "MSFT"])
        XCTAssertEqual(check.unchecked.map(\.reason), [.notLive(.cached), .noPrice(.connectivity)])
    }

    func test_check_neverFiresOnASampleOrManualPrice() throws {
        let (sut, alerts, prices) = makeSUT()
        _ = try alerts.add(ticker: "AAPL", condition: "above", threshold: "1", repeats: false)
        _ = try alerts.add(ticker: "FUND", condition: "above", threshold: "1", repeats: false)
        prices.results = ["AAPL": .success(price("AAPL", "174.26", .sample)), "FUND": .success(price("FUND", "10", .manual))]

        let check = try sut.check()

        XCTAssertEqual(check.fired, [])
        XCTAssertEqual(check.unchecked.map(\.reason), [.notLive(.sample), .notLive(.manual)])
        XCTAssertEqual(try alerts.all().filter(\.isArmed).count, 2, "both still armed")
    }

    func test_check_judgesWeightAgainstEveryHolding_soPricesAllOfThem() throws {
        let (sut, alerts, prices) = makeSUT(history: [makeTransaction(ticker: "AAPL", quantity: "1", sum: "100"),
                                                      makeTransaction(ticker: "MSFT", quantity: "1", sum: "100")])
        _ = try alerts.add(ticker: "AAPL", condition: "weight", threshold: "60", repeats: false)
        prices.results = ["AAPL": .success(price("AAPL", "300", .live)), "MSFT": .success(price("MSFT", "200", .live))]

        let check = try sut.check()

        XCTAssertEqual(Set(prices.asked.joined()), ["AAPL", "MSFT"])
        XCTAssertEqual(check.fired.first?.fired?.measured, 60, "300 of 500")
    }

    // MARK: - Helpers

    private func makeSUT(history: [Transaction] = [], file: StaticString = #filePath, line: UInt = #line)
        -> (AlertsChecking, ManageAlertsUseCase, PricesSpy) {
        var ids = (1...20).map { "alert-\($0)" }
        let alerts = ManageAlertsUseCase(store: LedgerAlertsStore(ledger: InMemoryLedgerStore()), now: { [now] in now }, makeID: { ids.removeFirst() })
        let prices = PricesSpy()
        let transactions = RetrievingStub()
        transactions.stored = history
        let sut = CheckAlertsUseCase(alerts: alerts, prices: prices, transactions: transactions, now: { [now] in now })
        trackForMemoryLeaks(sut, file: file, line: line)
        trackForMemoryLeaks(prices, file: file, line: line)
        return (sut, alerts, prices)
    }

    private func price(_ ticker: String, _ value: String, _ source: PriceSource) -> LoadedPrice {
        LoadedPrice(price: quote(ticker, value, fetchedAt: now), source: source)
    }
}

final class PricesSpy: PricesLoading {
    var results: PriceResults = [:]
    private(set) var asked: [[String]] = []

    func loadPrices(for tickers: [String]) -> PriceResults {
        asked.append(tickers.sorted())
        return results.filter { tickers.contains($0.key) }
    }
}
