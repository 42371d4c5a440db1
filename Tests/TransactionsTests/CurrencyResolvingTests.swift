import XCTest
import FixedPoint
import Ledger
import Transactions
import TestSupport
import TransactionsTestSupport

/// A transaction's currency before it is checked and saved: its security's when it names none,
/// and none for the base currency.
final class CurrencyResolvingTests: XCTestCase {
    func test_save_withoutACurrency_takesTheSecuritys_andCashStaysInTheBase() throws {
        let (sut, saver) = makeSUT(known: ["VOD.L": "GBP", "AAPL": "USD"])

        _ = try sut.save(TransactionDraft(type: "buy", ticker: " aapl ", quantity: "1", sum: "1"), replacing: nil)
        _ = try sut.save(TransactionDraft(type: "buy", ticker: "MSFT", quantity: "1", sum: "1"), replacing: nil)
        _ = try sut.save(TransactionDraft(type: "deposit", sum: "1"), replacing: nil)

        XCTAssertEqual(saver.drafts.map(\.currency), ["USD", nil, nil])
    }

    func test_save_namingTheBaseCurrency_namesNone_whateverItsCase() throws {
        let (sut, saver) = makeSUT(known: ["VOD.L": "GBP"])
        var exchange = TransactionDraft(type: "fx", sum: "100")
        (exchange.currency, exchange.toCurrency, exchange.toSum) = ("usd", "gbp", "80")

        _ = try sut.save(TransactionDraft(type: "buy", ticker: "VOD.L", quantity: "1", sum: "1"), replacing: nil)
        _ = try sut.save(exchange, replacing: nil)

        XCTAssertEqual(saver.drafts.map(\.currency), [nil, "usd"], "the base is GBP: a London share's trades land in the pounds every deposit is in")
        XCTAssertEqual(saver.drafts.map(\.toCurrency), [nil, nil])
    }

    func test_save_ofAGivenCurrency_orATransfer_keepsItsOwn() throws {
        let (sut, saver) = makeSUT(known: ["AAPL": "USD"])
        var bought = TransactionDraft(type: "buy", ticker: "AAPL", quantity: "1", sum: "1")
        bought.currency = "EUR"
        var moved = TransactionDraft(type: "transfer", ticker: "AAPL", quantity: "1")
        moved.toAccount = "account-isa"

        _ = try sut.save(bought, replacing: nil)
        _ = try sut.save(moved, replacing: nil)

        XCTAssertEqual(saver.drafts.map(\.currency), ["EUR", nil], "shares moved are in no currency")
    }

    func test_importRows_resolvesEachRowsCurrency() {
        let importer = ImporterSpy()
        let sut = CurrencyResolvingImporter(decoratee: importer, base: "GBP", currencyOf: { $0 == "AAPL" ? "USD" : nil })
        var rows = [ImportRow(line: 2, id: nil, draft: TransactionDraft(type: "buy", ticker: "AAPL", quantity: "1", sum: "1")),
                    ImportRow(line: 3, id: nil, draft: TransactionDraft(type: "deposit", sum: "1", currencyForTest: "GBP"))]

        _ = try? sut.importRows(&rows, dryRun: true, allowDuplicates: false)

        XCTAssertEqual(importer.rows.map(\.draft.currency), ["USD", nil])
        XCTAssertEqual(importer.rows.map(\.line), [2, 3])
    }

    func test_theBaseCurrencyStore_readsAndWritesTheBaseAsNone_andPassesOthersOn() throws {
        let spy = TransactionsStoreSpy()
        let sut = BaseCurrencyTransactionsStore(decoratee: spy, base: "GBP")
        let synced = Transaction(id: "a", date: day("2024-01-02"), type: .deposit, ticker: "", quantity: .zero, sum: 5, currency: "GBP", updatedAt: .distantPast)
        let dollars = Transaction(id: "b", date: day("2024-01-02"), type: .deposit, ticker: "", quantity: .zero, sum: 5, currency: "USD", updatedAt: .distantPast)
        spy.stored = [synced, dollars]

        XCTAssertEqual(try sut.retrieveAll().map(\.currency), [nil, "USD"])
        try sut.upsert(synced)
        guard case let .upsert(written)? = spy.messages.last else { return XCTFail("nothing was written: \(spy.messages)") }
        XCTAssertNil(written.currency)
        XCTAssertEqual(written.sum, 5)
    }

    // MARK: - Helpers

    private func makeSUT(known: [String: String], file: StaticString = #filePath, line: UInt = #line) -> (CurrencyResolvingTransactionSaving, SaverSpy) {
        let saver = SaverSpy()
        trackForMemoryLeaks(saver, file: file, line: line)
        return (CurrencyResolvingTransactionSaving(decoratee: saver, base: "GBP", currencyOf: { known[$0] }), saver)
    }

    private final class SaverSpy: TransactionSaving {
        private(set) var drafts: [TransactionDraft] = []

        func save(_ draft: TransactionDraft, replacing id: String?) throws(SaveTransactionError) -> Transaction {
            drafts.append(draft)
            return makeTransaction()
        }
    }

    private final class ImporterSpy: TransactionsImporting {
        private(set) var rows: [ImportRow] = []

        func importRows(_ rows: inout [ImportRow], dryRun: Bool, allowDuplicates: Bool, mode: ImportMode) throws(ImportTransactionsError) -> ImportOutcome {
            self.rows = rows
            throw .invalidRows([])
        }
    }
}

private extension TransactionDraft {
    init(type: String, sum: String, currencyForTest: String) {
        self.init(type: type, sum: sum)
        currency = currencyForTest
    }
}
