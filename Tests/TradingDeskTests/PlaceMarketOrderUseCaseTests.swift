import XCTest
import FixedPoint
import CurrentPrices
import Transactions
import TradingDesk
import TestSupport
import TransactionsTestSupport

final class PlaceMarketOrderUseCaseTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_720_000_000)

    func test_prepare_pricesTheOrderAtTheQuote_roundingTheSumToTheCent() throws {
        let (sut, _, _) = makeSUT(price: live("AAPL", "174.265"))

        let order = try sut.prepare(.buy, ticker: "aapl", quantity: "3")

        XCTAssertEqual([order.ticker, order.quantity.description, order.sum.description], ["AAPL", "3", "522.8"], "3 × 174.265 = 522.795")
        XCTAssertNil(order.cashAfter, "no deposit: cash isn't tracked")
        XCTAssertFalse(order.isStale)
    }

    func test_prepare_givesTheCashAfterTheTrade_andRefusesABuyThatOverdraws() {
        let (sut, retrieving, _) = makeSUT(price: live("AAPL", "100"))
        retrieving.stored = [makeCash(type: .deposit, sum: "250")]

        XCTAssertEqual(try sut.prepare(.buy, ticker: "AAPL", quantity: "2").cashAfter, 50)
        XCTAssertThrowsError(try sut.prepare(.buy, ticker: "AAPL", quantity: "3")) { error in
            guard case let .insufficientCash(available, _)? = error as? MarketOrderError else { return XCTFail("got \(error)") }
            XCTAssertEqual(available, 250)
        }
    }

    func test_prepare_ofAForeignStock_drawsOnTheCashOfItsCurrency_inTheAccountsOwn() throws {
        let isa = "account-isa"
        let (sut, retrieving, _) = makeSUT(price: live("AAPL", "100"), scope: .only(isa), currencyOf: { $0 == "AAPL" ? "USD" : nil })
        retrieving.stored = [makeCash(type: .deposit, sum: "1000"),
                             Transaction(id: "fx", date: day("2024-01-03"), type: .fx, ticker: "", quantity: .zero, sum: 200, toSum: 250, toCurrency: "USD",
                                         updatedAt: .distantPast),
                             Transaction(id: "t", date: day("2024-01-04"), type: .transfer, ticker: "", quantity: .zero, sum: 250, currency: "USD",
                                         toAccount: isa, updatedAt: .distantPast),
                             makeTransaction(date: "2024-01-05", type: .buy, quantity: "3", sum: "30"),
                             Transaction(id: "s", date: day("2024-01-06"), type: .transfer, ticker: "AAPL", quantity: 2, sum: .zero, toAccount: isa,
                                         updatedAt: .distantPast)]

        let order = try sut.prepare(.buy, ticker: "AAPL", quantity: "2")

        XCTAssertEqual(order.currency, "USD")
        XCTAssertEqual(order.cashAfter, 50, "the ISA's $250, not the default account's pounds")
        XCTAssertThrowsError(try sut.prepare(.buy, ticker: "AAPL", quantity: "3"))
        XCTAssertNoThrow(try sut.prepare(.sell, ticker: "AAPL", quantity: "2"), "the 2 shares transferred in are the ISA's")
        XCTAssertThrowsError(try sut.prepare(.sell, ticker: "AAPL", quantity: "3"))
    }

    func test_prepare_refusesSellingMoreThanHeld_sayingWhatIsHeld() {
        let (sut, retrieving, _) = makeSUT(price: live("AAPL", "100"))
        retrieving.stored = [makeTransaction(type: .buy, quantity: "2"), makeTransaction(date: "2024-02-01", type: .split, quantity: "0", sum: "0", ratio: "3:1")]

        XCTAssertNoThrow(try sut.prepare(.sell, ticker: "AAPL", quantity: "6"))
        XCTAssertThrowsError(try sut.prepare(.sell, ticker: "AAPL", quantity: "6.1")) { error in
            guard case let .wouldOversell(held, _)? = error as? MarketOrderError else { return XCTFail("got \(error)") }
            XCTAssertEqual(held, 6)
        }
    }

    func test_prepare_appliesSplitsInDateOrder_whateverOrderTheStoreKeeps() {
        let (sut, retrieving, _) = makeSUT(price: live("AAPL", "100"))
        retrieving.stored = [makeTransaction(date: "2024-02-01", type: .split, quantity: "0", sum: "0", ratio: "3:1"),
                             makeTransaction(date: "2024-01-01", type: .buy, quantity: "2")]

        XCTAssertNoThrow(try sut.prepare(.sell, ticker: "AAPL", quantity: "6"))
    }

    func test_prepare_refusesQuantitiesThatAreNotAboveZeroOrAreAbsurd_beforeAskingForAPrice() {
        let (sut, _, _) = makeSUT(price: live("AAPL", "100"))
        for bad in ["0", "-1", "abc", "", "1000000.00000001", "1e3"] {
            XCTAssertThrowsError(try sut.prepare(.buy, ticker: "AAPL", quantity: bad)) { error in
                XCTAssertEqual(error as? MarketOrderError, .invalidQuantity(bad))
            }
        }
        XCTAssertNoThrow(try sut.prepare(.buy, ticker: "AAPL", quantity: "1000000"))
    }

    func test_prepare_tellsAnUnknownSymbolFromAServiceThatIsDown() {
        XCTAssertThrowsError(try makeSUT(failure: .unknownSymbol).sut.prepare(.buy, ticker: "ZZZZ", quantity: "1")) { error in
            XCTAssertEqual(error as? MarketOrderError, .unknownSymbol("ZZZZ"))
        }
        XCTAssertThrowsError(try makeSUT(failure: .connectivity).sut.prepare(.buy, ticker: "AAPL", quantity: "1")) { error in
            XCTAssertEqual(error as? MarketOrderError, .priceUnavailable(.connectivity))
        }
    }

    func test_place_refusesAStalePriceUnlessAllowed_andNotesItOnTheTransaction() throws {
        let cached = LoadedPrice(price: quote("AAPL", "100", fetchedAt: now.addingTimeInterval(-7200)), source: .cached)
        let (sut, _, saver) = makeSUT(price: cached)
        let order = try sut.prepare(.buy, ticker: "AAPL", quantity: "1")

        XCTAssertEqual(order.staleness, 7200)
        XCTAssertThrowsError(try sut.place(order, allowStale: false)) { error in
            XCTAssertEqual(error as? MarketOrderError, .stalePrice(order))
        }
        XCTAssertEqual(saver.drafts, [])

        _ = try sut.place(order, allowStale: true)
        XCTAssertEqual(saver.drafts.first?.note, "market order at 100 (stale price from 2024-07-03 07:46 UTC)")
        XCTAssertEqual(saver.drafts.first?.date, "2024-07-03")
    }

    func test_place_reportsTheChecksMadeUnderTheLock_asTheOrdersOwnRefusals() throws {
        let (sut, retrieving, saver) = makeSUT(price: live("AAPL", "10"))
        retrieving.stored = [makeTransaction(type: .buy, quantity: "1")]
        let order = try sut.prepare(.sell, ticker: "AAPL", quantity: "0.5")
        let violation = HoldingsPolicy.firstViolation(in: [makeTransaction(id: "s", type: .sell, quantity: "1")])!
        saver.error = SaveTransactionError.wouldOversell(violation)

        XCTAssertThrowsError(try sut.place(order, allowStale: false)) { error in
            XCTAssertEqual(error as? MarketOrderError, .wouldOversell(held: 0, order: order), "another order sold them first")
        }
    }

    // MARK: - Helpers

    private func makeSUT(price: LoadedPrice? = nil, failure: PriceLoadingError? = nil, scope: AccountScope = .all,
                         currencyOf: @escaping (String) -> String? = { _ in nil }, file: StaticString = #filePath, line: UInt = #line)
        -> (sut: PlaceMarketOrderUseCase, retrieving: RetrievingStub, saver: SaverSpy) {
        let retrieving = RetrievingStub(), saver = SaverSpy()
        let sut = PlaceMarketOrderUseCase(prices: PriceStub(price: price, failure: failure ?? .unknownSymbol), transactions: retrieving, save: saver,
                                          today: { day("2024-07-03") }, now: { [now] in now }, scope: scope, currencyOf: currencyOf)
        trackForMemoryLeaks(sut, file: file, line: line)
        trackForMemoryLeaks(saver, file: file, line: line)
        return (sut, retrieving, saver)
    }

    private func live(_ ticker: String, _ price: String) -> LoadedPrice {
        LoadedPrice(price: quote(ticker, price, fetchedAt: now), source: .live)
    }
}

func quote(_ ticker: String, _ price: String, previousClose: String? = nil, fetchedAt: Date) -> CurrentPrice {
    CurrentPrice(ticker: ticker, price: fixed(price), change: nil, changePercent: nil, previousClose: fixed(previousClose ?? price),
                 quoteTime: fetchedAt, fetchedAt: fetchedAt)
}

struct PriceStub: PriceLoader {
    let price: LoadedPrice?
    let failure: PriceLoadingError

    func loadPrice(for ticker: String) throws(PriceLoadingError) -> LoadedPrice {
        guard let price, price.price.ticker == ticker else { throw failure }
        return price
    }
}

final class RetrievingStub: TransactionsRetrieving {
    var stored: [Transaction] = []

    func retrieve(_ filter: TransactionFilter, order: TransactionOrder) throws(RetrieveTransactionsError) -> [Transaction] {
        stored.filter(filter.matches)
    }
}

final class SaverSpy: TransactionSaving {
    private(set) var drafts: [TransactionDraft] = []
    var error: SaveTransactionError?

    func save(_ draft: TransactionDraft, replacing id: String?) throws(SaveTransactionError) -> Transaction {
        if let error { throw error }
        drafts.append(draft)
        let fields: ValidTransactionFields
        switch TransactionValidator.validate(draft, latestDate: day("2024-07-03")) {
        case let .success(valid): fields = valid
        case let .failure(invalid): throw .invalid(invalid)
        }
        return Transaction(id: "new", fields: fields, updatedAt: Date(timeIntervalSince1970: 0))
    }
}
