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
        XCTAssertEqual(BrokerNumber.parse("$(20,001.00)"), fixed("-20001"))
        XCTAssertNil(BrokerNumber.parse("$((1))"))
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
            (["03/15/2024", "Sell", "VTI", "", "5", "$250.00", "$0.65", "$1,249.35"], "2024-03-15 sell VTI 5 1250 0.65"),
            (["03/18/2024", "Buy", "VTI", "", "1", "$250.00", "$1.00", "-$251.00"], "2024-03-18 buy VTI 1 250 1"),
            (["02/14/2024", "Qual Div Reinvest", "VXUS", "", "", "", "", "$12.00"], "2024-02-14 dividend VXUS - 12"),
            (["02/15/2024 as of 02/14/2024", "Foreign Tax Paid", "VXUS", "", "", "", "", "-$1.80"], "2024-02-15 fee VXUS - 1.8"),
            (["02/28/2024", "Credit Interest", "", "", "", "", "", "$1.25"], "2024-02-28 interest - - 1.25"),
            (["03/01/2024", "Advisor Fee", "", "", "", "", "", "-$12.50"], "2024-03-01 fee - - 12.5"),
            (["04/08/2024", "MoneyLink Transfer", "", "", "", "", "", "-$30.00"], "2024-04-08 withdrawal - - 30"),
            (["01/02/2024", "Wire Received", "", "", "", "", "", "$5,000.00"], "2024-01-02 deposit - - 5000"),
        ]
        for (record, expected) in cases {
            let draft = try XCTUnwrap(try sut.drafts(from: record, header: header).get().first, "\(record)")
            XCTAssertEqual(([draft.date, draft.type, draft.ticker, draft.quantity, draft.sum].map { $0 ?? "-" } + [draft.fee].compactMap { $0 })
                .joined(separator: " "), expected, "the amount settles the trade; the Fees & Comm in it are its fee")
            XCTAssertEqual(draft.currency, "USD")
        }
    }

    func test_drafts_skipTheTotalLine_andNameWhatCantBeMapped() {
        XCTAssertEqual(try sut.drafts(from: ["Transactions Total", "", "", "", "", "", "", "-$26,582.91"], header: header).get(), [])
        XCTAssertEqual(try sut.drafts(from: ["Transactions Total", "", "$1.00"], header: header).get(), [])
        let failures = [
            ["07/15/2024 as of 07/12/2024", "Reverse Split", "AVGO", "", "-9", "", "", ""],
            ["01/02/2024", "Teleport", "X", "", "", "", "", "$1.00"],
            ["2024-01-02", "Buy", "X", "", "1", "", "", "-$1.00"],
            ["01/02/2024", "Advisor Fee", "", "", "", "", "", "$5.00"],
        ].map { record -> String? in
            if case let .failure(problem) = sut.drafts(from: record, header: header) { return problem.message }
            return nil
        }
        XCTAssertTrue(failures[0]?.hasPrefix("Reverse Split: a corporate action") == true, "\(failures)")
        XCTAssertTrue(failures[1]?.contains("not an action this import knows") == true, "\(failures)")
        XCTAssertEqual(failures[2], "Date: '2024-01-02' is not MM/DD/YYYY")
        XCTAssertTrue(failures[3]?.contains("a refund this import doesn't map") == true, "\(failures)")
    }
}

final class FidelityHistoryTests: XCTestCase {
    private let header = ["Run Date", "Action", "Symbol", "Description", "Type", "Quantity", "Price ($)", "Commission ($)", "Fees ($)",
                          "Accrued Interest ($)", "Amount ($)", "Cash Balance ($)", "Settlement Date"]
    private let sut = FidelityHistory()

    func test_reads_eitherOfFidelitysHeaders_andIsKnownByThem() {
        XCTAssertTrue(sut.reads(header: header))
        XCTAssertTrue(sut.reads(header: ["Run Date", "Action", "Symbol", "Security Description", "Security Type", "Quantity", "Price ($)",
                                         "Commission ($)", "Fees ($)", "Accrued Interest ($)", "Amount ($)", "Settlement Date"]))
        XCTAssertFalse(sut.reads(header: ["Date", "Action", "Symbol", "Description", "Quantity", "Price", "Fees & Comm", "Amount"]))
        XCTAssertEqual(BrokerPresets.reading(header: header)?.name, "fidelity")
    }

    func test_drafts_mapTheActionsSentences_andLeaveOutTheCoreSweepAndTheFooter() throws {
        func row(_ date: String, _ action: String, _ symbol: String, _ quantity: String, _ amount: String) -> [String] {
            [" " + date, action, symbol, "", "Cash", quantity, "", "", "", "", amount, "100.00", ""]
        }
        func described(_ record: [String]) throws -> [String] {
            try sut.drafts(from: record, header: header).get().map { [$0.date, $0.type, $0.ticker, $0.quantity, $0.sum].map { $0 ?? "-" }.joined(separator: " ") }
        }

        XCTAssertEqual(try described(row("1/10/2024", "YOU BOUGHT APPLE INC (AAPL) (Cash)", "AAPL", "2", "-300.00")), ["2024-01-10 buy AAPL 2 300"])
        XCTAssertEqual(try described(row("01/11/2024", "YOU SOLD APPLE INC (AAPL) (Margin)", "AAPL", "-1", "155.50")), ["2024-01-11 sell AAPL 1 155.5"])
        XCTAssertEqual(try described(row("01/12/2024", "LONG-TERM CAP GAIN VANGUARD (VTI) (Cash)", "VTI", "0", "4.00")), ["2024-01-12 dividend VTI - 4"])
        XCTAssertEqual(try described(row("01/13/2024", "FOREIGN TAX PAID VANGUARD (VXUS) (Cash)", "VXUS", "0", "-0.40")), ["2024-01-13 fee VXUS - 0.4"])
        XCTAssertEqual(try described(row("01/14/2024", "Electronic Funds Transfer Paid (Cash)", "", "0", "-50.00")), ["2024-01-14 withdrawal - - 50"])
        XCTAssertEqual(try described(row("01/15/2024", "REDEMPTION FROM CORE ACCOUNT FIDELITY GOVERNMENT (SPAXX) (Cash)", "SPAXX", "-5", "5.00")), [])
        XCTAssertEqual(try described(["Date downloaded 03/20/2024 3:38 pm"]), [])
        XCTAssertEqual(try described(["", ""]), [])
        guard case let .failure(problem) = sut.drafts(from: row("01/16/2024", "DISTRIBUTION NVIDIA (NVDA) (Cash)", "NVDA", "9", ""), header: header) else {
            return XCTFail("a split's distribution can't be mapped")
        }
        XCTAssertTrue(problem.message.contains("a corporate action or a transfer of shares, which this import can't record"), problem.message)
    }
}
