import XCTest
import FixedPoint
import Ledger
import Transactions
import Portfolio
import CurrentPrices
import Currencies
import Bookkeeping
import TransactionsTestSupport
import TestSupport

final class JournalBuilderTests: XCTestCase {
    func test_everyEntry_balancesInEachCommodityItIsWeighedIn() {
        let journal = makeSUT().journal(of: everyKind(), closes: PriceHistory(), quotes: [:], rates: [], units: [:])

        XCTAssertEqual(journal.entries.count, 11, "a split with nothing held has no entry")
        for entry in journal.entries {
            let totals = Dictionary(grouping: entry.postings.map(\.weight), by: \.commodity).mapValues { $0.reduce(FixedDecimal.zero) { $0 + $1.quantity } }
            XCTAssertTrue(totals.values.allSatisfy(\.isZero), "\(entry.narration): \(totals)")
        }
    }

    func test_sell_takesOutTheCalculatorsAverageCost_andPostsTheDifferenceAsGain() {
        let history = [buy("10", for: "1000", on: "2024-01-02"), buy("10", for: "1400", on: "2024-02-01"),
                       makeTransaction(id: "sell", date: "2024-03-01", type: .sell, quantity: "5", sum: "700")]

        let sell = makeSUT().journal(of: history, closes: PriceHistory(), quotes: [:], rates: [], units: [:]).entries.last!

        XCTAssertEqual(sell.transactionID, "sell")
        XCTAssertEqual(sell.postings.map(describe), ["Assets:Invest:Default:AAPL -5 AAPL {{600 USD}}", "Assets:Invest:Default:Cash 700 USD",
                                                     "Income:Invest:Gains:AAPL -100 USD"])
    }

    func test_sell_underFIFO_takesTheOldestSharesCost() {
        let history = [buy("10", for: "1000", on: "2024-01-02"), buy("10", for: "1400", on: "2024-02-01"),
                       makeTransaction(date: "2024-03-01", type: .sell, quantity: "12", sum: "1500")]

        let sell = makeSUT(method: .fifo).journal(of: history, closes: PriceHistory(), quotes: [:], rates: [], units: [:]).entries.last!

        XCTAssertEqual(sell.postings.first.map(describe), "Assets:Invest:Default:AAPL -12 AAPL {{1280 USD}}", "10 at $100, 2 at $140")
    }

    func test_shareTransfer_movesItsCostToTheOtherAccount_inTheSecuritysCurrency() {
        let history = [Transaction(id: "b", date: day("2024-01-02"), type: .buy, ticker: "AAPL", quantity: 10, sum: 2000, currency: "USD", updatedAt: .distantPast),
                       Transaction(id: "t", date: day("2024-01-03"), type: .transfer, ticker: "AAPL", quantity: 4, sum: 0, toAccount: "isa", updatedAt: .distantPast)]

        let transfer = makeSUT(base: "GBP").journal(of: history, closes: PriceHistory(), quotes: [:], rates: [], units: [:]).entries.last!

        XCTAssertEqual(transfer.narration, "Transfer 4 AAPL from default to ISA")
        XCTAssertEqual(transfer.postings.map(describe), ["Assets:Invest:Default:AAPL -4 AAPL {{800 USD}}", "Assets:Invest:ISA:AAPL 4 AAPL {{800 USD}}"])
    }

    func test_split_restatesEachAccountsSharesAtTheSameCost() {
        let history = [buy("2", for: "300", on: "2024-01-02"), buy("1", for: "100", on: "2024-01-02", account: "isa"),
                       makeTransaction(date: "2024-02-01", type: .split, quantity: "0", sum: "0", ratio: "3:1")]

        let split = makeSUT().journal(of: history, closes: PriceHistory(), quotes: [:], rates: [], units: [:]).entries.last!

        XCTAssertEqual(split.postings.map(describe), ["Assets:Invest:Default:AAPL -2 AAPL {{300 USD}}", "Assets:Invest:Default:AAPL 6 AAPL {{300 USD}}",
                                                      "Assets:Invest:ISA:AAPL -1 AAPL {{100 USD}}", "Assets:Invest:ISA:AAPL 3 AAPL {{100 USD}}"])
    }

    func test_exchange_receivesTheOtherCurrencyAtWhatItCost() {
        let fx = Transaction(id: "fx", date: day("2024-01-02"), type: .fx, ticker: "", quantity: 0, sum: 5000, toSum: 6250, toCurrency: "USD", updatedAt: .distantPast)

        let entry = makeSUT(base: "GBP").journal(of: [fx], closes: PriceHistory(), quotes: [:], rates: [], units: [:]).entries[0]

        XCTAssertEqual(entry.postings.map(describe), ["Assets:Invest:Default:Cash -5000 GBP", "Assets:Invest:Default:Cash 6250 USD @@ 5000 GBP"])
    }

    func test_prices_areInTheSecuritysCurrency_withTodaysQuoteOverThatDaysClose_andEachKeptRate() throws {
        let history = [buy("100", for: "70", on: "2024-01-02", ticker: "VOD.L")]
        let closes = PriceHistory([DailyClose(ticker: "VOD.L", day: day("2024-07-02"), close: 72), DailyClose(ticker: "VOD.L", day: day("2024-07-03"), close: 71)])
        let quote = LoadedPrice(price: CurrentPrice(ticker: "VOD.L", price: 73, change: nil, changePercent: nil, previousClose: 72,
                                                    quoteTime: Date(timeIntervalSince1970: 1_720_000_000), fetchedAt: .distantPast), source: .live)
        let rate = ExchangeRate(from: CurrencyCode("USD")!, to: CurrencyCode("GBP")!, day: day("2024-07-01"), rate: fixed("0.78615"))

        let journal = makeSUT(base: "GBP").journal(of: history, closes: closes, quotes: ["VOD.L": quote], rates: [rate], units: ["VOD.L": try XCTUnwrap(PriceUnit("GBp"))])

        XCTAssertEqual(journal.prices.map { "\($0.date) \($0.commodity) \($0.price.quantity) \($0.price.commodity)" },
                       ["2024-07-01 USD 0.78615 GBP", "2024-07-02 VOD.L 0.72 GBP", "2024-07-03 VOD.L 0.73 GBP"])
    }

    func test_accountComponent_isANameBothToolsRead() {
        XCTAssertEqual(JournalBuilder.accountComponent("VOD.L"), "VOD-L")
        XCTAssertEqual(JournalBuilder.accountComponent("my isa"), "My-isa")
        XCTAssertEqual(JournalBuilder.accountComponent("2nd"), "2nd")
        XCTAssertEqual(JournalBuilder.accountComponent("^GSPC"), "X-GSPC")
        XCTAssertEqual(JournalBuilder.accountComponent("Épargne"), "X-pargne")
        XCTAssertEqual(JournalBuilder.accountComponent(""), "X")
    }

    // MARK: - Helpers

    private func makeSUT(base: String = "USD", method: CostBasisMethod = .average) -> JournalBuilder {
        JournalBuilder(base: base, prefix: ["Invest"], method: method) { $0 == "isa" ? "ISA" : $0 ?? "default" }
    }

    private func buy(_ quantity: String, for sum: String, on date: String, ticker: String = "AAPL", account: String? = nil) -> Transaction {
        makeTransaction(date: date, type: .buy, ticker: ticker, quantity: quantity, sum: sum, account: account)
    }

    private func everyKind() -> [Transaction] {
        [makeCash(date: "2024-01-02", type: .deposit, sum: "5000"),
         buy("10", for: "1000.50", on: "2024-01-03"),
         makeTransaction(date: "2024-01-04", type: .sell, quantity: "3", sum: "400"),
         makeTransaction(date: "2024-01-05", type: .dividend, quantity: "0", sum: "2.5"),
         makeTransaction(date: "2024-01-05", type: .fee, quantity: "0", sum: "1"),
         makeCash(date: "2024-01-06", type: .fee, sum: "3"),
         makeCash(date: "2024-01-06", type: .interest, sum: "0.75"),
         makeCash(date: "2024-01-07", type: .withdrawal, sum: "100"),
         makeTransaction(date: "2024-01-08", type: .split, quantity: "0", sum: "0", ratio: "3:2"),
         makeTransaction(date: "2024-01-08", type: .split, ticker: "MSFT", quantity: "0", sum: "0", ratio: "2:1"),
         Transaction(id: "t", date: day("2024-01-09"), type: .transfer, ticker: "AAPL", quantity: 2, sum: 0, toAccount: "isa", updatedAt: .distantPast),
         Transaction(id: "c", date: day("2024-01-09"), type: .transfer, ticker: "", quantity: 0, sum: 50, toAccount: "isa", updatedAt: .distantPast)]
    }

    private func describe(_ posting: JournalPosting) -> String {
        let account = ([posting.account.root.rawValue] + posting.account.names).joined(separator: ":")
        var text = "\(account) \(posting.amount.quantity) \(posting.amount.commodity)"
        if let cost = posting.cost { text += " {{\(cost.quantity) \(cost.commodity)}}" }
        if let price = posting.price { text += " @@ \(price.quantity) \(price.commodity)" }
        return text
    }
}
