import XCTest
import Ledger
import Transactions
import TestSupport
import TransactionsTestSupport

final class TransactionValidatorTests: XCTestCase {
    /// Issue 30, §3: symbols of any exchange, with one rule.
    func test_tickers_ofAnyExchange_andIndexes_areAccepted_andStoredUpperCase() {
        for ticker in ["AAPL", "BRK.B", "VWRL.L", "7203.T", "0700.HK", "^GSPC", "brk-b", "^ftse"] {
            XCTAssertEqual(TransactionValidator.normalizedTicker(ticker), ticker.uppercased(), ticker)
        }
        for text in ["", "^", "^1", ".A", "-A", "A B", "A^B", "ABCDEFGHIJK", "A_B", "$SPX"] {
            XCTAssertNil(TransactionValidator.normalizedTicker(text), "'\(text)'")
        }
    }

    func test_tickerIDs_areDistinct_forAnIndexAndAStock() {
        XCTAssertEqual(TickerSymbol.idComponent("^GSPC"), "_GSPC")
        XCTAssertEqual(TickerSymbol.idComponent("BRK.B"), "BRK_B")
        XCTAssertNotEqual(TickerSymbol.idComponent("^GSPC"), TickerSymbol.idComponent("GSPC"))
        XCTAssertTrue(LedgerIdentifier.isValid("watch-" + TickerSymbol.idComponent("^GSPC")))
    }

    private let today = day("2024-07-03")

    func test_validate_acceptsTickersFromEveryExchangeShape() {
        for ticker in ["F", "GOOGL", "BRK.B", "VOD.L", "rds-a", "ABCDEFGHIJ"] {
            XCTAssertNoThrow(try validate(ticker: ticker).get(), ticker)
        }
    }

    func test_validate_uppercasesTicker() throws {
        XCTAssertEqual(try validate(ticker: "brk.b").get().ticker, "BRK.B")
    }

    func test_validate_rejectsMalformedTickers() {
        for ticker in ["", "^1", ".A", "ABCDEFGHIJK", "AB CD", "AB$", "ÄPL"] {
            XCTAssertEqual(fields(of: validate(ticker: ticker)), [.ticker], ticker)
        }
    }

    func test_validate_rejectsImpossibleAndFutureDates() {
        XCTAssertEqual(fields(of: validate(date: "2023-02-29")), [.date])
        XCTAssertEqual(fields(of: validate(date: "2024-13-01")), [.date])
        XCTAssertEqual(fields(of: validate(date: "03/07/2024")), [.date])
        XCTAssertEqual(fields(of: validate(date: "2024-07-04")), [.date])
        XCTAssertNoThrow(try validate(date: "2024-07-03").get())
        XCTAssertNoThrow(try validate(date: "2024-02-29").get())
    }

    func test_errorsInField_namesOnlyThatFieldsProblems_soAPromptCanAskForItAgain() {
        let draft = TransactionDraft(date: nil, type: "hold", ticker: nil, quantity: "1x", sum: nil)

        XCTAssertEqual(TransactionValidator.errors(in: .type, of: draft, latestDate: today).map(\.field), [.type])
        XCTAssertEqual(TransactionValidator.errors(in: .quantity, of: draft, latestDate: today).map(\.field), [.quantity])
        XCTAssertEqual(TransactionValidator.errors(in: .type, of: TransactionDraft(type: "sell"), latestDate: today), [],
                       "other fields missing is not this field's problem")
    }

    func test_validate_requiresPositiveQuantityAndSum() {
        XCTAssertEqual(fields(of: validate(quantity: "0", sum: "0")), [.quantity, .sum])
        XCTAssertEqual(fields(of: validate(quantity: "-1", sum: "abc")), [.quantity, .sum])
        XCTAssertEqual(fields(of: validate(quantity: "0.000000001")), [.quantity])
        XCTAssertNoThrow(try validate(quantity: "0.00000001", sum: "0.01").get())
    }

    func test_validate_reportsMissingFieldsTogether() {
        let result = TransactionValidator.validate(TransactionDraft(), latestDate: today)
        XCTAssertEqual(fields(of: result), [.date, .type, .ticker, .quantity, .sum], "without a type, the fields of a buy")
    }

    // MARK: - Helpers

    private func validate(date: String = "2024-07-01", type: String = "buy", ticker: String = "AAPL",
                          quantity: String = "1", sum: String = "10") -> Result<ValidTransactionFields, ValidationError> {
        TransactionValidator.validate(TransactionDraft(date: date, type: type, ticker: ticker, quantity: quantity, sum: sum), latestDate: today)
    }

    private func fields(of result: Result<ValidTransactionFields, ValidationError>) -> [TransactionField] {
        guard case let .failure(error) = result else { return [] }
        return error.errors.map(\.field)
    }
}
