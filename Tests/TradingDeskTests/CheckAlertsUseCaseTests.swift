import XCTest
import FixedPoint
import Ledger
import CurrentPrices
import Transactions
import TradingDesk
import Currencies
import Portfolio
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

    func test_check_judgesAWeight_inTheBaseCurrency_withAConverter() throws {
        let (sut, alerts, prices) = makeSUT(history: [makeTransaction(ticker: "AAPL", quantity: "1", sum: "100"),
                                                      makeTransaction(ticker: "MSFT", quantity: "1", sum: "100")], converter: HalvingAAPL())
        _ = try alerts.add(ticker: "AAPL", condition: "weight", threshold: "60", repeats: false)
        prices.results = ["AAPL": .success(price("AAPL", "300", .live)), "MSFT": .success(price("MSFT", "200", .live))]

        let check = try sut.check()

        XCTAssertTrue(check.fired.isEmpty, "AAPL's 300 is 150 in the base currency: 150 of 350, under 60%")
    }

    // MARK: - Helpers

    /// AAPL is in a currency worth half the base; the rest is in the base.
    private struct HalvingAAPL: BaseCurrencyConverting {
        func historyInBase(_ history: [Transaction]) throws(CurrencyConversionError) -> [Transaction] { history }
        func rates(from firstDays: [String: CalendarDay]) throws(CurrencyConversionError) -> ExchangeRates { ExchangeRates([]) }
        func pricesInBase(_ prices: [String: Result<LoadedPrice, PriceLoadingError>], tickers: TickerUnits) throws(CurrencyConversionError) -> ConvertedPrices {
            ConvertedPrices(prices: prices.mapValues { result in
                result.map { loaded in
                    guard loaded.price.ticker == "AAPL" else { return loaded }
                    let half = loaded.price.price.scaled(by: 1, over: 2) ?? .zero
                    return LoadedPrice(price: CurrentPrice(ticker: "AAPL", price: half, change: nil, changePercent: nil, previousClose: half,
                                                           quoteTime: loaded.price.quoteTime, fetchedAt: loaded.price.fetchedAt), source: loaded.source)
                }
            }, rates: [:])
        }
        func closesInBase(_ closes: PriceHistory, history: [Transaction]) throws(CurrencyConversionError) -> PriceHistory { closes }
        func cashInBase(_ balances: [CashPot: FixedDecimal]) throws(CurrencyConversionError) -> [String: FixedDecimal] { [:] }
    }

    private func makeSUT(history: [Transaction] = [], converter: BaseCurrencyConverting? = nil, file: StaticString = #filePath, line: UInt = #line)
        -> (AlertsChecking, ManageAlertsUseCase, PricesSpy) {
        var ids = (1...20).map { "alert-\($0)" }
        let alerts = ManageAlertsUseCase(store: LedgerAlertsStore(ledger: InMemoryLedgerStore()), now: { [now] in now }, makeID: { ids.removeFirst() })
        let prices = PricesSpy()
        let transactions = RetrievingStub()
        transactions.stored = history
        let sut = CheckAlertsUseCase(alerts: alerts, prices: prices, transactions: transactions, now: { [now] in now }, converter: converter)
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
