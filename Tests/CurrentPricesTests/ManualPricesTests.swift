import XCTest
import Ledger
import CurrentPrices
import TestSupport

final class ManualPricesTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_720_000_000)

    func test_set_storesOneEntryPerTicker_andSettingAgainReplacesIt() throws {
        let (sut, ledger) = makeSUT()

        try sut.set(ticker: "brk.b", price: "400", day: "2024-06-01", today: "2024-07-03")
        try sut.set(ticker: "BRK.B", price: "412.5", day: "2024-07-03", today: "2024-07-03")

        XCTAssertEqual(ledger.retrieveEntries().map(\.id), ["price-BRK_B"])
        XCTAssertEqual(try sut.all()["BRK.B"]?.price, fixed("412.5"))
        XCTAssertEqual(try sut.all()["BRK.B"]?.day, "2024-07-03")
    }

    func test_set_rejectsABadTickerPriceOrDate_andALaterDay_storingNothing() throws {
        let (sut, ledger) = makeSUT()

        XCTAssertEqual(error { try sut.set(ticker: ".X", price: "1", day: "2024-07-03", today: "2024-07-03") }, .invalidTicker(".X"))
        XCTAssertEqual(error { try sut.set(ticker: "A", price: "0", day: "2024-07-03", today: "2024-07-03") }, .invalidPrice("0"))
        XCTAssertEqual(error { try sut.set(ticker: "A", price: "1", day: "2024-02-30", today: "2024-07-03") }, .invalidDate("2024-02-30"))
        XCTAssertEqual(error { try sut.set(ticker: "A", price: "1", day: "2024-07-04", today: "2024-07-03") },
                       .futureDate(day: "2024-07-04", today: "2024-07-03"), "one day after today is refused")
        XCTAssertNoThrow(try sut.set(ticker: "A", price: "1", day: "2024-07-03", today: "2024-07-03"), "today itself is fine")
        XCTAssertEqual(ledger.retrieveEntries().count, 1)
    }

    func test_remove_leavesATombstoneThatSyncs_andRefusesATickerWithoutOne() throws {
        let (sut, ledger) = makeSUT()
        try sut.set(ticker: "FUND", price: "10", day: "2024-07-01", today: "2024-07-03")

        try sut.remove(ticker: "fund")

        XCTAssertEqual(try sut.all(), [:])
        XCTAssertEqual(ledger.retrieveEntries().first?.isDeleted, true)
        XCTAssertEqual(error { try sut.remove(ticker: "FUND") }, .notSet(ticker: "FUND"))
    }

    func test_fallbackLoader_usesAManualPriceOnlyWhereTheSourceHasNone_andReadsThemOnceAtMost() throws {
        let source = PriceLoaderSpy()
        source.stub("AAPL", live(makePrice("AAPL", price: "190")))
        var reads = 0
        let manual = ManualPrice(ticker: "FUND", price: fixed("12.5"), day: "2024-06-30", setAt: now)
        let sut = FallbackPriceLoader.manualPrices(behind: source) { reads += 1; return ["FUND": manual, "AAPL": manual] }

        let listed = try sut.loadPrice(for: "AAPL")
        XCTAssertEqual(reads, 0, "a listed stock never reads the manual prices")
        let unlisted = try sut.loadPrice(for: "FUND")
        _ = try? sut.loadPrice(for: "NONE")

        XCTAssertEqual(listed.source, .live)
        XCTAssertEqual(unlisted.source, .manual)
        XCTAssertEqual(unlisted.price.price, fixed("12.5"))
        XCTAssertEqual(unlisted.price.fetchedAt, Date(timeIntervalSince1970: 1_719_705_600), "2024-06-30T00:00:00Z")
        XCTAssertEqual(reads, 1)
        XCTAssertThrowsError(try sut.loadPrice(for: "NONE")) { XCTAssertEqual($0 as? PriceLoadingError, .unknownSymbol) }
    }

    func test_validator_rejectsAPulledManualPriceThatBreaksTheRules_andPassesOtherKinds() {
        let good = ManualPricesLedgerCodec.entry(for: ManualPrice(ticker: "FUND", price: fixed("1"), day: "2024-07-01", setAt: now), updatedAt: 1)
        let negative = LedgerEntry(id: "price-BAD", kind: "manual-price", schema: 1, updatedAt: 1,
                                   payload: LedgerPayload([("date", "2024-07-01"), ("price", "-5"), ("ticker", "BAD")]))
        let mismatched = LedgerEntry(id: "price-OTHER", kind: "manual-price", schema: 1, updatedAt: 1,
                                     payload: LedgerPayload([("date", "2024-07-01"), ("price", "5"), ("ticker", "BAD")]))
        let other = LedgerEntry(id: "x", kind: "watchlist", schema: 1, updatedAt: 1, payload: LedgerPayload([("price", "-5")]))

        let rejections = ManualPricesEntryValidator().rejections(of: [good, negative, mismatched, other], over: [])

        XCTAssertEqual(rejections.map(\.id), ["price-BAD", "price-OTHER"])
        XCTAssertEqual(rejections.first?.reasons, ["price is not valid"])
    }

    // MARK: - Helpers

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (ManualPrices, InMemoryLedgerStore) {
        let ledger = InMemoryLedgerStore()
        let sut = ManualPrices(store: LedgerManualPricesStore(ledger: ledger), now: { [now] in now })
        trackForMemoryLeaks(sut, file: file, line: line)
        trackForMemoryLeaks(ledger, file: file, line: line)
        return (sut, ledger)
    }

    private func error(_ body: () throws -> Any) -> ManualPriceError? {
        thrownError(ManualPriceError.self, body)
    }
}
