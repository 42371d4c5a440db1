import XCTest
import FixedPoint
import Currencies

final class CurrencyCodeTests: XCTestCase {
    func test_init_takesAnActiveISOCode_inAnyCase() {
        XCTAssertEqual(CurrencyCode("gbp")?.code, "GBP")
        XCTAssertEqual(CurrencyCode("CHF")?.code, "CHF")
        XCTAssertNil(CurrencyCode("GBX"), "pence are a price unit, not a currency")
        XCTAssertNil(CurrencyCode("US"))
        XCTAssertNil(CurrencyCode("USDT"))
        XCTAssertNil(CurrencyCode("DEM"), "withdrawn in 2002")
    }

    func test_priceUnit_readsMinorUnitsAsAHundredthOfTheirCurrency() throws {
        let pence = try XCTUnwrap(PriceUnit("GBp"))
        XCTAssertEqual(pence.currency, CurrencyCode("GBP"))
        XCTAssertEqual(pence.inMajorUnits(FixedDecimal("1234.5")!), FixedDecimal("12.345"))
        XCTAssertEqual(PriceUnit("GBX")?.inMajorUnits(250), FixedDecimal("2.5"))
        XCTAssertEqual(PriceUnit("ILA")?.currency, CurrencyCode("ILS"))
        XCTAssertEqual(PriceUnit("ZAc")?.currency, CurrencyCode("ZAR"))
    }

    func test_priceUnit_ofACurrency_isTheCurrencyItself() throws {
        let pounds = try XCTUnwrap(PriceUnit("GBP"))
        XCTAssertFalse(pounds.isMinor)
        XCTAssertEqual(pounds.inMajorUnits(FixedDecimal("12.34")!), FixedDecimal("12.34"))
        XCTAssertNil(PriceUnit("XYZ"))
    }
}
