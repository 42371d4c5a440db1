import XCTest
import CurrentPrices
import FixedPoint
import LocalFileStore
import TestSupport

/// The price cache, read with the JSON scanner: what it writes, what earlier releases wrote, and
/// what no release wrote.
final class FilePricesCacheTests: XCTestCase {
    func test_savedPrices_readBackExactly_withTheirMissingChanges() throws {
        let directory = makeTemporaryDirectory()
        let at = Date(timeIntervalSince1970: 1_760_000_000.123)
        let prices = [CurrentPrice(ticker: "AAPL", price: fixed("190.12345678"), change: fixed("-1.5"), changePercent: fixed("-0.78"),
                                   previousClose: fixed("191.62345678"), quoteTime: at, fetchedAt: at),
                      CurrentPrice(ticker: "BRK.B", price: fixed("410"), change: nil, changePercent: nil, previousClose: fixed("400"), quoteTime: at, fetchedAt: at)]
        try FilePricesCache(directory: directory).save(prices)
        try FilePricesCache(directory: directory).remember([at])

        let read = try FilePricesCache(directory: directory).retrieve()

        XCTAssertEqual(read["AAPL"]?.price, fixed("190.12345678"))
        XCTAssertEqual(read["AAPL"]?.change, fixed("-1.5"))
        XCTAssertNil(read["BRK.B"]?.change)
        XCTAssertEqual(read["BRK.B"]?.previousClose, 400)
        XCTAssertEqual(read["AAPL"]?.quoteTime.timeIntervalSince1970 ?? 0, 1_760_000_000.123, accuracy: 0.001)
        XCTAssertEqual(try FilePricesCache(directory: directory).requests().count, 1)
    }

    func test_aCacheAnEarlierReleaseWrote_withoutRequests_isRead() throws {
        let directory = makeTemporaryDirectory()
        try Data(#"{"prices":[{"changePercent":null,"fetchedAtMs":1,"previousClose":"9","price":"10","quoteTimeMs":1,"ticker":"VOD","change":null}],"version":1}"#.utf8)
            .write(to: directory.appendingPathComponent("prices-cache.json"))

        XCTAssertEqual(try FilePricesCache(directory: directory).retrieve()["VOD"]?.price, 10)
        XCTAssertEqual(try FilePricesCache(directory: directory).requests(), [])
    }

    func test_aDamagedCache_isAnError_namingTheFile() throws {
        for text in [#"{"version":1,"prices":[{"ticker":"VOD","price":1.5}]}"#, #"{"prices":[]}"#, #"{"version":1,"prices":["#, "not json"] {
            let directory = makeTemporaryDirectory()
            try Data(text.utf8).write(to: directory.appendingPathComponent("prices-cache.json"))

            XCTAssertThrowsError(try FilePricesCache(directory: directory).retrieve(), text) { error in
                XCTAssertTrue("\(error)".contains("prices-cache.json"), "\(error)")
            }
        }
    }

    func test_aNewerFormat_isNamed() throws {
        let directory = makeTemporaryDirectory()
        try Data(#"{"version":2,"prices":[]}"#.utf8).write(to: directory.appendingPathComponent("prices-cache.json"))

        XCTAssertThrowsError(try FilePricesCache(directory: directory).retrieve()) { XCTAssertTrue("\($0)".contains("format v2"), "\($0)") }
    }
}
