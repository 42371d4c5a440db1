import XCTest
import FixedPoint
import Ledger
import Transactions
import Portfolio
import CurrentPrices
import Currencies
import Bookkeeping
import TransactionsTestSupport
import TestSupport

final class ExportJournalUseCaseTests: XCTestCase {
    func test_journal_readsEveryAccountsHistory_andPricesHeldSharesInTheirSecuritysUnit() throws {
        let (sut, transactions, prices) = makeSUT(history: [makeTransaction(ticker: "VOD.L", quantity: "100", sum: "70")],
                                                  securities: [Security(ticker: "VOD.L", unit: PriceUnit("GBp")!, source: .user)])

        let journal = try sut.journal()

        XCTAssertEqual(transactions.requests, [.init(filter: .all, order: .unspecified)])
        XCTAssertEqual(prices.asked, [["VOD.L"]], "held tickers' quotes, from the loader it is given")
        XCTAssertEqual(journal.entries.count, 1)
        XCTAssertEqual(journal.prices.map { "\($0.commodity) \($0.price.quantity) \($0.price.commodity)" }, ["VOD.L 0.8 GBP"])
    }

    func test_journal_deliversTheStoresFailure() {
        let (sut, transactions, _) = makeSUT(history: [])
        transactions.error = .retrieval(.store(.invalidIdentifier("x")))

        XCTAssertThrowsError(try sut.journal()) { error in
            XCTAssertEqual(error as? BookkeepingError, .transactions(.store(.invalidIdentifier("x"))))
        }
    }

    // MARK: - Helpers

    private func makeSUT(history: [Transaction], securities: [Security] = [], file: StaticString = #filePath, line: UInt = #line)
        -> (ExportJournalUseCase, TransactionsRetrievingSpy, PricesSpy) {
        let transactions = TransactionsRetrievingSpy()
        transactions.stored = history
        let prices = PricesSpy(price: 80)
        let sut = ExportJournalUseCase(transactions: transactions, prices: prices, closes: { PriceHistory() }, securities: SecuritiesStub(securities: securities),
                                       rates: RatesStub(), builder: JournalBuilder(base: "GBP", prefix: ["Invest"], method: .average) { $0 ?? "default" })
        trackForMemoryLeaks(sut, file: file, line: line)
        trackForMemoryLeaks(transactions, file: file, line: line)
        return (sut, transactions, prices)
    }
}

private final class PricesSpy: PricesLoading {
    private let price: FixedDecimal
    private(set) var asked: [[String]] = []

    init(price: FixedDecimal) { self.price = price }

    func loadPrices(for tickers: [String]) -> [String: Result<LoadedPrice, PriceLoadingError>] {
        asked.append(tickers)
        return Dictionary(uniqueKeysWithValues: tickers.map { ticker in
            (ticker, .success(LoadedPrice(price: CurrentPrice(ticker: ticker, price: price, change: nil, changePercent: nil, previousClose: price,
                                                              quoteTime: Date(timeIntervalSince1970: 1_720_000_000), fetchedAt: .distantPast), source: .cached)))
        })
    }
}

private struct SecuritiesStub: SecuritiesManaging {
    let securities: [Security]
    func setCurrency(_ currency: String, of ticker: String) throws(SecuritiesError) -> Security { fatalError("not used") }
    func recordProviderCurrency(_ currency: String, of ticker: String) throws(SecuritiesError) -> Security? { nil }
    func all() throws(SecuritiesError) -> [Security] { securities }
}

private struct RatesStub: ExchangeRatesProviding {
    func rates(converting currencies: Set<CurrencyCode>, into base: CurrencyCode, over days: ClosedRange<CalendarDay>) throws(ExchangeRatesError) -> ExchangeRates {
        ExchangeRates([])
    }
    func keptRates() throws(ExchangeRatesError) -> ExchangeRates { ExchangeRates([]) }
}
