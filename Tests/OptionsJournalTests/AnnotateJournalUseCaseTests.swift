import XCTest
import FixedPoint
import Ledger
import OptionsJournal
import TestSupport

final class AnnotateJournalUseCaseTests: XCTestCase {
    private let key = "SPY-580-3 7 2025-2025-07-03T13:31:12.000Z"

    func test_rate_setsTheTradesEntry_andAddsNewTagsToTheLists() throws {
        let (sut, ledger) = makeSUT()
        try sut.addTag("VWAP", to: .setup)

        let added = try sut.rate(tradeKey: key, .init(setups: ["VWAP", "Breakout"], mistakes: ["Chased"], rating: 4))

        let annotations = try LoadJournalUseCase(store: LedgerJournalStore(ledger: ledger)).annotations()
        XCTAssertEqual(added, ["Breakout", "Chased"])
        XCTAssertEqual(annotations.setupTags, ["Breakout", "VWAP"])
        XCTAssertEqual(annotations.mistakeTags, ["Chased"])
        XCTAssertEqual(annotations.ratings[key], .init(setups: ["VWAP", "Breakout"], mistakes: ["Chased"], rating: 4))
    }

    func test_rate_refusesARatingOutsideZeroToFive_andABadTag() {
        let (sut, _) = makeSUT()

        XCTAssertEqual(thrownError(JournalError.self) { try sut.rate(tradeKey: self.key, .init(setups: [], mistakes: [], rating: 6)) }, .invalidRating(6))
        XCTAssertEqual(thrownError(JournalError.self) { try sut.rate(tradeKey: self.key, .init(setups: ["\u{1B}x"], mistakes: [], rating: 1)) }, .invalidTag("\u{1B}x"))
    }

    func test_tag_findsTheTradeByKeyOrIdPrefix_andKeepsWhatIsNotGiven() throws {
        let (sut, ledger) = makeSUT()
        _ = try ImportExecutionsUseCase(store: LedgerJournalStore(ledger: ledger), now: { Date(timeIntervalSince1970: 1_760_000_000) })
            .importExecutions(TradeCyclesTestsFixture.executions(), from: "statement.csv", dryRun: false)
        let trade = try LoadJournalUseCase(store: LedgerJournalStore(ledger: ledger)).load().trades[1]

        let first = try sut.tag(trade.key, setups: ["VWAP"], mistakes: ["Chased"], rating: 3)
        let second = try sut.tag(String(trade.shortID.prefix(4)).uppercased(), setups: nil, mistakes: nil, rating: 5)

        XCTAssertEqual(first.addedTags, ["VWAP", "Chased"])
        XCTAssertEqual(second.trade.key, trade.key, "4 characters of the id, in any case, find it")
        XCTAssertEqual(second.rating, .init(setups: ["VWAP"], mistakes: ["Chased"], rating: 5), "the lists not given are kept")
        XCTAssertEqual(try LoadJournalUseCase(store: LedgerJournalStore(ledger: ledger)).annotations().ratings[trade.key], second.rating)
    }

    func test_tag_refusesAnUnknownOrShortOrAmbiguousReference_andNothingToChange() throws {
        let (sut, ledger) = makeSUT()
        _ = try ImportExecutionsUseCase(store: LedgerJournalStore(ledger: ledger), now: { Date(timeIntervalSince1970: 1_760_000_000) })
            .importExecutions(TradeCyclesTestsFixture.executions(), from: "statement.csv", dryRun: false)
        let id = try LoadJournalUseCase(store: LedgerJournalStore(ledger: ledger)).load().trades[0].shortID

        XCTAssertEqual(thrownError(JournalError.self) { try sut.tag("zzzzzzzz", setups: nil, mistakes: nil, rating: 1) }, .noSuchTrade("zzzzzzzz"))
        XCTAssertEqual(thrownError(JournalError.self) { try sut.tag(String(id.prefix(3)), setups: nil, mistakes: nil, rating: 1) },
                       .noSuchTrade(String(id.prefix(3))), "fewer than 4 characters never match")
        XCTAssertEqual(thrownError(JournalError.self) { try sut.tag(id, setups: nil, mistakes: nil, rating: nil) }, .nothingToChange)
    }

    /// A tag with a control character, written by the web app, once made every
    /// journal command fail on this machine after a sync.
    func test_theValidator_refusesAnnotationsTheJournalCouldNotRead_andPassesNewerOnes() {
        let good = AnnotationsLedgerCodec.ratingEntry(key: key, .init(setups: ["VWAP"], mistakes: [], rating: 4), updatedAt: 1)
        let poisoned = LedgerEntry(id: "rating-x", kind: AnnotationsLedgerCodec.rating.name, schema: 1, updatedAt: 1,
                                   payload: LedgerPayload([("key", key), ("mistakes", ""), ("rating", "4"), ("setups", "bell\u{07}")]))
        let newer = LedgerEntry(id: "rating-y", kind: AnnotationsLedgerCodec.rating.name, schema: 2, updatedAt: 1, payload: LedgerPayload([("shape", "new")]))

        let rejections = JournalEntryValidator().rejections(of: [good, poisoned, newer], over: [])

        XCTAssertEqual(rejections.map(\.id), ["rating-x"])
        XCTAssertTrue(rejections.first?.reasons.first?.contains("setups") == true, "\(rejections)")
    }

    /// The web editor keeps HTML; a plain-text note is kept as the HTML it opens.
    func test_note_isKeyedByDay_keptAsTheWebEditorsHTML_andAnEmptyOneRemovesIt() throws {
        let (sut, ledger) = makeSUT()

        try sut.setNote("Good open.\nChased the second entry.", on: "2025-07-03")
        let saved = try LoadJournalUseCase(store: LedgerJournalStore(ledger: ledger)).annotations().notes
        try sut.setNote("", on: "2025-07-03")

        XCTAssertEqual(saved, ["2025-07-03": "<p>Good open.</p><p>Chased the second entry.</p>"])
        XCTAssertEqual(try LoadJournalUseCase(store: LedgerJournalStore(ledger: ledger)).annotations().notes, [:])
        XCTAssertEqual(ledger.retrieveEntries().map(\.id), ["note-2025-07-03"])
    }

    func test_removeTag_leavesRatingsAlone_andRefusesATagNotInTheList() throws {
        let (sut, ledger) = makeSUT()
        try sut.rate(tradeKey: key, .init(setups: ["VWAP"], mistakes: [], rating: 3))

        try sut.removeTag("VWAP", from: .setup)

        XCTAssertEqual(try LoadJournalUseCase(store: LedgerJournalStore(ledger: ledger)).annotations().setupTags, [])
        XCTAssertEqual(try LoadJournalUseCase(store: LedgerJournalStore(ledger: ledger)).annotations().ratings[key]?.setups, ["VWAP"])
        XCTAssertEqual(thrownError(JournalError.self) { try sut.removeTag("VWAP", from: .setup) }, .unknownTag("VWAP", list: .setup))
    }

    func test_profitLossByTag_sumsTheTradesRatedWithEachTag() throws {
        let trades = TradeCycles.build(TradeCyclesTestsFixture.executions()).trades
        var annotations = JournalAnnotations()
        annotations.ratings[trades[1].key] = .init(setups: ["VWAP"], mistakes: [], rating: 4)
        annotations.ratings[trades[2].key] = .init(setups: ["VWAP", "Breakout"], mistakes: ["Chased"], rating: 1)

        let bySetup = annotations.profitLoss(by: .setup, of: trades)

        XCTAssertEqual(bySetup.map(\.tag), ["Breakout", "VWAP"])
        XCTAssertEqual(bySetup.map(\.profitLoss), [fixed("-50"), fixed("20")])
        XCTAssertEqual(bySetup.map(\.trades), [1, 2])
    }

    private func makeSUT() -> (AnnotateJournalUseCase, InMemoryLedgerStore) {
        let ledger = InMemoryLedgerStore()
        return (AnnotateJournalUseCase(store: LedgerJournalStore(ledger: ledger), now: { Date(timeIntervalSince1970: 1_760_000_000) }), ledger)
    }
}

/// The hand-worked statement's executions, for tests beyond the parser's.
enum TradeCyclesTestsFixture {
    static func executions() -> [Execution] {
        let records = TradeCyclesTests.statement.components(separatedBy: "\n").enumerated().map { (line: $0.offset + 1, fields: $0.element.components(separatedBy: ",")) }
        return try! ThinkorswimStatement.executions(in: records, timeZone: TimeZone(identifier: "America/New_York")!, now: Date(timeIntervalSince1970: 1_800_000_000))
    }
}
