import XCTest
import Foundation
import FixedPoint
import Ledger
import Currencies
import CurrentPrices
import Portfolio
import Transactions
import NetWorth
import TransactionsTestSupport
import TestSupport

/// A GBP-based investor buys a USD
/// stock on two dates at two rates and sells part. Every figure is worked by hand in the comments.
final class BaseCurrencyConverterTests: XCTestCase {
    func test_thePortfolio_inTheBaseCurrency_costsEachBuyAtItsOwnDaysRate_andValuesAtTodays() throws {
        let (sut, rates) = makeSUT()
        let history = [buy("2024-01-10", 10, 1_000), buy("2024-03-15", 10, 1_200), sell("2024-06-20", 5, 700)]

        let display = DisplayPortfolioUseCase(projections: ReplayedPortfolioProjections(transactions: Stored(history), base: "GBP"), prices: PricesStub(["AAPL": 150]), converter: sut)
        let report = try display.display(sort: .value)
        let summary = report.summary
        let gains = try ReportRealizedGainsUseCase(projections: ReplayedPortfolioProjections(transactions: Stored(history), base: "GBP"), converter: sut).gains(year: nil, method: .average)

        // 10 Jan: $1,000 at 0.80 → £800. 15 Mar: $1,200 at 0.75 → £900. 20 Jun: 5 sold for $700 at 0.78 → £546,
        // against a quarter of £1,700 = £425: £121 realized. Held 15 at a cost of £1,275.
        // Today $150 at 0.82 is £123 a share: £1,845, £570 above the cost.
        XCTAssertEqual(gains.sells.map(\.gain), [121])
        // Of the £121: the currency's, $550 of cost at the sale's 0.78 less £425 = £4; the price's, £117.
        XCTAssertEqual(Array(gains.currencyGains.values), [4])
        let holding = try XCTUnwrap(summary.holdings.first)
        XCTAssertEqual([holding.quantity, holding.costBasis, holding.value, holding.unrealizedProfit], [15, 1_275, 1_845, 570])
        XCTAssertEqual(holding.price?.price.price, 123)
        // Of the £570: the currency's, $1,650 of cost at today's 0.82 less £1,275 = £78; the price's, ($2,250 − $1,650) × 0.82 = £492.
        XCTAssertEqual(report.currencyGains, ["AAPL": 78])
        XCTAssertEqual(holding.unrealizedProfit.map { $0 - report.totalCurrencyGain }, 492)
        XCTAssertEqual(rates.requests.map(\.days.lowerBound.iso), ["2024-01-10"], "the rates from the first trade on, asked for once")
    }

    func test_aLondonPriceInPence_isValuedInPounds_andABaseCurrencyHistoryIsLeftAsItIs() throws {
        let (sut, rates) = makeSUT(securities: [Security(ticker: "VOD.L", unit: PriceUnit("GBp")!, source: .provider)])
        let history = [makeTransaction(date: "2024-01-02", ticker: "VOD.L", quantity: "100", sum: "70")]

        XCTAssertEqual(try sut.historyInBase(history), history)
        let summary = try DisplayPortfolioUseCase(projections: ReplayedPortfolioProjections(transactions: Stored(history), base: "GBP"), prices: PricesStub(["VOD.L": fixed("72.5")]), converter: sut)
            .display(sort: .value).summary

        XCTAssertEqual(summary.totalValue, fixed("72.5"), "100 shares at 72.5p are £72.50, not £7,250")
        XCTAssertEqual(summary.holdings.first?.price?.price.previousClose, fixed("0.725"), "every price of the quote is in pounds")
        XCTAssertTrue(rates.requests.isEmpty, "pounds need no rate")
    }

    func test_aTradeWithoutARateKept_isRefused_namingTheCurrencyAndDay() {
        let (sut, _) = makeSUT(rates: [])

        XCTAssertThrowsError(try sut.historyInBase([buy("2024-01-10", 1, 1)])) {
            XCTAssertEqual($0 as? CurrencyConversionError, .noRate(currency: "USD", day: day("2024-01-10")))
        }
    }

    func test_closes_areEachAtTheirOwnDaysRate_penceInPounds_andOnesBeforeAnyRateAreDropped() throws {
        let (sut, _) = makeSUT(securities: [Security(ticker: "VOD.L", unit: PriceUnit("GBp")!, source: .provider)])
        let history = [buy("2024-01-10", 1, 100)]
        let closes = PriceHistory([DailyClose(ticker: "AAPL", day: day("2024-01-05"), close: 99), DailyClose(ticker: "AAPL", day: day("2024-01-10"), close: 100),
                                   DailyClose(ticker: "AAPL", day: day("2024-06-20"), close: 110), DailyClose(ticker: "VOD.L", day: day("2024-06-20"), close: 72)])

        let converted = try sut.closesInBase(closes, history: history)

        XCTAssertEqual(converted.closes(of: "AAPL").map(\.close), [80, fixed("85.8")], "$100 at 0.80, $110 at 0.78; 5 January has no rate")
        XCTAssertEqual(converted.closes(of: "VOD.L").map(\.close), [fixed("0.72")])
    }

    func test_cash_isEachPotAtTodaysRate() throws {
        let (sut, _) = makeSUT()

        let cash = try sut.cashInBase([CashPot(account: nil, currency: nil): 100, CashPot(account: nil, currency: "USD"): 50])

        XCTAssertEqual(cash, ["GBP": 100, "USD": 41], "£100, and $50 at 0.82")
    }

    // MARK: - Helpers

    private static let dollarRates: [ExchangeRate] = [("2024-01-10", "0.80"), ("2024-03-15", "0.75"), ("2024-06-20", "0.78"), ("2024-07-01", "0.82")]
        .map { ExchangeRate(from: CurrencyCode("USD")!, to: CurrencyCode("GBP")!, day: day($0), rate: fixed($1)) }

    private func makeSUT(securities: [Security] = [], rates: [ExchangeRate] = dollarRates,
                         file: StaticString = #filePath, line: UInt = #line) -> (BaseCurrencyConverter, RatesSpy) {
        let spy = RatesSpy(rates: rates)
        let sut = BaseCurrencyConverter(base: CurrencyCode("GBP")!, rates: spy, securities: SecuritiesStub(securities: securities), today: { day("2024-07-01") })
        trackForMemoryLeaks(sut, file: file, line: line)
        trackForMemoryLeaks(spy, file: file, line: line)
        return (sut, spy)
    }

    private func buy(_ date: String, _ quantity: FixedDecimal, _ sum: FixedDecimal) -> Transaction {
        Transaction(id: UUID().uuidString, date: day(date), type: .buy, ticker: "AAPL", quantity: quantity, sum: sum, currency: "USD", updatedAt: .distantPast)
    }

    private func sell(_ date: String, _ quantity: FixedDecimal, _ sum: FixedDecimal) -> Transaction {
        Transaction(id: UUID().uuidString, date: day(date), type: .sell, ticker: "AAPL", quantity: quantity, sum: sum, currency: "USD", updatedAt: .distantPast)
    }

    private struct Stored: TransactionsRetrieving {
        let history: [Transaction]
        init(_ history: [Transaction]) { self.history = history }
        func retrieve(_ filter: TransactionFilter, order: TransactionOrder) throws(RetrieveTransactionsError) -> [Transaction] { history }
    }
}
