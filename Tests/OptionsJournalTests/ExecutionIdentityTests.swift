import XCTest
import FixedPoint
import OptionsJournal

/// A fill's id is made from its content, so a statement imported again adds nothing: these ids
/// are the ones earlier releases wrote, and must never change.
final class ExecutionIdentityTests: XCTestCase {
    func test_aFillsID_isTheOneEarlierReleasesWrote_andARepeatOfItGetsItsOwn() {
        let fill = Execution(execTime: Date(timeIntervalSince1970: 1_751_549_472), tradeDate: "2025-07-03", side: .buy, quantity: FixedDecimal(2),
                             symbol: "SPY", expiration: "3 JUL 25", strike: FixedDecimal(580), price: FixedDecimal(1),
                             orderType: "LMT", positionEffect: .open, type: "CALL")

        XCTAssertEqual(fill.id, "exec-c4e7edd198bbef37")
        XCTAssertEqual(Execution.numberingRepeats([fill, fill]).map(\.id), ["exec-c4e7edd198bbef37", "exec-1f784edd9548d6ec"])
        XCTAssertEqual(Execution.idsNumberingRepeats([fill, fill]), ["exec-c4e7edd198bbef37", "exec-1f784edd9548d6ec"])
    }
}
