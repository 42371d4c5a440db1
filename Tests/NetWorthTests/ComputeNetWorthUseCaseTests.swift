import XCTest
import Portfolio
import Foundation
import FixedPoint
import Ledger
import Currencies
import CurrentPrices
import Savings
import Transactions
import NetWorth
import TransactionsTestSupport
import TestSupport

/// A GBP-based investor with two accounts, dollars
/// bought with pounds, a US stock partly moved to the other account, a London stock quoted in
/// pence, and a savings account.
final class ComputeNetWorthUseCaseTests: XCTestCase {
    func test_netWorth_valuesEveryAccountsHoldingsCashAndSavings_inTheBaseCurrency_atTheDaysRate() throws {
        let (sut, rates) = makeSUT(history: Self.history)

        let netWorth = try sut.netWorth().netWorth

        // AAPL at $250, the dollar at £0.80: 6 shares here $1,500 → £1,200; 4 in the ISA $1,000 → £800.
        // VOD.L at 80p: 100 shares £80. Pounds: 10,000 − 5,000 − 1,000 = £4,000.
        // Dollars: 6,250 − 2,000 = $4,250 → £3,400. Savings £500. Total £9,980.
        XCTAssertEqual(netWorth.items.map(\.name), ["AAPL", "VOD.L", "AAPL", "GBP", "USD", "Rainy day"])
        XCTAssertEqual(netWorth.items.map(\.value), [1_200, 80, 800, 4_000, 3_400, 500])
        XCTAssertEqual(netWorth.total, 9_980)
        XCTAssertEqual(netWorth.totals(by: .currency).map(\.key), ["USD", "GBP"])
        XCTAssertEqual(netWorth.totals(by: .currency).map(\.value), [5_400, 4_580], "USD: 1,200 + 800 + 3,400; GBP: 80 + 4,000 + 500")
        XCTAssertEqual(netWorth.totals(by: .account).map(\.value), [8_680, 800, 500])
        XCTAssertEqual(netWorth.totals(by: .kind).map(\.value), [2_080, 7_400, 500])
        XCTAssertEqual(rates.requests.map(\.currencies), [[CurrencyCode("USD")!]], "one rate asked for: the dollar's, once")
    }

    func test_aHoldingWithoutARateKept_isNamed_andLeftOutOfTheTotal_neverValuedAt0() throws {
        let (sut, _) = makeSUT(history: Self.history, rates: [])

        let netWorth = try sut.netWorth().netWorth

        XCTAssertEqual(netWorth.unvalued.map(\.name), ["AAPL", "AAPL", "USD"])
        XCTAssertEqual(netWorth.total, 4_580)
    }

    func test_aHoldingWithoutAPrice_isLeftOut_andItsPriceFailureReported() throws {
        let (sut, _) = makeSUT(history: Self.history, prices: ["VOD.L": 80])

        let (netWorth, prices) = try sut.netWorth()

        XCTAssertEqual(netWorth.unvalued.map(\.name), ["AAPL", "AAPL"])
        XCTAssertEqual(prices["AAPL"].map { if case .failure = $0 { true } else { false } }, true)
        XCTAssertEqual(netWorth.total, 7_980)
    }

    func test_aSavingsAccountInAnotherCurrency_isConvertedAtTheDaysRate() throws {
        let euros = SavingsAccount(id: "e", name: "Sparbuch", createdAt: .distantPast, currency: "EUR")
        let (sut, rates) = makeSUT(history: [], savings: SavingsStub(accounts: [euros], updates: [ValueUpdate(id: "u", accountID: "e", value: 1_000, at: .distantPast)]),
                                      rates: [ExchangeRate(from: CurrencyCode("EUR")!, to: CurrencyCode("GBP")!, day: day("2024-06-28"), rate: fixed("0.85"))])

        let netWorth = try sut.netWorth().netWorth

        XCTAssertEqual(netWorth.items.map { "\($0.name) \($0.currency) \($0.amount ?? 0) \($0.value ?? 0)" }, ["Sparbuch EUR 1000 850"])
        XCTAssertEqual(rates.requests.map(\.currencies), [[CurrencyCode("EUR")!]])
    }

    func test_whatTheNetWorthCounts_fromTheProjection_equalsWhatTheHistoryHolds_whateverCurrenciesItNames() throws {
        for seed in 1...30 {
            var random = RandomHistory(seed: UInt64(seed) * 7)
            let mixed = (0..<70).map { _ in random.transaction() }
            // In the base alone, and naming other currencies, whose units the projection keeps.
            let inBase = mixed.filter { $0.type != .fx }.map { transaction in
                Transaction(id: transaction.id, date: transaction.date, type: transaction.type, ticker: transaction.ticker, quantity: transaction.quantity,
                            sum: transaction.sum, ratio: transaction.ratio, account: transaction.account, toAccount: transaction.toAccount,
                            updatedAt: transaction.updatedAt)
            }
            for history in [inBase, mixed] {
                let projection = try ProjectionStub(base: "GBP", history: history).projection(method: .average)

                XCTAssertEqual(projection.positions.positions.quantities.map(\.quantity), PortfolioCalculator.positions(of: history).quantities.map(\.quantity), "seed \(seed)")
                XCTAssertEqual(projection.positions.positions.quantities.map(\.ticker), PortfolioCalculator.positions(of: history).quantities.map(\.ticker), "seed \(seed)")
                XCTAssertEqual(projection.cash.trackedAccounts, CashPolicy.trackedAccounts(in: history), "seed \(seed)")
                XCTAssertEqual(projection.cash.balances(in: .all).filter { !$0.value.isZero }, CashPolicy.balances(of: history).filter { !$0.value.isZero }, "seed \(seed)")
                XCTAssertEqual(projection.tickerUnits, TickerUnits(history: history), "seed \(seed)")
            }
        }
    }

    // MARK: - Helpers

    private static let isa = "account-isa"
    private static let history: [Transaction] = [
        cash(.deposit, "2024-01-02", sum: "10000"),
        Transaction(id: "fx", date: day("2024-01-03"), type: .fx, ticker: "", quantity: .zero, sum: 5_000, toSum: 6_250, toCurrency: "USD", updatedAt: .distantPast),
        Transaction(id: "aapl", date: day("2024-01-04"), type: .buy, ticker: "AAPL", quantity: 10, sum: 2_000, currency: "USD", updatedAt: .distantPast),
        makeTransaction(date: "2024-01-05", ticker: "VOD.L", quantity: "100", sum: "1000"),
        Transaction(id: "move", date: day("2024-02-01"), type: .transfer, ticker: "AAPL", quantity: 4, sum: .zero, toAccount: isa, updatedAt: .distantPast),
    ]

    private static func cash(_ type: TransactionType, _ date: String, sum: String) -> Transaction {
        makeCash(date: date, type: type, sum: sum)
    }

    private func makeSUT(history: [Transaction], savings: SavingsStub = SavingsStub(), prices: [String: FixedDecimal] = ["AAPL": 250, "VOD.L": 80],
                         rates: [ExchangeRate] = [ExchangeRate(from: CurrencyCode("USD")!, to: CurrencyCode("GBP")!, day: day("2024-06-28"), rate: fixed("0.80"))],
                         file: StaticString = #filePath, line: UInt = #line) -> (ComputeNetWorthUseCase, RatesSpy) {
        let rateSpy = RatesSpy(rates: rates)
        let sut = ComputeNetWorthUseCase(projections: ProjectionStub(base: "GBP", history: history), prices: PricesStub(prices), securities: SecuritiesStub(securities: [Security(ticker: "VOD.L", unit: PriceUnit("GBp")!, source: .provider)]),
                                         rates: rateSpy, savings: savings, base: CurrencyCode("GBP")!, today: { day("2024-07-01") })
        trackForMemoryLeaks(sut, file: file, line: line)
        trackForMemoryLeaks(rateSpy, file: file, line: line)
        return (sut, rateSpy)
    }

    private struct SavingsStub: SavingsLoading {
        var accounts = [SavingsAccount(id: "s1", name: "Rainy day", createdAt: .distantPast),
                        SavingsAccount(id: "s2", name: "Old", createdAt: .distantPast, closedAt: .distantPast)]
        var updates = [ValueUpdate(id: "u1", accountID: "s1", value: 500, at: .distantPast), ValueUpdate(id: "u2", accountID: "s2", value: 900, at: .distantPast)]

        func load() throws(SavingsError) -> SavingsBook { fatalError("not used") }
        func loadSummary() throws(SavingsError) -> SavingsSummary { SavingsSummary(accounts: accounts, updates: updates) }
    }
}
