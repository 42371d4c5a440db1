import XCTest
import Ledger
import Transactions

final class ImportFileReaderTests: XCTestCase {
    func test_read_aCSVPastAByteOrderMark_readsEachRowByItsHeader_withItsAccounts() throws {
        let file = try makeSUT().read(bytes("\u{FEFF}date,type,ticker,quantity,sum,account\n2024-01-02,buy,AAPL,10,1500,isa\n"))

        XCTAssertEqual(file.rows.map(\.line), [2])
        XCTAssertEqual(file.rows.first?.draft.ticker, "AAPL")
        XCTAssertEqual(file.accountNames, [2: "isa"])
        XCTAssertNil(file.broker)
    }

    func test_read_namesARowOfTheWrongShape_andADateNotInTheLayout_asProblemsOfTheirLines() throws {
        let sut = makeSUT(layout: try ImportLayout(map: nil, dateFormat: "DD.MM.YYYY"))

        let file = try sut.read(bytes("date,type,ticker,quantity,sum\n02.01.2024,buy,AAPL,10,1500\n2024-01-03,buy,AAPL,1,1\nx,y\n"))

        XCTAssertEqual(file.rows.map(\.draft.date), ["2024-01-02"])
        XCTAssertEqual(file.problems.map(\.line), [3, 4])
        XCTAssertEqual(file.problems.last?.message, "expected 5 fields, found 2")
    }

    func test_read_aHeaderWithoutARequiredField_namesTheColumnTheLayoutReadsItFrom() throws {
        let sut = makeSUT(layout: try ImportLayout(map: "date=Trade Date", dateFormat: nil))

        XCTAssertThrowsError(try sut.read(bytes("date,type,ticker,quantity,sum\n"))) {
            XCTAssertEqual($0 as? ImportFileError, .headerLacks([.init(field: "date", column: "trade date")]))
        }
    }

    func test_read_aBrokersExport_isKnownByItsHeader_pastItsTitleLine_unlessALayoutIsGiven() throws {
        let export = "\"Transactions for account XXXX-1234 as of 01/31/2024\"\n"
            + "Date,Action,Symbol,Description,Quantity,Price,Fees & Comm,Amount\n"
            + "01/05/2024,Buy,VTI,VANGUARD,10,$230.00,,\"-$2,300.00\"\n"

        let file = try makeSUT().read(bytes(export))

        XCTAssertEqual(file.broker?.name, "schwab")
        XCTAssertEqual(file.rows.map(\.draft.sum), ["2300"])
        XCTAssertThrowsError(try makeSUT(layout: try ImportLayout(map: nil, dateFormat: "MM/DD/YYYY"), isCustom: true).read(bytes(export))) {
            guard case .headerLacks? = $0 as? ImportFileError else { return XCTFail("\($0)") }
        }
    }

    func test_read_aBrokerAskedFor_refusesAnotherHeader() {
        let sut = makeSUT(broker: BrokerPresets.named("schwab"))

        XCTAssertThrowsError(try sut.read(bytes("date,type,ticker,quantity,sum\n"))) {
            XCTAssertEqual($0 as? ImportFileError, .notThatBrokersExport(title: "Charles Schwab transactions", header: ["date", "type", "ticker", "quantity", "sum"]))
        }
    }

    func test_read_theExportJSONArray_readsEveryStringField() throws {
        let file = try makeSUT().read(bytes(#"[{"date":"2024-01-02","type":"buy","ticker":"AAPL","quantity":"10","sum":"1500","account":"isa","currency":"USD"}]"#))

        XCTAssertEqual(file.rows.first?.draft.currency, "USD")
        XCTAssertEqual(file.accountNames, [1: "isa"])
    }

    func test_read_refusesJSONThatIsNoExportArray_aFileWithoutAHeader_andABrokenQuote() {
        XCTAssertThrowsError(try makeSUT().read(bytes(#"{"a":1}"#))) { XCTAssertEqual($0 as? ImportFileError, .notAnExportArray) }
        XCTAssertThrowsError(try makeSUT().read(bytes("single\n\n"))) { XCTAssertEqual($0 as? ImportFileError, .noHeader) }
        XCTAssertThrowsError(try makeSUT().read(bytes("date,type,ticker,quantity,sum\n\"open\n"))) {
            guard case .csv(line: 2, _)? = $0 as? ImportFileError else { return XCTFail("\($0)") }
        }
    }

    func test_backup_keepsTransactionsAsRows_andEveryOtherEntryAsItIs() throws {
        let transaction = Transaction(id: "t1", date: CalendarDay(iso: "2024-01-02")!, type: .buy, ticker: "AAPL", quantity: 1, sum: 10,
                                      updatedAt: Date(timeIntervalSince1970: 0))
        let other = LedgerEntry(id: "w1", kind: "watch", schema: 1, updatedAt: 0, payload: LedgerPayload([(name: "ticker", value: "AAPL")]))

        let file = ImportFile(backup: [(line: 1, entry: TransactionsLedgerCodec.entry(for: transaction)), (line: 2, entry: other)])

        XCTAssertEqual(file.rows.map(\.id), ["t1"])
        XCTAssertEqual(file.otherEntries, [other])
    }

    // MARK: - Helpers

    private func makeSUT(layout: ImportLayout? = nil, broker: BrokerPreset? = nil, isCustom: Bool = false) -> ImportFileReader {
        ImportFileReader(layout: layout ?? (try! ImportLayout(map: nil, dateFormat: nil)), broker: broker, isCustom: isCustom)
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
}
