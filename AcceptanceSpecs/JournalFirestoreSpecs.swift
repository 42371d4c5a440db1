import XCTest
import InvestCLITestSupport
import TestSupport

/// The journal shares the web app's Firestore document `users/{uid}`: what either writes, the
/// other reads. The emulator plays Firestore, and its REST API plays the web app.
final class JournalFirestoreSpecs: XCTestCase {
    func test_aTagAddedInTheWebApp_isSeenByTheCLI() throws {
        let (emulator, invest) = try makeSignedInJournal()
        XCTAssertEqual(invest.run(["journal", "tags", "add", "setup", "Breakout"]).status, 0)

        // The web app writes the whole list, as its SDK does with `updateDoc`.
        let web = try webApp(of: invest, on: emulator)
        XCTAssertEqual(try web.patch(["setupsTags": ["arrayValue": ["values": [["stringValue": "Breakout"], ["stringValue": "Gap fill"]]]]],
                                     paths: ["setupsTags"]), 200)
        let tags = try invest.run(["journal", "tags", "--format", "json"]).jsonObject()

        XCTAssertEqual(tags["setupsTags"] as? [String], ["Breakout", "Gap fill"])
    }

    /// With a server that takes the request and never answers, `journal trades` waited
    /// 30 s and a tag 60 s, warning twice; the journal is local-first.
    func test_aSilentServer_holdsAJournalCommandAFewSecondsAtMost_withOneWarning_andTheChangeIsSentLater() throws {
        let (emulator, invest) = try makeSignedInJournal()
        try emulator.inject("silent", for: "firestore-silent", times: 2)

        let trades = invest.run(["journal", "trades", "--format", "json"])
        let tagged = invest.run(["journal", "tags", "add", "setup", "Offline"])
        let later = invest.run(["journal", "tags", "--format", "json"])

        XCTAssertEqual(trades.status, 0, trades.errors)
        XCTAssertEqual(try trades.jsonRows().count, 4, "from this machine's copy")
        XCTAssertEqual(tagged.status, 0, tagged.errors)
        XCTAssertEqual(tagged.errors.components(separatedBy: "could not be synced").count - 1, 1, "one warning: \(tagged.errors)")
        let waits = try emulator.silentWaits()
        XCTAssertEqual(waits.count, 2, "one request each: the tag's exchange after the change is not tried once the first failed: \(waits)")
        XCTAssertTrue(waits.allSatisfy { $0 < 8 }, "gave up well before the server's 10 s: \(waits)")
        XCTAssertEqual(later.status, 0, later.errors)
        XCTAssertEqual(strings((try webApp(of: invest, on: emulator).document()["fields"] as? [String: Any])?["setupsTags"]), ["Offline"], "sent by the next journal command")
    }

    /// A CLI write once deleted every
    /// field that isn't the journal's, the account's subscription among them, and rewrote the
    /// web app's fills, ratings and tags in its own shapes.
    func test_aTagANoteAndARating_changeOnlyTheirOwnPaths_andTheWebAppsFieldsStayByteForByte() throws {
        let (emulator, invest) = try makeSignedInJournal()
        let web = try webApp(of: invest, on: emulator)
        let webFields: [String: Any] = [
            "email": ["stringValue": "trader@example.com"],
            "subscription": ["mapValue": ["fields": ["status": ["stringValue": "active"], "customerId": ["stringValue": "cus_123"]]]],
            "uploadedFiles": ["arrayValue": ["values": [["mapValue": ["fields": ["name": ["stringValue": "july.csv"]]]]]]],
            "tradeRatings": ["mapValue": ["fields": ["WEB-KEY": ["mapValue": ["fields": [
                "setups": ["arrayValue": ["values": [["stringValue": "Zebra"], ["stringValue": "Alpha"]]]], "mistakes": ["arrayValue": [String: Any]()],
                "rating": ["doubleValue": 3.5]]]]]]],
            "notes": ["mapValue": ["fields": ["2025-07-01": ["stringValue": "<p>Held <strong>firm</strong></p>"]]]],
            "setupsTags": ["arrayValue": ["values": [["stringValue": "Zebra"], ["stringValue": "Alpha"]]]],
        ]
        XCTAssertEqual(try web.patch(webFields, paths: Array(webFields.keys)), 200)
        let before = try XCTUnwrap(try web.document()["fields"] as? [String: Any])
        let trade = try XCTUnwrap(try invest.run(["journal", "trades", "--format", "json"]).jsonRows().first { $0["profitLoss"] as? String == "70" })

        XCTAssertEqual(invest.run(["journal", "note", "2025-07-04", "Plain text."]).status, 0)
        XCTAssertEqual(invest.run(["journal", "tag", try XCTUnwrap(trade["id"] as? String), "--rating", "4"]).status, 0)
        XCTAssertEqual(invest.run(["journal", "tags", "add", "mistake", "Chased"]).status, 0)
        XCTAssertEqual(invest.run(["journal", "tags", "add", "setup", "Breakout"]).status, 0)
        let after = try XCTUnwrap(try web.document()["fields"] as? [String: Any])

        for name in ["email", "subscription", "uploadedFiles", "tradeData"] {
            XCTAssertEqual(json(after[name]), json(before[name]), "\(name) is as it was")
        }
        XCTAssertEqual(json(map(after["tradeRatings"])?["WEB-KEY"]), json(map(before["tradeRatings"])?["WEB-KEY"]), "the half-star rating the web app set")
        XCTAssertEqual(json(map(after["notes"])?["2025-07-01"]), json(map(before["notes"])?["2025-07-01"]), "the web editor's note")
        XCTAssertNotNil(map(after["notes"])?["2025-07-04"])
        XCTAssertNotNil(map(after["tradeRatings"])?["SPY-580-3 7 2025-2025-07-03T13:31:12.000Z"])
        XCTAssertEqual(strings(after["mistakesTags"]), ["Chased"])
        XCTAssertEqual(strings(after["setupsTags"]), ["Zebra", "Alpha", "Breakout"], "the web app's order kept, the new tag at the end")
    }

    /// The same statement imported in both apps counted
    /// twice, with different expirations and times, and a rating made in one missed the other's
    /// copy. The web app's own upload of the statement is in `WebApp/`.
    func test_aStatementTheWebAppUploaded_isTheSameFillsAndKeysHere_andImportingItAddsOnlyTheLegItDrops() throws {
        let emulator = try startEmulator()
        let invest = try signedIn(makeJournalDriver(emulator))
        let web = try webApp(of: invest, on: emulator)
        let upload = try Self.webAppUpload()
        XCTAssertEqual(try web.patch(upload, paths: ["tradeData", "uploadedFiles"]), 200)
        let before = try XCTUnwrap(try web.document()["fields"] as? [String: Any])

        let imported = invest.run(["journal", "import", JournalSpecs.statement.path, "--tz", "America/New_York"])
        let trades = try invest.run(["journal", "trades", "--format", "json"]).jsonRows()
        let after = try XCTUnwrap(try web.document()["fields"] as? [String: Any])

        XCTAssertEqual(imported.status, 0, imported.errors)
        XCTAssertEqual(imported.output, "Added 1 execution from \(JournalSpecs.statement.path); 11 executions already in the journal were skipped.\n",
                       "only the vertical's second leg, which the web app leaves out")
        XCTAssertEqual(trades.map { $0["key"] as? String }, ["QQQ-582.5-3 7 2025-2025-07-03T15:00:00.000Z", "SPY-580-3 7 2025-2025-07-03T13:59:59.000Z",
                                                             "SPY-580-3 7 2025-2025-07-03T13:31:12.000Z", "AAPL-200-18 7 2025-2025-07-02T19:00:00.000Z"])
        let groups = try XCTUnwrap(array(after["tradeData"]))
        XCTAssertEqual(groups.count, 5, "the web app's four groups and the leg's own")
        for (index, group) in try XCTUnwrap(array(before["tradeData"])).enumerated() {
            XCTAssertEqual(json(groups[index]), json(group), "the web app's group \(index) is as it wrote it")
        }
        let files = try XCTUnwrap(array(after["uploadedFiles"]))
        XCTAssertEqual(files.count, 2)
        XCTAssertEqual(json(files.first), json(array(before["uploadedFiles"])?.first), "the web app's upload is as it wrote it")
        XCTAssertEqual(json(map(files.last)?["name"]), json(["stringValue": "thinkorswim-statement.csv"]), "the leg, listed so the web app keeps it")
    }

    /// The web app rebuilds `tradeData` from `uploadedFiles` on every upload, and
    /// the CLI listed none of its imports there, so an upload dropped them all, and the CLI then
    /// took them for deleted. Here the web app uploads the statement the CLI imported.
    func test_aStatementImportedHere_thenUploadedInTheWebApp_isOneSetOfFills_andStaysHere() throws {
        let emulator = try startEmulator()
        let invest = try signedIn(makeJournalDriver(emulator))
        let web = try webApp(of: invest, on: emulator)
        XCTAssertEqual(invest.run(["journal", "import", JournalSpecs.statement.path, "--tz", "America/New_York"]).status, 0)
        let document = try XCTUnwrap(try web.document()["fields"] as? [String: Any])

        let upload = Self.webAppUploads(try XCTUnwrap(array(try Self.webAppUpload()["tradeData"])), named: "thinkorswim-statement.csv",
                                        over: array(document["uploadedFiles"]) ?? [])
        XCTAssertEqual(try web.patch(upload, paths: ["tradeData", "uploadedFiles"]), 200)
        let synced = invest.run(["sync"])
        let again = invest.run(["journal", "import", JournalSpecs.statement.path, "--tz", "America/New_York"])
        let after = try XCTUnwrap(try web.document()["fields"] as? [String: Any])

        XCTAssertEqual(synced.status, 0, synced.errors)
        XCTAssertEqual(try invest.run(["journal", "executions", "--format", "json"]).jsonRows().count, 12, "the CLI keeps every fill")
        XCTAssertEqual(again.output, "Added 0 executions from \(JournalSpecs.statement.path); 12 executions already in the journal were skipped.\n")
        XCTAssertEqual(array(after["tradeData"])?.compactMap { array(map($0)?["Transactions"])?.count }.reduce(0, +), 12, "one set of fills in the web app")
    }

    /// Any CLI write rewrote every fill in its own shape, even for a note: the
    /// web app's M/D/YYYY dates, signed quantities and `3 7 2025` expirations changed, its unknown
    /// keys went, and `Fees` came. Now what the web app wrote stays, and new fills take its shape.
    func test_theWebAppsFills_stayByteForByte_throughImportAddTagNoteAndSync_andNewFillsAreWrittenAsItWritesThem() throws {
        let emulator = try startEmulator()
        let invest = try signedIn(makeJournalDriver(emulator))
        invest.timeZone = TimeZone(identifier: "America/New_York")!
        let web = try webApp(of: invest, on: emulator)
        var upload = try Self.webAppUpload()
        upload["subscription"] = ["mapValue": ["fields": ["status": ["stringValue": "active"]]]]
        upload["tradeData"] = Self.addingUnknownKey(to: upload["tradeData"])
        upload["tradeRatings"] = ["mapValue": ["fields": ["AAPL-200-18 7 2025-2025-07-02T19:00:00.000Z": ["mapValue": ["fields": [
            "setups": ["arrayValue": ["values": [["stringValue": "Zebra"]]]], "mistakes": ["arrayValue": [String: Any]()], "rating": ["doubleValue": 3.5]]]]]]]
        upload["notes"] = ["mapValue": ["fields": ["2025-07-02": ["stringValue": "<p>Held <strong>firm</strong> &amp; calm</p><p><br></p><p>Sold at 2.50</p>"]]]]
        XCTAssertEqual(try web.patch(upload, paths: Array(upload.keys)), 200)
        // The emulator stamps the document with today's time; this client's edits come after it.
        invest.now = Date().addingTimeInterval(1)
        let before = try XCTUnwrap(try web.document()["fields"] as? [String: Any])
        let statement = invest.home.appendingPathComponent("later.csv")
        try """
        Account Trade History
        ,Exec Time,Spread,Side,Qty,Pos Effect,Symbol,Exp,Strike,Type,Price,Net Price,Order Type
        ,7/11/25 10:00:00,SINGLE,SELL,-3,TO OPEN,SPY,18 JUL 25,600,PUT,2.10,2.10,LMT
        """.write(to: statement, atomically: true, encoding: .utf8)

        let runs = [
            invest.run(["journal", "import", statement.path, "--tz", "America/New_York"]),
            invest.run(["journal", "add", "--time", "2025-07-11 10:30", "--side", "BUY", "--qty", "3", "--effect", "CLOSE", "--symbol", "SPY",
                        "--exp", "18 JUL 25", "--strike", "600", "--type", "PUT", "--price", "1.60"]),
            invest.run(["journal", "note", "2025-07-11", "Sold premium."]),
            invest.run(["sync"]),
        ]
        let trade = try XCTUnwrap(try invest.run(["journal", "trades", "--format", "json"]).jsonRows().first { $0["symbol"] as? String == "AAPL" })
        let tagged = invest.run(["journal", "tag", try XCTUnwrap(trade["id"] as? String), "--mistake", "Chased"])
        let note = invest.run(["journal", "note", "2025-07-02"])
        let after = try XCTUnwrap(try web.document()["fields"] as? [String: Any])

        XCTAssertEqual(trade["rating"] as? String, "3.5", "the web app's half star")
        XCTAssertEqual(note.output, "Held firm & calm\n\nSold at 2.50\n", "the web editor's note, as text")
        let rating = try XCTUnwrap(map(map(after["tradeRatings"])?["AAPL-200-18 7 2025-2025-07-02T19:00:00.000Z"]))
        XCTAssertEqual(json(rating["rating"]), json(["doubleValue": 3.5]), "a tag leaves the half star as it was")
        XCTAssertEqual(strings(rating["setups"]), ["Zebra"])
        XCTAssertEqual(strings(rating["mistakes"]), ["Chased"])
        XCTAssertEqual(json(map(after["notes"])?["2025-07-02"]), json(map(before["notes"])?["2025-07-02"]))

        for run in runs + [tagged] { XCTAssertEqual(run.status, 0, run.errors) }
        for name in ["email", "subscription"] { XCTAssertEqual(json(after[name]), json(before[name]), "\(name) is as it was") }
        let files = try XCTUnwrap(array(after["uploadedFiles"]))
        XCTAssertEqual(json(files.first), json(array(before["uploadedFiles"])?.first), "the web app's upload is as it wrote it")
        XCTAssertEqual(files.dropFirst().map { json(map($0)?["name"]) }, [json(["stringValue": "later.csv"]), json(["stringValue": "Added in invest (journal add)"])])
        let groups = try XCTUnwrap(array(after["tradeData"]))
        let webGroups = try XCTUnwrap(array(before["tradeData"]))
        XCTAssertEqual(groups.count, webGroups.count + 1)
        for (index, group) in webGroups.enumerated() { XCTAssertEqual(json(groups[index]), json(group), "the web app's group \(index), unknown key and all") }
        let added = try XCTUnwrap(map(groups.last))
        XCTAssertEqual(json(added["Expiration"]), json(["stringValue": "18 7 2025"]))
        let fills = try XCTUnwrap(array(added["Transactions"])).compactMap(map)
        XCTAssertEqual(fills.map { json($0["ExecTime"]) }, [json(["stringValue": "2025-07-11T13:59:59.000Z"]), json(["stringValue": "2025-07-11T14:30:00.000Z"])])
        XCTAssertEqual(fills.map { json($0["Quantity"]) }, [json(["integerValue": "-3"]), json(["integerValue": "3"])], "a sell is negative, as the statement writes it")
        XCTAssertEqual(fills.map { json($0["TradeDate"]) }, [json(["stringValue": "7/11/2025"]), json(["stringValue": "7/11/2025"])])
        XCTAssertEqual(fills.map { json($0["Price"]) }, [json(["doubleValue": 2.1]), json(["doubleValue": 1.6])])
        XCTAssertEqual(fills.map { $0.keys.sorted() }, Array(repeating: ["ExecTime", "Expiration", "OrderType", "PosEffect", "Price", "Quantity", "Side", "Strike",
                                                                          "Symbol", "TradeDate", "Type"], count: 2), "no Fees where none was charged")
    }

    /// The web app's fills, the first with a key only a broker sync writes (its Webull import's).
    private static func addingUnknownKey(to tradeData: Any?) -> Any? {
        func fields(_ value: Any?) -> [String: Any] { (value as? [String: Any])?["mapValue"].flatMap { ($0 as? [String: Any])?["fields"] as? [String: Any] } ?? [:] }
        func values(_ value: Any?) -> [Any] { ((value as? [String: Any])?["arrayValue"] as? [String: Any])?["values"] as? [Any] ?? [] }
        var groups = values(tradeData), group = fields(groups.first), fills = values(group["Transactions"]), fill = fields(fills.first)
        fill["_webullOrderId"] = ["stringValue": "W-123"]
        fills[0] = ["mapValue": ["fields": fill]]
        group["Transactions"] = ["arrayValue": ["values": fills]]
        groups[0] = ["mapValue": ["fields": group]]
        return ["arrayValue": ["values": groups]]
    }

    /// The web app writes whole fields from the state it loaded, so a rating set
    /// here and then lost to a web save of another trade's vanished here without a word.
    func test_aRatingTheWebAppOverwrote_isReportedAsAConflict_withTheVersionSetHereKept() throws {
        let (emulator, invest) = try makeSignedInJournal()
        let web = try webApp(of: invest, on: emulator)
        let trade = try XCTUnwrap(try invest.run(["journal", "trades", "--format", "json"]).jsonRows().first { $0["profitLoss"] as? String == "70" })
        XCTAssertEqual(invest.run(["journal", "tag", try XCTUnwrap(trade["id"] as? String), "--rating", "4"]).status, 0)
        XCTAssertEqual(try web.patch(["tradeRatings": ["mapValue": ["fields": ["WEB-KEY": ["mapValue": ["fields": ["rating": ["integerValue": "2"]]]]]]]],
                                     paths: ["tradeRatings"]), 200, "the web app saves its own rating over the ratings it loaded before")

        let sync = invest.run(["sync"])
        let conflicts = try invest.run(["sync", "--conflicts", "--format", "json"]).jsonRows()

        XCTAssertEqual(sync.status, 0, sync.errors)
        XCTAssertTrue(sync.errors.contains("conflict: journal-rating"), sync.errors)
        XCTAssertEqual(conflicts.count, 1)
        XCTAssertEqual((conflicts.first?["losing"] as? [String: Any])?["rating"] as? String, "4", "the rating set here, kept")
        XCTAssertEqual((conflicts.first?["losing"] as? [String: Any])?["key"] as? String, trade["key"] as? String)
    }

    /// An account made in the CLI had no `users/{uid}`, so every save in the
    /// web app failed; a sign-in leaves an existing document as it is.
    func test_signup_makesTheWebAppsDocument_andASignInLeavesAnExistingOneAlone() throws {
        let emulator = try startEmulator()
        let invest = try signedIn(makeJournalDriver(emulator))
        let web = try webApp(of: invest, on: emulator)

        let made = try XCTUnwrap(try web.document()["fields"] as? [String: Any])
        XCTAssertEqual(try web.patch(["subscription": ["mapValue": ["fields": ["status": ["stringValue": "active"]]]]], paths: ["subscription"]), 200)
        let email = (made["email"] as? [String: Any])?["stringValue"] as? String
        XCTAssertEqual(invest.run(["logout"]).status, 0)
        XCTAssertEqual(invest.logIn(try XCTUnwrap(email), password: "correct horse").status, 0)
        let after = try XCTUnwrap(try web.document()["fields"] as? [String: Any])

        XCTAssertEqual((made["isAdmin"] as? [String: Any])?["booleanValue"] as? Bool, false)
        XCTAssertNotNil((made["createdAt"] as? [String: Any])?["timestampValue"])
        XCTAssertNotNil((made["lastLogin"] as? [String: Any])?["timestampValue"])
        XCTAssertNotNil(after["subscription"], "the sign-in changed nothing")
        XCTAssertEqual(json(after["createdAt"]), json(made["createdAt"]))
    }

    func test_aTagAndANoteSetInTheCLI_areInTheDocument_withTheWebAppsFieldNamesAndKeys() throws {
        let (emulator, invest) = try makeSignedInJournal()
        let trade = try XCTUnwrap(try invest.run(["journal", "trades", "--format", "json"]).jsonRows().first { $0["profitLoss"] as? String == "70" })

        let tagged = invest.run(["journal", "tag", try XCTUnwrap(trade["id"] as? String), "--setup", "Opening range", "--mistake", "Chased", "--rating", "4"])
        let noted = invest.run(["journal", "note", "2025-07-03", "Good open."])
        let fields = try XCTUnwrap(try webApp(of: invest, on: emulator).document()["fields"] as? [String: Any])

        XCTAssertEqual(tagged.status, 0, tagged.errors)
        XCTAssertEqual(noted.status, 0, noted.errors)
        XCTAssertEqual(strings(fields["setupsTags"]), ["Opening range"])
        XCTAssertEqual(strings(fields["mistakesTags"]), ["Chased"])
        let rating = try XCTUnwrap(map(map(fields["tradeRatings"])?["SPY-580-3 7 2025-2025-07-03T13:31:12.000Z"]))
        XCTAssertEqual(strings(rating["setups"]), ["Opening range"])
        XCTAssertEqual(strings(rating["mistakes"]), ["Chased"])
        XCTAssertEqual((rating["rating"] as? [String: Any])?["integerValue"] as? String, "4")
        XCTAssertEqual((map(fields["notes"])?["2025-07-03"] as? [String: Any])?["stringValue"] as? String, "<p>Good open.</p>", "as the web editor keeps it")
        let trades = try XCTUnwrap((fields["tradeData"] as? [String: Any]).flatMap { ($0["arrayValue"] as? [String: Any])?["values"] as? [[String: Any]] })
        let spy = try XCTUnwrap(trades.compactMap(map).first { ($0["Symbol"] as? [String: Any])?["stringValue"] as? String == "SPY" })
        XCTAssertEqual(Set(spy.keys), ["Symbol", "Strike", "Expiration", "Transactions"])
        let fill = try XCTUnwrap(map(((spy["Transactions"] as? [String: Any])?["arrayValue"] as? [String: Any]).flatMap { ($0["values"] as? [Any])?.first }))
        XCTAssertEqual(Set(fill.keys), ["ExecTime", "TradeDate", "Side", "Quantity", "Symbol", "Expiration", "Strike", "Price", "OrderType", "PosEffect", "Type"])
        XCTAssertEqual((fill["ExecTime"] as? [String: Any])?["stringValue"] as? String, "2025-07-03T13:31:12.000Z")
    }

    func test_aNoteIsKeyedYYYYMMDD_andOneChangeWritesOnlyItsOwnFields() throws {
        let (emulator, invest) = try makeSignedInJournal()
        let before = try emulator.firestoreWrites().count

        XCTAssertEqual(invest.run(["journal", "note", "2025-07-03", "Good open.\nChased the second entry."]).status, 0)
        let writes = try emulator.firestoreWrites().dropFirst(before)

        XCTAssertEqual(writes.count, 1, "one command, one request")
        let paths = try XCTUnwrap(writes.first?.paths)
        XCTAssertTrue(paths.contains("notes.`2025-07-03`"), "\(paths)")
        XCTAssertFalse(paths.contains { $0 == "notes" || $0 == "tradeData" || $0 == "tradeRatings" || $0.hasPrefix("setupsTags") }, "\(paths)")
    }

    func test_anImportChangingManyThings_sendsOneRequest() throws {
        let emulator = try startEmulator()
        let invest = try signedIn(makeJournalDriver(emulator))
        let before = try emulator.firestoreWrites().count

        let imported = invest.run(["journal", "import", JournalSpecs.statement.path, "--tz", "America/New_York"])

        XCTAssertEqual(imported.status, 0, imported.errors)
        XCTAssertEqual(try emulator.firestoreWrites().count, before + 1)
    }

    func test_changesMadeOffline_areQueued_andSentByTheNextJournalCommand() throws {
        let (emulator, invest) = try makeSignedInJournal()
        try emulator.inject("500", for: "firestore", times: 2)

        let offline = invest.run(["journal", "tags", "add", "mistake", "FOMO"])
        XCTAssertEqual(offline.status, 0, "the journal works from this machine's copy")
        XCTAssertTrue(offline.errors.contains("could not be synced"), offline.errors)
        XCTAssertNil(strings((try webApp(of: invest, on: emulator).document()["fields"] as? [String: Any])?["mistakesTags"])?.first)

        XCTAssertEqual(invest.run(["journal", "days"]).status, 0)
        let fields = try webApp(of: invest, on: emulator).document()["fields"] as? [String: Any]
        XCTAssertEqual(strings(fields?["mistakesTags"]), ["FOMO"])
    }

    func test_sync_sendsTheJournalToFirestore_andNeverToTheRealtimeDatabase() throws {
        let emulator = try startEmulator()
        let invest = makeJournalDriver(emulator)
        XCTAssertEqual(invest.run(["journal", "import", JournalSpecs.statement.path, "--tz", "America/New_York"]).status, 0)
        try signedIn(invest)
        let before = try emulator.firestoreWrites().count

        let sync = invest.run(["sync", "--format", "json"])

        XCTAssertEqual(sync.status, 0, sync.errors)
        XCTAssertEqual(try sync.jsonObject()["pushed"] as? Int, 13, "12 fills and the import that lists them")
        XCTAssertEqual(try emulator.firestoreWrites().count, before + 1)
        let web = try webApp(of: invest, on: emulator)
        let ledger = try emulator.request("GET", "/users/\(web.uid)/ledger.json?auth=\(web.idToken)")
        let records = (try JSONSerialization.jsonObject(with: ledger.body, options: .fragmentsAllowed) as? [String: [String: Any]]) ?? [:]
        XCTAssertEqual(records.values.compactMap { $0["kind"] as? String }.filter { $0.hasPrefix("journal-") }, [], "journal kinds stay out of the Realtime Database")
    }

    func test_signedOut_nothingRemoteIsTouched() throws {
        let emulator = try startEmulator()
        let invest = makeJournalDriver(emulator)

        let imported = invest.run(["journal", "import", JournalSpecs.statement.path, "--tz", "America/New_York"])
        let tagged = invest.run(["journal", "tags", "add", "setup", "Breakout"])
        let days = invest.run(["journal", "days"])

        XCTAssertEqual([imported.status, tagged.status, days.status], [0, 0, 0], imported.errors + tagged.errors + days.errors)
        XCTAssertEqual(try emulator.firestoreWrites().count, 0)
        XCTAssertEqual(try emulator.requestCounts()["firestore"] ?? 0, 0)
    }

    // MARK: - Helpers

    private static let project = "demo-journal"

    private func makeJournalDriver(_ emulator: ServicesEmulator) -> InvestDriver {
        let invest = makeInvestDriver(servicesFrom: emulator)
        invest.environment["INVEST_PROJECT_ID"] = Self.project
        invest.environment["INVEST_FIRESTORE_URL"] = emulator.baseURL.absoluteString
        invest.now = Date(timeIntervalSince1970: 1_760_000_000)
        return invest
    }

    @discardableResult
    private func signedIn(_ invest: InvestDriver) throws -> InvestDriver {
        let run = invest.signUp("trader-\(UUID().uuidString.prefix(8))@example.com", password: "correct horse")
        XCTAssertEqual(run.status, 0, run.errors)
        return invest
    }

    private func makeSignedInJournal() throws -> (ServicesEmulator, InvestDriver) {
        let emulator = try startEmulator()
        let invest = try signedIn(makeJournalDriver(emulator))
        let imported = invest.run(["journal", "import", JournalSpecs.statement.path, "--tz", "America/New_York"])
        XCTAssertEqual(imported.status, 0, imported.errors)
        return (emulator, invest)
    }

    /// The web app: the same account's document, read and written through Firestore's REST API.
    private struct WebApp {
        let emulator: ServicesEmulator
        let uid: String
        let idToken: String

        func document() throws -> [String: Any] {
            let answer = try emulator.request("GET", ServicesEmulator.firestorePath(project: JournalFirestoreSpecs.project, uid: uid),
                                              headers: ["Authorization": "Bearer \(idToken)"])
            return try XCTUnwrap(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        }

        func patch(_ fields: [String: Any], paths: [String]) throws -> Int {
            let mask = paths.map { "updateMask.fieldPaths=\($0)" }.joined(separator: "&")
            return try emulator.request("PATCH", ServicesEmulator.firestorePath(project: JournalFirestoreSpecs.project, uid: uid) + "?" + mask,
                                        body: ["fields": fields], headers: ["Authorization": "Bearer \(idToken)"]).status
        }
    }

    private func webApp(of invest: InvestDriver, on emulator: ServicesEmulator) throws -> WebApp {
        let session = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: invest.home.appendingPathComponent("session.json"))) as? [String: Any])
        return WebApp(emulator: emulator, uid: try XCTUnwrap(session["uid"] as? String), idToken: try XCTUnwrap(session["idToken"] as? String))
    }

    /// `tradeData` and `uploadedFiles` as the web app's upload of the example statement wrote them.
    private static func webAppUpload() throws -> [String: Any] {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("WebApp/thinkorswim-statement.upload.json")
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    }

    /// The web app's upload (`handleFileUpload`), on Firestore's REST values: its fills rebuilt
    /// from every earlier upload's list and then the new file's, each keyed as its
    /// `generateTransactionKey` keys one (the fields and the fill's place in its contract), so a
    /// fill listed twice is one; then `uploadedFiles` rewritten with the new file's name added.
    private static func webAppUploads(_ newGroups: [Any], named name: String, over files: [Any]) -> [String: Any] {
        func fields(_ value: Any?) -> [String: Any] { ((value as? [String: Any])?["mapValue"] as? [String: Any])?["fields"] as? [String: Any] ?? [:] }
        func values(_ value: Any?) -> [Any] { ((value as? [String: Any])?["arrayValue"] as? [String: Any])?["values"] as? [Any] ?? [] }
        func text(_ value: Any?) -> String {
            let value = value as? [String: Any]
            return value?["stringValue"] as? String ?? value?["integerValue"] as? String ?? (value?["doubleValue"] as? Double).map { "\($0)" } ?? ""
        }
        func list(_ items: [Any]) -> [String: Any] { ["arrayValue": ["values": items]] }
        var order: [String] = [], groups: [String: (trade: [String: Any], fills: [(key: String, value: Any)], refs: [String])] = [:]
        func add(_ trade: [String: Any], refs: [String]) {
            let key = ["Symbol", "Strike", "Expiration"].map { text(trade[$0]) }.joined(separator: "-")
            if groups[key] == nil { order.append(key); groups[key] = (trade.filter { $0.key != "Transactions" && $0.key != "fileRefs" }, [], []) }
            for (index, fill) in values(trade["Transactions"]).enumerated() {
                let fill = fields(fill), value: Any = ["mapValue": ["fields": fill]]
                let fillKey = (["Symbol", "Strike", "Expiration", "ExecTime", "Side", "Quantity", "Price", "PosEffect", "OrderType"].map { text(fill[$0]) } + [String(index)])
                    .joined(separator: "-")
                if let at = groups[key]!.fills.firstIndex(where: { $0.key == fillKey }) {
                    groups[key]!.fills[at].value = value
                } else {
                    groups[key]!.fills.append((fillKey, value))
                }
            }
            for ref in refs where !groups[key]!.refs.contains(ref) { groups[key]!.refs.append(ref) }
        }
        for file in files { for entry in values(fields(file)["trades"]) { add(fields(fields(entry)["trade"]), refs: values(fields(entry)["fileRefs"]).map(text)) } }
        for group in newGroups { add(fields(group), refs: [name]) }
        func trade(_ key: String) -> [String: Any] {
            ["mapValue": ["fields": groups[key]!.trade.merging(["Transactions": list(groups[key]!.fills.map(\.value))]) { $1 }]]
        }
        let names = files.map { text(fields($0)["name"]) } + [name]
        return ["tradeData": list(order.map(trade)),
                "uploadedFiles": list(names.map { file in
                    ["mapValue": ["fields": ["name": ["stringValue": file], "trades": list(order.filter { groups[$0]!.refs.contains(file) }.map { key in
                        ["mapValue": ["fields": ["trade": trade(key), "fileRefs": list(groups[key]!.refs.map { ["stringValue": $0] })]]]
                    })]]]
                })]
    }

    private func array(_ value: Any?) -> [Any]? {
        ((value as? [String: Any])?["arrayValue"] as? [String: Any])?["values"] as? [Any]
    }

    private func map(_ value: Any?) -> [String: Any]? {
        ((value as? [String: Any])?["mapValue"] as? [String: Any])?["fields"] as? [String: Any]
    }

    /// A value as canonical JSON text, to compare byte for byte.
    private func json(_ value: Any?) -> String? {
        value.flatMap { try? JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]) }.map { String(decoding: $0, as: UTF8.self) }
    }

    private func strings(_ value: Any?) -> [String]? {
        (((value as? [String: Any])?["arrayValue"] as? [String: Any])?["values"] as? [[String: Any]])?.compactMap { $0["stringValue"] as? String }
    }
}
