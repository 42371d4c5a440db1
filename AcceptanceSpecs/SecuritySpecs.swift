import XCTest
import Firebase
import Ledger
import Networking
import URLSessionHTTP
import Transactions
import InvestCLITestSupport
import TestSupport
import TransactionsTestSupport

/// Every user's transactions are theirs alone, and no secret ever reaches the screen.
final class SecuritySpecs: XCTestCase {
    /// A FIFO where the log or the settings file belongs once blocked every
    /// command for ever.
    func test_aFIFOInPlaceOfTheLogOrTheSettings_neverBlocks_andTheLogIsRefusedSayingWhy() throws {
        let invest = makeInvestDriver()
        invest.add(["buy AAPL 1 100 2024-01-02"])
        try FileManager.default.moveItem(at: invest.logURL, to: invest.home.appendingPathComponent("saved.log"))
        XCTAssertEqual(mkfifo(invest.logURL.path, 0o600), 0)
        let settings = invest.home.appendingPathComponent(".config/investments")
        try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(settings.appendingPathComponent("config").path, 0o600), 0)

        let list = invest.run(["list"])
        let add = invest.run(["add", "--type", "deposit", "--sum", "5"])

        XCTAssertEqual(list.status, 1)
        XCTAssertTrue(list.errors.contains("transactions.log: it is not a regular file"), list.errors)
        XCTAssertEqual(add.status, 1, add.errors)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: invest.logURL.path)[.type] as? FileAttributeType, .typeUnknown,
                       "the FIFO is left as it was")
    }

    /// Figures too large to count once trapped (exit 132) the portfolio, the
    /// allocation and an add; they are refused where they come in, or shown as not countable.
    func test_figuresTooLargeToCount_neverCrashACommand_andASplitPastTheLargestHoldingIsRefused() throws {
        let invest = makeInvestDriver()
        XCTAssertEqual(invest.run(["add", "--type", "buy", "--ticker", "FUND", "--quantity", "1000000000000", "--sum", "0.00000001",
                                   "--date", "2024-01-02"]).status, 0)
        XCTAssertEqual(invest.run(["price", "set", "FUND", "1000000000000"]).status, 0)

        let portfolio = invest.run(["portfolio", "--offline", "--format", "json"])
        let allocation = invest.run(["allocation", "--offline"])
        let split = invest.run(["add", "--type", "split", "--ticker", "FUND", "--ratio", "1000000:1", "--date", "2024-01-03"])

        XCTAssertEqual(portfolio.status, 0, portfolio.errors)
        XCTAssertTrue(portfolio.output.contains("\"profitPercent\": null"), "a percentage too large to count is left out: \(portfolio.output)")
        XCTAssertEqual(allocation.status, 0, allocation.errors)
        XCTAssertEqual(split.status, 2)
        XCTAssertTrue(split.errors.contains("more than the 1000000000000000 invest can value exactly"), split.errors)
        XCTAssertEqual(try invest.run(["list", "--format", "json"]).jsonRows().count, 1, "the split was not saved")
    }

    /// Twenty rows each holding a field of 8 MB once wrote 168 MB to stderr.
    func test_anImportOfHugeFields_namesEachProblemInAFewHundredCharacters_sayingTheFieldsLength() throws {
        let invest = makeInvestDriver()
        let huge = String(repeating: "x", count: 1_000_000)
        let file = invest.home.appendingPathComponent("huge.csv")
        try ("date,type,ticker,quantity,sum\n" + (0..<20).map { _ in "2024-01-02,buy,\(huge),1,100\n" }.joined()).write(to: file, atomically: true, encoding: .utf8)

        let run = invest.run(["import", file.path])

        XCTAssertEqual(run.status, 2)
        XCTAssertLessThan(run.errors.utf8.count, 20_000, String(run.errors.prefix(2_000)))
        XCTAssertTrue(run.errors.contains("huge.csv:2: ticker: '\(huge.prefix(200))…' (1,000,000 characters) must be"), String(run.errors.prefix(2_000)))
        XCTAssertEqual(try invest.run(["list", "--format", "json"]).jsonRows().count, 0)
    }

    /// A record its feature can't read (a close above the cap, a rating
    /// with a control character, left by an older release) stopped its commands, and the
    /// `invest delete` the message suggested could not remove it.
    func test_aRecordItsFeatureCantRead_isRemovedByTheDeleteTheMessageSuggests_andUndoWontPutItBack() throws {
        let invest = makeInvestDriver()
        XCTAssertEqual(invest.run(["add", "--type", "deposit", "--sum", "5", "--date", "2024-01-02"]).status, 0)
        let poisoned = "+\tclose-AAPL-19877\tclose\t1\t1719000000000\tclose=2000000000000\tdate=2024-06-03\tticker=AAPL\n"
            + "+\trating-poisoned\tjournal-rating\t1\t1719000000000\tkey=SPY\tmistakes=\trating=3\tsetups=OK\\x1b]0;t\n"
        let log = try FileHandle(forWritingTo: invest.logURL)
        try log.seekToEnd()
        try log.write(contentsOf: Data(poisoned.utf8))
        try log.close()

        let history = invest.run(["price", "history"])
        let tags = invest.run(["journal", "tags"])
        let deleteClose = invest.run(["delete", "close-AAPL-19877"])
        let deleteRating = invest.run(["delete", "rating-poisoned"])
        let readable = invest.run(["delete", "nosuchid"])

        XCTAssertEqual(history.status, 1)
        XCTAssertTrue(history.errors.contains("close-AAPL-19877") && history.errors.contains("invest delete"), history.errors)
        XCTAssertEqual(tags.status, 1, tags.output)
        XCTAssertEqual(deleteClose.status, 0, deleteClose.errors)
        XCTAssertTrue(deleteClose.output.hasPrefix("Deleted the close close-AAPL-19877, which could not be read"), deleteClose.output)
        XCTAssertEqual(deleteRating.status, 0, deleteRating.errors)
        XCTAssertEqual(invest.run(["price", "history"]).status, 0)
        XCTAssertEqual(invest.run(["journal", "tags"]).status, 0)
        XCTAssertEqual(readable.status, 2)
        XCTAssertTrue(readable.errors.contains("no transaction id starts with 'nosuchid'"), readable.errors)
        XCTAssertEqual(invest.run(["undo"]).status, 2, "undo checks what it would put back")
        XCTAssertEqual(invest.run(["journal", "tags"]).status, 0)
    }

    func test_givenTwoUsers_userBCanNeitherReadNorWriteUserAsTransactions_throughTheAdapter() throws {
        let emulator = try startEmulator()
        let (alice, bob) = try signUpAliceAndBob(on: emulator)
        let bobAsAlice = LedgerTransactionsStore(ledger: FirebaseLedgerStore(databaseURL: emulator.baseURL, client: URLSessionHTTPClient(timeout: 5)) {
            _ throws(StoreError) in RemoteCredentials(uid: alice.uid, idToken: bob.idToken)
        })

        XCTAssertThrowsError(try bobAsAlice.retrieveAll()) { XCTAssertEqual($0 as? TransactionsStoreError, .store(.permissionDenied)) }
        XCTAssertThrowsError(try bobAsAlice.upsert(makeTransaction(id: "planted"))) { XCTAssertEqual($0 as? TransactionsStoreError, .store(.permissionDenied)) }
        XCTAssertThrowsError(try bobAsAlice.delete(makeTransaction(id: "x"), deletedAt: Date())) {
            XCTAssertEqual($0 as? TransactionsStoreError, .store(.permissionDenied))
        }
    }

    func test_givenTwoUsers_userBCanNeitherReadNorWriteUserAsTransactions_throughTheEmulator() throws {
        let emulator = try startEmulator()
        let (alice, bob) = try signUpAliceAndBob(on: emulator)
        let alicesPath = "/users/\(alice.uid)/transactions"

        let read = try emulator.request("GET", "\(alicesPath).json?auth=\(bob.idToken)")
        let write = try emulator.request("PUT", "\(alicesPath)/planted.json?auth=\(bob.idToken)", body: ["updatedAt": 1])
        let withoutToken = try emulator.request("GET", "\(alicesPath).json")
        let everyone = try emulator.request("GET", "/users.json?auth=\(bob.idToken)")

        XCTAssertEqual(read.status, 403)
        XCTAssertEqual(String(decoding: read.body, as: UTF8.self), #"{"error": "Permission denied"}"#)
        XCTAssertEqual(write.status, 403)
        XCTAssertEqual(withoutToken.status, 401)
        XCTAssertEqual(everyone.status, 403)
        XCTAssertEqual(alice.driver.ids().count, 1)
        alice.driver.run(["sync"])
        XCTAssertEqual(alice.driver.ids().count, 1, "nothing was planted")
    }

    func test_givenAliceSyncedAndLoggedOut_whenBobSignsUpInTheSameHome_noneOfAlicesDataReachesBob() throws {
        let emulator = try startEmulator()
        let shared = makeInvestDriver(servicesFrom: emulator)
        XCTAssertEqual(shared.signUp("alice@example.com", password: "long enough").status, 0)
        XCTAssertEqual(shared.run(["add", "--type", "buy", "--ticker", "AAA", "--quantity", "1", "--sum", "10", "--date", "2024-01-02",
                                   "--note", "alice's private note"]).status, 0)
        XCTAssertEqual(shared.run(["sync"]).status, 0)
        XCTAssertEqual(shared.run(["logout"]).status, 0)

        let refusedWithoutATerminal = shared.run(["signup", "--email", "bob@example.com"])
        let bobAtATerminal = shared.run(["signup"], answers: ["bob@example.com", "y", "long enough", "long enough"], interactive: true)
        let bobsSync = shared.run(["sync"])

        XCTAssertEqual(refusedWithoutATerminal.status, 2)
        XCTAssertTrue(refusedWithoutATerminal.errors.contains("this data directory synced with alice@example.com"), refusedWithoutATerminal.errors)
        XCTAssertTrue(refusedWithoutATerminal.errors.contains("--home DIR"), refusedWithoutATerminal.errors)
        XCTAssertEqual(bobAtATerminal.status, 0, bobAtATerminal.errors)
        XCTAssertEqual(bobsSync.status, 1)
        XCTAssertTrue(bobsSync.errors.contains("would copy those records into bob@example.com"), bobsSync.errors)
        XCTAssertTrue(bobsSync.errors.contains("invest sync --merge"), bobsSync.errors)
        let bobsDevice = makeInvestDriver(servicesFrom: emulator)
        XCTAssertEqual(bobsDevice.logIn("bob@example.com", password: "long enough").status, 0)
        XCTAssertEqual(bobsDevice.run(["sync"]).status, 0)
        XCTAssertEqual(bobsDevice.ids(), [], "Bob's account holds nothing of Alice's")

        XCTAssertEqual(shared.run(["sync", "--merge"]).status, 0, "an explicit merge copies them on purpose")
        bobsDevice.run(["sync"])
        XCTAssertEqual(bobsDevice.ids().count, 1)
    }

    func test_givenASignedInUser_whenHeSignsUpAgain_heIsToldWhichSessionIsReplaced() throws {
        let emulator = try startEmulator()
        let invest = makeInvestDriver(servicesFrom: emulator)
        invest.signUp("first@example.com", password: "long enough")

        let second = invest.signUp("second@example.com", password: "long enough")

        XCTAssertEqual(second.status, 0)
        XCTAssertTrue(second.errors.contains("you were signed in as first@example.com; that session is replaced"), second.errors)
    }

    func test_noTokenOrPasswordEverAppearsInOutputOrErrors() throws {
        let emulator = try startEmulator()
        let invest = makeInvestDriver(servicesFrom: emulator)
        let password = "correct horse battery"
        var runs = [invest.signUp("secret@example.com", password: password), invest.run(["whoami", "--format", "json"])]
        invest.add(["buy AAA 1 10 2024-01-02"])
        runs += [invest.run(["sync"]), invest.logIn("secret@example.com", password: "wrong password")]
        try emulator.inject("500", for: "db")
        runs += [invest.run(["sync"]), invest.summary()]
        let session = try String(contentsOf: invest.home.appendingPathComponent("session.json"), encoding: .utf8)
        let tokens = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(session.utf8)) as? [String: Any])
        let secrets = [password, "wrong password", try XCTUnwrap(tokens["idToken"] as? String), try XCTUnwrap(tokens["refreshToken"] as? String)]

        XCTAssertEqual(runs.map(\.status), [0, 0, 0, 1, 1, 1], "sign-up, whoami and sync succeed; the wrong password and both runs against the failing store fail")
        XCTAssertTrue(runs[1].output.contains("secret@example.com"), runs[1].output)
        XCTAssertTrue(runs[2].output.contains("pushed 1"), runs[2].output)
        XCTAssertFalse(runs[3].errors.isEmpty || runs[4].errors.isEmpty || runs[5].errors.isEmpty, "each failure says why")
        for run in runs {
            for secret in secrets {
                XCTAssertFalse(run.output.contains(secret) || run.errors.contains(secret) || run.prompts.contains { $0.contains(secret) })
            }
        }
    }

    // MARK: - Helpers

    private struct Account {
        let driver: InvestDriver
        let uid: String
        let idToken: String
    }

    private func signUpAliceAndBob(on emulator: ServicesEmulator) throws -> (Account, Account) {
        func account(_ email: String) throws -> Account {
            let driver = makeInvestDriver(servicesFrom: emulator)
            XCTAssertEqual(driver.signUp(email, password: "long enough").status, 0)
            driver.add(["buy AAA 1 10 2024-01-02"])
            XCTAssertEqual(driver.run(["sync"]).status, 0)
            let session = try Data(contentsOf: driver.home.appendingPathComponent("session.json"))
            let fields = try XCTUnwrap(JSONSerialization.jsonObject(with: session) as? [String: Any])
            return Account(driver: driver, uid: try XCTUnwrap(fields["uid"] as? String), idToken: try XCTUnwrap(fields["idToken"] as? String))
        }
        return (try account("alice@example.com"), try account("bob@example.com"))
    }
}
