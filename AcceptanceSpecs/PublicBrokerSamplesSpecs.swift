import XCTest
import TestSupport
import InvestCLITestSupport

/// The public sample exports of real brokers in `Fixtures/Brokers` (Export-To-Ghostfolio's
/// anonymised samples, Apache-2.0; see that folder's SOURCE.md), each imported as a new user
/// would: `invest import FILE`, no flags. Every figure below is worked out by hand from the file,
/// as the comments show, never read back from the import.
final class PublicBrokerSamplesSpecs: XCTestCase {
    func test_interactiveBrokersFlexQueries_tradesThenCash_importWithNoFlags_namingTheConversionsTheyCantPlace_andAgainAddNothing() throws {
        let invest = try makeHome()
        let trades = invest.run(["import", Self.sample("ibkr-trades-export.csv")])
        let cash = invest.run(["import", Self.sample("ibkr-dividends-export.csv")])
        let again = [invest.run(["import", Self.sample("ibkr-trades-export.csv")]), invest.run(["import", Self.sample("ibkr-dividends-export.csv")])]

        XCTAssertEqual(trades.status, 0, trades.errors)
        XCTAssertTrue(trades.errors.contains("as an Interactive Brokers Flex Query export (--broker ibkr-flex)"), trades.errors)
        XCTAssertTrue(trades.output.contains("Imported 8 transactions"), trades.output)
        // Lines 10–12 sell dollars for francs with no ISIN and no symbol: the row never says which currency was sold.
        XCTAssertEqual(Self.skippedLines(trades.errors, "ibkr-trades-export.csv"), [10, 11, 12])
        XCTAssertTrue(trades.errors.contains("a currency conversion whose row doesn't name the currency sold"), trades.errors)
        XCTAssertFalse(trades.errors.contains("opening"), "every sale is of shares the file bought: \(trades.errors)")
        XCTAssertEqual(cash.status, 0, cash.errors)
        XCTAssertTrue(cash.output.contains("Imported 11 transactions from"), cash.output)
        XCTAssertEqual(Self.skippedLines(cash.errors, "ibkr-dividends-export.csv"), [])
        for run in again { XCTAssertTrue(run.output.contains("Imported 0 transactions"), run.output) }

        let rows = try invest.run(["list", "--format", "json"]).jsonRows()
        XCTAssertEqual(rows.count, 19)
        // The ISIN is the security in both queries (neither has a Symbol column), so the dividends land on the shares bought.
        // CH0111762537: 7 bought for 1,978.90 + 5 commission. US9220427424: 95 + 105 + 11 + 1 + 2 + 97 + 12 = 323 shares for
        // 8,909.10 + 10,019.10 + 1,050.06 + 97.84 + 206.36 + 10,050.17 + 1,243.92 = 31,576.55 and commissions 6 × 1 + 0.979,
        // each the fee of its trade.
        XCTAssertEqual(Self.totals(rows, "buy"), ["CH0111762537": "7 1978.9 CHF fee 5", "US9220427424": "323 31576.55 - fee 6.979"])
        // VT: 137.23 + 85.97 + 169.77; SMMCHA: 4.83 (its return of capital) + 41.93; and two payments in lieu.
        XCTAssertEqual(Self.totals(rows, "dividend"), ["US9220427424": "0 392.97 -", "CH0111762537": "0 46.76 CHF", "JP3546800008": "0 455 JPY",
                                                    "US11135F1012": "0 0.59 -"])
        // Withholding tax, a fee of each security: 20.58 + 12.90 + 25.47 dollars; 14.68 francs.
        XCTAssertEqual(Self.totals(rows, "fee"), ["US9220427424": "0 58.95 -", "CH0111762537": "0 14.68 CHF"])
        // No deposit in the files, so no pot's cash is tracked: each is what the rows moved.
        // Dollars −31,583.529 + 392.97 − 58.95 + 0.59; francs −1,983.90 + 46.76 − 14.68; yen +455.
        XCTAssertEqual(try Self.balances(invest), ["USD -31248.919", "CHF -1951.82", "JPY 455"])
    }

    func test_aSchwabHistory_importsWithNoFlags_withOpeningsForWhatItSoldUnbought_namesItsCorporateActions_andAgainAddsNothing() throws {
        let invest = try makeHome()
        let imported = invest.run(["import", Self.sample("schwab-export.csv"), "--format", "json"])
        let again = invest.run(["import", Self.sample("schwab-export.csv")])
        let report = try imported.jsonObject()

        XCTAssertEqual(imported.status, 0, imported.errors)
        // 62: 877 DGLRX journaled away; 110–119: a stock distribution, reverse splits, a spin-off, mergers, renames and
        // conversions, which give or take shares without a ratio or cost.
        XCTAssertEqual((report["skipped"] as? [[String: Any]])?.compactMap { $0["line"] as? Int }, [62] + Array(110...119))
        // FIHBX: 592.199 sold on 2023-08-22, with 14.855 + 14.445 + 14.356 + 14.539 + 14.396 = 72.591 reinvested before it in
        // the file: 519.608 held before. SNAXX: 500,135 sold on 2023-09-08, none bought before. Cash: the rows, in date order,
        // go lowest to −2,094.95 (on 2023-01-03, the two reinvestments after the file's first day).
        let openings = try XCTUnwrap(report["openings"] as? [[String: Any]])
        XCTAssertEqual(openings.map { "\($0["date"] ?? "") \($0["ticker"] ?? "-") \($0["quantity"] ?? "-") \($0["sum"] ?? "")" },
                       ["2023-01-02 FIHBX 519.608 0", "2023-01-02 SNAXX 500135 0", "2023-01-02 <null> <null> 2094.95"])
        XCTAssertTrue(again.output.contains("Imported 0 transactions"), again.output)
        XCTAssertFalse(again.errors.contains("opening"), again.errors)

        let rows = try invest.run(["list", "--format", "json"]).jsonRows()
        XCTAssertEqual(rows.count, 108 + 3, "119 rows less the 11 named, and the openings")
        // Bought and reinvested, less what was sold: SPY 1.6531 + 1.5705 + 1.575 + 2.299; AVGO 1 and the split's 9 more.
        XCTAssertEqual(try Self.holdings(invest), ["ARCC 18.4207", "AVGO 10", "DGLRX 4.546", "FIHBX 12.4", "FMGIX 10.006", "GBDC 10.32", "NFRIX 34.681",
                                                   "NMFC 33.7106", "SNAXX 3706.38", "SNSXX 4136.58", "SPY 7.0976", "SWVXX 46.23", "TCPC 36.3353",
                                                   "TSLX 13.5303", "VEA 0.0086", "VNQ 4.4877", "VWO 0.0025"])
        // Every dividend and distribution of a symbol, Cash In Lieu of SCHB's fraction (5.49) among them: 15,219.95.
        XCTAssertEqual(Self.sum(rows, "dividend"), "15219.95")
        XCTAssertEqual(Self.totals(rows, "dividend")["SCHB"], "0 300.96 -", "94.84 + 101.57 + 99.06 + 5.49")
        // Credit interest 1.63 + 1.19 + 0.62 + 15.19 + 123.85, and the money fund's dividend that names no symbol, 72.06.
        XCTAssertEqual(Self.sum(rows, "interest"), "214.54")
        // Advisor fees 4,366.97; IBN's ADR fee 0.50 and its foreign tax 1.30.
        XCTAssertEqual(Self.sum(rows, "fee"), "4368.77")
        // The opening 2,094.95 and every amount the file gives, 400,074.19.
        XCTAssertEqual(try Self.balances(invest), ["USD 402169.14"])
    }

    func test_aDegiroStatementInFiveLanguages_importsWithNoFlags_everyRowPlaced_withOpeningsForWhatItSoldUnbought() throws {
        let invest = try makeHome(base: "EUR")
        let imported = invest.run(["import", Self.sample("degiro-export.csv"), "--format", "json"])
        let again = invest.run(["import", Self.sample("degiro-export.csv")])
        let report = try imported.jsonObject()

        XCTAssertEqual(imported.status, 0, imported.errors)
        XCTAssertEqual((report["skipped"] as? [[String: Any]])?.count, 0, imported.output)
        // Sold and never bought in the file: 1 CA0641491075 (2021), 1 IE00BYXG2H39 (2023), 4 GB00BPQY8M80 (2024). Euros, in
        // date order: lowest at −21,058.22 on 2024-03-11, after the statement's placeholder Toyota rows of 9,999.99.
        let openings = try XCTUnwrap(report["openings"] as? [[String: Any]])
        XCTAssertEqual(openings.map { "\($0["date"] ?? "") \($0["ticker"] ?? "-") \($0["quantity"] ?? "-") \($0["sum"] ?? "") \($0["currency"] ?? "-")" },
                       ["2019-05-14 CA0641491075 1 0 USD", "2019-05-14 GB00BPQY8M80 4 0 GBP", "2019-05-14 IE00BYXG2H39 1 0 <null>",
                        "2019-05-14 <null> <null> 21058.22 <null>"])
        XCTAssertTrue(again.output.contains("Imported 0 transactions"), again.output)

        // Koop, Compra, Achat and a stock dividend (999 PROSUS for nothing) bought; a product change that sells and buys
        // back 500 AU000000FBR4 changes nothing.
        XCTAssertEqual(try Self.holdings(invest), ["AU000000FBR4 500", "FI4000198031 6", "IE00B0M63391 1", "IE00B3RBWM25 2", "IE00B4L5Y983 7",
                                                   "JP3633400001 30", "NL0013654783 999", "US00165C1045 1", "US9256521090 1"])
        let rows = try invest.run(["list", "--format", "json"]).jsonRows()
        // Dollars: KO 0.44, MAIN 0.44, CWEN 0.73, the S&P 500 ETF 11.82, T 1.39, O 0.51, OXSQ 3.50, the bond ETF 0.23; and
        // Toyota's 9,999.99 yen.
        XCTAssertEqual(Self.totals(rows, "dividend").values.filter { $0.hasSuffix("USD") }.count, 8)
        XCTAssertEqual(Self.sum(rows, "dividend", currency: "USD"), "19.06")
        XCTAssertEqual(Self.sum(rows, "dividend", currency: "JPY"), "9999.99")
        // Dividend tax 0.07 + 0.07 + 0.11 + 0.15 + 0.53 and a corporate action's 0.01 in dollars. In euros the trading
        // fees 1 + 0.50 + 1 + 1 + 1 + 1 + 4.90 + 9,999.99, connection fees 2.50 × 4, and the money-market fund's losses
        // 0.25 + 4.81.
        XCTAssertEqual(Self.sum(rows, "fee", currency: "USD"), "0.94")
        XCTAssertEqual(Self.sum(rows, "fee", currency: "-"), "10025.45")
        // Degiro's courtesy credits, 0.24 + 0.61.
        XCTAssertEqual(Self.sum(rows, "interest", currency: "-"), "0.85")
        // The opening 21,058.22 and every euro amount placed, −20,635.47.
        XCTAssertEqual(try Self.balances(invest).first, "EUR 422.75")
    }

    func test_aTrading212History_importsWithNoFlags_exchangingItsEurosForEachDollarBuy_andNamesTheRowsOfAnotherLayout() throws {
        let invest = try makeHome(base: "EUR")
        let imported = invest.run(["import", Self.sample("trading212-export.csv")])
        let again = invest.run(["import", Self.sample("trading212-export.csv")])

        XCTAssertEqual(imported.status, 0, imported.errors)
        // 9: a withholding tax in dollars larger than the gross of 0.028 shares at 630.11 pence; 11–14: rows written in a
        // later export's column order (Notes and ID before the shares), which this header doesn't place.
        XCTAssertEqual(Self.skippedLines(imported.errors, "trading212-export.csv"), [9, 11, 12, 13, 14])
        // 0.61254 ASTR sold on 2023-12-26, never bought in the file.
        XCTAssertTrue(imported.errors.contains("1 opening was added on 2023-11-05"), imported.errors)
        XCTAssertTrue(imported.errors.contains("0.61254 ASTR, cost unknown"), imported.errors)
        XCTAssertTrue(again.output.contains("Imported 0 transactions"), again.output)

        XCTAssertEqual(try Self.holdings(invest), ["ASTS 0.29764", "CSCO 0.029053", "VICI 0.041014"])
        // 31 deposited; 1.33 + 1.20 + 1.47 paid for the dollar buys; 0.70 from the sale; 0.03 + 0.03 net dividends; 0.01 interest.
        XCTAssertEqual(try Self.balances(invest), ["EUR 27.77", "USD 0"])
    }

    // MARK: - Helpers

    private static func sample(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Brokers/\(name)").path
    }

    /// A new home with rates from the emulator, so holdings in any currency are shown, on a day
    /// after the samples' last rows (2025-06-30).
    private func makeHome(base: String? = nil) throws -> InvestDriver {
        let emulator = try startEmulator()
        let invest = makeInvestDriver(servicesFrom: emulator)
        invest.now = Date(timeIntervalSince1970: 1_764_547_200) // 2025-12-01
        invest.environment["INVEST_FX_URL"] = emulator.baseURL.absoluteString
        if let base { invest.environment["INVEST_BASE_CURRENCY"] = base }
        return invest
    }

    /// The lines named as skipped in a report on standard error.
    private static func skippedLines(_ errors: String, _ name: String) -> [Int] {
        errors.components(separatedBy: "\n").compactMap { line in
            guard let range = line.range(of: "\(name):") else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }
    }

    /// "TICKER quantity" of each holding held, by ticker.
    private static func holdings(_ invest: InvestDriver) throws -> [String] {
        let portfolio = try invest.run(["portfolio", "--format", "json"]).jsonObject()
        return try XCTUnwrap(portfolio["holdings"] as? [[String: Any]]).map { "\($0["ticker"] ?? "") \($0["quantity"] ?? "")" }.sorted()
    }

    /// "CURRENCY balance" of each pot of cash.
    private static func balances(_ invest: InvestDriver) throws -> [String] {
        let cash = try invest.run(["cash", "--format", "json"]).jsonObject()
        return try XCTUnwrap(cash["balances"] as? [[String: Any]]).map { "\($0["currency"] ?? "") \($0["balance"] ?? "")" }
    }

    /// Per ticker, the rows of `type`: "quantity sum currency" (`-` for the base currency).
    private static func totals(_ rows: [[String: Any]], _ type: String) -> [String: String] {
        var totals: [String: (quantity: Decimal, sum: Decimal, fee: Decimal, currency: String)] = [:]
        for row in rows where row["type"] as? String == type {
            let ticker = row["ticker"] as? String ?? "-"
            var total = totals[ticker] ?? (0, 0, 0, row["currency"] as? String ?? "-")
            total.quantity += Decimal(string: row["quantity"] as? String ?? "0") ?? 0
            total.sum += Decimal(string: row["sum"] as? String ?? "0") ?? 0
            total.fee += Decimal(string: row["fee"] as? String ?? "0") ?? 0
            totals[ticker] = total
        }
        return totals.mapValues { "\($0.quantity) \($0.sum) \($0.currency)" + ($0.fee.isZero ? "" : " fee \($0.fee)") }
    }

    /// The sum of every row of `type`, or of those in `currency` when one is given (`-` for the base currency).
    private static func sum(_ rows: [[String: Any]], _ type: String, currency: String? = nil) -> String {
        let sums = rows.filter { $0["type"] as? String == type && (currency == nil || ($0["currency"] as? String ?? "-") == currency) }
            .map { Decimal(string: $0["sum"] as? String ?? "0") ?? 0 }
        return "\(sums.reduce(0, +))"
    }
}
