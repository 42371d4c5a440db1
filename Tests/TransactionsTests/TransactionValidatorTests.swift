import XCTest
import Ledger
import Transactions
import TestSupport
import TransactionsTestSupport

final class TransactionValidatorTests: XCTestCase {
    /// Symbols of any exchange, with one rule.
    func test_tickers_ofAnyExchange_andIndexes_areAccepted_andStoredUpperCase() {
        for ticker in ["AAPL", "BRK.B", "VWRL.L", "7203.T", "0700.HK", "^GSPC", "brk-b", "^ftse"] {
            XCTAssertEqual(TransactionValidator.normalizedTicker(ticker), ticker.uppercased(), ticker)
        }
        for text in ["", "^", "^1", ".A", "-A", "A B", "A^B", "ABCDEFGHIJKLM", "A_B", "$SPX"] {
            XCTAssertNil(TransactionValidator.normalizedTicker(text), "'\(text)'")
        }
    }

    func test_aFee_isATradesOwn_zeroOrMore_andASellsNoMoreThanItsSum() {
        func draft(_ type: String, fee: String, sum: String = "100") -> TransactionDraft {
            var draft = TransactionDraft(date: "2024-07-01", type: type, ticker: "AAPL", quantity: type == "dividend" ? nil : "1", sum: sum)
            draft.fee = fee
            return draft
        }

        XCTAssertEqual(try TransactionValidator.validate(draft("buy", fee: "4.95"), latestDate: today).get().fee, fixed("4.95"))
        XCTAssertEqual(try TransactionValidator.validate(draft("sell", fee: "100"), latestDate: today).get().fee, 100)
        XCTAssertNil(try TransactionValidator.validate(draft("buy", fee: "0"), latestDate: today).get().fee, "a fee of 0 is none")
        XCTAssertNil(try TransactionValidator.validate(draft("buy", fee: " "), latestDate: today).get().fee)
        XCTAssertEqual(messages(draft("buy", fee: "-1")), ["fee: must be 0 or more, got -1"])
        XCTAssertEqual(messages(draft("sell", fee: "100.01")),
                       ["fee: 100.01 is more than the sale's sum of 100: a sell's sum is what the shares sold for, before the fee"])
        XCTAssertEqual(messages(draft("dividend", fee: "1")),
                       ["fee: a dividend takes no fee (a dividend needs date, ticker and sum)"])
    }

    func test_tickerIDs_areDistinct_forAnIndexAndAStock() {
        XCTAssertEqual(TickerSymbol.idComponent("^GSPC"), "_GSPC")
        XCTAssertEqual(TickerSymbol.idComponent("BRK.B"), "BRK_B")
        XCTAssertNotEqual(TickerSymbol.idComponent("^GSPC"), TickerSymbol.idComponent("GSPC"))
        XCTAssertTrue(LedgerIdentifier.isValid("watch-" + TickerSymbol.idComponent("^GSPC")))
    }

    private let today = day("2024-07-03")

    func test_validate_acceptsTickersFromEveryExchangeShape() {
        for ticker in ["F", "GOOGL", "BRK.B", "VOD.L", "rds-a", "ABCDEFGHIJ", "ABCDEFGHIJKL", "^ABCDEFGHIJK"] {
            XCTAssertNoThrow(try validate(ticker: ticker).get(), ticker)
        }
    }

    func test_validate_uppercasesTicker() throws {
        XCTAssertEqual(try validate(ticker: "brk.b").get().ticker, "BRK.B")
    }

    func test_validate_rejectsMalformedTickers() {
        for ticker in ["", "^", "^1", ".A", "ABCDEFGHIJKLM", "^ABCDEFGHIJKL", "AB CD", "AB$", "ÄPL", "ＡＡＰＬ", "A\u{301}"] {
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
        XCTAssertEqual(fields(of: validate(type: "sell", quantity: "0", sum: "0")), [.quantity, .sum])
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

    func test_aBuyMayCostNothing_sharesGivenFree_butNoOtherTypeOrAmountMay() throws {
        XCTAssertEqual(try validate(sum: "0").get().sum, .zero)
        XCTAssertEqual(messages(TransactionDraft(date: "2024-07-01", type: "buy", ticker: "AAPL", quantity: "1", sum: "-1")), ["sum: must be 0 or more, got -1"])
        XCTAssertEqual(messages(TransactionDraft(date: "2024-07-01", type: "sell", ticker: "AAPL", quantity: "1", sum: "0")), ["sum: must be greater than 0, got 0"])
        XCTAssertEqual(messages(TransactionDraft(date: "2024-07-01", type: "buy", ticker: "AAPL", quantity: "0", sum: "0")), ["quantity: must be greater than 0, got 0"])
        XCTAssertEqual(messages(TransactionDraft(date: "2024-07-01", type: "dividend", ticker: "AAPL", sum: "0")), ["sum: must be greater than 0, got 0"])
    }

    private func fields(of result: Result<ValidTransactionFields, ValidationError>) -> [TransactionField] {
        guard case let .failure(error) = result else { return [] }
        return error.errors.map(\.field)
    }

    func test_anExchange_needsWhatItReceives_inAnotherCurrency() {
        var exchange = TransactionDraft(date: "2024-01-02", type: "fx", sum: "100")
        XCTAssertEqual(messages(exchange), ["toSum: is required for an fx (an fx needs date, sum and to-sum, and may name a to-currency) and must be greater than 0",
                                            "toCurrency: is the base currency, the currency paid: an exchange is between two currencies"])
        exchange.toSum = "120"
        exchange.currency = "usd"
        exchange.toCurrency = "USD"
        XCTAssertEqual(messages(exchange), ["toCurrency: is USD, the currency paid: an exchange is between two currencies"])
        exchange.toCurrency = "dollars"
        XCTAssertEqual(messages(exchange), ["toCurrency: 'dollars' is not a currency: use its three-letter ISO 4217 code, such as USD, EUR or GBP"])
        exchange.currency = nil
        exchange.toCurrency = "usd"
        XCTAssertEqual(messages(exchange), [])
    }

    func test_aTransfer_movesSharesOrCash_neverBoth_toAnotherAccount() {
        var shares = TransactionDraft(date: "2024-01-02", type: "transfer", ticker: "AAPL", quantity: "2")
        XCTAssertEqual(messages(shares), ["toAccount: is required: the account the transfer goes to"])
        shares.toAccount = ""
        XCTAssertEqual(messages(shares), ["toAccount: is the account the transfer comes from; a transfer is between two accounts"])
        shares.toAccount = "account-isa"
        XCTAssertEqual(messages(shares), [])
        shares.sum = "5"
        XCTAssertEqual(messages(shares), ["sum: a transfer moves shares or cash, not both: give a ticker and quantity, or a sum"])
        var cash = TransactionDraft(date: "2024-01-02", type: "transfer")
        cash.account = "account-isa"
        cash.toAccount = ""
        XCTAssertEqual(messages(cash), ["sum: is required to transfer cash (or give a ticker and quantity to transfer shares)"])
        cash.sum = "5"
        XCTAssertEqual(messages(cash), [])
        XCTAssertEqual(messages(TransactionDraft(date: "2024-01-02", type: "buy", ticker: "A", quantity: "1", sum: "1", toAccountForTest: "x")),
                       ["toAccount: a buy takes no destination account; only a transfer does"])
    }

    private func messages(_ draft: TransactionDraft) -> [String] {
        guard case let .failure(error) = TransactionValidator.validate(draft, latestDate: day("2024-12-31")) else { return [] }
        return error.errors.map(\.description)
    }
}

private extension TransactionDraft {
    init(date: String, type: String, ticker: String, quantity: String, sum: String, toAccountForTest: String) {
        self.init(date: date, type: type, ticker: ticker, quantity: quantity, sum: sum)
        toAccount = toAccountForTest
    }
}
