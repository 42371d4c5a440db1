import XCTest
import Ledger
import Transactions
import TestSupport
import TransactionsTestSupport

final class TransactionsLedgerCodecTests: XCTestCase {
    func test_aNewerReleasesFields_areKeptThroughADecodeAndAnEdit() throws {
        let written = LedgerEntry(id: "x", kind: "buy", schema: 1, updatedAt: 1, payload: LedgerPayload([
            ("date", "2024-01-02"), ("quantity", "1"), ("sum", "10"), ("ticker", "A"), ("settles", "T+2"), ("venue", "LSE\tfloor")]))

        let read = try XCTUnwrap(TransactionsLedgerCodec.record(from: written))
        var draft = TransactionDraft(read)
        draft.sum = "12"
        let edited = try TransactionValidator.validate(draft, latestDate: day("2024-12-31")).get()

        XCTAssertEqual(read.otherFields, ["settles": "T+2", "venue": "LSE\tfloor"])
        XCTAssertEqual(TransactionsLedgerCodec.entry(for: read).payload, written.payload, "written back byte for byte")
        XCTAssertEqual(TransactionsLedgerCodec.entry(for: Transaction(id: "x", fields: edited, updatedAt: Date())).payload["settles"], "T+2")
    }

    func test_anExchange_aTransferAndAForeignBuy_areReadBackAsWritten() throws {
        let exchange = Transaction(id: "fx", date: day("2024-01-03"), type: .fx, ticker: "", quantity: .zero, sum: 5_000, toSum: fixed("6250.5"),
                                   toCurrency: "USD", updatedAt: Date(timeIntervalSince1970: 1))
        let shares = Transaction(id: "t1", date: day("2024-01-04"), type: .transfer, ticker: "AAPL", quantity: 4, sum: .zero, account: "account-a",
                                 updatedAt: Date(timeIntervalSince1970: 1))
        let cash = Transaction(id: "t2", date: day("2024-01-04"), type: .transfer, ticker: "", quantity: .zero, sum: 100, currency: "EUR",
                               toAccount: "account-b", updatedAt: Date(timeIntervalSince1970: 1))
        let buy = Transaction(id: "b", date: day("2024-01-04"), type: .buy, ticker: "AAPL", quantity: 1, sum: 200, currency: "USD", updatedAt: Date(timeIntervalSince1970: 1))

        for transaction in [exchange, shares, cash, buy] {
            XCTAssertEqual(try TransactionsLedgerCodec.record(from: TransactionsLedgerCodec.entry(for: transaction)), transaction)
        }
        XCTAssertEqual(TransactionsLedgerCodec.entry(for: exchange).payload.fields.map(\.name), ["date", "sum", "toCurrency", "toSum"])
        XCTAssertEqual(TransactionsLedgerCodec.entry(for: shares).payload.fields.map(\.name), ["account", "date", "quantity", "ticker"],
                       "a transfer to the default account names none")
        XCTAssertEqual(TransactionsLedgerCodec.entry(for: cash).payload.fields.map(\.name), ["currency", "date", "sum", "toAccount"])
    }

    func test_aTradesFee_isWrittenAsANewerLayout_onlyWhenThereIsOne_andReadBack() throws {
        let withFee = Transaction(id: "f", date: day("2024-01-04"), type: .sell, ticker: "AAPL", quantity: 1, sum: 200, fee: fixed("4.95"),
                                  updatedAt: Date(timeIntervalSince1970: 1))
        let without = Transaction(id: "n", date: day("2024-01-04"), type: .buy, ticker: "AAPL", quantity: 1, sum: 200, fee: .zero,
                                  updatedAt: Date(timeIntervalSince1970: 1))

        let entry = TransactionsLedgerCodec.entry(for: withFee)
        XCTAssertEqual(entry.schema, 2, "a release that can't count the fee refuses the trade rather than miscount it")
        XCTAssertEqual(entry.payload.fields.map(\.name), ["date", "fee", "quantity", "sum", "ticker"])
        XCTAssertEqual(try TransactionsLedgerCodec.record(from: entry), withFee)
        XCTAssertEqual(TransactionsLedgerCodec.entry(for: without).schema, 1, "a fee of 0 is none: written as before fees existed")
        XCTAssertTrue(without.isPlain)
        XCTAssertEqual(withFee.cashChange, fixed("195.05"))
        XCTAssertEqual(withFee.settled, fixed("195.05"))
    }

    func test_aBuyOfUnknownCost_isMarked_andAnyCostGivenMakesItKnown() throws {
        let opening = Transaction(id: "o", date: day("2024-01-04"), type: .buy, ticker: "VTI", quantity: 5, sum: .zero, costUnknown: true,
                                  updatedAt: Date(timeIntervalSince1970: 1))

        let entry = TransactionsLedgerCodec.entry(for: opening)
        var draft = TransactionDraft(try XCTUnwrap(TransactionsLedgerCodec.record(from: entry)))
        draft.sum = "1000"
        let priced = try TransactionValidator.validate(draft, latestDate: day("2024-12-31")).get()

        XCTAssertEqual(entry.payload.fields.map(\.name), ["cost", "date", "quantity", "sum", "ticker"])
        XCTAssertEqual(entry.schema, 1, "a release that doesn't know it counts the buy at 0, as it is")
        XCTAssertEqual(try TransactionsLedgerCodec.record(from: entry)?.costUnknown, true)
        XCTAssertFalse(priced.costUnknown, "an edit that sets the cost makes it known")
        let onASell = LedgerEntry(id: "s", kind: "sell", schema: 1, updatedAt: 1, payload: LedgerPayload([
            ("cost", "unknown"), ("date", "2024-01-02"), ("quantity", "1"), ("sum", "0"), ("ticker", "A")]))
        XCTAssertEqual(try TransactionsLedgerCodec.record(from: onASell)?.costUnknown, false, "only a buy is of unknown cost")
    }

    func test_aFeeThatCantBeRight_isRefusedByField() {
        for (fee, type) in [("-1", "buy"), ("x", "buy"), ("200.01", "sell")] {
            let entry = LedgerEntry(id: "b", kind: type, schema: 2, updatedAt: 1, payload: LedgerPayload([
                ("date", "2024-01-02"), ("fee", fee), ("quantity", "1"), ("sum", "200"), ("ticker", "A")]))
            XCTAssertThrowsError(try TransactionsLedgerCodec.record(from: entry), "\(type) fee \(fee)") { error in
                XCTAssertEqual(error as? LedgerDecodingError, .invalidField(id: "b", kind: type, field: "fee"))
            }
        }
    }

    func test_anExchangeOrATransferThatBreaksItsRules_isRefusedByField() {
        func entry(_ kind: String, _ fields: [(String, String)]) -> LedgerEntry {
            LedgerEntry(id: "x", kind: kind, schema: 1, updatedAt: 1, payload: LedgerPayload([("date", "2024-01-02")] + fields))
        }
        let cases: [(LedgerEntry, String)] = [
            (entry("fx", [("sum", "1")]), "toSum"),
            (entry("fx", [("sum", "1"), ("toSum", "2"), ("currency", "USD"), ("toCurrency", "USD")]), "toCurrency"),
            (entry("fx", [("sum", "1"), ("toSum", "2"), ("currency", "usd")]), "currency"),
            (entry("transfer", [("sum", "1")]), "toAccount"),
            (entry("transfer", [("sum", "1"), ("ticker", "A"), ("quantity", "1"), ("toAccount", "account-b")]), "sum"),
            (entry("transfer", [("ticker", "A"), ("toAccount", "account-b")]), "quantity"),
            (entry("transfer", [("sum", "1"), ("quantity", "1"), ("toAccount", "account-b")]), "quantity"),
        ]
        for (entry, field) in cases {
            XCTAssertThrowsError(try TransactionsLedgerCodec.record(from: entry), "\(entry.payload)") {
                XCTAssertEqual($0 as? LedgerDecodingError, .invalidField(id: "x", kind: entry.kind, field: field), "\(entry.payload)")
            }
        }
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
        let newer = LedgerEntry(id: "b2", kind: "buy", schema: 3, updatedAt: 1, payload: LedgerPayload([("ticker", "A")]))

        XCTAssertThrowsError(try TransactionsLedgerCodec.record(from: newer)) { error in
            XCTAssertEqual(error as? LedgerDecodingError, .newerSchema(id: "b2", kind: "buy", schema: 3, supported: 2))
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
