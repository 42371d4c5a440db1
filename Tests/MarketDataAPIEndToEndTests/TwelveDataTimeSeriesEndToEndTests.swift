import XCTest
import Analytics
import Networking
import MarketDataAPI
import TestSupport
import Ledger

/// Twelve Data's daily history against the loopback emulator, which answers as its docs say:
/// closes as decimal strings, errors in the body with HTTP 200, 8 calls a minute, as Twelve Data documents them.
final class TwelveDataTimeSeriesEndToEndTests: XCTestCase {
    func test_closes_deliversOneCloseAWeekday_asTheExactDecimalsServed() throws {
        let emulator = try startEmulator()
        try emulator.setQuote("AAPL", price: 200, previousClose: 190)

        let closes = try makeSUT(emulator).closes(of: "AAPL", from: day("2024-07-01"), to: day("2024-07-07"))

        XCTAssertEqual(closes.map(\.day), ["2024-07-01", "2024-07-02", "2024-07-03", "2024-07-04", "2024-07-05"].map(day), "Monday to Friday, oldest first")
        XCTAssertEqual(closes.map(\.close), ["199.2", "199.4", "199.6", "199.8", "200"].map(fixed))
    }

    func test_closes_tellTheCurrencyTheProviderNames_penceForALondonShare() throws {
        let emulator = try startEmulator()
        try emulator.setQuote("VOD.L", price: 72, previousClose: 71)
        try emulator.setQuote("AAPL", price: 200, previousClose: 190)
        var told: [String] = []
        let sut = TwelveDataTimeSeries(baseURL: emulator.baseURL, apiKey: ServicesEmulator.apiKey, client: platformHTTPClient(timeout: 5)) { told.append("\($0) \($1)") }

        _ = try sut.closes(of: "VOD.L", from: day("2024-07-01"), to: day("2024-07-05"))
        _ = try sut.closes(of: "AAPL", from: day("2024-07-01"), to: day("2024-07-05"))
        _ = try sut.closes(of: "NOPE", from: day("2024-07-01"), to: day("2024-07-05"))

        XCTAssertEqual(told, ["VOD.L GBp", "AAPL USD"], "nothing for a symbol without data")
    }

    func test_closes_ofAnUnknownSymbolOrAnEmptyRange_isEmpty() throws {
        let emulator = try startEmulator()
        try emulator.setQuote("AAPL", price: 200, previousClose: 190)

        XCTAssertEqual(try makeSUT(emulator).closes(of: "NOPE", from: day("2024-07-01"), to: day("2024-07-07")), [])
        XCTAssertEqual(try makeSUT(emulator).closes(of: "AAPL", from: day("2024-07-06"), to: day("2024-07-07")), [], "a weekend")
    }

    func test_closes_readsTheErrorsInTheBody_aWrongKeyAndTheMinutesCredits() throws {
        let emulator = try startEmulator()
        try emulator.setQuote("AAPL", price: 200, previousClose: 190)
        let wrongKey = TwelveDataTimeSeries(baseURL: emulator.baseURL, apiKey: "wrong", client: platformHTTPClient(timeout: 5))

        XCTAssertEqual(wrongKey.error(), .unauthorized)
        let minute = Int(Date().timeIntervalSince1970 / 60)
        let answers = (0..<9).map { _ in makeSUT(emulator).error() }
        // The plan's credits are reset each minute: a reset between the calls leaves nothing to see.
        try XCTSkipIf(Int(Date().timeIntervalSince1970 / 60) != minute, "a minute began between the calls")
        XCTAssertEqual(answers.compactMap { $0 }, [.rateLimited], "the free plan's ninth call in a minute: \(answers)")
    }

    func test_closes_readsAnHTTPStatusWithABodyThatIsNotJSON() throws {
        let emulator = try startEmulator()
        try emulator.inject("429", for: "time_series", times: 1)
        let limited = makeSUT(emulator).error()
        try emulator.inject("500", for: "time_series", times: 1)

        XCTAssertEqual(limited, .rateLimited)
        XCTAssertEqual(makeSUT(emulator).error(), .connectivity)
    }

    func test_closes_readsTheAnswerInAnyOrder_andRefusesOneWithAValueThatIsNoClose() throws {
        let emulator = try startEmulator()
        let value = #"{"volume": "1", "close": "10.5", "open": {"nested": [1, 2]}, "datetime": "2024-07-01"}"#
        try emulator.answer("/time_series", with: #"{"values": [\#(value)], "status": "ok", "meta": {"exchange": ["x"], "currency": "USD"}}"#)
        XCTAssertEqual(try makeSUT(emulator).closes(of: "AAPL", from: day("2024-07-01"), to: day("2024-07-01")).map(\.close), [fixed("10.5")])

        for unreadable in [#"{"values": [{"datetime": "2024-07-01"}], "status": "ok"}"#, #"{"values": [{"datetime": "2024-07-01", "close": 10.5}], "status": "ok"}"#,
                           #"{"status": "ok"}"#, #"{"values": [], "status": "ok"} x"#] {
            try emulator.answer("/time_series", with: unreadable)
            XCTAssertEqual(makeSUT(emulator).error(), .invalidData, unreadable)
        }
        try emulator.answer("/time_series", with: #"{"values": [{}], "code": 429, "message": "out of credits", "status": "error"}"#)
        XCTAssertEqual(makeSUT(emulator).error(), .rateLimited, "the error, whatever the values")
    }

    // MARK: - Helpers

    private func makeSUT(_ emulator: ServicesEmulator) -> TwelveDataTimeSeries {
        TwelveDataTimeSeries(baseURL: emulator.baseURL, apiKey: ServicesEmulator.apiKey, client: platformHTTPClient(timeout: 5))
    }

}
