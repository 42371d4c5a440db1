import XCTest
import Ledger
import Transactions
import TestSupport
import TransactionsTestSupport

final class TransactionsLedgerCodecTests: XCTestCase {
    func test_aNewerReleasesFields_areKeptThroughADecodeAndAnEdit() throws {
        let written = LedgerEntry(id: "x", kind: "buy", schema: 1, updatedAt: 1, payload: LedgerPayload([
            ("date", "2024-01-02"), ("quantity", "1"), ("sum", "10"), ("ticker", "A"), ("currency", "GBP"), ("venue", "LSE\tfloor")]))

        let read = try XCTUnwrap(TransactionsLedgerCodec.record(from: written))
        var draft = TransactionDraft(read)
        draft.sum = "12"
        let edited = try TransactionValidator.validate(draft, latestDate: day("2024-12-31")).get()

        XCTAssertEqual(read.otherFields, ["currency": "GBP", "venue": "LSE\tfloor"])
        XCTAssertEqual(TransactionsLedgerCodec.entry(for: read).payload, written.payload, "written back byte for byte")
        XCTAssertEqual(TransactionsLedgerCodec.entry(for: Transaction(id: "x", fields: edited, updatedAt: Date())).payload["currency"], "GBP")
    }

    func test_account_isWrittenOnlyWhenThereIsOne_andReadBack() throws {
        let inTheISA = makeTransaction(account: "account-k3j2")
        let ofTheDefault = makeTransaction()

        XCTAssertEqual(try TransactionsLedgerCodec.record(from: TransactionsLedgerCodec.entry(for: inTheISA)), inTheISA)
        XCTAssertEqual(TransactionsLedgerCodec.entry(for: inTheISA).payload["account"], "account-k3j2")
        XCTAssertNil(TransactionsLedgerCodec.entry(for: ofTheDefault).payload["account"], "the default account's records are written as before accounts")
        let bad = LedgerEntry(id: "x", kind: "buy", schema: 1, updatedAt: 1,
                              payload: LedgerPayload([("date", "2024-01-02"), ("quantity", "1"), ("sum", "1"), ("ticker", "A"), ("account", "not an id")]))
        XCTAssertThrowsError(try TransactionsLedgerCodec.record(from: bad))
    }

    func test_entry_writesBuysAndSellsAsTheirOwnKindsWithNamedExactFields() {
        let sell = makeTransaction(id: "s1", date: "2024-03-05", type: .sell, ticker: "BRK.B", quantity: "0.00000001", sum: "123456789012.12345678",
                                   note: "n", updatedAt: Date(timeIntervalSince1970: 1_700_000_000.123))

        let entry = TransactionsLedgerCodec.entry(for: sell)

        XCTAssertEqual(entry.kind, "sell")
        XCTAssertEqual(entry.schema, 1)
        XCTAssertEqual(entry.updatedAt, 1_700_000_000_123)
        XCTAssertEqual(entry.payload.description, "date=2024-03-05\tnote=n\tquantity=0.00000001\tsum=123456789012.12345678\tticker=BRK.B")
        XCTAssertEqual(try TransactionsLedgerCodec.record(from: entry), sell)
    }

    func test_record_passesOverOtherKindsAndTombstones() throws {
        XCTAssertNil(try TransactionsLedgerCodec.record(from: LedgerEntry(id: "d", kind: "coupon", schema: 1, updatedAt: 1)))
        XCTAssertNil(try TransactionsLedgerCodec.record(from: .tombstone(id: "b", kind: "buy", at: 1)))
    }

    func test_record_refusesANewerLayoutNamingIt() {
        let newer = LedgerEntry(id: "b2", kind: "buy", schema: 2, updatedAt: 1, payload: LedgerPayload([("ticker", "A")]))

        XCTAssertThrowsError(try TransactionsLedgerCodec.record(from: newer)) { error in
            XCTAssertEqual(error as? LedgerDecodingError, .newerSchema(id: "b2", kind: "buy", schema: 2, supported: 1))
        }
    }

    func test_record_namesTheFirstUnreadableField() {
        let broken = LedgerEntry(id: "b", kind: "buy", schema: 1, updatedAt: 1,
                                 payload: LedgerPayload([("date", "2024-01-02"), ("quantity", "lots"), ("sum", "1"), ("ticker", "A")]))

        XCTAssertThrowsError(try TransactionsLedgerCodec.record(from: broken)) { error in
            XCTAssertEqual(error as? LedgerDecodingError, .invalidField(id: "b", kind: "buy", field: "quantity"))
        }
    }
}
