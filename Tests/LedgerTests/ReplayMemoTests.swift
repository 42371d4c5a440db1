import XCTest
import Ledger

final class ReplayMemoTests: XCTestCase {
    func test_value_isWorkedOutOncePerKeyAndCountOfRecords_andTakenByEveryLaterAsker() {
        let sut = ReplayMemo()
        var worked: [String] = []
        func ask(_ key: String, _ count: Int) -> String {
            sut.value(key, records: count) {
                worked.append("\(key) \(count)")
                return "\(key) of \(count)"
            }
        }

        XCTAssertEqual(ask("tally", 10), "tally of 10")
        XCTAssertEqual(ask("tally", 10), "tally of 10")
        XCTAssertEqual(ask("tally", 8), "tally of 8", "a base of fewer records is other work")
        XCTAssertEqual(ask("positions", 10), "positions of 10")

        XCTAssertEqual(worked, ["tally 10", "tally 8", "positions 10"])
    }
}
