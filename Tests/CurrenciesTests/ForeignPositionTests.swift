import XCTest
import FixedPoint
import Currencies

/// Issue 31's worked example: a GBP-based investor buys a USD stock on two dates at two rates
/// and sells part. Every figure below is worked by hand in the comments.
final class ForeignPositionTests: XCTestCase {
    func test_costBasis_isAtEachTradesRate_andAGainSplitsIntoPriceAndCurrency() throws {
        var position = ForeignPosition()
        // 10 Jan: 10 shares for $1,000 at 0.80 £/$ → £800.
        try position.buy(quantity: 10, cost: 1_000, rate: fixed("0.80"))
        // 15 Mar: 10 shares for $1,200 at 0.75 → £900. Held: 20 shares, $2,200, £1,700.
        try position.buy(quantity: 10, cost: 1_200, rate: fixed("0.75"))
        XCTAssertEqual(position.baseCost, 1_700)

        // 20 Jun: 5 shares for $700 at 0.78 → £546. At average cost a quarter goes: $550, £425.
        // Realized £546 − £425 = £121: price ($700 − $550) × 0.78 = £117, currency $550 × 0.78 − £425 = £4.
        let realized = try position.sell(quantity: 5, proceeds: 700, rate: fixed("0.78"))
        XCTAssertEqual(realized, CurrencySplitGain(total: 121, price: 117, currency: 4))
        XCTAssertEqual([position.quantity, position.cost, position.baseCost], [15, 1_650, 1_275])

        // Today: $150 a share at 0.82. Value $2,250 → £1,845; gain £1,845 − £1,275 = £570:
        // price ($2,250 − $1,650) × 0.82 = £492, currency $1,650 × 0.82 − £1,275 = £78.
        let (value, gain) = try position.unrealized(price: 150, rate: fixed("0.82"))
        XCTAssertEqual(value, 1_845)
        XCTAssertEqual(gain, CurrencySplitGain(total: 570, price: 492, currency: 78))
    }

    func test_theCostBasis_doesNotMoveWithTodaysRate() throws {
        var position = ForeignPosition()
        try position.buy(quantity: 10, cost: 1_000, rate: fixed("0.80"))

        let weakDollar = try position.unrealized(price: 100, rate: fixed("0.70")).gain
        let strongDollar = try position.unrealized(price: 100, rate: fixed("0.90")).gain

        XCTAssertEqual(weakDollar, CurrencySplitGain(total: -100, price: 0, currency: -100), "the price stood still: all of it is the currency")
        XCTAssertEqual(strongDollar, CurrencySplitGain(total: 100, price: 0, currency: 100))
        XCTAssertEqual(position.baseCost, 800)
    }

    func test_aLondonHoldingQuotedInPence_isValuedInPounds() throws {
        var position = ForeignPosition()
        try position.buy(quantity: 100, cost: 1_200, rate: 1)
        let pounds = try XCTUnwrap(PriceUnit("GBp")?.inMajorUnits(fixed("1234.5")))

        let (value, gain) = try position.unrealized(price: pounds, rate: 1)

        XCTAssertEqual(value, fixed("1234.5"), "100 shares at 1,234.5p are £1,234.50, not £123,450")
        XCTAssertEqual(gain.total, fixed("34.5"))
    }

    func test_sellingMoreThanIsHeld_orPastTheRange_isRefused_neverATrap() throws {
        var position = ForeignPosition()
        try position.buy(quantity: 1, cost: 10, rate: 1)

        XCTAssertThrowsError(try position.sell(quantity: 2, proceeds: 20, rate: 1)) { XCTAssertEqual($0 as? CurrencyValuationError, .oversold) }
        let huge = FixedDecimal(units: Int128.max / 2)
        XCTAssertThrowsError(try position.buy(quantity: 1, cost: huge, rate: 3)) { XCTAssertEqual($0 as? CurrencyValuationError, .overflow) }
        XCTAssertThrowsError(try position.unrealized(price: huge, rate: 3)) { XCTAssertEqual($0 as? CurrencyValuationError, .overflow) }
        XCTAssertEqual(position.quantity, 1, "a refused buy changes nothing")
    }

    private func fixed(_ text: String) -> FixedDecimal { FixedDecimal(text)! }
}
