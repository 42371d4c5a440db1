import XCTest
import FixedPoint
import Transactions
import TestSupport

/// Reads `records` after `header` through the preset's reader, as the import does: each line's
/// drafts as "type ticker quantity sum currency", or its problem as "!message".
private func read(_ preset: BrokerPreset, header: [String], _ records: [[String]]) -> [String] {
    let reader = preset.reader(header: header)
    let readings = records.enumerated().flatMap { reader.read($0.element, line: $0.offset + 2) } + reader.finish()
    return readings.flatMap { reading -> [String] in
        switch reading.result {
        case let .success(drafts):
            return drafts.map { draft in
                var text = [draft.type, draft.ticker, draft.quantity, draft.sum, draft.currency].map { $0 ?? "-" }.joined(separator: " ")
                if let toSum = draft.toSum { text += " → \(toSum) \(draft.toCurrency ?? "-")" }
                if let ratio = draft.ratio { text += " \(ratio)" }
                if let fee = draft.fee { text += " fee \(fee)" }
                return text
            }
        case let .failure(problem): return ["!\(reading.line): \(problem.message)"]
        }
    }
}

final class BrokerDatesAndMarksTests: XCTestCase {
    func test_dates_inTheFormsBrokersWriteThem() {
        XCTAssertEqual(BrokerNumber.isoDate("2024-01-02, 10:30:00"), "2024-01-02")
        XCTAssertEqual(BrokerNumber.isoDate("2023-12-18 11:45:06.326"), "2023-12-18")
        XCTAssertNil(BrokerNumber.isoDate("2024-02-30"))
        XCTAssertEqual(BrokerNumber.europeanDate("19-12-2022"), "2022-12-19")
        XCTAssertEqual(BrokerNumber.europeanDate("1.2.2024"), "2024-02-01")
        XCTAssertNil(BrokerNumber.europeanDate("12-19-2022"), "no 19th month")
        XCTAssertNil(BrokerNumber.europeanDate("2022-12-19"))
    }

    func test_textWrittenAsLatin1FromUTF8_isReadAsItWasWritten_andOtherTextIsLeftAlone() {
        XCTAssertEqual(BrokerNumber.repairingMojibake("CrÃ©dito de divisa"), "Crédito de divisa")
        XCTAssertEqual(BrokerNumber.repairingMojibake("Crédito de divisa"), "Crédito de divisa")
        XCTAssertEqual(BrokerNumber.repairingMojibake("Ã alone"), "Ã alone", "not UTF-8 once undone: kept")
        XCTAssertEqual(BrokerNumber.repairingMojibake("Ã€ 5"), "Ã€ 5", "€ is past Latin-1: kept")
    }

    func test_parseEitherMark_takesTheLaterMarkAsTheDecimal_andACommaAloneAsOne() {
        XCTAssertEqual(BrokerNumber.parseEitherMark("1,35"), fixed("1.35"))
        XCTAssertEqual(BrokerNumber.parseEitherMark("-97.93"), fixed("-97.93"))
        XCTAssertEqual(BrokerNumber.parseEitherMark("-1.005,00"), fixed("-1005"))
        XCTAssertEqual(BrokerNumber.parseEitherMark("1,005.50"), fixed("1005.5"))
        XCTAssertNil(BrokerNumber.parseEitherMark("1,0,0"))
    }

    func test_parse_dropsTrailingZerosPastTheLedgersDecimals() {
        XCTAssertEqual(BrokerNumber.parse("0.0290530000"), fixed("0.029053"))
        XCTAssertEqual(BrokerNumber.parse("2.0000000000"), 2)
        XCTAssertNil(BrokerNumber.parse("0.123456789"), "nine decimals that hold something are past what this ledger keeps")
    }
}

final class InteractiveBrokersStatementTests: XCTestCase {
    private let sut = InteractiveBrokersStatement()
    private let tradesHeader = ["Trades", "Header", "DataDiscriminator", "Asset Category", "Currency", "Symbol", "Date/Time", "Quantity", "T. Price", "Proceeds", "Comm/Fee", "Code"]

    func test_reads_theStatementsFirstLine() {
        XCTAssertTrue(sut.reads(header: ["Statement", "Header", "Field Name", "Field Value"]))
        XCTAssertFalse(sut.reads(header: ["Trades", "Header", "DataDiscriminator"]))
    }

    func test_trades_takeOrdersOnly_withTheCommissionAsTheirFee_andForexAsAnExchange() {
        let rows = read(sut, header: ["Statement", "Header", "Field Name", "Field Value"], [
            tradesHeader,
            ["Trades", "Data", "Order", "Stocks", "EUR", "SAP", "2024-01-03, 10:30:00", "10", "150", "-1500", "-2.5", "O"],
            ["Trades", "Data", "Execution", "Stocks", "EUR", "SAP", "2024-01-03, 10:30:00", "10", "150", "-1500", "-2.5", "O"],
            ["Trades", "Data", "Order", "Stocks", "EUR", "SAP", "2024-02-03, 10:30:00", "-4", "160", "640", "-2.5", "C"],
            ["Trades", "Data", "Order", "Forex", "CAD", "USD.CAD", "2024-01-04, 09:40:00", "1000", "1.35", "-1350", "0", "O"],
            ["Trades", "Data", "Order", "Forex", "CAD", "USD.CAD", "2024-01-05, 09:40:00", "-200", "1.36", "272", "0", "O"],
            ["Trades", "Data", "Order", "Equity and Index Options", "USD", "AAPL 240119C00200000", "2024-01-05, 09:40:00", "1", "3", "-300", "-1", "O"],
            ["Trades", "SubTotal", "", "Stocks", "EUR", "SAP", "", "6", "", "-860", "-5", ""]])

        XCTAssertEqual(rows, ["buy SAP 10 1500 EUR fee 2.5", "sell SAP 4 640 EUR fee 2.5", "fx - - 1350 CAD → 1000 USD", "fx - - 200 USD → 272 CAD",
                              "!8: Trades: Equity and Index Options (AAPL 240119C00200000) are not mapped; this ledger holds shares"])
    }

    func test_aDividendReversed_takesItsIncomeBackAsAFee() {
        let rows = read(sut, header: ["Statement", "Header", "Field Name", "Field Value"], [
            ["Dividends", "Header", "Currency", "Date", "Description", "Amount"],
            ["Dividends", "Data", "USD", "2024-02-15", "KO(US1912161007) Cash Dividend USD 0.46 per Share (Ordinary Dividend)", "46"],
            ["Dividends", "Data", "USD", "2024-02-16", "KO(US1912161007) Cash Dividend USD 0.46 per Share (Ordinary Dividend) - Reversal", "-46"]])

        XCTAssertEqual(rows, ["dividend KO - 46 USD", "fee KO - 46 USD"])
    }

    func test_dividendsTaxesAndCorporateActions_keepTheirSymbol_andNameWhatCantBeMapped() {
        let rows = read(sut, header: ["Statement", "Header", "Field Name", "Field Value"], [
            ["Withholding Tax", "Header", "Currency", "Date", "Description", "Amount", "Code"],
            ["Withholding Tax", "Data", "USD", "2024-02-15", "KO(US1912161007) Cash Dividend USD 0.46 per Share - US Tax", "-6.9", ""],
            ["Withholding Tax", "Data", "USD", "2024-03-15", "KO(US1912161007) Cash Dividend USD 0.46 per Share - US Tax", "6.9", ""],
            ["Withholding Tax", "Data", "Total", "", "", "0", ""],
            ["Corporate Actions", "Header", "Asset Category", "Currency", "Report Date", "Date/Time", "Description", "Quantity", "Proceeds", "Value", "Realized P/L", "Code"],
            ["Corporate Actions", "Data", "Stocks", "USD", "2024-06-10", "2024-06-07, 20:25:00", "NVDA(US67066G1040) Split 10 for 1 (NVDA, NVIDIA CORP, US67066G1040)", "18", "0", "0", "0", ""],
            ["Corporate Actions", "Data", "Stocks", "USD", "2024-06-10", "2024-06-07, 20:25:00", "XYZ(US0000000001) Merged(Acquisition) WITH US0000000002 1 FOR 2 (XYZ, XYZ CORP, US0000000001)", "-10", "0", "0", "0", ""]])

        XCTAssertEqual(rows.count, 4)
        XCTAssertEqual(rows[0], "fee KO - 6.9 USD")
        XCTAssertEqual(rows[1], "dividend KO - 6.9 USD", "tax given back is the dividend's income again")
        XCTAssertEqual(rows[2], "split NVDA - - - 10:1")
        XCTAssertTrue(rows[3].hasPrefix("!8: Corporate Actions — XYZ(US0000000001) Merged"), rows[3])
    }
}

final class VanguardTransactionsTests: XCTestCase {
    private let sut = VanguardTransactions()
    private let holdings = ["Account Number", "Investment Name", "Symbol", "Shares", "Share Price", "Total Value", ""]
    private let transactions = ["Account Number", "Trade Date", "Settlement Date", "Transaction Type", "Transaction Description", "Investment Name", "Symbol",
                                "Shares", "Share Price", "Principal Amount", "Commission Fees", "Net Amount", "Accrued Interest", "Account Type", ""]

    func test_reads_eitherTableFirst() {
        XCTAssertTrue(sut.reads(header: holdings))
        XCTAssertTrue(sut.reads(header: transactions))
        XCTAssertFalse(sut.reads(header: ["Account Number", "Symbol"]))
    }

    func test_transactions_skipTheHoldings_andNameWhatCarriesNoRatioOrCost() {
        func row(_ type: String, _ symbol: String, _ shares: String, _ price: String, _ net: String) -> [String] {
            ["1", "01/05/2024", "01/08/2024", type, type, "FUND", symbol, shares, price, net, "0", net, "0", "CASH", ""]
        }
        let rows = read(sut, header: holdings, [
            ["1", "VANGUARD TOTAL STOCK MARKET ETF", "VTI", "10", "250", "2500", ""], [""], transactions,
            row("Buy", "VTI", "10", "220", "-2200.00"), row("Fee", "", "0", "0", "-20.00"), row("Capital gain (LT)", "VTI", "0", "0", "15.00"),
            row("Dividend", "VMFXX", "0", "1", "4.56"), row("Sweep in", "VMFXX", "100", "1", "-100"),
            row("Transfer (outgoing)", "VTI", "-2", "230", "0")])

        XCTAssertEqual(rows.prefix(4), ["buy VTI 10 2200 USD", "fee - - 20 USD", "dividend VTI - 15 USD", "interest - - 4.56 USD"])
        XCTAssertEqual(rows.count, 5)
        XCTAssertTrue(rows[4].hasPrefix("!10: Transfer (outgoing): a corporate action or a transfer"), rows[4])
    }
}

final class Trading212HistoryTests: XCTestCase {
    private let sut = Trading212History()
    private let header = ["Action", "Time", "ISIN", "Ticker", "Name", "No. of shares", "Price / share", "Currency (Price / share)", "Exchange rate",
                          "Total", "Currency (Total)", "Withholding tax", "Currency (Withholding tax)"]

    private func row(_ action: String, _ ticker: String, _ shares: String, _ price: String, _ unit: String, _ total: String, _ currency: String,
                     tax: String = "", taxCurrency: String = "") -> [String] {
        [action, "2024-01-12 14:14:14", "", ticker, "", shares, price, unit, "", total, currency, tax, taxCurrency]
    }

    func test_pence_areAHundredthOfAPound_andAShareInTheAccountsCurrencyNeedsNoExchange() {
        let rows = read(sut, header: header, [
            row("Market buy", "VOD", "100", "72.50", "GBX", "72.80", "GBP"),
            row("Limit buy", "INRG", "3", "630.11", "GBX", "22.00", "EUR"),
            row("Dividend (Ordinary)", "VOD", "100", "0.04", "GBP", "4.00", "GBP")])

        XCTAssertEqual(rows, ["buy VOD 100 72.8 GBP", "fx - - 22 EUR → 18.9033 GBP", "buy INRG 3 18.9033 GBP", "dividend VOD - 4 GBP"])
    }

    func test_theCardsMoneyAndACurrencyConversion_moveCash() {
        let header = ["Action", "Time", "Ticker", "No. of shares", "Price / share", "Total", "Currency (Total)", "Currency conversion from amount",
                      "Currency (Currency conversion from amount)", "Currency conversion to amount", "Currency (Currency conversion to amount)"]
        let rows = read(sut, header: header, [["Card debit", "2024-01-12 14:14:14", "", "", "", "-12.50", "EUR", "", "", "", ""],
                                              ["Spending cashback", "2024-01-13 14:14:14", "", "", "", "0.12", "EUR", "", "", "", ""],
                                              ["Currency conversion", "2024-01-14 14:14:14", "", "", "", "10.00", "EUR", "10.00", "EUR", "8.60", "GBP"]])

        XCTAssertEqual(rows, ["withdrawal - - 12.5 EUR", "deposit - - 0.12 EUR", "fx - - 10 EUR → 8.6 GBP"])
    }

    func test_actionsItDoesNotMap_areNamed() {
        let rows = read(sut, header: header, [row("Stock distribution", "AAPL", "1", "100", "USD", "0", "EUR"), ["Deposit", "bad time", "", "", "", "", "", "", "", "1", "EUR", "", ""]])

        XCTAssertEqual(rows, ["!2: Stock distribution: not an action this import maps; leave the row out and add it by hand",
                              "!3: Time: 'bad time' is not YYYY-MM-DD HH:MM:SS"])
    }
}

final class DegiroAccountTests: XCTestCase {
    private let sut = DegiroAccount()
    private let header = ["Date", "Time", "Value date", "Product", "ISIN", "Description", "FX", "Change", "", "Balance", "", "Order Id"]

    private func row(_ description: String, _ currency: String, _ amount: String, time: String = "10:00", product: String = "SAP SE", isin: String = "DE0007164600") -> [String] {
        ["02-01-2024", time, "02-01-2024", product, isin, description, "", currency, amount, currency, "0", ""]
    }

    func test_reads_itsHeaderInEnglishAndDutch() {
        XCTAssertTrue(sut.reads(header: header))
        XCTAssertTrue(sut.reads(header: ["Datum", "Tijd", "Valutadatum", "Product", "ISIN", "Omschrijving", "FX", "Mutatie", "", "Saldo", "", "Order Id"]))
        XCTAssertFalse(sut.reads(header: ["Date", "Time", "Product"]))
    }

    func test_descriptionsInItsLanguages_mapToTheirKinds_theQuantityReadFromTheText() {
        let rows = read(sut, header: header, [
            row("Buy 3 SAP SE@150,5 EUR (DE0007164600)", "EUR", "-451,50"), row("Achat 2 SAP SE@150 EUR (DE0007164600)", "EUR", "-300"),
            row("Verkauf 1 @ 160 EUR", "EUR", "160,00"), row("Dividende", "EUR", "2,20"), row("Dividendensteuer", "EUR", "-0,58"),
            row("Transaction and/or third party fees", "EUR", "-2,00"), row("Interest", "EUR", "0,10", product: "", isin: ""),
            row("Withdrawal", "EUR", "-50", product: "", isin: ""), row("PRODUCTWIJZIGING : Koop 500 @ 0,039 EUR", "EUR", "0")])

        XCTAssertEqual(rows.prefix(8), ["buy DE0007164600 3 451.5 EUR", "buy DE0007164600 2 300 EUR", "sell DE0007164600 1 160 EUR", "dividend DE0007164600 - 2.2 EUR",
                                        "fee DE0007164600 - 0.58 EUR", "fee DE0007164600 - 2 EUR", "interest - - 0.1 EUR", "withdrawal - - 50 EUR"])
        XCTAssertEqual(rows[8], "!10: a product change that moves shares to another ISIN is not mapped; add it by hand", "a change with no other side")
    }

    func test_anExchangesHalves_pairInEitherOrder_byTheirTimeAndProduct() {
        let rows = read(sut, header: header, [
            row("FX Credit", "USD", "100,00", time: "10:00"), row("Valuta Creditering", "EUR", "0,50", time: "11:00", product: "", isin: ""),
            row("FX Debit", "EUR", "-91,00", time: "10:00"), row("Valuta Debitering", "USD", "-0,55", time: "11:00", product: "", isin: "")])

        XCTAssertEqual(rows, ["fx - - 91 EUR → 100 USD", "fx - - 0.55 USD → 0.5 EUR"])
    }
}

final class DegiroTransactionsTests: XCTestCase {
    private let sut = DegiroTransactions()
    private let header = ["Date", "Time", "Product", "ISIN", "Reference exchange", "Venue", "Quantity", "Price", "", "Local value", "", "Value EUR", "Exchange rate",
                          "AutoFX Fee", "Transaction and/or third party fees EUR", "Total EUR", "Order ID", ""]
    private let oldHeader = ["Datum", "Tijd", "Product", "ISIN", "Beurs", "Uitvoeringsplaats", "Aantal", "Koers", "", "Lokale waarde", "", "Waarde", "",
                             "Wisselkoers", "Transactiekosten en/of", "", "Totaal", "", "Order ID"]

    func test_reads_todaysAndTheOlderLayout_butNotTheAccountStatement() {
        XCTAssertTrue(sut.reads(header: header))
        XCTAssertTrue(sut.reads(header: oldHeader))
        XCTAssertFalse(sut.reads(header: ["Date", "Time", "Value date", "Product", "ISIN", "Description", "FX", "Change", "", "Balance", "", "Order Id"]))
        XCTAssertNil(BrokerPresets.reading(header: header).map { $0.name == "degiro" ? $0 : nil } ?? nil, "the account statement's preset doesn't claim it")
        XCTAssertEqual(BrokerPresets.reading(header: header)?.name, "degiro-transactions")
    }

    func test_aTradeInTheAccountsCurrency_costsItsTotal_andOneInAnotherIsAnExchangeAndATrade() {
        let rows = read(sut, header: header, [
            ["11-12-2025", "16:03", "VANGUARD FTSE ALL-WORLD", "IE00BK5BQT80", "XET", "XETA", "21", "143,9000", "EUR", "-3021,90", "EUR", "-3021,90", "", "0,00", "-3,00", "-3024,90", "", "b1d87359"],
            ["28-05-2026", "15:31", "VERTEX INC CLASS A", "US92538J1060", "NDQ", "XNAS", "101", "12,6000", "USD", "-1272,60", "USD", "-1093,96", "1,1633", "-2,73", "", "-1096,70", "", "07bedc06"],
            ["28-07-2026", "16:39", "ACME CORP", "US0000000001", "NDQ", "BATS", "-4", "319,0000", "USD", "1276,00", "USD", "1121,57", "1,1377", "-2,80", "-2,00", "1116,76", "", "39e444b5"]])

        XCTAssertEqual(rows, ["buy IE00BK5BQT80 21 3024.9 EUR",
                              "fx - - 1096.7 EUR → 1272.6 USD", "buy US92538J1060 101 1272.6 USD",
                              "sell US0000000001 4 1276 USD", "fx - - 1276 USD → 1116.76 EUR"])
    }

    func test_theOlderLayout_namesTheAccountsCurrencyInAColumnOfItsOwn() {
        let rows = read(sut, header: oldHeader, [
            ["15-12-2022", "16:55", "VICI PROPERTIES INC. C", "US9256521090", "NSY", "XNYS", "1", "33,90", "USD", "-33,90", "USD", "-31,91", "EUR", "1,0624", "-1,00", "EUR", "-32,91", "EUR", "5925d76b"]])

        XCTAssertEqual(rows, ["fx - - 32.91 EUR → 33.9 USD", "buy US9256521090 1 33.9 USD"])
    }
}

final class BrokerSplitsAndProductChangesTests: XCTestCase {
    func test_trading212_makesASplitOfItsCloseAndOpenRows_theRatioFromTheShares() {
        let header = ["Action", "Time", "ISIN", "Ticker", "Name", "No. of shares", "Price / share", "Currency (Price / share)", "Exchange rate", "Total (EUR)"]
        func row(_ action: String, _ ticker: String, _ shares: String) -> [String] { [action, "2024-06-10 09:00:00", "", ticker, "", shares, "0", "USD", "", "0.00"] }

        let rows = read(Trading212History(), header: header, [row("Stock split close", "NVDA", "2.5"), row("Stock split open", "NVDA", "25"),
                                                              row("Stock split open", "AAPL", "4"), ["Deposit", "2024-06-11 09:00:00", "", "", "", "", "", "", "", "100.00"]])

        XCTAssertEqual(rows, ["split NVDA - - - 10:1", "deposit - - 100 EUR", "!4: a split's other row (Stock split open or close of AAPL that day) is not in the file"])
    }

    func test_degiro_leavesOutAProductChangeThatKeepsTheISIN_andNamesOneThatMovesTheShares() {
        let header = ["Datum", "Tijd", "Valutadatum", "Product", "ISIN", "Omschrijving", "FX", "Mutatie", "", "Saldo", "", "Order Id"]
        func row(_ time: String, _ isin: String, _ description: String) -> [String] {
            ["23-02-2023", time, "23-02-2023", "FBR LTD", isin, description, "", "EUR", "0", "EUR", "18.3", ""]
        }

        let rows = read(DegiroAccount(), header: header, [
            row("04:21", "AU000000FBR4", "PRODUCTWIJZIGING : Koop 500 @ 0,039 EUR"), row("02:30", "AU000000FBR4", "PRODUCTWIJZIGING : Verkoop 500 @ 0,039 EUR"),
            row("04:22", "AU000000FBR5", "PRODUCTWIJZIGING : Koop 100 @ 1 EUR"), row("02:31", "AU000000FBR6", "PRODUCTWIJZIGING : Verkoop 100 @ 1 EUR")])

        XCTAssertEqual(rows, ["!4: a product change that moves shares to another ISIN is not mapped; add it by hand",
                              "!5: a product change that moves shares to another ISIN is not mapped; add it by hand"])
    }
}

final class SplitsFromHoldingsTests: XCTestCase {
    private let schwab = ["Date", "Action", "Symbol", "Description", "Quantity", "Price", "Fees & Comm", "Amount"]

    func test_aSplitGivenAsTheSharesItAdded_takesItsRatioFromTheSharesTheFileHeldTheDayBefore() {
        // Newest first, as Schwab writes it: 7.5 held (10 bought, 2.5 sold) when 22.5 were added.
        let rows = read(SchwabTransactions(), header: schwab, [
            ["06/10/2024", "Stock Split", "NVDA", "NVIDIA CORP", "22.5", "", "", ""],
            ["06/10/2024", "Buy", "NVDA", "NVIDIA CORP", "1", "$120", "", "-$120.00"],
            ["03/01/2024", "Sell", "NVDA", "NVIDIA CORP", "2.5", "$800", "", "$2,000.00"],
            ["01/02/2024", "Buy", "NVDA", "NVIDIA CORP", "10", "$500", "", "-$5,000.00"]])

        XCTAssertEqual(rows, ["buy NVDA 1 120 USD", "sell NVDA 2.5 2000 USD", "buy NVDA 10 5000 USD", "split NVDA - - - 4:1"])
    }

    func test_aSplitOfSharesTheFileNeverHeld_isNamed() {
        let rows = read(SchwabTransactions(), header: schwab, [["06/10/2024", "Stock Split", "NVDA", "NVIDIA CORP", "9", "", "", ""]])

        XCTAssertEqual(rows.count, 1)
        XCTAssertTrue(rows[0].hasPrefix("!2: a split of NVDA adds shares without its ratio, and the file holds none of them before 2024-06-10"), rows[0])
    }

    func test_vanguardsStockSplit_countsAnEarlierSplitsShares() {
        let header = ["Account Number", "Trade Date", "Settlement Date", "Transaction Type", "Transaction Description", "Investment Name", "Symbol",
                      "Shares", "Share Price", "Principal Amount", "Commissions and Fees", "Net Amount", "Accrued Interest", "Account Type"]
        func row(_ date: String, _ type: String, _ shares: String, _ net: String) -> [String] {
            ["1", date, date, type, type, "FUND", "VTI", shares, "0", net, "0", net, "0", "CASH"]
        }
        let rows = read(VanguardTransactions(), header: header, [row("2024-03-01", "Stock split", "20", "0"), row("2024-02-01", "Stock split", "10", "0"),
                                                                 row("2024-01-02", "Buy", "5", "-1000")])

        XCTAssertEqual(rows, ["buy VTI 5 1000 USD", "split VTI - - - 3:1", "split VTI - - - 7:3"], "5 + 10 = 15 (3:1), then 15 + 20 = 35 (7:3)")
    }
}

final class InteractiveBrokersFlexTests: XCTestCase {
    private let sut = InteractiveBrokersFlex()
    private let trades = ["Buy/Sell", "TradeDate", "ISIN", "Quantity", "TradePrice", "TradeMoney", "CurrencyPrimary", "IBCommission", "IBCommissionCurrency"]
    private let cash = ["Type", "SettleDate", "ISIN", "Description", "Amount", "CurrencyPrimary"]

    func test_isKnownByEitherQuerysHeader_andNamedByItsOwnName() {
        XCTAssertTrue(sut.reads(header: trades))
        XCTAssertTrue(sut.reads(header: cash))
        XCTAssertTrue(sut.reads(header: ["ClientAccountID", "Symbol"] + trades), "the columns are the user's pick, in any order")
        XCTAssertFalse(sut.reads(header: ["Buy/Sell", "TradeDate", "Quantity", "Currency"]), "CurrencyPrimary is the query's own")
        XCTAssertTrue(BrokerPresets.reading(header: trades) is InteractiveBrokersFlex)
        XCTAssertTrue(BrokerPresets.named("ibkr-flex") is InteractiveBrokersFlex)
    }

    func test_trades_areTheirMoney_withTheCommissionAsTheirFee_theISINTheSecurity() {
        XCTAssertEqual(read(sut, header: trades, [
            ["BUY", "20230522", "CH0111762537", "7", "282.7", "1978.9", "CHF", "-5", "CHF"],
            ["SELL", "20230609", "US9220427424", "-10", "95.42", "-954.2", "USD", "-1", "USD"],
            // A commission in another currency than the trade's is a fee of the security in it.
            ["BUY", "2023-08-03", "US9220427424", "1", "97.84", "97.84", "USD", "-0.9", "CHF"],
            // TradeMoney left out of the query: quantity × price.
            ["BUY", "20230804", "US9220427424", "2", "100.5", "", "USD", "0", "USD"],
        ]), ["buy CH0111762537 7 1978.9 CHF fee 5", "sell US9220427424 10 954.2 USD fee 1", "buy US9220427424 1 97.84 USD", "fee US9220427424 - 0.9 CHF",
             "buy US9220427424 2 201 USD"])
    }

    func test_aSymbolColumn_namesTheSecurity_andNamesACurrencyPair() {
        let header = ["Symbol", "AssetClass"] + trades
        XCTAssertEqual(read(sut, header: header, [
            ["VT", "STK", "BUY", "20230522", "US9220427424", "2", "90", "180", "USD", "-1", "USD"],
            ["EUR.USD", "CASH", "BUY", "20230522", "", "1000", "1.1", "1100", "USD", "-2", "USD"],
            ["EUR.USD", "CASH", "SELL", "20230523", "", "-500", "1.1", "-550", "USD", "-2", "USD"],
            ["ES", "FUT", "BUY", "20230522", "", "1", "4000", "4000", "USD", "-2", "USD"],
        ]), ["buy VT 2 180 USD fee 1", "fx - - 1100 USD → 1000 EUR", "fx - - 500 EUR → 550 USD", "!5: BUY ES: FUT is not mapped; this ledger holds shares"])
    }

    func test_aConversionThatDoesntNameItsCurrency_isNamed_asAreCancellationsAndBadDates() {
        let rows = read(sut, header: trades, [["SELL", "20230522", "", "-8000", "1.1173", "-8938.4", "USD", "-1.79924", "CHF"],
                                              ["BUY (Ca.)", "20230522", "US9220427424", "1", "1", "1", "USD", "0", "USD"],
                                              ["BUY", "22/05/2023", "US9220427424", "1", "1", "1", "USD", "0", "USD"]])
        XCTAssertTrue(rows[0].hasPrefix("!2: SELL 8000 for 8938.4 USD: a currency conversion whose row doesn't name the currency sold"), rows[0])
        XCTAssertTrue(rows[1].hasPrefix("!3: Buy/Sell 'BUY (CA.)': not a trade"), rows[1])
        XCTAssertEqual(rows[2], "!4: tradedate: '22/05/2023' is not a date (YYYYMMDD, YYYY-MM-DD or MM/DD/YYYY)")
    }

    func test_cash_dividendsWithholdingDepositsInterestAndFees_ofTheSecurityByItsISIN() {
        XCTAssertEqual(read(sut, header: cash, [
            ["Dividends", "20230623", "US9220427424", "VT(US9220427424) CASH DIVIDEND USD 0.6504 PER SHARE (Ordinary Dividend)", "137.23", "USD"],
            ["Withholding Tax", "20230623", "US9220427424", "VT(US9220427424) CASH DIVIDEND USD 0.6504 PER SHARE - US TAX", "-20.58", "USD"],
            ["Withholding Tax", "20230624", "US9220427424", "VT(US9220427424) - US TAX refund", "2.00", "USD"],
            ["Payment In Lieu Of Dividends", "20250625", "JP3546800008", "4543.T(JP3546800008) PAYMENT IN LIEU OF DIVIDEND", "455", "JPY"],
            ["Deposits/Withdrawals", "20230501", "", "CASH RECEIPTS", "10000", "USD"],
            ["Deposits/Withdrawals", "20230502", "", "DISBURSEMENT", "-500", "USD"],
            ["Broker Interest Received", "20230601", "", "USD CREDIT INT", "3.21", "USD"],
            ["Other Fees", "20230601", "", "MARKET DATA", "-10", "USD"],
            ["Bill Pay", "20230601", "", "X", "-10", "USD"],
        ]), ["dividend US9220427424 - 137.23 USD", "fee US9220427424 - 20.58 USD", "dividend US9220427424 - 2 USD", "dividend JP3546800008 - 455 JPY",
             "deposit - - 10000 USD", "withdrawal - - 500 USD", "interest - - 3.21 USD", "fee - - 10 USD",
             "!10: Bill Pay: not an action this import knows; leave the row out and add it by hand"])
    }
}
