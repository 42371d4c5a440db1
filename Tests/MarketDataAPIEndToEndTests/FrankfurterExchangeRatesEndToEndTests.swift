import XCTest
import FixedPoint
import Networking
import MarketDataAPI
import Currencies
import TestSupport
import Ledger

/// Frankfurter's ECB reference rates against the loopback emulator, which answers as its code
/// does: working days only, a range starting at the last working day on or before its start,
/// cross rates rounded as Frankfurter rounds them, 404 and 422 with a message.
final class FrankfurterExchangeRatesEndToEndTests: XCTestCase {
    private let usd = CurrencyCode("USD")!, gbp = CurrencyCode("GBP")!, jpy = CurrencyCode("JPY")!

    func test_rates_ofARange_deliverEachWorkingDay_fromTheOneBeforeAWeekendStart() throws {
        let rates = try makeSUT(try startEmulator()).rates(from: usd, to: gbp, days: day("2024-07-06")...day("2024-07-10"))

        XCTAssertEqual(rates.map(\.day), ["2024-07-05", "2024-07-08", "2024-07-09", "2024-07-10"].map(day))
        XCTAssertTrue(rates.allSatisfy { $0.from == usd && $0.to == gbp && $0.rate > FixedDecimal("0.7")! && $0.rate < FixedDecimal("0.9")! })
    }

    func test_rates_ofOneDay_deliverThatDaysOrTheWorkingDaysBefore_exactlyAsServed() throws {
        let sut = makeSUT(try startEmulator())

        let christmas = try sut.rates(from: usd, to: gbp, days: day("2023-12-25")...day("2023-12-25"))
        let range = try sut.rates(from: usd, to: gbp, days: day("2023-12-22")...day("2023-12-22"))

        XCTAssertEqual(christmas.map(\.day), [day("2023-12-22")], "a holiday takes the working day's before it")
        XCTAssertEqual(christmas.map(\.rate), range.map(\.rate))
        let yen = try XCTUnwrap(sut.rates(from: jpy, to: gbp, days: day("2024-07-05")...day("2024-07-05")).first?.rate)
        XCTAssertTrue(yen.description.hasPrefix("0.00") && yen.description.count == 7, "a rate under 0.01 keeps its five decimals: \(yen)")
        let rupiah = try XCTUnwrap(sut.rates(from: CurrencyCode("IDR")!, to: gbp, days: day("2024-07-05")...day("2024-07-05")).first?.rate)
        XCTAssertTrue(rupiah.description.hasPrefix("0.0000") && rupiah.description.count == 8, "written 4.9e-05 and read exactly: \(rupiah)")
    }

    func test_rates_thatAreNotPublished_areNone() throws {
        let sut = makeSUT(try startEmulator())

        XCTAssertEqual(try sut.rates(from: CurrencyCode("AED")!, to: gbp, days: day("2024-07-01")...day("2024-07-05")), [])
        XCTAssertEqual(try sut.rates(from: usd, to: gbp, days: day("1990-01-01")...day("1990-12-31")), [])
    }

    func test_rates_fromAnUnreachableService_areUnavailable() {
        let sut = FrankfurterExchangeRates(baseURL: URL(string: "http://127.0.0.1:9")!, client: platformHTTPClient(timeout: 2))

        XCTAssertThrowsError(try sut.rates(from: usd, to: gbp, days: day("2024-07-01")...day("2024-07-05"))) { error in
            guard case .unavailable(host: "127.0.0.1", _)? = error as? ExchangeRatesError else { return XCTFail("\(error)") }
        }
    }

    func test_rates_fromAHostileAnswer_areRefusedWhole_neverRoundedOrTrapped() {
        let range = day("2024-07-01")...day("2024-07-05")
        let hostile = [
            #"{"base": "USD", "rates": {"2024-07-01": {"GBP": 1e400}}}"#,
            #"{"base": "USD", "rates": {"2024-07-01": {"GBP": -0.78}}}"#,
            #"{"base": "USD", "rates": {"2024-07-01": {"GBP": 0.123456789}}}"#,
            #"{"base": "USD", "rates": {"2024-07-01": {"GBP": "0.78"}}}"#,
            #"{"base": "USD", "rates": {"2099-01-01": {"GBP": 0.78}}}"#,
            #"{"base": "EUR", "rates": {"2024-07-01": {"GBP": 0.78}}}"#,
            #"{"base": "USD", "rates": [0.78]}"#,
            "<html>Bad gateway</html>",
        ]
        for body in hostile {
            let sut = FrankfurterExchangeRates(baseURL: URL(string: "https://rates.example")!, client: StubHTTPClient(status: 200, body: body))
            XCTAssertThrowsError(try sut.rates(from: usd, to: gbp, days: range), body) { error in
                XCTAssertEqual(error as? ExchangeRatesError, .unavailable(host: "rates.example", reason: "its answer was not a set of rates"), body)
            }
        }
    }

    func test_rates_readExponentsDigitForDigit_andStatusesAsFrankfurterMeansThem() throws {
        let range = day("2024-07-01")...day("2024-07-01")
        let tiny = FrankfurterExchangeRates(baseURL: URL(string: "https://rates.example")!,
                                            client: StubHTTPClient(status: 200, body: #"{"base": "USD", "date": "2024-07-01", "rates": {"GBP": 4.9e-05}}"#))
        XCTAssertEqual(try tiny.rates(from: usd, to: gbp, days: range).map(\.rate), [FixedDecimal("0.000049")!])

        for (status, expected) in [(404, "no rates"), (422, "no rates"), (429, "it is limiting requests; try again in a minute"), (502, "it answered HTTP 502")] {
            let sut = FrankfurterExchangeRates(baseURL: URL(string: "https://rates.example")!, client: StubHTTPClient(status: status, body: #"{"message": "x"}"#))
            let outcome: String
            do throws(ExchangeRatesError) {
                outcome = try sut.rates(from: usd, to: gbp, days: range).isEmpty ? "no rates" : "rates"
            } catch {
                guard case let .unavailable(_, reason) = error else { return XCTFail("\(error)") }
                outcome = reason
            }
            XCTAssertEqual(outcome, expected, "HTTP \(status)")
        }
    }

    private struct StubHTTPClient: HTTPClient {
        let status: Int
        let body: String

        func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse { HTTPResponse(statusCode: status, body: Data(body.utf8)) }
    }

    private func makeSUT(_ emulator: ServicesEmulator) -> FrankfurterExchangeRates {
        FrankfurterExchangeRates(baseURL: emulator.baseURL, client: platformHTTPClient(timeout: 5))
    }

    private func day(_ iso: String) -> CalendarDay { CalendarDay(iso: iso)! }
}
