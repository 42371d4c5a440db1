import XCTest
import FixedPoint
import Ledger
import Bookkeeping
import TransactionsTestSupport
import TestSupport

/// The two syntaxes' own rules; that the tools accept what they write is
/// `PlainTextAccountingSpecs`' part, with the tools themselves.
final class JournalFormatsTests: XCTestCase {
    func test_hledger_quotesTickers_givesMoneyTwoDecimals_andKeepsANoteOutOfTheComment() {
        let text = HledgerJournalFormat.text(of: journal(narration: "Buy 10 VOD.L — bought; more \"later\"\nnext line"))

        XCTAssertTrue(text.contains("2024-01-02 * Buy 10 VOD.L — bought, more \"later\" next line  ; id:t1\n"), text)
        XCTAssertTrue(text.contains("    Assets:Invest:Default:VOD-L  10 \"VOD.L\" @@ 70.00 GBP\n"), text)
        XCTAssertTrue(text.contains("    Assets:Invest:Default:Cash  -70.00 GBP\n"), text)
        XCTAssertTrue(text.contains("P 2024-07-03 \"VOD.L\" 7.25 GBP\n"), text)
        XCTAssertTrue(text.contains("commodity 1000.00 GBP\n"), text)
    }

    func test_beancount_opensEachAccountOnItsFirstDay_booksHoldingsNone_andEscapesTheNarration() {
        let text = BeancountFormat.text(of: journal(narration: "Buy \"VOD\" \\ more"))

        XCTAssertTrue(text.contains("option \"operating_currency\" \"GBP\"\n"), text)
        XCTAssertTrue(text.contains("2024-01-02 open Assets:Invest:Default:VOD-L VOD.L \"NONE\"\n"), text)
        XCTAssertTrue(text.contains("2024-01-02 open Assets:Invest:Default:Cash\n"), text)
        XCTAssertTrue(text.contains("2024-01-02 commodity VOD.L\n  name: \"VOD.L\"\n"), text)
        XCTAssertTrue(text.contains("2024-01-02 * \"Buy \\\"VOD\\\" \\\\ more\"\n  id: \"t1\"\n"), text)
        XCTAssertTrue(text.contains("  Assets:Invest:Default:VOD-L  10 VOD.L {{70.00 GBP}}\n"), text)
        XCTAssertTrue(text.contains("2024-07-03 price VOD.L 7.25 GBP\n"), text)
    }

    func test_beancount_commodityNames_areWhatItsLexerReads_andNeverTwoAlike() {
        let names = BeancountFormat.commodityNames(journal(tickers: ["F", "brk.b", "^GSPC", "X-GSPC", "ABC."]))

        XCTAssertEqual(names["F"], "F-X", "one letter is too short")
        XCTAssertEqual(names["brk.b"], "BRK.B")
        XCTAssertEqual(names["X-GSPC"], "X-GSPC")
        XCTAssertEqual(names["^GSPC"], "X-GSPC-2", "taken by a ticker of its own")
        XCTAssertEqual(names["ABC."], "ABC.-X", "a name ends with a letter or digit")
    }

    // MARK: - Helpers

    private let holding = JournalAccount(.assets, ["Invest", "Default", "VOD-L"], holds: "VOD.L")
    private let cash = JournalAccount(.assets, ["Invest", "Default", "Cash"])

    private func journal(narration: String) -> Journal {
        let entry = JournalEntry(date: day("2024-01-02"), narration: narration, transactionID: "t1", postings: [
            JournalPosting(holding, JournalAmount(10, "VOD.L", isShares: true), cost: JournalAmount(70, "GBP")),
            JournalPosting(cash, JournalAmount(-70, "GBP"))])
        return Journal(baseCurrency: "GBP", accounts: [holding: day("2024-01-02"), cash: day("2024-01-02")], entries: [entry],
                       prices: [JournalPrice(date: day("2024-07-03"), commodity: "VOD.L", isShares: true, price: JournalAmount(fixed("7.25"), "GBP"))])
    }

    private func journal(tickers: [String]) -> Journal {
        let postings = tickers.map { JournalPosting(JournalAccount(.assets, ["Invest", "Default", $0], holds: $0), JournalAmount(1, $0, isShares: true)) }
        return Journal(baseCurrency: "USD", accounts: [:], entries: [JournalEntry(date: day("2024-01-02"), narration: "", transactionID: "t", postings: postings)], prices: [])
    }
}
