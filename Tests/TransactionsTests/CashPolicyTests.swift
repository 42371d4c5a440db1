import XCTest
import FixedPoint
import Transactions
import TestSupport
import TransactionsTestSupport

final class CashPolicyTests: XCTestCase {
    func test_balance_isDepositsLessWithdrawalsLessBuysPlusSellsDividendsAndInterestLessFees() {
        let history = [
            makeCash(type: .deposit, sum: "1000"), makeCash(type: .withdrawal, sum: "100"),
            makeTransaction(type: .buy, quantity: "2", sum: "300"), makeTransaction(type: .sell, quantity: "1", sum: "160"),
            makeTransaction(type: .dividend, quantity: "0", sum: "4.20"), makeCash(type: .interest, sum: "1.05"),
            makeCash(type: .fee, sum: "2.50"), makeTransaction(type: .split, quantity: "0", sum: "0", ratio: "4:1"),
        ]
        // 1000 − 100 − 300 + 160 + 4.20 + 1.05 − 2.50
        XCTAssertEqual(CashPolicy.balances(of: history), [CashPot(account: nil, currency: nil): fixed("762.75")])
    }

    func test_firstViolation_neverBlocksAHistoryWithoutADeposit() {
        XCTAssertNil(CashPolicy.firstViolation(in: [makeTransaction(type: .buy, sum: "5000"), makeCash(type: .withdrawal, sum: "10")]))
    }

    func test_firstViolation_onceADepositExists_findsTheMovementThatOverdraws_withTheBalanceOnThatDate() {
        let history = [makeCash(id: "d", date: "2024-01-01", type: .deposit, sum: "100"),
                       makeTransaction(id: "b1", date: "2024-01-02", type: .buy, sum: "60"),
                       makeTransaction(id: "b2", date: "2024-01-03", type: .buy, sum: "40.01")]

        let violation = CashPolicy.firstViolation(in: history)

        XCTAssertEqual(violation?.transactionID, "b2")
        XCTAssertEqual(violation?.date, day("2024-01-03"))
        XCTAssertEqual(violation?.available, 40)
        XCTAssertEqual(violation?.description, "buying for 40.01 on 2024-01-03 would leave a negative cash balance: 40.00 available on that date")
    }

    func test_firstViolation_acceptsExactlyZero() {
        XCTAssertNil(CashPolicy.firstViolation(in: [makeCash(type: .deposit, sum: "100"), makeTransaction(type: .buy, sum: "100")]))
    }

    func test_firstViolation_countsMoneyInBeforeMoneyOutWithinADay() {
        let sameDay = [makeTransaction(date: "2024-01-02", type: .buy, sum: "50"), makeCash(date: "2024-01-02", type: .deposit, sum: "50")]
        XCTAssertNil(CashPolicy.firstViolation(in: sameDay))
    }

    func test_firstViolation_checksEveryDate_notOnlyTheEnd() {
        let history = [makeCash(date: "2024-01-01", type: .deposit, sum: "10"), makeCash(id: "w", date: "2024-01-02", type: .withdrawal, sum: "20"),
                       makeCash(date: "2024-01-03", type: .deposit, sum: "100")]
        XCTAssertEqual(CashPolicy.firstViolation(in: history)?.transactionID, "w", "the balance ends positive, but was negative on the 2nd")
    }

    func test_eachCurrency_isItsOwnPot_soDollarsDontPayForABuyInPounds() {
        let history = [makeCash(date: "2024-01-01", type: .deposit, sum: "1000"),
                       Transaction(id: "usd-in", date: day("2024-01-01"), type: .deposit, ticker: "", quantity: .zero, sum: 100, currency: "USD",
                                   updatedAt: .distantPast),
                       Transaction(id: "fx", date: day("2024-01-02"), type: .fx, ticker: "", quantity: .zero, sum: 400, toSum: 400, toCurrency: "USD",
                                   updatedAt: .distantPast),
                       Transaction(id: "b", date: day("2024-01-03"), type: .buy, ticker: "A", quantity: 1, sum: fixed("500.01"), currency: "USD",
                                   updatedAt: .distantPast)]

        let violation = CashPolicy.firstViolation(in: history)

        XCTAssertEqual(violation?.transactionID, "b", "600 of the base currency are left, but only 500 dollars")
        XCTAssertEqual(violation?.description, "buying for 500.01 USD on 2024-01-03 would leave a negative cash balance: 500.00 USD available on that date")
        XCTAssertEqual(CashPolicy.balances(of: Array(history.dropLast())), [CashPot(account: nil, currency: nil): 600, CashPot(account: nil, currency: "USD"): 500])
    }

    func test_aCashTransfer_takesFromOneAccount_andTracksTheOther() {
        let isa = "account-isa"
        let history = [makeCash(date: "2024-01-01", type: .deposit, sum: "100"),
                       Transaction(id: "t", date: day("2024-01-02"), type: .transfer, ticker: "", quantity: .zero, sum: 60, toAccount: isa, updatedAt: .distantPast),
                       makeTransaction(id: "b", date: "2024-01-03", type: .buy, sum: "61", account: isa)]

        XCTAssertEqual(CashPolicy.balances(of: Array(history.dropLast()), in: .only(isa)), [CashPot(account: isa, currency: nil): 60])
        XCTAssertEqual(CashPolicy.trackedAccounts(in: history), [nil, isa])
        XCTAssertEqual(CashPolicy.firstViolation(in: history)?.transactionID, "b")
        XCTAssertNil(CashPolicy.firstViolation(in: history, accounts: [nil]), "the default account's own cash is fine")
    }

    func test_eachPotsRule_isTurnedOnByItsOwnMoneyIn_soADepositInOneCurrencyNeverWaitsForAnother() {
        let dollarBuy = Transaction(id: "usd-buy", date: day("2024-01-03"), type: .buy, ticker: "MSFT", quantity: 10, sum: 3700, currency: "USD", updatedAt: .distantPast)
        let poundBuy = Transaction(id: "gbp-buy", date: day("2024-01-03"), type: .buy, ticker: "VOD.L", quantity: 1000, sum: 700, updatedAt: .distantPast)
        let dollars = Transaction(id: "usd-in", date: day("2024-01-02"), type: .deposit, ticker: "", quantity: .zero, sum: 5000, currency: "USD", updatedAt: .distantPast)
        let pounds = makeCash(id: "gbp-in", date: "2024-01-02", type: .deposit, sum: "1000")

        XCTAssertNil(CashPolicy.firstViolation(in: [dollarBuy, poundBuy, dollars]), "the pounds' rule is not on: no pounds were put in")
        XCTAssertNil(CashPolicy.firstViolation(in: [dollarBuy, poundBuy, pounds]), "nor the dollars'")
        XCTAssertNil(CashPolicy.firstViolation(in: [dollarBuy, poundBuy, dollars, pounds]))
        XCTAssertEqual(CashPolicy.trackedPots(in: [dollars, pounds]), [CashPot(account: nil, currency: "USD"), CashPot(account: nil, currency: nil)])
        XCTAssertEqual(CashPolicy.firstViolation(in: [dollarBuy, poundBuy, dollars, makeCash(id: "gbp-in", date: "2024-01-02", type: .deposit, sum: "699")])?
            .transactionID, "gbp-buy", "once on, each pot's rule holds")
    }

    func test_onlyMoneyFromOutsideAPot_turnsItsRuleOn_notAnExchangeOrIncome() {
        let history = [makeCash(date: "2024-01-01", type: .deposit, sum: "1000"),
                       Transaction(id: "fx", date: day("2024-01-02"), type: .fx, ticker: "", quantity: .zero, sum: 400, toSum: 500, toCurrency: "USD",
                                   updatedAt: .distantPast),
                       Transaction(id: "t", date: day("2024-01-02"), type: .transfer, ticker: "", quantity: .zero, sum: 60, currency: "EUR", toAccount: "isa",
                                   updatedAt: .distantPast)]

        XCTAssertEqual(CashPolicy.trackedPots(in: history), [CashPot(account: nil, currency: nil), CashPot(account: "isa", currency: "EUR")])
        XCTAssertEqual(CashPolicy.trackedPots(in: [makeCash(date: "2024-01-01", type: .dividend, sum: "10")]), [], "income turns no rule on")
    }
}
