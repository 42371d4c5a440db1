import XCTest
import InvestCLITestSupport
import TestSupport

/// Every transaction belongs to one; reads combine them all unless
/// `--account` names one; an export carries each transaction's account back in.
final class AccountsSpecs: XCTestCase {
    func test_accounts_keepTheirOwnSharesAndCash_andEveryReadCombinesThemUnlessOneIsNamed() throws {
        let invest = makeInvestDriver()
        XCTAssertEqual(invest.run(["account", "add", "Stocks ISA", "--kind", "isa"]).status, 0)
        for add in [["add", "--type", "deposit", "--sum", "1000", "--date", "2024-01-02"],
                    ["--account", "stocks isa", "add", "--type", "deposit", "--sum", "500", "--date", "2024-01-02"],
                    ["--account", "Stocks ISA", "add", "--type", "buy", "--ticker", "AAPL", "--quantity", "2", "--sum", "400", "--date", "2024-01-03"]] {
            let run = invest.run(add)
            XCTAssertEqual(run.status, 0, run.errors)
        }

        let sellOutside = invest.run(["add", "--type", "sell", "--ticker", "AAPL", "--quantity", "1", "--sum", "200", "--date", "2024-01-04"])
        let overdraw = invest.run(["--account", "Stocks ISA", "add", "--type", "buy", "--ticker", "MSFT", "--quantity", "1", "--sum", "200", "--date", "2024-01-04"])
        let all = try invest.run(["cash", "--format", "json"]).jsonObject()
        let isa = try invest.run(["--account", "Stocks ISA", "cash", "--format", "json"]).jsonObject()
        let isaList = try invest.run(["list", "--account", "Stocks ISA", "--format", "json"]).jsonRows()
        let typo = invest.run(["--account", "Stocks ISB", "list"])

        XCTAssertEqual(sellOutside.status, 2, "the default account holds no AAPL")
        XCTAssertEqual(overdraw.status, 2, "the ISA's cash is 100: \(overdraw.errors)")
        XCTAssertEqual(all["balance"] as? String, "1100")
        XCTAssertEqual(isa["balance"] as? String, "100")
        XCTAssertEqual(isaList.map { $0["account"] as? String }, ["Stocks ISA", "Stocks ISA"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.errors.contains("there is no account named 'Stocks ISB'. Did you mean 'Stocks ISA'?"), typo.errors)
    }

    func test_whatAWritePrintsAsJSON_namesItsAccountsAsAListDoes() throws {
        let invest = makeInvestDriver()
        XCTAssertEqual(invest.run(["account", "add", "Stocks ISA"]).status, 0)
        XCTAssertEqual(invest.run(["account", "add", "SIPP"]).status, 0)

        let buy = try invest.run(["--account", "Stocks ISA", "add", "--type", "buy", "--ticker", "AAPL", "--quantity", "2", "--sum", "400",
                                  "--date", "2024-01-03", "--format", "json"]).jsonObject()
        let edit = try invest.run(["--account", "Stocks ISA", "edit", try XCTUnwrap(buy["id"] as? String), "--note", "first", "--format", "json"]).jsonObject()
        let transfer = try invest.run(["transfer", "--from", "Stocks ISA", "--to", "SIPP", "--ticker", "AAPL", "--quantity", "1",
                                       "--date", "2024-01-04", "--format", "json"]).jsonObject()

        XCTAssertEqual(buy["account"] as? String, "Stocks ISA")
        XCTAssertEqual(edit["account"] as? String, "Stocks ISA")
        XCTAssertEqual(transfer["account"] as? String, "Stocks ISA")
        XCTAssertEqual(transfer["to_account"] as? String, "SIPP")
    }

    func test_anExport_carriesEachTransactionsAccount_andAnImportNeedsTheAccountToExist() throws {
        let invest = makeInvestDriver()
        XCTAssertEqual(invest.run(["account", "add", "ISA", "--kind", "isa"]).status, 0)
        XCTAssertEqual(invest.run(["--account", "ISA", "add", "--type", "deposit", "--sum", "500", "--date", "2024-01-02"]).status, 0)
        XCTAssertEqual(invest.run(["add", "--type", "deposit", "--sum", "1000", "--date", "2024-01-02"]).status, 0)
        let exported = invest.run(["export"]).output
        let file = makeTemporaryDirectory().appendingPathComponent("export.csv")
        try Data(exported.utf8).write(to: file)

        let elsewhere = makeInvestDriver()
        let strict = elsewhere.run(["import", file.path, "--strict"])
        let withoutTheAccount = elsewhere.run(["import", file.path])
        let first = try elsewhere.run(["list", "--format", "json"]).jsonRows()
        XCTAssertEqual(elsewhere.run(["account", "add", "isa"]).status, 0)
        let imported = elsewhere.run(["import", file.path])
        let rows = try elsewhere.run(["list", "--format", "json"]).jsonRows()

        XCTAssertTrue(exported.hasPrefix("id,date,type,ticker,quantity,price,sum,account,note\n"), exported)
        XCTAssertEqual(strict.status, 2)
        XCTAssertTrue(strict.errors.contains("account: 'ISA' is not an account. Add it first: invest account add ISA"), strict.errors)
        XCTAssertEqual(withoutTheAccount.status, 0, withoutTheAccount.errors)
        XCTAssertTrue(withoutTheAccount.errors.contains("account: 'ISA' is not an account. Add it first: invest account add ISA"), withoutTheAccount.errors)
        XCTAssertEqual(first.map { "\($0["sum"] ?? "")" }, ["1000"], "the row in the default account is imported, the other named")
        XCTAssertEqual(imported.status, 0, imported.errors)
        XCTAssertEqual(Set(rows.map { "\($0["sum"] ?? "") \($0["account"] ?? "")" }), ["500 isa", "1000 default"])
    }

    func test_theCommandAnAccountsHintPrints_runsInAShellAsPrinted_whateverItsNameHolds() throws {
        let invest = makeInvestDriver()
        let name = #"Joe's "$HOME" `id`"#

        let added = invest.run(["account", "add", name])
        let hint = try XCTUnwrap(added.output.components(separatedBy: "Record into it with: ").last?.trimmingCharacters(in: .newlines))
        let command = hint.replacingOccurrences(of: "invest ", with: "printf '%s|' ").replacingOccurrences(of: " add …", with: "")
        let read = try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", command], environment: ["HOME": "/nowhere"])

        XCTAssertEqual(added.status, 0, added.errors)
        XCTAssertEqual(read.stdout, "--account|\(name)|", "\(hint) runs as it reads")
    }

    func test_aClosedAccount_keepsItsHistory_andTakesNoNewTransaction_andARenameMovesNothing() throws {
        let invest = makeInvestDriver()
        XCTAssertEqual(invest.run(["account", "add", "Old broker"]).status, 0)
        XCTAssertEqual(invest.run(["--account", "Old broker", "add", "--type", "deposit", "--sum", "50", "--date", "2024-01-02"]).status, 0)

        let renamed = invest.run(["account", "rename", "Old broker", "Gone broker"])
        let closed = invest.run(["account", "close", "gone broker"])
        let refused = invest.run(["--account", "Gone broker", "add", "--type", "deposit", "--sum", "1", "--date", "2024-01-03"])
        let accounts = try invest.run(["account", "list", "--format", "json"]).jsonRows()
        let cash = try invest.run(["--account", "Gone broker", "cash", "--format", "json"]).jsonObject()

        XCTAssertEqual(renamed.status, 0, renamed.errors)
        XCTAssertEqual(closed.status, 0, closed.errors)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.errors.contains("is closed"), refused.errors)
        XCTAssertEqual(accounts.map { "\($0["name"] ?? "") \($0["status"] ?? "")" }, ["default open", "Gone broker closed"])
        XCTAssertEqual(cash["balance"] as? String, "50")
    }

    func test_portfolioByAccount_showsEachAccountsHoldingsAndCash_addingUpToTheCombinedPortfolio() throws {
        let invest = makeInvestDriver()
        XCTAssertEqual(invest.run(["account", "add", "ISA", "--kind", "isa"]).status, 0)
        for add in [["add", "--type", "deposit", "--sum", "1000", "--date", "2024-01-02"],
                    ["add", "--type", "buy", "--ticker", "AAPL", "--quantity", "1", "--sum", "150", "--date", "2024-01-03"],
                    ["--account", "ISA", "add", "--type", "deposit", "--sum", "500", "--date", "2024-01-02"],
                    ["--account", "ISA", "add", "--type", "buy", "--ticker", "AAPL", "--quantity", "2", "--sum", "400", "--date", "2024-01-03"]] {
            let run = invest.run(add)
            XCTAssertEqual(run.status, 0, run.errors)
        }

        let byAccount = try invest.run(["portfolio", "--by", "account", "--format", "json"]).jsonObject()
        let combined = try invest.run(["portfolio", "--format", "json"]).jsonObject()
        let table = invest.run(["portfolio", "--by", "account"])

        let accounts = try XCTUnwrap(byAccount["accounts"] as? [[String: Any]])
        let totals = accounts.map { $0["totals"] as? [String: Any] ?? [:] }
        XCTAssertEqual(accounts.map { $0["account"] as? String }, ["default", "ISA"])
        XCTAssertEqual(totals.map { $0["cash"] as? String }, ["850", "100"])
        XCTAssertEqual(totals.map { $0["costBasis"] as? String }, ["150", "400"])
        let combinedTotals = try XCTUnwrap(combined["totals"] as? [String: Any])
        XCTAssertEqual(combinedTotals["costBasis"] as? String, "550")
        XCTAssertEqual(combinedTotals["cash"] as? String, "950")
        // Sample prices: AAPL at 174.26, so 174.26 and 348.52, 522.78 in all.
        XCTAssertEqual(totals.map { $0["value"] as? String }, ["174.26", "348.52"])
        XCTAssertEqual(combinedTotals["value"] as? String, "522.78")
        XCTAssertTrue(table.output.contains("Account: default") && table.output.contains("Account: ISA"), table.output)
    }
}
