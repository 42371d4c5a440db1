import XCTest
import Auth
import Firebase
import Firestore
import FixedPoint
import Ledger
import Networking
import OptionsJournal
import TestSupport

/// The journal's Firestore adapter against the emulator's Firestore REST API, which also plays
/// the web app writing the same document.
final class FirestoreJournalStoreEndToEndTests: XCTestCase {
    func test_retrieve_deliversNothing_whenTheUserHasNoDocument() throws {
        let (sut, _, _) = try makeSUT()

        XCTAssertEqual(try sut.retrieveEntries(), [])
    }

    func test_apply_thenRetrieve_deliversTheSameEntries_withTheirTimes() throws {
        let (sut, _, _) = try makeSUT()
        let entries = Self.journal(at: 1_000)

        try sut.apply(entries)

        XCTAssertEqual(try sut.retrieveEntries().sorted { $0.id < $1.id }, entries.sorted { $0.id < $1.id })
    }

    func test_apply_writesTheWebAppsFieldNames_andNumbersAsItsJavaScriptWould() throws {
        let (sut, emulator, credentials) = try makeSUT()

        try sut.apply(Self.journal(at: 1_000))
        let fields = try XCTUnwrap(try document(emulator, credentials)["fields"] as? [String: Any])

        let ratings = try XCTUnwrap(map(fields["tradeRatings"]))
        XCTAssertEqual(Array(ratings.keys), ["QQQ-582.5-3 JUL 25-2025-07-03T13:31:12.000Z"])
        let fill = try XCTUnwrap(map((((map(((fields["tradeData"] as? [String: Any])?["arrayValue"] as? [String: Any]).flatMap { ($0["values"] as? [Any])?.first })?["Transactions"]
            as? [String: Any])?["arrayValue"] as? [String: Any])?["values"] as? [Any])?.first))
        XCTAssertEqual(fill["Strike"] as? [String: Double], ["doubleValue": 582.5])
        XCTAssertEqual(fill["Quantity"] as? [String: String], ["integerValue": "2"])
        XCTAssertEqual(fill["Price"] as? [String: Double], ["doubleValue": 1.25])
        XCTAssertEqual(fill["PosEffect"] as? [String: String], ["stringValue": "OPEN"])
    }

    func test_apply_writesOnlyTheFieldsThatChanged() throws {
        let (sut, emulator, _) = try makeSUT()
        try sut.apply(Self.journal(at: 1_000))

        try sut.apply([AnnotationsLedgerCodec.noteEntry(date: "2025-07-04", text: "Flat day.", updatedAt: 2_000)])

        XCTAssertEqual(try emulator.firestoreWrites().last?.paths, ["investVersions.`note-2025-07-04`", "notes.`2025-07-04`"])
    }

    func test_retrieve_givesARecordTheWebAppChanged_theDocumentsUpdateTime() throws {
        let (sut, emulator, credentials) = try makeSUT()
        try sut.apply(Self.journal(at: 1_000))

        XCTAssertEqual(try patch(emulator, credentials, ["notes": ["mapValue": ["fields": ["2025-07-03": ["stringValue": "Edited on the web."]]]]], mask: "notes"), 200)
        let note = try XCTUnwrap(try sut.retrieveEntries().first { $0.id == AnnotationsLedgerCodec.noteID("2025-07-03") })

        XCTAssertEqual(note.payload["text"], "Edited on the web.")
        XCTAssertGreaterThan(note.updatedAt, 1_700_000_000_000, "the web app's edit takes the document's update time")
    }

    func test_retrieve_givesARecordTheWebAppRemoved_asADeletion() throws {
        let (sut, emulator, credentials) = try makeSUT()
        try sut.apply(Self.journal(at: 1_000))

        XCTAssertEqual(try patch(emulator, credentials, ["setupsTags": ["arrayValue": [String: Any]()]], mask: "setupsTags"), 200)
        let tag = try XCTUnwrap(try sut.retrieveEntries().first { $0.id == AnnotationsLedgerCodec.tagID(.setup, "Breakout") })

        XCTAssertTrue(tag.isDeleted)
        XCTAssertGreaterThan(tag.updatedAt, 1_000)
    }

    func test_apply_keepsFillsItCannotRead_andNamesThem() throws {
        let (sut, emulator, credentials) = try makeSUT()
        let strange: [String: Any] = ["mapValue": ["fields": ["ExecTime": ["stringValue": "N/A"], "Symbol": ["stringValue": "SPY"]]]]
        let group: [String: Any] = ["mapValue": ["fields": ["Symbol": ["stringValue": "SPY"], "Strike": ["integerValue": "0"], "Expiration": ["stringValue": "N/A"],
                                                            "Transactions": ["arrayValue": ["values": [strange]]]]]]
        XCTAssertEqual(try patch(emulator, credentials, ["tradeData": ["arrayValue": ["values": [group]]]], mask: "tradeData"), 200)

        let unreadable = try sut.retrieveReadableEntries().unreadable
        try sut.apply(Self.journal(at: 1_000))
        let groups = try XCTUnwrap((((try document(emulator, credentials)["fields"] as? [String: Any])?["tradeData"] as? [String: Any])?["arrayValue"]
            as? [String: Any])?["values"] as? [Any])

        XCTAssertEqual(unreadable.map(\.id), ["tradeData[0].Transactions[0]"])
        XCTAssertEqual(groups.count, 2, "the fill it can't read is written back, never dropped")
    }

    func test_aTagWithAControlCharacter_isNamed_andWrittenBackWhereItWas() throws {
        let (sut, emulator, credentials) = try makeSUT()
        let tags: [String: Any] = ["arrayValue": ["values": [["stringValue": "Gap\u{1B}[2J"], ["stringValue": "Breakout"]]]]
        XCTAssertEqual(try patch(emulator, credentials, ["setupsTags": tags], mask: "setupsTags"), 200)

        let read = try sut.retrieveReadableEntries()
        try sut.apply(Self.journal(at: 1_000))
        let written = ((((try document(emulator, credentials)["fields"] as? [String: Any])?["setupsTags"] as? [String: Any])?["arrayValue"]
            as? [String: Any])?["values"] as? [[String: Any]])?.compactMap { $0["stringValue"] as? String }

        XCTAssertEqual(read.unreadable.map(\.id), ["setupsTags[0]"])
        XCTAssertEqual(read.entries.filter { $0.kind == AnnotationsLedgerCodec.tag.name }.map { $0.payload["name"] }, ["Breakout"])
        XCTAssertEqual(written?.first, "Gap\u{1B}[2J", "kept where it was: \(written ?? [])")
    }

    /// A NaN, an Infinity or an integer beyond 64 bits in one fill once
    /// stopped the whole journal sync.
    func test_aFillWithANumberNoClientHolds_isNamedAndWrittenBackUnchanged_andTheRestSyncs() throws {
        let (sut, emulator, credentials) = try makeSUT()
        let nan: [String: Any] = ["mapValue": ["fields": ["Symbol": ["stringValue": "SPY"], "Price": ["doubleValue": "NaN"], "Quantity": ["integerValue": "99999999999999999999"]]]]
        let infinite: [String: Any] = ["mapValue": ["fields": ["Symbol": ["stringValue": "SPY"], "Price": ["doubleValue": "Infinity"]]]]
        let group: [String: Any] = ["mapValue": ["fields": ["Symbol": ["stringValue": "SPY"], "Strike": ["integerValue": "0"], "Expiration": ["stringValue": "N/A"],
                                                            "Transactions": ["arrayValue": ["values": [nan, infinite]]]]]]
        XCTAssertEqual(try patch(emulator, credentials, ["tradeData": ["arrayValue": ["values": [group]]]], mask: "tradeData"), 200)

        let unreadable = try sut.retrieveReadableEntries().unreadable
        try sut.apply(Self.journal(at: 1_000))
        let written = try JSONSerialization.data(withJSONObject: try document(emulator, credentials), options: [.sortedKeys])

        XCTAssertEqual(unreadable.map(\.id), ["tradeData[0].Transactions[0]", "tradeData[0].Transactions[1]"])
        let text = String(decoding: written, as: UTF8.self)
        XCTAssertTrue(text.contains(#""doubleValue":"NaN""#) && text.contains(#""doubleValue":"Infinity""#) && text.contains("99999999999999999999"),
                      "written back as they came: \(text)")
    }

    func test_retrieve_readsTheOlderWebAppsShapes() throws {
        let (sut, emulator, credentials) = try makeSUT()
        let fill: [String: Any] = ["mapValue": ["fields": [
            "ExecTime": ["stringValue": "2025-02-28T14:31:48.000Z"], "TradeDate": ["stringValue": "2/28/2025"], "Side": ["stringValue": "SELL"],
            "Quantity": ["integerValue": "-1"], "PosEffect": ["stringValue": "TO CLOSE"], "Symbol": ["stringValue": "TSLA"],
            "Expiration": ["stringValue": "28 FEB 25"], "Strike": ["integerValue": "275"], "Type": ["stringValue": "PUT"], "Price": ["doubleValue": 5.65],
            "OrderType": ["stringValue": "LMT"]]]]
        let group: [String: Any] = ["mapValue": ["fields": ["Symbol": ["stringValue": "TSLA"], "Strike": ["integerValue": "275"], "Expiration": ["stringValue": "28 FEB 25"],
                                                            "Transactions": ["arrayValue": ["values": [fill]]]]]]
        XCTAssertEqual(try patch(emulator, credentials, ["tradeData": ["arrayValue": ["values": [group]]]], mask: "tradeData"), 200)

        let execution = try XCTUnwrap(try sut.retrieveEntries().compactMap { try JournalLedgerCodec.record(from: $0) }.first)

        XCTAssertEqual(execution.quantity, FixedDecimal(1))
        XCTAssertEqual(execution.positionEffect, .close)
        XCTAssertEqual(execution.tradeDate, "2025-02-28")
        XCTAssertEqual(execution.price, FixedDecimal("5.65"))
    }

    func test_retrieve_survivesAHostileDocument_outOfRangeNumbersAreInvalidData() throws {
        let (sut, emulator, credentials) = try makeSUT()
        let fields: [String: Any] = [
            "tradeRatings": ["mapValue": ["fields": ["K-1": ["mapValue": ["fields": ["rating": ["doubleValue": 1e300]]]],
                                                     "K-2": ["mapValue": ["fields": ["rating": ["doubleValue": -1e300]]]]]]],
            "investVersions": ["mapValue": ["fields": ["note-x": ["mapValue": ["fields": ["at": ["integerValue": "9223372036854775807"], "kind": ["stringValue": "journal-note"]]]]]]],
        ]
        XCTAssertEqual(try patch(emulator, credentials, fields, mask: "tradeRatings&updateMask.fieldPaths=investVersions"), 200)

        let ratings = try sut.retrieveEntries().filter { $0.kind == AnnotationsLedgerCodec.rating.name }

        XCTAssertEqual(ratings.count, 2)
        XCTAssertEqual(Set(ratings.compactMap { $0.payload["rating"] }), ["0"], "out of range is no rating, never a trap")
    }

    func test_apply_refusesToOverwriteAWriteMadeAfterItsRead() throws {
        let (sut, emulator, credentials) = try makeSUT()
        try sut.apply(Self.journal(at: 1_000))
        try emulator.holdNextWrite()

        let result = LockedStoreResult()
        let writer = Thread { [sut] in
            do { try sut.apply([AnnotationsLedgerCodec.noteEntry(date: "2025-07-03", text: "Mine.", updatedAt: 2_000)], expecting: [AnnotationsLedgerCodec.noteID("2025-07-03"): 1_000]); result.set(nil) } catch { result.set(error) }
        }
        writer.start()
        try emulator.waitForAHeldWrite()
        XCTAssertEqual(try patch(emulator, credentials, ["notes": ["mapValue": ["fields": ["2025-07-03": ["stringValue": "The web app's."]]]]], mask: "notes"), 200)
        try emulator.releaseHeldWrites()

        XCTAssertEqual(result.wait(), .changedMeanwhile(id: AnnotationsLedgerCodec.noteID("2025-07-03")))
        let notes = map((try document(emulator, credentials)["fields"] as? [String: Any])?["notes"])
        XCTAssertEqual((notes?["2025-07-03"] as? [String: String])?["stringValue"], "The web app's.")
    }

    func test_anotherUsersDocument_isPermissionDenied_andABadToken_isNotSignedIn() throws {
        let (_, emulator, credentials) = try makeSUT()
        let intruder = store(emulator, RemoteCredentials(uid: "someone-else", idToken: credentials.idToken))
        let stranger = store(emulator, RemoteCredentials(uid: credentials.uid, idToken: "forged"))

        XCTAssertThrowsError(try intruder.retrieveEntries()) { XCTAssertEqual($0 as? StoreError, .permissionDenied) }
        XCTAssertThrowsError(try stranger.apply(Self.journal(at: 1))) { XCTAssertEqual($0 as? StoreError, .notSignedIn) }
    }

    // MARK: - Helpers

    private static let project = "demo-journal"

    /// A fill at a half strike, a setup tag, a rating keyed by the web app's trade key, and a note.
    private static func journal(at time: Int64) -> [LedgerEntry] {
        let fill = Execution(execTime: Date(timeIntervalSince1970: 1_751_549_472), tradeDate: "2025-07-03", side: .buy, quantity: FixedDecimal(2), symbol: "QQQ",
                             expiration: "3 JUL 25", strike: FixedDecimal("582.5")!, price: FixedDecimal("1.25")!, orderType: "LMT", positionEffect: .open, type: "PUT")
        return [JournalLedgerCodec.entry(for: fill, updatedAt: time),
                AnnotationsLedgerCodec.tagEntry(.setup, "Breakout", updatedAt: time),
                AnnotationsLedgerCodec.ratingEntry(key: "QQQ-582.5-3 JUL 25-2025-07-03T13:31:12.000Z", .init(setups: ["Breakout"], mistakes: [], rating: 3), updatedAt: time),
                AnnotationsLedgerCodec.noteEntry(date: "2025-07-03", text: "Good open.\nThen chased.", updatedAt: time)]
    }

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) throws -> (FirestoreJournalStore, ServicesEmulator, RemoteCredentials) {
        let emulator = try startEmulator()
        let auth = FirebaseAuthService(endpoints: FirebaseAuthEndpoints(emulatorBase: emulator.baseURL), apiKey: ServicesEmulator.apiKey,
                                       client: platformHTTPClient(timeout: 5))
        let session = try auth.signUp(email: "trader-\(UUID().uuidString.prefix(8))@example.com", password: "long enough")
        let credentials = RemoteCredentials(uid: session.uid, idToken: session.idToken)
        let sut = store(emulator, credentials)
        trackForMemoryLeaks(sut, file: file, line: line)
        return (sut, emulator, credentials)
    }

    private func store(_ emulator: ServicesEmulator, _ credentials: RemoteCredentials) -> FirestoreJournalStore {
        FirestoreJournalStore(baseURL: emulator.baseURL, projectID: Self.project, client: platformHTTPClient(timeout: 5)) { _ throws(StoreError) in credentials }
    }

    private func document(_ emulator: ServicesEmulator, _ credentials: RemoteCredentials) throws -> [String: Any] {
        let answer = try emulator.request("GET", ServicesEmulator.firestorePath(project: Self.project, uid: credentials.uid),
                                          headers: ["Authorization": "Bearer \(credentials.idToken)"])
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
    }

    /// A write as the web app's SDK makes it: whole top-level fields.
    private func patch(_ emulator: ServicesEmulator, _ credentials: RemoteCredentials, _ fields: [String: Any], mask: String) throws -> Int {
        try emulator.request("PATCH", ServicesEmulator.firestorePath(project: Self.project, uid: credentials.uid) + "?updateMask.fieldPaths=\(mask)",
                             body: ["fields": fields], headers: ["Authorization": "Bearer \(credentials.idToken)"]).status
    }

    private func map(_ value: Any?) -> [String: Any]? {
        ((value as? [String: Any])?["mapValue"] as? [String: Any])?["fields"] as? [String: Any]
    }
}

/// What a background write ended with, waited for.
private final class LockedStoreResult: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var stored: StoreError?

    func set(_ error: Error?) {
        stored = error as? StoreError
        done.signal()
    }

    func wait() -> StoreError? {
        _ = done.wait(timeout: .now() + 10)
        return stored
    }
}
