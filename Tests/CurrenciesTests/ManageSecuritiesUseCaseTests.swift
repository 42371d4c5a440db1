import XCTest
import Ledger
import TestSupport
import Currencies

final class ManageSecuritiesUseCaseTests: XCTestCase {
    func test_setCurrency_keepsTheUsersWord_minorUnitsAsWritten() throws {
        let (sut, _) = makeSUT()

        let vodafone = try sut.setCurrency("GBp", of: "vod.l")
        _ = try sut.setCurrency("usd", of: "AAPL")

        XCTAssertEqual(vodafone.ticker, "VOD.L")
        XCTAssertEqual(vodafone.unit.name, "GBp")
        XCTAssertEqual(vodafone.unit.perMajor, 100)
        XCTAssertEqual(try sut.all().map { "\($0.ticker) \($0.unit) \($0.source.rawValue)" }, ["AAPL USD user", "VOD.L GBp user"])
    }

    func test_setCurrency_refusesWhatIsNoCurrency_orNoTicker_keepingNothing() {
        let (sut, ledger) = makeSUT()

        XCTAssertThrowsError(try sut.setCurrency("pounds", of: "VOD.L")) { XCTAssertEqual($0 as? SecuritiesError, .invalidCurrency("pounds")) }
        XCTAssertThrowsError(try sut.setCurrency("GBP", of: "not a ticker")) { XCTAssertEqual($0 as? SecuritiesError, .invalidTicker("not a ticker")) }
        XCTAssertTrue(ledger.retrieveEntries().isEmpty)
    }

    func test_aProvidersCurrency_isKept_unlessTheUserHasSaidOtherwise() throws {
        let (sut, _) = makeSUT()

        XCTAssertNotNil(try sut.recordProviderCurrency("GBp", of: "VOD.L"))
        XCTAssertNil(try sut.recordProviderCurrency("GBp", of: "VOD.L"), "the same again is nothing new")
        _ = try sut.setCurrency("GBP", of: "BP.L")
        XCTAssertNil(try sut.recordProviderCurrency("GBp", of: "BP.L"))

        XCTAssertEqual(try sut.all().map { "\($0.ticker) \($0.unit) \($0.source.rawValue)" }, ["BP.L GBP user", "VOD.L GBp provider"])
    }

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (ManageSecuritiesUseCase, InMemoryLedgerStore) {
        let ledger = InMemoryLedgerStore()
        let sut = ManageSecuritiesUseCase(store: LedgerSecuritiesStore(ledger: ledger), now: { Date(timeIntervalSince1970: 1_720_000_000) })
        trackForMemoryLeaks(sut, file: file, line: line)
        return (sut, ledger)
    }
}
