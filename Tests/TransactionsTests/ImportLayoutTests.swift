import XCTest
import Transactions

final class ImportLayoutTests: XCTestCase {
    func test_dateFormat_readsABrokersLayout_andRefusesWhatDoesNotFollowIt() throws {
        let american = try ImportDateFormat("MM/DD/YYYY"), european = try ImportDateFormat("D.M.YYYY")

        XCTAssertEqual(american.iso("01/15/2024"), "2024-01-15")
        XCTAssertEqual(european.iso("5.3.2024"), "2024-03-05")
        XCTAssertNil(american.iso("2024-01-15"), "the year is not where the format says")
        XCTAssertNil(american.iso("01/15"))
        XCTAssertThrowsError(try ImportDateFormat("MM/YYYY")) { XCTAssertEqual($0 as? ImportLayoutError, .badDateFormat("MM/YYYY")) }
        XCTAssertThrowsError(try ImportDateFormat("MM/MM/YYYY"))
    }

    func test_dateFormat_withoutSeparators_readsEachPartByItsWidth() throws {
        let flex = try ImportDateFormat("YYYYMMDD"), european = try ImportDateFormat("ddmmyyyy")

        XCTAssertEqual(flex.iso("20240115"), "2024-01-15")
        XCTAssertEqual(european.iso("15012024"), "2024-01-15")
        XCTAssertNil(flex.iso("2024115"), "seven digits")
        XCTAssertNil(flex.iso("2024-01-15"))
        XCTAssertThrowsError(try ImportDateFormat("YYYYMD"), "a part without its width can't be told apart")
        XCTAssertThrowsError(try ImportDateFormat("YYYYMMDDD"))
    }

    func test_map_namesABrokersColumns_andTheRestKeepTheirOwnNames() throws {
        let layout = try ImportLayout(map: "date=Trade Date, type=Action", dateFormat: "MM/DD/YYYY")

        XCTAssertEqual(layout.columns["date"], "trade date")
        XCTAssertEqual(layout.columns["type"], "action")
        XCTAssertEqual(layout.columns["ticker"], "ticker")
        XCTAssertEqual(layout.dateFormat?.pattern, "MM/DD/YYYY")
        XCTAssertEqual(try ImportLayout(map: nil, dateFormat: nil).columns, Dictionary(uniqueKeysWithValues: ImportLayout.fields.map { ($0, $0) }))
    }

    func test_map_refusesAnEntryThatIsNotFieldEqualsColumn_andAnUnknownField() {
        XCTAssertThrowsError(try ImportLayout(map: "date", dateFormat: nil)) { XCTAssertEqual($0 as? ImportLayoutError, .notFieldEqualsColumn("date")) }
        XCTAssertThrowsError(try ImportLayout(map: "price=Px", dateFormat: nil)) { XCTAssertEqual($0 as? ImportLayoutError, .unknownField("price")) }
    }
}
