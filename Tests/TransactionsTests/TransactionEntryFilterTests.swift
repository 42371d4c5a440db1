import XCTest
import Ledger
import Transactions
import TransactionsTestSupport

final class TransactionEntryFilterTests: XCTestCase {
    func test_neverRulesOutAnEntry_whoseTransactionTheFilterMatches_andRulesOutTheRestOfItsTickerTypeAndDates() {
        var random = RandomHistory(seed: 33)
        let history = (0..<400).map { _ in random.transaction() }
        let filters = [TransactionFilter(ticker: "AAPL"), TransactionFilter(ticker: ""), TransactionFilter(type: .sell),
                       TransactionFilter(ticker: "VOD", type: .dividend), TransactionFilter(from: history[7].date),
                       TransactionFilter(to: history[9].date), TransactionFilter(ticker: "MSFT", from: history[3].date, to: history[3].date)]

        for filter in filters {
            let sut = makeSUT(filter)
            for transaction in history {
                XCTAssertEqual(sut.mayMatch(TransactionsLedgerCodec.entry(for: transaction)), filter.matches(transaction), "\(filter) \(transaction)")
            }
        }
    }

    func test_aSearch_neverRulesOutAnEntryTheFilterFinds_andRulesOutPlainTextWithoutIt() {
        let notes: [String?] = [nil, "Bought the DIP", "dip", "rebalance", "Café crème", "STRASSE", "straße", "\u{212A}elvin", "tab\there", ""]
        let tickers = ["AAPL", "DIPX", "VOD", "ÉTÉ"]
        let names = ["AAPL": "Apple Inc.", "VOD": "Vodafone Group", "ÉTÉ": "Été SA"]
        let history = tickers.flatMap { ticker in notes.map { makeTransaction(ticker: ticker, note: $0) } }
        // Printable ASCII: text the log holds as it is, which the search is told of byte by byte.
        let isPlain = { (text: String) in text.utf8.allSatisfy { (32..<127).contains($0) && $0 != UInt8(ascii: "\\") } }

        for search in ["dip", "DiP", "apple", "café", "kelvin", "STRASSE", "ss", "été", "\there", "x", "é"] {
            let filter = TransactionFilter(search: search, names: names)
            let sut = makeSUT(filter)
            for transaction in history {
                let mayMatch = sut.mayMatch(TransactionsLedgerCodec.entry(for: transaction))
                if filter.matches(transaction) { XCTAssertTrue(mayMatch, "\(search) in \(transaction)") }
                if isPlain(search), isPlain(transaction.ticker), isPlain(transaction.note ?? "") {
                    XCTAssertEqual(mayMatch, filter.matches(transaction), "plain text is told before decoding: \(search) in \(transaction)")
                }
            }
        }
    }

    func test_aFilterOfNoTickerTypeDateOrPlainSearch_letsEveryEntryThrough() {
        let sut = makeSUT(TransactionFilter(search: "", idPrefix: "ab"))

        XCTAssertFalse(sut.narrows)
        XCTAssertTrue(sut.mayMatch(TransactionsLedgerCodec.entry(for: makeTransaction(ticker: "MSFT"))))
    }

    func test_letsThroughWhatTheCodecWouldRefuseOrIsNotATransaction_soReadingItFailsOrPassesItAsBefore() {
        let sut = makeSUT(TransactionFilter(ticker: "AAPL", from: day("2024-06-01")))
        let unreadableDate = LedgerEntry(id: "x", kind: "buy", schema: 1, updatedAt: 1, payload: LedgerPayload([("date", "June"), ("ticker", "MSFT")]))
        let newerSchema = LedgerEntry(id: "y", kind: "buy", schema: 3, updatedAt: 1, payload: LedgerPayload([("date", "2020-01-01"), ("ticker", "MSFT")]))
        let otherKind = LedgerEntry(id: "z", kind: "savings-update", schema: 1, updatedAt: 1, payload: LedgerPayload([("date", "2020-01-01")]))
        let tombstone = LedgerEntry.tombstone(id: "w", kind: "buy", at: 1)

        for entry in [newerSchema, otherKind, tombstone] {
            XCTAssertTrue(sut.mayMatch(entry), "\(entry)")
        }
        XCTAssertFalse(sut.mayMatch(unreadableDate), "another ticker's entry is ruled out by its ticker")
        XCTAssertTrue(makeSUT(TransactionFilter(from: day("2024-06-01"))).mayMatch(unreadableDate), "a date the codec can't read is left to the codec")
    }

    func test_aTickerIsMatchedAsTheDecodedStringIs_whateverBytesSpellIt() {
        let kelvin = LedgerEntry(id: "k", kind: "buy", schema: 1, updatedAt: 1,
                                 payload: LedgerPayload([("date", "2024-01-02"), ("quantity", "1"), ("sum", "1"), ("ticker", "\u{212A}O")]))
        let bytes = Array("date=2024-01-02\tticker=\\x4bO".utf8)
        let escaped = LedgerEntry(id: "e", kind: "buy", schema: 1, updatedAt: 1, payload: LedgerPayload(encoded: LedgerBytes(bytes), range: 0..<bytes.count))

        XCTAssertTrue(makeSUT(TransactionFilter(ticker: "KO")).mayMatch(kelvin), "the Kelvin sign is K to a Swift string")
        XCTAssertEqual(escaped.payload["ticker"], "KO", "another writer's escape of K")
        XCTAssertTrue(makeSUT(TransactionFilter(ticker: "KO")).mayMatch(escaped))
        XCTAssertFalse(makeSUT(TransactionFilter(ticker: "KOF")).mayMatch(kelvin))
    }

    // MARK: - Helpers

    private func makeSUT(_ filter: TransactionFilter) -> TransactionEntryFilter {
        TransactionEntryFilter(filter)
    }
}
