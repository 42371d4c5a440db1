import XCTest
import FixedPoint
import Ledger
import Transactions
import TestSupport
import TransactionsTestSupport

/// The kinds beyond buy and sell: which fields each needs, and how each sits on the ledger.
final class TransactionKindsTests: XCTestCase {
    /// Past 128 bytes every copy of a transaction is a call to memcpy: a portfolio of 100k
    /// transactions took 20% longer (BENCHMARKS.md). A new field goes into the shared extras.
    func test_aTransaction_fitsIn128Bytes() {
        XCTAssertLessThanOrEqual(MemoryLayout<Transaction>.size, 128)
    }

    private let today = day("2024-07-03")

    func test_validate_acceptsEachKindWithExactlyItsFields() throws {
        let deposit = try validate(TransactionDraft(date: "2024-07-01", type: "deposit", sum: "1000")).get()
        XCTAssertEqual([deposit.ticker, deposit.quantity.description, deposit.sum.description], ["", "0", "1000"])
        let dividend = try validate(TransactionDraft(date: "2024-07-01", type: "dividend", ticker: "aapl", sum: "4.2")).get()
        XCTAssertEqual([dividend.ticker, dividend.sum.description], ["AAPL", "4.2"])
        XCTAssertEqual(try validate(TransactionDraft(date: "2024-07-01", type: "fee", sum: "1")).get().ticker, "", "a fee may name no ticker")
        XCTAssertEqual(try validate(TransactionDraft(date: "2024-07-01", type: "fee", ticker: "MSFT", sum: "1")).get().ticker, "MSFT")
        let split = try validate(TransactionDraft(date: "2024-07-01", type: "split", ticker: "NVDA", ratio: "10:1")).get()
        XCTAssertEqual(split.ratio, SplitRatio(after: 10, before: 1))
        XCTAssertEqual(split.sum, .zero)
    }

    /// What `edit` starts from: every field of the saved transaction, which the fields given
    /// then change. An edit of only the note of a transfer of shares (no sum) or of cash (no
    /// quantity) must be accepted as it stands.
    func test_aDraftOfASavedTransaction_validatesBackToThatTransaction_inEveryKind() throws {
        let at = Date(timeIntervalSince1970: 1_700_000_000)
        let saved = [
            makeTransaction(id: "b", type: .buy, ticker: "A", quantity: "3", sum: "30", note: "n", account: "isa"),
            makeTransaction(id: "s", type: .sell, ticker: "A", quantity: "1", sum: "12"),
            makeCash(id: "d", type: .deposit, sum: "1000"), makeCash(id: "w", type: .withdrawal, sum: "10"),
            makeCash(id: "i", type: .interest, sum: "0.5"), makeCash(id: "f", type: .fee, sum: "1.25"),
            makeTransaction(id: "v", type: .dividend, ticker: "A", quantity: "0", sum: "4.2"),
            makeTransaction(id: "x", type: .split, ticker: "A", quantity: "0", sum: "0", ratio: "3:1"),
            Transaction(id: "t", date: day("2024-01-02"), type: .transfer, ticker: "A", quantity: fixed("2"), sum: .zero, toAccount: "isa", updatedAt: at),
            Transaction(id: "c", date: day("2024-01-02"), type: .transfer, ticker: "", quantity: .zero, sum: fixed("50"), account: "isa", updatedAt: at),
            Transaction(id: "e", date: day("2024-01-02"), type: .fx, ticker: "", quantity: .zero, sum: fixed("100"), toSum: fixed("90"), toCurrency: "EUR",
                        updatedAt: at),
        ]
        for transaction in saved {
            let fields = try validate(TransactionDraft(transaction)).get()
            XCTAssertEqual(Transaction(id: transaction.id, fields: fields, updatedAt: transaction.updatedAt), transaction, "\(transaction.type)")
        }
    }

    func test_validate_namesTheFieldsAKindNeeds() {
        let missing = errors(TransactionDraft(date: "2024-07-01", type: "dividend"))
        XCTAssertEqual(missing.map(\.field), [.ticker, .sum])
        XCTAssertTrue(missing[0].message.contains("a dividend needs date, ticker and sum"), missing[0].message)
        let fee = errors(TransactionDraft(date: "2024-07-01", type: "fee"))
        XCTAssertEqual(fee.map(\.description), ["sum: is required for a fee (a fee needs date and sum, and may name a ticker) and must be greater than 0"])
    }

    func test_validate_refusesFieldsAKindDoesNotTake() {
        let deposit = errors(TransactionDraft(date: "2024-07-01", type: "deposit", ticker: "AAPL", quantity: "2", sum: "10"))
        XCTAssertEqual(deposit.map(\.field), [.ticker, .quantity])
        XCTAssertTrue(deposit[0].message.hasPrefix("a deposit takes no ticker"), deposit[0].message)
        XCTAssertEqual(errors(TransactionDraft(date: "2024-07-01", type: "split", ticker: "A", sum: "5", ratio: "2:1")).map(\.field), [.sum])
    }

    func test_validate_acceptsOnlyRealSplitRatios() {
        for bad in ["4", "4:0", "0:1", "1:1", "-4:1", "4.5:1", "4:1:1", "99999999:1", ":", "a:b"] {
            XCTAssertEqual(errors(TransactionDraft(date: "2024-07-01", type: "split", ticker: "A", ratio: bad)).map(\.field), [.ratio], bad)
        }
        XCTAssertNoThrow(try validate(TransactionDraft(date: "2024-07-01", type: "split", ticker: "A", ratio: "1:10")).get())
    }

    func test_splitRatio_multipliesTheQuantity() {
        XCTAssertEqual(SplitRatio("4:1")!.apply(to: 3), 12)
        XCTAssertEqual(SplitRatio("1:10")!.apply(to: 15), fixed("1.5"))
        XCTAssertEqual(SplitRatio("1:3")!.apply(to: 1), fixed("0.33333333"))
    }

    func test_codec_roundTripsEveryKind_writingOnlyTheFieldsItUses() throws {
        let records = [
            makeCash(id: "d", type: .deposit, sum: "1000"), makeCash(id: "w", type: .withdrawal, sum: "10"),
            makeCash(id: "i", type: .interest, sum: "0.5"), makeCash(id: "f", type: .fee, sum: "1.25"),
            makeTransaction(id: "f2", type: .fee, ticker: "AAPL", quantity: "0", sum: "1"),
            makeTransaction(id: "v", type: .dividend, ticker: "AAPL", quantity: "0", sum: "4.2", note: "Q2"),
            makeTransaction(id: "s", type: .split, ticker: "TSLA", quantity: "0", sum: "0", ratio: "3:1"),
        ]
        for record in records {
            let entry = TransactionsLedgerCodec.entry(for: record)
            XCTAssertEqual(entry.kind, record.type.rawValue)
            XCTAssertEqual(try TransactionsLedgerCodec.record(from: entry), record)
        }
        let deposit = TransactionsLedgerCodec.entry(for: records[0])
        XCTAssertEqual(deposit.payload.fields.map(\.name), ["date", "sum"])
        let split = TransactionsLedgerCodec.entry(for: records[6])
        XCTAssertEqual(split.payload.fields.map(\.name), ["date", "ratio", "ticker"])
    }

    func test_codec_refusesAnEntryWithoutAFieldItsKindNeeds() {
        let entry = LedgerEntry(id: "s", kind: "split", schema: 1, updatedAt: 1, payload: LedgerPayload([("date", "2024-01-01"), ("ticker", "A")]))
        XCTAssertThrowsError(try TransactionsLedgerCodec.record(from: entry)) { error in
            XCTAssertEqual(error as? LedgerDecodingError, .invalidField(id: "s", kind: "split", field: "ratio"))
        }
    }

    func test_holdingsPolicy_checksASellAfterASplitAgainstTheQuantityAfterIt() {
        let history = [makeTransaction(date: "2024-01-01", type: .buy, quantity: "2", sum: "200"),
                       makeTransaction(date: "2024-02-01", type: .split, quantity: "0", sum: "0", ratio: "4:1"),
                       makeTransaction(id: "sell", date: "2024-03-01", type: .sell, quantity: "8", sum: "240")]
        XCTAssertNil(HoldingsPolicy.firstViolation(in: history))
        let reverse = [history[0], makeTransaction(date: "2024-02-01", type: .split, quantity: "0", sum: "0", ratio: "1:2"),
                       makeTransaction(id: "sell", date: "2024-03-01", type: .sell, quantity: "2", sum: "240")]
        XCTAssertEqual(HoldingsPolicy.firstViolation(in: reverse)?.held, 1)
    }

    func test_holdingsPolicy_appliesASplitBeforeTheTradesOfItsDay() {
        let history = [makeTransaction(date: "2024-01-01", type: .buy, quantity: "1", sum: "100"),
                       makeTransaction(date: "2024-02-01", type: .sell, quantity: "2", sum: "100"),
                       makeTransaction(date: "2024-02-01", type: .split, quantity: "0", sum: "0", ratio: "2:1")]
        XCTAssertNil(HoldingsPolicy.firstViolation(in: history))
    }

    func test_holdingsPolicy_countsADaysTransfersBeforeItsSells_inWhicheverOrderTheyWereWritten() {
        let bought = makeTransaction(date: "2024-01-01", type: .buy, quantity: "10", sum: "100")
        let moved = Transaction(id: "t", date: day("2024-02-01"), type: .transfer, ticker: "AAPL", quantity: fixed("10"), sum: .zero,
                                toAccount: "isa", updatedAt: Date(timeIntervalSince1970: 0))
        let sold = makeTransaction(id: "s", date: "2024-02-01", type: .sell, quantity: "10", sum: "150", account: "isa")

        for history in [[bought, moved, sold], [bought, sold, moved]] {
            XCTAssertNil(HoldingsPolicy.firstViolation(in: history, scope: .only("isa")))
            XCTAssertNil(HoldingsPolicy.firstViolation(in: history, scope: .only(nil)))
        }
    }

    // MARK: - Helpers

    private func validate(_ draft: TransactionDraft) -> Result<ValidTransactionFields, ValidationError> {
        TransactionValidator.validate(draft, latestDate: today)
    }

    private func errors(_ draft: TransactionDraft) -> [FieldError] {
        guard case let .failure(error) = validate(draft) else { return [] }
        return error.errors
    }
}
