import XCTest
import Ledger
import TradingDesk

/// Alerts and watches pulled from another device hold times the calendar must be able to show:
/// a time of 2^63 ms was once shown as the year 506713.
final class TradingDeskLedgerCodecsTests: XCTestCase {
    func test_anAlert_withATimeBeyondTheCalendar_isRefusedNamingTheField() {
        for (field, value) in [("created", "9223372036854775807"), ("created", "-1"), ("created", "soon"), ("fired", "253402300800000")] {
            var fields = [("ticker", "AAPL"), ("condition", "above"), ("threshold", "200"), ("created", "1720000000000")]
            fields.removeAll { $0.0 == field }
            fields.append((field, value))
            if field == "fired" { fields += [("fired-price", "201"), ("fired-measured", "201")] }
            let entry = LedgerEntry(id: "alert1", kind: "alert", schema: 1, updatedAt: 1, payload: LedgerPayload(fields))

            XCTAssertThrowsError(try AlertsLedgerCodec.record(from: entry), "\(field)=\(value)") { error in
                XCTAssertEqual(error as? LedgerDecodingError, .invalidField(id: "alert1", kind: "alert", field: field))
            }
        }
    }

    func test_anAlert_atTheCalendarsLastMillisecond_isRead() throws {
        let entry = LedgerEntry(id: "alert1", kind: "alert", schema: 1, updatedAt: 1,
                                payload: LedgerPayload([("ticker", "AAPL"), ("condition", "above"), ("threshold", "200"), ("created", String(LedgerClock.latest))]))

        XCTAssertEqual(try AlertsLedgerCodec.record(from: entry)?.createdAt.millisecondsSince1970, LedgerClock.latest)
    }

    func test_aWatch_addedBeyondTheCalendar_isRefusedNamingTheField() {
        let id = WatchlistLedgerCodec.id(for: "AAPL")
        let entry = LedgerEntry(id: id, kind: WatchlistLedgerCodec.kind.name, schema: 1, updatedAt: 1,
                                payload: LedgerPayload([("ticker", "AAPL"), ("added", "9223372036854775807")]))

        XCTAssertThrowsError(try WatchlistLedgerCodec.record(from: entry)) { error in
            XCTAssertEqual(error as? LedgerDecodingError, .invalidField(id: id, kind: WatchlistLedgerCodec.kind.name, field: "added"))
        }
    }
}
