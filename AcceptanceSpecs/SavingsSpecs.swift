import XCTest
import InvestCLITestSupport
import TestSupport

/// Savings accounts tracked by value updates. Today, for every spec, is 2024-07-03
/// 09:46:40 UTC.
final class SavingsSpecs: XCTestCase {
    func test_creatingAnAccount_withAValue_makesItsFirstUpdate_andTheListShowsItWithTheTotal() throws {
        let invest = makeInvestDriver()

        let added = invest.run(["savings", "add", "Monzo Cash ISA", "--value", "18503", "--at", "2024-05-01 09:00"])
        let empty = invest.run(["savings", "add", "HL GSIPP"])
        let list = invest.run(["savings"])
        let json = try invest.run(["savings", "--format", "json"]).jsonObject()

        XCTAssertEqual(added.status, 0, added.errors)
        XCTAssertEqual(added.output, "Added Monzo Cash ISA at £18,503.00 on 1 May 2024, 09:00.\n")
        XCTAssertEqual(empty.status, 0, empty.errors)
        XCTAssertEqual(list.output, """
        ACCOUNT              VALUE  UPDATED            STATUS
        HL GSIPP             £0.00  never              active
        Monzo Cash ISA  £18,503.00  1 May 2024, 09:00  active

        Total of 2 active accounts: £18,503.00

        """)
        XCTAssertEqual(json["total"] as? String, "18503")
        XCTAssertEqual(json["currency"] as? String, "£")
        let accounts = try XCTUnwrap(json["accounts"] as? [[String: Any]])
        XCTAssertEqual(accounts.map { $0["updatedAt"] as? String }, [nil, "2024-05-01T09:00:00Z"])
        XCTAssertEqual(accounts.map { $0["createdAt"] as? String }, ["2024-07-03T09:46:40Z", "2024-05-01T09:00:00Z"])
    }

    func test_accountNames_areUnique_ignoringCase_andAClashIsRefusedWithAClearError() {
        let invest = makeInvestDriver()
        invest.run(["savings", "add", "ISA"])

        let clash = invest.run(["savings", "add", "isa", "--value", "5"])
        let renameClash = { invest.run(["savings", "add", "Pension"]); return invest.run(["savings", "rename", "Pension", "ISA"]) }()

        XCTAssertEqual(clash.status, 2)
        XCTAssertEqual(clash.errors, "invest: an account called 'isa' already exists (names ignore case); choose another name.\n")
        XCTAssertEqual(renameClash.status, 2)
        XCTAssertEqual(invest.run(["savings", "--format", "csv"]).output.split(separator: "\n").count, 3, "header and two accounts")
    }

    func test_updatesEnteredOutOfOrder_theCurrentValueIsTheLatestByDate_notTheLastEntered() throws {
        let invest = makeInvestDriver()
        invest.run(["savings", "add", "ISA", "--value", "100", "--at", "2024-01-01 10:00"])
        invest.run(["savings", "update", "ISA", "300", "--at", "2024-06-01 10:00"])

        let late = invest.run(["savings", "update", "isa", "£1,200.50", "--at", "2024-03-01 10:00"])
        let history = invest.run(["savings", "history", "ISA"])

        XCTAssertEqual(late.status, 0, late.errors)
        XCTAssertTrue(late.output.hasPrefix("Recorded £1,200.50 for ISA on 1 Mar 2024, 10:00 (id "), late.output)
        XCTAssertTrue(late.output.hasSuffix("It is now worth £300.00.\n"), late.output)
        XCTAssertEqual(try invest.run(["savings", "--format", "json"]).jsonObject()["total"] as? String, "300")
        XCTAssertEqual(history.output.split(separator: "\n").dropFirst().map { String($0.dropFirst(10)) },
                       ["1 Jun 2024, 10:00    £300.00", "1 Mar 2024, 10:00  £1,200.50", "1 Jan 2024, 10:00    £100.00"],
                       "newest first, formatted like \"27 Jul 2025, 14:30\"")
    }

    func test_timesAreTypedAndShownInLocalTime_andStoredInUTC() throws {
        let invest = makeInvestDriver()
        invest.timeZone = TimeZone(identifier: "Europe/London")!

        invest.run(["savings", "add", "ISA", "--value", "1", "--at", "2024-06-30 14:30"])

        XCTAssertTrue(invest.run(["savings"]).output.contains("30 Jun 2024, 14:30"))
        XCTAssertEqual(invest.run(["savings", "export"]).output, "account,timestamp,value,closed\nISA,2024-06-30T13:30:00Z,1,\n", "BST is UTC+1")
    }

    func test_correctingAndDeletingAnUpdate_recalculatesTheCurrentValue() throws {
        let invest = makeInvestDriver()
        invest.run(["savings", "add", "ISA", "--value", "100", "--at", "2024-01-01 10:00"])
        let latest = try invest.run(["savings", "update", "ISA", "300", "--at", "2024-06-01 10:00", "--format", "json"]).jsonObject()
        let id = try XCTUnwrap(latest["id"] as? String)

        let edited = invest.run(["savings", "update-edit", String(id.prefix(8)), "--value", "250"])
        let afterEdit = try invest.run(["savings", "--format", "json"]).jsonObject()["total"] as? String
        let deleted = invest.run(["savings", "update-delete", String(id.prefix(8))])
        let afterDelete = try invest.run(["savings", "--format", "json"]).jsonObject()["total"] as? String

        XCTAssertEqual(edited.status, 0, edited.errors)
        XCTAssertEqual(afterEdit, "250")
        XCTAssertEqual(deleted.status, 0, deleted.errors)
        XCTAssertEqual(afterDelete, "100")
    }

    func test_closingAnAccount_keepsItsHistory_butLeavesTheTotal_andReopenBringsItBack() throws {
        let invest = makeInvestDriver()
        invest.run(["savings", "add", "ISA", "--value", "100", "--at", "2024-01-01 10:00"])
        invest.run(["savings", "add", "Pension", "--value", "50", "--at", "2024-01-01 10:00"])

        let close = invest.run(["savings", "close", "ISA", "--at", "2024-06-01 00:00"])
        let list = invest.run(["savings"])
        let history = invest.run(["savings", "history", "ISA", "--format", "json"])
        let updateClosed = invest.run(["savings", "update", "ISA", "5"])
        invest.run(["savings", "reopen", "ISA"])

        XCTAssertEqual(close.status, 0, close.errors)
        XCTAssertTrue(list.output.contains("ISA      £100.00  1 Jan 2024, 10:00  closed"), list.output)
        XCTAssertTrue(list.output.hasSuffix("Total of 1 active account: £50.00\n"), list.output)
        XCTAssertEqual(try history.jsonRows().count, 1, "history kept")
        XCTAssertEqual(updateClosed.status, 2)
        XCTAssertEqual(updateClosed.errors, "invest: 'ISA' is closed; reopen it first: invest savings reopen ISA\n")
        XCTAssertEqual(try invest.run(["savings", "--format", "json"]).jsonObject()["total"] as? String, "150")
    }

    func test_deletingAnAccount_removesItAndEveryUpdate_afterConfirmingAtATerminal() throws {
        let invest = makeInvestDriver()
        invest.run(["savings", "add", "ISA", "--value", "100", "--at", "2024-01-01 10:00"])
        invest.run(["savings", "update", "ISA", "200", "--at", "2024-02-01 10:00"])
        invest.run(["savings", "add", "Pension", "--value", "50", "--at", "2024-01-01 10:00"])

        let declined = invest.run(["savings", "delete", "ISA"], answers: ["n"], interactive: true)
        let confirmed = invest.run(["savings", "delete", "ISA"], answers: ["y"], interactive: true)

        XCTAssertEqual(declined.prompts, ["Delete ISA and its 2 recorded values? This can't be undone by closing; 'invest undo' can revert it. [y/N] "])
        XCTAssertEqual(declined.errors, "Cancelled; nothing was deleted.\n")
        XCTAssertEqual(confirmed.output, "Deleted ISA and its 2 recorded values.\n")
        XCTAssertEqual(invest.run(["savings", "export"]).output, "account,timestamp,value,closed\nPension,2024-01-01T10:00:00Z,50,\n")
        XCTAssertEqual(invest.run(["savings", "history", "ISA"]).status, 2, "gone")
    }

    func test_theAccountChart_isItsUpdatesByDate_andThePortfolioChartIsBuiltIncrementally_bothToToday() throws {
        let invest = makeInvestDriver()
        invest.run(["savings", "add", "ISA", "--value", "100", "--at", "2024-01-01 10:00"])
        invest.run(["savings", "add", "Old", "--value", "40", "--at", "2024-02-01 10:00"])
        invest.run(["savings", "update", "ISA", "200", "--at", "2024-04-01 10:00"])
        invest.run(["savings", "update", "ISA", "150", "--at", "2024-03-01 10:00"])
        invest.run(["savings", "close", "Old", "--at", "2024-05-01 00:00"])

        let account = try invest.run(["savings", "chart", "ISA", "--format", "json"]).jsonRows()
        let portfolio = try invest.run(["savings", "chart", "--format", "json"]).jsonRows()
        let withClosed = invest.run(["savings", "chart", "--include-closed", "--format", "csv"]).output
        let terminal = invest.run(["savings", "chart"])

        XCTAssertEqual(account.map { $0["at"] as? String }, ["2024-01-01T10:00:00Z", "2024-03-01T10:00:00Z", "2024-04-01T10:00:00Z", "2024-07-03T09:46:40Z"])
        XCTAssertEqual(account.map { $0["value"] as? String }, ["100", "150", "200", "200"])
        XCTAssertEqual(account.map { $0["isChange"] as? Bool }, [true, true, true, false], "the last point only carries the line to today")
        XCTAssertEqual(portfolio.map { $0["value"] as? String }, ["100", "150", "200", "200"], "the closed account is left out")
        XCTAssertEqual(withClosed, """
        at,value,isChange
        2024-01-01T10:00:00Z,100,true
        2024-02-01T10:00:00Z,140,true
        2024-03-01T10:00:00Z,190,true
        2024-04-01T10:00:00Z,240,true
        2024-05-01T00:00:00Z,200,true
        2024-07-03T09:46:40Z,200,false

        """)
        XCTAssertEqual(terminal.status, 0, terminal.errors)
        XCTAssertTrue(terminal.output.hasPrefix("Savings (active accounts): £200.00, 1 Jan 2024 – 3 Jul 2024\n£200 │"), terminal.output)
        XCTAssertTrue(terminal.output.contains("●"), "points mark the portfolio's changes")
        XCTAssertTrue(terminal.output.contains("£0 │"), terminal.output)
    }

    func test_theSVGChart_drawsEveryPoint_whereItsDateAndValueSay() throws {
        let invest = makeInvestDriver()
        invest.run(["savings", "add", "ISA", "--value", "100", "--at", "2024-01-01 00:00"])
        invest.run(["savings", "update", "ISA", "400", "--at", "2024-04-01 00:00"])
        let file = invest.home.appendingPathComponent("isa.svg")

        let run = invest.run(["savings", "chart", "--svg", file.path])

        XCTAssertEqual(run.status, 0, run.errors)
        let svg = try String(contentsOf: file, encoding: .utf8)
        let polyline = try XCTUnwrap(svg.range(of: "<polyline class=\"line\" points=\"").map { svg[$0.upperBound...].prefix { $0 != "\"" } })
        let points = polyline.split(separator: " ").map { $0.split(separator: ",").map { Int($0)! } }
        // 80 px of margin on the left, then 700 px from 1 January to today (3 July, 09:46:40);
        // 240 px for £0–£400 below a 40 px top margin, so £100 is at y = 280 − 60 and £400 at 40.
        let april = 80 + Int(Int64(1_711_929_600 - 1_704_067_200) * 700 / Int64(1_720_000_000 - 1_704_067_200))
        XCTAssertEqual(points, [[80, 220], [april, 220], [april, 40], [780, 40]])
        XCTAssertTrue(svg.contains("linearGradient"))
        XCTAssertEqual(svg.components(separatedBy: "<circle").count - 1, 2, "a dot at each change, none at today")
        XCTAssertTrue(svg.contains(">£400<"), "values labelled as money")
    }

    func test_money_isShownWithThePoundSignByDefault_andTheSymbolIsConfigurable() throws {
        let invest = makeInvestDriver()
        invest.run(["savings", "add", "Pension", "--value", "1234567.891", "--at", "2024-01-01 10:00"])
        invest.run(["savings", "add", "Pension", "--value", "1234567.89", "--at", "2024-01-01 10:00"])

        let pounds = invest.run(["savings"])
        invest.run(["config", "set", "INVEST_CURRENCY", "€"])
        let euros = invest.run(["savings"])
        let axis = invest.run(["savings", "chart", "Pension"]).output

        XCTAssertTrue(pounds.output.contains("£1,234,567.89"), pounds.output)
        XCTAssertTrue(euros.output.contains("€1,234,567.89"), euros.output)
        XCTAssertTrue(axis.contains("€1.2M │") && axis.contains("€617k │") && axis.contains("€0 │"), axis)
    }

    /// The net worth counts savings in the base currency, so a base chosen shows them in its sign.
    func test_aBaseCurrencyChosen_showsSavingsInItsSign_unlessASymbolIsSet() throws {
        let invest = makeInvestDriver()
        invest.run(["savings", "add", "Pension", "--value", "1234.5", "--at", "2024-01-01 10:00"])

        invest.run(["config", "set", "INVEST_BASE_CURRENCY", "USD"])
        let dollars = invest.run(["savings"]).output
        invest.run(["config", "set", "INVEST_BASE_CURRENCY", "CHF"])
        let francs = invest.run(["savings"]).output
        let update = invest.run(["savings", "update", "Pension", "CHF 1,300"])
        invest.run(["config", "set", "INVEST_CURRENCY", "£"])
        let pounds = invest.run(["savings"]).output

        XCTAssertTrue(dollars.contains("$1,234.50"), dollars)
        XCTAssertTrue(francs.contains("CHF 1,234.50"), francs)
        XCTAssertEqual(update.status, 0, update.errors)
        XCTAssertTrue(pounds.contains("£1,300.00"), pounds)
    }

    func test_exportAndImport_roundTripAsCSV_allOrNothing_withLineNumbers() throws {
        let invest = makeInvestDriver()
        invest.run(["savings", "add", "ISA", "--value", "100", "--at", "2024-01-01 10:00"])
        invest.run(["savings", "update", "ISA", "150.25", "--at", "2024-02-01 10:00"])
        let export = invest.run(["savings", "export"]).output
        let other = makeInvestDriver()
        let bad = other.home.appendingPathComponent("bad.csv")
        try "account,timestamp,value\nISA,2024-01-01 10:00,1\n,2024-01-02 10:00,1\nISA,yesterday,1\nISA,2024-01-03 10:00,-4\n".write(to: bad, atomically: true, encoding: .utf8)

        let refused = other.run(["savings", "import", bad.path])
        let imported = other.run(["savings", "import", "-"], stdin: Data(export.utf8))
        let again = other.run(["savings", "import", "-"], stdin: Data(export.utf8))

        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.errors, """
        invest: nothing was imported from \(bad.path): 3 problems to fix, then run again:
          \(bad.path):3: '' is not a valid account name: use 1–100 characters, with no control characters.
          \(bad.path):4: timestamp 'yesterday' is not a time; use "YYYY-MM-DD HH:MM" (your local time), YYYY-MM-DD (its start) or now.
          \(bad.path):5: -4 is not a valid value: use an amount from 0 to £1,000,000,000,000.00, with at most two decimal places.

        """)
        XCTAssertEqual(imported.output, "Imported 2 values from standard input, creating ISA.\n")
        XCTAssertEqual(again.output, "Imported 0 values from standard input; 2 rows already recorded were skipped.\n")
        XCTAssertEqual(other.run(["savings", "export"]).output, export)
    }

    /// An export imported into the same home failed on a closed account, and
    /// into a fresh one brought the closed account back active, adding it to the total.
    func test_exportAndImport_ofAClosedAccount_roundTrip_inTheSameHomeAndAFreshOne() throws {
        let invest = makeInvestDriver()
        invest.run(["savings", "add", "ISA", "--value", "100", "--at", "2024-01-01 10:00"])
        invest.run(["savings", "add", "Old ISA", "--value", "1000", "--at", "2024-01-01 10:00"])
        XCTAssertEqual(invest.run(["savings", "close", "Old ISA", "--at", "2024-03-01 10:00"]).status, 0)
        let export = invest.run(["savings", "export"]).output
        let fresh = makeInvestDriver()

        let same = invest.run(["savings", "import", "-"], stdin: Data(export.utf8))
        let imported = fresh.run(["savings", "import", "-"], stdin: Data(export.utf8))

        XCTAssertTrue(export.contains("Old ISA,2024-01-01T10:00:00Z,1000,2024-03-01T10:00:00Z"), export)
        XCTAssertEqual(same.status, 0, same.errors)
        XCTAssertEqual(same.output, "Imported 0 values from standard input; 2 rows already recorded were skipped.\n")
        XCTAssertEqual(imported.status, 0, imported.errors)
        XCTAssertEqual(try fresh.run(["savings", "--format", "json"]).jsonObject()["total"] as? String,
                       try invest.run(["savings", "--format", "json"]).jsonObject()["total"] as? String, "the closed account stays out of the total")
        XCTAssertEqual(fresh.run(["savings", "export"]).output, export)
    }

    /// The third sample set, worked by hand for today (3 July 2024): the accounts opened on
    /// 3 January; account 1 gained £100 on 1 Feb … 1 Jul (six: £600), account 2 on 15 Feb …
    /// 15 Jun (five: £500; 15 July is still to come). Together £1,100.
    func test_theDemo_loadsSeedSet3_andItsTotalsMatchTheHandWorkedFigures() {
        let invest = makeInvestDriver()

        let demo = invest.run(["savings", "demo"])

        XCTAssertEqual(demo.status, 0, demo.errors)
        XCTAssertTrue(demo.output.contains("Account 1 (1st of month)   £600.00  1 Jul 2024, 10:00   active"), demo.output)
        XCTAssertTrue(demo.output.contains("Account 2 (15th of month)  £500.00  15 Jun 2024, 14:00  active"), demo.output)
        XCTAssertTrue(demo.output.contains("Total of 2 active accounts: £1,100.00"), demo.output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: invest.logURL.path), "the demo's home is a throwaway")
    }

    func test_sync_leavesSavingsOnThisMachine_unlessTheUserOptsIn() throws {
        let emulator = try startEmulator()
        let laptop = makeInvestDriver(servicesFrom: emulator), desktop = makeInvestDriver(servicesFrom: emulator)
        XCTAssertEqual(laptop.signUp("saver@example.com", password: "long enough").status, 0)
        XCTAssertEqual(desktop.logIn("saver@example.com", password: "long enough").status, 0)
        laptop.run(["savings", "add", "ISA", "--value", "100", "--at", "2024-01-01 10:00"])
        laptop.add(["buy AAA 1 10 2024-01-02"])

        let privateSync = laptop.run(["sync"])
        desktop.run(["sync"])
        let desktopBefore = desktop.run(["savings", "--format", "csv"]).output
        laptop.environment["INVEST_SYNC_SAVINGS"] = "yes"
        desktop.environment["INVEST_SYNC_SAVINGS"] = "yes"
        let optedIn = laptop.run(["sync"])
        desktop.run(["sync"])

        XCTAssertEqual(privateSync.output, "Synced with saver@example.com: pushed 1, pulled 0, 0 conflicts (newest edit kept).\n", "the buy only")
        XCTAssertEqual(desktopBefore, "name,value,updatedAt,status,id,createdAt,closedAt\n")
        XCTAssertEqual(optedIn.output, "Synced with saver@example.com: pushed 2, pulled 0, 0 conflicts (newest edit kept).\n")
        XCTAssertEqual(try desktop.run(["savings", "--format", "json"]).jsonObject()["total"] as? String, "100")
    }
}
