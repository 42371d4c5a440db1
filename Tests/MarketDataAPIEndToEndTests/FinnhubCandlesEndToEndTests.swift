import XCTest
import Analytics
import Networking
import MarketDataAPI
import Transactions
import TestSupport
import Ledger

/// The candle adapter against the loopback emulator, which answers as Finnhub does.
final class FinnhubCandlesEndToEndTests: XCTestCase {
    func test_closes_deliversOneCloseAWeekdayWithExactNumbers() throws {
        let emulator = try startEmulator()
        try emulator.setQuote("AAPL", price: 200, previousClose: 190)

        let closes = try makeSUT(emulator).closes(of: "AAPL", from: day("2024-07-01"), to: day("2024-07-07"))

        XCTAssertEqual(closes.map(\.day), ["2024-07-01", "2024-07-02", "2024-07-03", "2024-07-04", "2024-07-05"].map(day), "Monday to Friday")
        XCTAssertEqual(closes.map(\.close), ["199.2", "199.4", "199.6", "199.8", "200"].map(fixed), "0.1% lower each weekday back")
        XCTAssertEqual(Set(closes.map(\.ticker)), ["AAPL"])
    }

    func test_closes_ofASymbolWithoutData_isEmpty() throws {
        XCTAssertEqual(try makeSUT(try startEmulator()).closes(of: "NOPE", from: day("2024-07-01"), to: day("2024-07-07")), [])
    }

    func test_closes_onAFreeKeysForbiddenAnswer_reportsNoAccess() throws {
        let emulator = try startEmulator()
        try emulator.inject("403", for: "candle", times: 1)

        XCTAssertEqual(makeSUT(emulator).error(), .noAccess)
    }

    func test_closes_mapsAWrongKeyAndServerTrouble() throws {
        let emulator = try startEmulator()
        let wrongKey = FinnhubCandles(baseURL: emulator.baseURL, apiKey: "wrong", client: platformHTTPClient(timeout: 5))
        try emulator.inject("429", for: "candle", times: 1)
        let limited = makeSUT(emulator).error()
        try emulator.inject("500", for: "candle", times: 1)
        let failing = makeSUT(emulator).error()

        XCTAssertEqual(wrongKey.error(), .unauthorized)
        XCTAssertEqual(limited, .rateLimited)
        XCTAssertEqual(failing, .connectivity)
    }

    // MARK: - Helpers

    private func makeSUT(_ emulator: ServicesEmulator) -> FinnhubCandles {
        FinnhubCandles(baseURL: emulator.baseURL, apiKey: ServicesEmulator.apiKey, client: platformHTTPClient(timeout: 5))
    }

}
