import XCTest
import FixedPoint
import Transactions
import TestSupport

final class BrokerNumberTests: XCTestCase {
    func test_parse_readsAmountsAsBrokersWriteThem() {
        XCTAssertEqual(BrokerNumber.parse("-$1,742.60"), fixed("-1742.6"))
        XCTAssertEqual(BrokerNumber.parse("$-1,742.60"), fixed("-1742.6"))
        XCTAssertEqual(BrokerNumber.parse("1,000.00"), 1_000)
        XCTAssertEqual(BrokerNumber.parse("($12.50)"), fixed("-12.5"))
        XCTAssertEqual(BrokerNumber.parse("+3"), 3)
        XCTAssertEqual(BrokerNumber.parse(" €1.000,25 ", decimalComma: true), fixed("1000.25"))
        XCTAssertEqual(BrokerNumber.parse("-1.000,25", decimalComma: true), fixed("-1000.25"))
    }

    func test_parse_refusesWhatIsNoAmount() {
        for text in ["", "$", "12a", "1.2.3", "--1", "١٢"] {
            XCTAssertNil(BrokerNumber.parse(text), text)
        }
    }
}

final class SchwabTransactionsTests: XCTestCase {
    private let header = ["Date", "Action", "Symbol", "Description", "Quantity", "Price", "Fees & Comm", "Amount"]
    private let sut = SchwabTransactions()

    func test_reads_onlySchwabsHeader_andIsKnownByIt() {
        XCTAssertTrue(sut.reads(header: header))
        XCTAssertFalse(sut.reads(header: ["date", "type", "ticker", "quantity", "sum"]))
        XCTAssertEqual(BrokerPresets.reading(header: header.map { $0.uppercased() })?.name, "schwab")
        XCTAssertEqual(BrokerPresets.named("Schwab")?.name, "schwab")
    }

    func test_drafts_mapEachActionToItsKind_withItsDollarsAndDate() throws {
        let cases: [([String], String)] = [
            (["01/05/2024", "Buy", "VTI", "VANGUARD", "10", "$230.00", "", "-$2,300.00"], "2024-01-05 buy VTI 10 2300"),
            (["1/31/2024", "Reinvest Shares", "VTI", "", "0.2", "$240.00", "", "-$48.00"], "2024-01-31 buy VTI 0.2 48"),
            (["03/15/2024", "Sell", "VTI", "", "5", "$250.00", "$0.65", "$1,249.35"], "2024-03-15 sell VTI 5 1249.35"),
            (["02/14/2024", "Qual Div Reinvest", "VXUS", "", "", "", "", "$12.00"], "2024-02-14 dividend VXUS - 12"),
            (["02/15/2024 as of 02/14/2024", "Foreign Tax Paid", "VXUS", "", "", "", "", "-$1.80"], "2024-02-15 fee VXUS - 1.8"),
            (["02/28/2024", "Credit Interest", "", "", "", "", "", "$1.25"], "2024-02-28 interest - - 1.25"),
            (["03/01/2024", "Advisor Fee", "", "", "", "", "", "-$12.50"], "2024-03-01 fee - - 12.5"),
            (["04/08/2024", "MoneyLink Transfer", "", "", "", "", "", "-$30.00"], "2024-04-08 withdrawal - - 30"),
            (["01/02/2024", "Wire Received", "", "", "", "", "", "$5,000.00"], "2024-01-02 deposit - - 5000"),
        ]
        for (record, expected) in cases {
            let draft = try XCTUnwrap(try sut.drafts(from: record, header: header).get().first, "\(record)")
            XCTAssertEqual([draft.date, draft.type, draft.ticker, draft.quantity, draft.sum].map { $0 ?? "-" }.joined(separator: " "), expected)
            XCTAssertEqual(draft.currency, "USD")
        }
    }

    func test_drafts_skipTheTotalLine_andNameWhatCantBeMapped() {
        XCTAssertEqual(try sut.drafts(from: ["Transactions Total", "", "", "", "", "", "", "-$26,582.91"], header: header).get(), [])
        XCTAssertEqual(try sut.drafts(from: ["Transactions Total", "", "$1.00"], header: header).get(), [])
        let failures = [
            ["07/15/2024 as of 07/12/2024", "Stock Split", "AVGO", "", "9", "$170.067", "", ""],
            ["01/02/2024", "Teleport", "X", "", "", "", "", "$1.00"],
            ["2024-01-02", "Buy", "X", "", "1", "", "", "-$1.00"],
            ["01/02/2024", "Advisor Fee", "", "", "", "", "", "$5.00"],
        ].map { record -> String? in
            if case let .failure(problem) = sut.drafts(from: record, header: header) { return problem.message }
            return nil
        }
        XCTAssertTrue(failures[0]?.hasPrefix("Stock Split: a corporate action") == true, "\(failures)")
        XCTAssertTrue(failures[1]?.contains("not an action this import knows") == true, "\(failures)")
        XCTAssertEqual(failures[2], "Date: '2024-01-02' is not MM/DD/YYYY")
        XCTAssertTrue(failures[3]?.contains("is money in: a refund") == true, "\(failures)")
    }
}
