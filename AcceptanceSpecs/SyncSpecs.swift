import XCTest
import InvestCLITestSupport
import TestSupport

/// Sync: two devices of one account, last write wins per transaction.
final class SyncSpecs: XCTestCase {
    func test_givenTwoClients_whenOneEditsAndBothSync_theEditIsVisibleOnTheOther() throws {
        let (laptop, desktop) = try makeTwoClientsOfOneAccount()
        laptop.add(["buy AAA 1 10 2024-01-02"])
        XCTAssertEqual(laptop.run(["sync"]).output, "Synced with investor@example.com: pushed 1, pulled 0, 0 conflicts (newest edit kept).\n")
        XCTAssertEqual(desktop.run(["sync"]).output, "Synced with investor@example.com: pushed 0, pulled 1, 0 conflicts (newest edit kept).\n")

        laptop.now += 60
        XCTAssertEqual(laptop.run(["edit", laptop.ids()[0], "--quantity", "4", "--note", "doubled down"]).status, 0)
        laptop.run(["sync"])
        desktop.run(["sync"])

        let row = desktop.run(["list", "--format", "csv"]).output
        XCTAssertTrue(row.contains(",4,") && row.contains("doubled down"), row)
    }

    func test_givenBothClientsEditTheSameTransaction_whenBothSync_theNewerEditWins() throws {
        let (laptop, desktop) = try makeTwoClientsOfOneAccount()
        let id = shareOneTransaction("buy AAA 1 10 2024-01-02", from: laptop, to: desktop)

        desktop.now += 120
        desktop.run(["edit", id, "--note", "newer, from the desktop"])
        laptop.now += 60
        laptop.run(["edit", id, "--note", "older, from the laptop"])
        let first = desktop.run(["sync"])
        let second = laptop.run(["sync"])
        desktop.run(["sync"])

        XCTAssertEqual(first.output, "Synced with investor@example.com: pushed 1, pulled 0, 0 conflicts (newest edit kept).\n")
        XCTAssertEqual(second.output, "Synced with investor@example.com: pushed 0, pulled 1, 1 conflict (newest edit kept).\n")
        for client in [laptop, desktop] {
            XCTAssertTrue(client.run(["list", "--format", "csv"]).output.contains("newer, from the desktop"))
        }
    }

    func test_givenAConflict_whenBothSync_itIsNamedWithWhatChanged_andTheLosingVersionIsRetrievable() throws {
        let (laptop, desktop) = try makeTwoClientsOfOneAccount()
        let id = shareOneTransaction("buy AAA 1 10 2024-01-02", from: laptop, to: desktop)
        desktop.now += 120
        desktop.run(["edit", id, "--note", "newer, from the desktop"])
        laptop.now += 60
        laptop.run(["edit", id, "--quantity", "2", "--note", "older, from the laptop"])
        desktop.run(["sync"])

        let laptopSync = laptop.run(["sync"])
        let conflicts = laptop.run(["sync", "--conflicts", "--format", "csv"])

        XCTAssertTrue(laptopSync.errors.contains("conflict: buy \(id) changed on both sides (note, quantity); kept the other device's newer version"),
                      laptopSync.errors)
        XCTAssertEqual(conflicts.status, 0, conflicts.errors)
        XCTAssertTrue(conflicts.output.contains(",\(id),buy,another device's,note quantity,\"date=2024-01-02"), "the desktop's version was kept: \(conflicts.output)")
        XCTAssertTrue(conflicts.output.contains("note=older, from the laptop; quantity=2"), "the losing version is kept as it was: \(conflicts.output)")
        let json = try XCTUnwrap(try laptop.run(["sync", "--conflicts", "--format", "json"]).jsonRows().first)
        XCTAssertEqual(json["changed"] as? [String], ["note", "quantity"])
        XCTAssertEqual((json["losing"] as? [String: Any])?["note"] as? String, "older, from the laptop", "the losing version's fields, as an object")
        laptop.run(["sync"])
        desktop.run(["sync"])
        XCTAssertTrue(desktop.run(["sync", "--conflicts"]).output.contains("older, from the laptop"), "and it syncs like any record")
    }

    func test_givenTwoClients_whenOneDeletesAndBothSync_theDeleteReachesTheOther() throws {
        let (laptop, desktop) = try makeTwoClientsOfOneAccount()
        laptop.add(["buy AAA 1 10 2024-01-02", "buy BBB 1 10 2024-01-03"])
        laptop.run(["sync"])
        desktop.run(["sync"])
        XCTAssertEqual(desktop.ids().count, 2)

        laptop.now += 60
        XCTAssertEqual(laptop.run(["delete", laptop.ids()[0]]).status, 0)
        laptop.run(["sync"])
        desktop.run(["sync"])

        XCTAssertEqual(desktop.ids(), laptop.ids())
        XCTAssertEqual(desktop.ids().count, 1)
    }

    func test_givenASyncedClient_whenItSyncsAgain_nothingChanges() throws {
        let (laptop, desktop) = try makeTwoClientsOfOneAccount()
        laptop.add(["buy AAA 1 10 2024-01-02", "buy BBB 1 10 2024-01-03"])
        desktop.add(["buy CCC 1 10 2024-01-04"])
        laptop.run(["sync"])
        desktop.run(["sync"])
        laptop.run(["sync"])
        let log = try Data(contentsOf: laptop.logURL)

        let again = laptop.run(["sync", "--format", "json"])

        let report = try again.jsonObject()
        XCTAssertEqual(report["pushed"] as? Int, 0)
        XCTAssertEqual(report["pulled"] as? Int, 0)
        XCTAssertEqual((report["conflicts"] as? [Any])?.count, 0)
        XCTAssertEqual(try Data(contentsOf: laptop.logURL), log, "a no-op sync writes nothing")
        XCTAssertEqual(Set(laptop.ids()), Set(desktop.ids()))
        XCTAssertEqual(laptop.ids().count, 3)
    }

    func test_givenAnInterruptedSync_whenItRunsAgain_nothingIsLost() throws {
        let emulator = try startEmulator()
        let (laptop, desktop) = try makeTwoClientsOfOneAccount(emulator)
        desktop.add(["buy CCC 1 10 2024-01-04"])
        desktop.run(["sync"])
        laptop.add(["buy AAA 1 10 2024-01-02", "buy BBB 1 10 2024-01-03"])
        try emulator.inject("drop", for: "db-write", times: 1)

        let interrupted = laptop.run(["sync"])
        XCTAssertEqual(laptop.ids().count, 2, "the push was cut off, so nothing was pulled either")
        let resumed = laptop.run(["sync"])
        desktop.run(["sync"])

        XCTAssertEqual(interrupted.status, 1)
        XCTAssertTrue(interrupted.errors.contains("Nothing was lost; run 'invest sync' again."), interrupted.errors)
        XCTAssertEqual(resumed.status, 0, resumed.errors)
        XCTAssertEqual(resumed.output, "Synced with investor@example.com: pushed 2, pulled 1, 0 conflicts (newest edit kept).\n")
        XCTAssertEqual(laptop.ids().count, 3)
        XCTAssertEqual(Set(desktop.ids()), Set(laptop.ids()), "both devices hold everything both wrote")
    }

    func test_givenAWriteTheServerAppliedButNeverAnswered_whenSyncRunsAgain_nothingIsLostOrDoubled() throws {
        let emulator = try startEmulator()
        let (laptop, desktop) = try makeTwoClientsOfOneAccount(emulator)
        laptop.add(["buy AAA 1 10 2024-01-02", "buy BBB 1 10 2024-01-03"])
        try emulator.inject("drop-after-write", for: "db-write", times: 1)

        XCTAssertEqual(laptop.run(["sync"]).status, 1)
        let resumed = laptop.run(["sync"])
        desktop.run(["sync"])

        XCTAssertEqual(resumed.status, 0, resumed.errors)
        XCTAssertEqual(resumed.output, "Synced with investor@example.com: pushed 0, pulled 0, 0 conflicts (newest edit kept).\n",
                       "the remote already holds exactly what was pushed")
        XCTAssertEqual(Set(desktop.ids()), Set(laptop.ids()))
        XCTAssertEqual(desktop.ids().count, 2)
    }

    func test_givenHostileRecordsInTheAccount_whenTheUserSyncs_eachIsRejectedByIDAndReason_andTheRestSyncs() throws {
        let emulator = try startEmulator()
        let invest = makeInvestDriver(servicesFrom: emulator)
        XCTAssertEqual(invest.signUp("investor@example.com", password: "long enough").status, 0)
        let session = try JSONSerialization.jsonObject(with: Data(contentsOf: invest.home.appendingPathComponent("session.json"))) as? [String: Any]
        let (uid, token) = (try XCTUnwrap(session?["uid"] as? String), try XCTUnwrap(session?["idToken"] as? String))
        func plant(_ id: String, _ fields: [String: Any]) throws {
            let record = fields.merging(["type": fields["type"] ?? "buy", "updatedAt": 1_719_000_000_000]) { $1 }
            XCTAssertEqual(try emulator.request("PUT", "/users/\(uid)/transactions/\(id).json?auth=\(token)", body: record).status, 200)
        }
        try plant("good", ["date": "2024-01-02", "ticker": "MSFT", "quantity": "10", "sum": "3000", "note": "fine\u{1B}[2J"])
        try plant("negative", ["date": "2024-01-02", "ticker": "AAPL", "quantity": "-5", "sum": "10"])
        try plant("oversell", ["type": "sell", "date": "2024-02-01", "ticker": "MSFT", "quantity": "1000", "sum": "10"])
        try plant("future", ["date": "2099-01-01", "ticker": "AAPL", "quantity": "1", "sum": "10"])
        try plant("lowercase", ["date": "2024-01-02", "ticker": "lowercase ticker!", "quantity": "1", "sum": "10"])
        try plant("escape", ["date": "2024-01-02", "ticker": "\u{1B}]0;pwned\u{07}", "quantity": "1", "sum": "10"])
        XCTAssertEqual(try emulator.request("PUT", "/users/\(uid)/transactions/overflow.json?auth=\(token)", body: [
            "type": "buy", "date": "2024-01-02", "ticker": "AAPL", "quantity": "1", "sum": "10", "updatedAt": Int64.max]).status, 200)

        let sync = invest.run(["sync"])

        XCTAssertEqual(sync.status, 1)
        for id in ["negative", "oversell", "future", "lowercase", "escape", "overflow"] { XCTAssertTrue(sync.errors.contains("\(id): "), "\(id): \(sync.errors)") }
        XCTAssertTrue(sync.errors.contains("6 entries in your account break the rules local input follows"), sync.errors)
        XCTAssertTrue(sync.errors.contains("selling 1000 MSFT on 2024-02-01 would leave a negative holding"), sync.errors)
        XCTAssertFalse(sync.errors.contains("\u{1B}"), "no escape sequence from the server reaches the terminal")
        XCTAssertEqual(invest.ids(), ["good"], "the good record synced; no bad one reached the store")
        let list = invest.run(["list"])
        XCTAssertFalse(list.output.contains("\u{1B}"), list.output)
        XCTAssertTrue(list.output.contains(#"fine\u{1b}[2J"#), list.output)
        XCTAssertEqual(invest.run(["portfolio"]).status, 0)
        for id in ["negative", "oversell", "future", "lowercase", "escape"] {
            XCTAssertEqual(try emulator.request("DELETE", "/users/\(uid)/transactions/\(id).json?auth=\(token)").status, 200)
        }
        let again = invest.run(["sync"])
        XCTAssertTrue(again.errors.contains("1 entry in your account breaks the rules local input follows and was not pulled"), again.errors)
    }

    func test_givenPlantedTransfersAndAccounts_whenTheUserSyncs_thoseThatBreakTheRulesAreRefused_andEveryAddStillWorks() throws {
        let emulator = try startEmulator()
        let invest = makeInvestDriver(servicesFrom: emulator)
        XCTAssertEqual(invest.signUp("investor@example.com", password: "long enough").status, 0)
        XCTAssertEqual(invest.run(["account", "add", "ISA"]).status, 0)
        XCTAssertEqual(invest.run(["add", "--type", "deposit", "--sum", "2000", "--date", "2024-01-01"]).status, 0)
        XCTAssertEqual(invest.run(["--account", "ISA", "add", "--type", "buy", "--ticker", "AAPL", "--quantity", "2", "--sum", "300", "--date", "2024-01-02"]).status, 0)
        XCTAssertEqual(invest.run(["add", "--type", "buy", "--ticker", "AAPL", "--quantity", "10", "--sum", "1500", "--date", "2024-01-02"]).status, 0)
        let isa = try XCTUnwrap(try invest.run(["account", "list", "--format", "json"]).jsonRows().first { $0["name"] as? String == "ISA" }?["id"] as? String)
        let session = try JSONSerialization.jsonObject(with: Data(contentsOf: invest.home.appendingPathComponent("session.json"))) as? [String: Any]
        let (uid, token) = (try XCTUnwrap(session?["uid"] as? String), try XCTUnwrap(session?["idToken"] as? String))
        func plant(_ id: String, _ kind: String, _ fields: [String: String]) throws {
            let record: [String: Any] = ["kind": kind, "schema": 1, "updatedAt": 1_719_000_000_000, "fields": fields]
            XCTAssertEqual(try emulator.request("PUT", "/users/\(uid)/ledger/\(id).json?auth=\(token)", body: record).status, 200)
        }
        try plant("too-many", "transfer", ["date": "2024-02-01", "ticker": "AAPL", "quantity": "5", "account": isa])
        try plant("nowhere", "transfer", ["date": "2024-02-01", "ticker": "AAPL", "quantity": "1", "toAccount": "account-gone"])
        try plant("five-thousand", "transfer", ["date": "2024-02-01", "sum": "5000", "toAccount": isa])
        try plant("account-dup", "account", ["kind": "isa", "name": "dup"])
        try plant("account-dup2", "account", ["kind": "isa", "name": "DUP"])

        let sync = invest.run(["sync"])
        let deposit = invest.run(["add", "--type", "deposit", "--sum", "1", "--date", "2024-03-01"])
        let byAccount = try invest.run(["portfolio", "--offline", "--by", "account", "--format", "json"]).jsonObject()

        XCTAssertEqual(sync.status, 1)
        for id in ["too-many", "nowhere", "five-thousand", "account-dup2"] { XCTAssertTrue(sync.errors.contains("\(id): "), "\(id): \(sync.errors)") }
        XCTAssertFalse(sync.errors.contains("account-dup: "), "the first of the two names is kept: \(sync.errors)")
        XCTAssertTrue(sync.errors.contains("transferring 5 AAPL on 2024-02-01 would leave a negative holding: 2 AAPL held"), sync.errors)
        XCTAssertEqual(deposit.status, 0, "an add is checked against what was kept: \(deposit.errors)")
        XCTAssertFalse("\(byAccount)".contains("-"), "no account holds less than nothing: \(byAccount)")
    }

    func test_givenARefusedRecordInTheAccount_theUserListsIt_andDeletesItByItsId_andTheNextSyncIsClean() throws {
        let emulator = try startEmulator()
        let invest = makeInvestDriver(servicesFrom: emulator)
        XCTAssertEqual(invest.signUp("investor@example.com", password: "long enough").status, 0)
        let session = try JSONSerialization.jsonObject(with: Data(contentsOf: invest.home.appendingPathComponent("session.json"))) as? [String: Any]
        let (uid, token) = (try XCTUnwrap(session?["uid"] as? String), try XCTUnwrap(session?["idToken"] as? String))
        let record: [String: Any] = ["kind": "sell", "schema": 1, "updatedAt": 1_719_000_000_000,
                                     "fields": ["date": "2024-02-01", "ticker": "AAPL", "quantity": "5", "sum": "900"]]
        XCTAssertEqual(try emulator.request("PUT", "/users/\(uid)/ledger/oversold.json?auth=\(token)", body: record).status, 200)

        let refusedSync = invest.run(["sync"])
        let listed = try invest.run(["sync", "--refused", "--format", "json"]).jsonRows()
        let deleted = invest.run(["delete", "oversold", "--yes"])
        let cleanSync = invest.run(["sync"])
        let listedAfter = invest.run(["sync", "--refused"])
        let remote = try emulator.request("GET", "/users/\(uid)/ledger/oversold.json?auth=\(token)")

        XCTAssertEqual(refusedSync.status, 1)
        XCTAssertTrue(refusedSync.errors.contains("'invest sync --refused' lists it"), refusedSync.errors)
        XCTAssertEqual(listed.map { $0["id"] as? String }, ["oversold"])
        XCTAssertEqual(listed.first?["kind"] as? String, "sell")
        XCTAssertTrue("\(listed.first?["reasons"] ?? "")".contains("negative holding"), "\(listed)")
        XCTAssertEqual(deleted.status, 0, deleted.errors)
        XCTAssertEqual(cleanSync.status, 0, cleanSync.errors)
        XCTAssertTrue(listedAfter.output.contains("Nothing refused"), listedAfter.output)
        let remoteText = String(decoding: remote.body, as: UTF8.self)
        XCTAssertFalse(remoteText.contains("\"900\""), "the account no longer holds it live: \(remoteText)")
        XCTAssertEqual(try invest.run(["list", "--format", "json"]).jsonRows().count, 0)
    }

    func test_givenOneDeviceSellsWhatAnotherDeletesTheBuyOf_whenBothSync_noDeviceShowsANegativeHoldingAndBothAreTold() throws {
        let (laptop, desktop) = try makeTwoClientsOfOneAccount()
        let buy = shareOneTransaction("buy AAPL 20 3000 2024-01-02", from: laptop, to: desktop)

        laptop.now += 60
        laptop.add(["sell AAPL 20 3600 2024-03-01"])
        desktop.now += 120
        XCTAssertEqual(desktop.run(["delete", buy]).status, 0)
        let laptopSync = laptop.run(["sync"])
        let desktopSync = desktop.run(["sync"])
        let laptopAgain = laptop.run(["sync"])

        XCTAssertEqual(laptopSync.status, 0, "the laptop's sell was pushed; nothing collided yet: \(laptopSync.errors)")
        XCTAssertEqual(desktopSync.status, 1)
        XCTAssertTrue(desktopSync.errors.contains("selling 20 AAPL on 2024-03-01 would leave a negative holding"), desktopSync.errors)
        XCTAssertEqual(laptopAgain.status, 1)
        XCTAssertTrue(laptopAgain.errors.contains("its deletion on another device would leave the sell"), laptopAgain.errors)
        XCTAssertTrue(laptopAgain.errors.contains("Delete or change that sell, or delete this buy again, then sync"), laptopAgain.errors)
        for device in [laptop, desktop] {
            let portfolio = device.run(["portfolio", "--format", "csv"]).output
            XCTAssertFalse(portfolio.contains(",-"), "no negative holding on either device: \(portfolio)")
        }
    }

    func test_givenSignedOutUser_whenHeUsesTheClient_everythingButSyncWorks() throws {
        let emulator = try startEmulator()
        let invest = makeInvestDriver(servicesFrom: emulator)

        invest.add(["buy AAPL 1 150 2024-01-02"])
        let sync = invest.run(["sync"])

        XCTAssertEqual(invest.run(["list"]).status, 0)
        XCTAssertEqual(invest.run(["portfolio"]).status, 0)
        XCTAssertEqual(sync.status, 1, "the account is configured but nobody is signed in")
        XCTAssertTrue(sync.errors.contains("not signed in"), sync.errors)
        XCTAssertTrue(sync.errors.contains("invest login"), sync.errors)
        XCTAssertEqual(try emulator.requestCounts()["db"] ?? 0, 0, "nothing remote is touched")
    }

    func test_givenBothClientsEditDifferentFieldsOfOneTransaction_whenBothSync_bothEditsSurvive() throws {
        let (laptop, desktop) = try makeTwoClientsOfOneAccount()
        let id = shareOneTransaction("buy AAA 1 10 2024-01-02", from: laptop, to: desktop)
        laptop.now = laptop.now.addingTimeInterval(3_600)
        desktop.now = desktop.now.addingTimeInterval(7_200)
        laptop.run(["edit", id, "--note", "long term"])
        desktop.run(["edit", id, "--quantity", "3", "--sum", "30"])

        laptop.run(["sync"])
        let second = desktop.run(["sync"])
        laptop.run(["sync"])

        XCTAssertTrue(second.output.contains("1 record edited on both devices in different fields (both edits kept)"), second.output)
        for device in [laptop, desktop] {
            let row = try XCTUnwrap(try device.run(["list", "--format", "json"]).jsonRows().first)
            XCTAssertEqual(row["note"] as? String, "long term")
            XCTAssertEqual(row["quantity"] as? String, "3")
            XCTAssertEqual(row["sum"] as? String, "30")
        }
        XCTAssertEqual(desktop.run(["sync", "--conflicts"]).output.contains("No conflicts"), true, "nothing was lost, so nothing is kept as a conflict")
    }

    func test_givenARecordTheDatabaseCantHold_whenTheUserSyncs_itIsNamedAndKeptBack_andTheRestSyncs() throws {
        let (laptop, desktop) = try makeTwoClientsOfOneAccount()
        laptop.add(["buy AAA 1 10 2024-01-02"])
        let handle = try FileHandle(forWritingTo: laptop.logURL)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("+\tdotted-1\tnotes\t1\t1720000000000\ta.b=x\n".utf8))
        try handle.close()

        let sync = laptop.run(["sync"])
        desktop.run(["sync"])

        XCTAssertEqual(sync.status, 1)
        XCTAssertTrue(sync.errors.contains("notes dotted-1: the field name 'a.b' can't be a database key"), sync.errors)
        XCTAssertTrue(sync.output.contains("pushed 1"), "the rest still syncs: \(sync.output)")
        XCTAssertEqual(desktop.ids().count, 1)
    }

    func test_givenASlowSyncDelayedBetweenItsReadAndItsWrites_whenAnotherDeviceWritesANewerEdit_noDevicePullsTheOlderVersion() throws {
        let emulator = try startEmulator()
        let (slow, fast) = try makeTwoClientsOfOneAccount(emulator)
        let third = makeInvestDriver(servicesFrom: emulator)
        XCTAssertEqual(third.logIn("investor@example.com", password: "long enough").status, 0)
        let id = shareOneTransaction("buy AAA 1 10 2024-01-02", from: slow, to: fast)
        third.run(["sync"])
        slow.now = slow.now.addingTimeInterval(3_600)
        fast.now = fast.now.addingTimeInterval(7_200)
        slow.run(["edit", id, "--note", "older edit"])
        fast.run(["edit", id, "--note", "newer edit"])
        try emulator.holdNextWrite()

        let slowSync = SyncInBackground(slow)
        try emulator.waitForAHeldWrite()
        XCTAssertEqual(fast.run(["sync"]).status, 0)
        try emulator.releaseHeldWrites()
        let slowResult = try XCTUnwrap(slowSync.wait(), "the slow sync never finished")
        third.run(["sync"])

        XCTAssertEqual(slowResult.status, 0, slowResult.errors)
        for device in [third, slow, fast] {
            XCTAssertEqual(try device.run(["list", "--format", "json"]).jsonRows().first?["note"] as? String, "newer edit",
                           "the older edit never overwrote the newer one")
        }
    }

    // MARK: - Helpers

    /// Adds one transaction on `laptop` and syncs it to `desktop`; returns its id.
    private func shareOneTransaction(_ line: String, from laptop: InvestDriver, to desktop: InvestDriver) -> String {
        laptop.add([line])
        laptop.run(["sync"])
        desktop.run(["sync"])
        return laptop.ids()[0]
    }

    private func makeTwoClientsOfOneAccount(_ emulator: ServicesEmulator? = nil) throws -> (InvestDriver, InvestDriver) {
        let emulator = try emulator ?? startEmulator()
        let laptop = makeInvestDriver(servicesFrom: emulator)
        let desktop = makeInvestDriver(servicesFrom: emulator)
        XCTAssertEqual(laptop.signUp("investor@example.com", password: "long enough").status, 0)
        XCTAssertEqual(desktop.logIn("investor@example.com", password: "long enough").status, 0)
        return (laptop, desktop)
    }
}

/// One device's `invest sync`, run on a thread of its own so another device can act meanwhile.
private final class SyncInBackground: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let driver: InvestDriver
    private var result: InvestRun?

    init(_ driver: InvestDriver) {
        self.driver = driver
        Thread { [self] in
            result = self.driver.run(["sync"])
            done.signal()
        }.start()
    }

    /// The sync's run, once it finished (up to 30 s); nil if it never did.
    func wait() -> InvestRun? {
        _ = done.wait(timeout: .now() + 30)
        return result
    }
}
