import XCTest
import FixedPoint
import TradingDesk
import TestSupport

/// Each condition's boundary: it holds at the threshold, and not a cent or a hundredth of a percent short of it.
final class AlertPolicyTests: XCTestCase {
    func test_above_andBelow_holdAtTheirLimit() {
        XCTAssertEqual(measure(.above(200), price: "200"), 200)
        XCTAssertNil(measure(.above(200), price: "199.99"))
        XCTAssertEqual(measure(.below(100), price: "100"), 100)
        XCTAssertNil(measure(.below(100), price: "100.01"))
    }

    func test_move_holdsForAChangeEitherWay_pastThePercentage() {
        XCTAssertEqual(measure(.move(5), price: "105", previousClose: "100"), 5)
        XCTAssertEqual(measure(.move(5), price: "95", previousClose: "100"), -5)
        XCTAssertNil(measure(.move(5), price: "104.99", previousClose: "100"))
        XCTAssertNil(measure(.move(5), price: "1", previousClose: "0"), "no previous close: no change to judge")
    }

    func test_loss_holdsWhenThePositionLostThePercentageOfItsCost() {
        let position = AlertPolicy.Position(value: 80, costBasis: 100, portfolioValue: 1000)
        XCTAssertEqual(measure(.loss(20), position: position), 20)
        XCTAssertNil(measure(.loss(fixed("20.01")), position: position))
        XCTAssertNil(measure(.loss(1), position: nil), "nothing held, nothing lost")
    }

    func test_weight_holdsWhenTheHoldingIsThePercentageOfThePortfolio() {
        let position = AlertPolicy.Position(value: 250, costBasis: 100, portfolioValue: 1000)
        XCTAssertEqual(measure(.weight(25), position: position), 25)
        XCTAssertNil(measure(.weight(fixed("25.01")), position: position))
    }

    private func measure(_ condition: AlertCondition, price: String = "100", previousClose: String = "100",
                         position: AlertPolicy.Position? = nil) -> FixedDecimal? {
        AlertPolicy.measure(condition, price: fixed(price), previousClose: fixed(previousClose), position: position)
    }
}
