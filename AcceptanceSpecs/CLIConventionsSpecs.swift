import XCTest
import InvestCLITestSupport
import TestSupport

/// What people and scripts rely on. Output shapes are checked by parsing the JSON, as a
/// script would.
final class ScriptableOutputSpecs: XCTestCase {
    func test_portfolioJSON_isOneObjectWithHoldingsTotalsClosedPositionsUnpricedTickersAndPriceSources() throws {
        let emulator = try startEmulator()
        let invest = makeInvestDriver(servicesFrom: emulator)
        invest.add(["buy AAA 3 100.123 2024-01-02", "buy GONE 2 100 2024-01-02", "sell GONE 2 150 2024-02-01", "buy CCC 1 30 2024-01-07"])

        let run = invest.run(["portfolio", "--format", "json"])

        XCTAssertEqual(run.status, 0, run.errors)
        let document = try run.jsonObject()
        XCTAssertEqual(document["schemaVersion"] as? Int, 1)
        XCTAssertEqual(document["priceMode"] as? String, "live")
        let holdings = try XCTUnwrap(document["holdings"] as? [[String: Any]])
        let aaa = try XCTUnwrap(holdings.first { $0["ticker"] as? String == "AAA" })
        XCTAssertEqual(aaa["costBasis"] as? String, "100.123", "exact: rounding is for tables")
        XCTAssertEqual(aaa["priceSource"] as? String, "live")
        XCTAssertEqual(aaa["priceTime"] as? String, "2024-07-03T09:46:40Z")
        XCTAssertTrue(aaa["priceProblem"] is NSNull)
        let closed = try XCTUnwrap(document["closedPositions"] as? [[String: Any]])
        XCTAssertEqual(closed.first?["ticker"] as? String, "GONE")
        XCTAssertEqual(closed.first?["realizedProfit"] as? String, "50", "a sold-out ticker's realized profit appears")
        XCTAssertEqual(document["unpricedTickers"] as? [String], ["CCC"])
        let totals = try XCTUnwrap(document["totals"] as? [String: Any])
        XCTAssertEqual(totals["value"] as? String, "105")
        XCTAssertEqual(totals["costBasis"] as? String, "100.123")
        XCTAssertEqual(totals["realizedProfit"] as? String, "50")
        XCTAssertNotNil(totals["todayChange"] as? String)
        XCTAssertFalse(run.output.contains("%") || run.output.contains("\"+"), "plain values: \(run.output)")
    }

    func test_readCommandsJSON_carriesPlainValues_andSingleResultsAreObjects() throws {
        let invest = makeInvestDriver()
        invest.add(["buy AAPL 3 100.123 2024-01-02"])

        let list = try invest.run(["list", "--format", "json"]).jsonRows()
        let csv = invest.run(["list", "--format", "csv"]).output

        XCTAssertEqual(list.count, 1)
        XCTAssertTrue(list[0]["note"] is NSNull, "a missing value is null, not \"\"")
        XCTAssertEqual(list[0]["sum"] as? String, "100.123")
        XCTAssertEqual(list[0]["price"] as? String, "33.37433333")
        XCTAssertTrue(csv.hasPrefix("id,date,type,ticker,quantity,price,sum,note\n"), csv)
        let whoami = invest.run(["whoami", "--format", "json"])
        XCTAssertEqual(whoami.status, 1, "signed out")
        let quote = try invest.run(["quote", "AAPL", "--format", "json"]).jsonRows()
        XCTAssertEqual(quote.first?["priceSource"] as? String, "sample")
        XCTAssertEqual(quote.first?["priceTime"] as? String, "2024-07-03T09:46:40Z", "ISO 8601 UTC, not an age")
        XCTAssertEqual(quote.first?["direction"] as? String, "up")
        XCTAssertNotNil(quote.first?["changePercent"] as? String)
    }

    func test_list_takesALimitAndRelativeDates_andWarnsWhenFromIsAfterTo() throws {
        let invest = makeInvestDriver()
        invest.add(["buy AAPL 1 10 2024-06-01", "buy MSFT 1 10 2024-06-30", "buy NVDA 1 10 2024-07-02"])

        let newest = try invest.run(["list", "-n", "2", "--format", "json"]).jsonRows()
        let lastWeek = try invest.run(["list", "--from", "-7d", "--to", "yesterday", "--format", "json"]).jsonRows()
        let swapped = invest.run(["list", "--from", "today", "--to", "2024-01-01"])

        XCTAssertEqual(newest.compactMap { $0["ticker"] as? String }, ["NVDA", "MSFT"])
        XCTAssertEqual(lastWeek.compactMap { $0["ticker"] as? String }, ["NVDA", "MSFT"], "2024-06-26 to 2024-07-02")
        XCTAssertTrue(swapped.errors.contains("--from 2024-07-03 is after --to 2024-01-01"), swapped.errors)
        XCTAssertEqual(invest.run(["list", "-n", "0"]).status, 2)
    }

    func test_addEditAndDelete_withFormatJSON_printTheRecordSoAScriptGetsTheID() throws {
        let invest = makeInvestDriver()

        let added = invest.run(["add", "--type", "buy", "--ticker", "aapl", "--quantity", "2", "--sum", "300", "--date", "2024-01-02", "--format", "json"])
        let id = try XCTUnwrap(try added.jsonObject()["id"] as? String)
        let edited = invest.run(["edit", String(id.prefix(6)), "--note", "long term", "--format", "json"])
        let deleted = invest.run(["delete", id, "--yes", "--format", "json"])

        XCTAssertEqual(added.status, 0, added.errors)
        XCTAssertEqual(try added.jsonObject()["ticker"] as? String, "AAPL")
        XCTAssertEqual(try added.jsonObject()["price"] as? String, "150")
        XCTAssertEqual(try edited.jsonObject()["id"] as? String, id)
        XCTAssertEqual(try edited.jsonObject()["note"] as? String, "long term")
        XCTAssertEqual(try deleted.jsonObject()["id"] as? String, id)
        XCTAssertEqual(invest.ids(), [])
    }

    func test_portfolioOffline_withNothingCached_exits1SayingWhy() throws {
        let invest = makeInvestDriver()
        invest.add(["buy AAPL 1 150 2024-01-02"])

        let portfolio = invest.run(["portfolio", "--offline"])

        XCTAssertEqual(portfolio.status, 1)
        XCTAssertTrue(portfolio.errors.contains("no cached price for AAPL"), portfolio.errors)
    }

    func test_quote_warnsAboutSampleAndUnknownPricesAsPortfolioDoes() throws {
        let emulator = try startEmulator()
        let invest = makeInvestDriver(servicesFrom: emulator)

        let live = invest.run(["quote", "AAA", "NOPE"])
        invest.environment["FINNHUB_API_KEY"] = nil
        let sample = invest.run(["quote", "AAPL"])

        XCTAssertEqual(live.status, 0, "an unknown symbol is not a failure of the service")
        XCTAssertTrue(live.errors.contains("no price for NOPE: unknown symbol"), live.errors)
        XCTAssertTrue(sample.errors.contains("sample prices"), sample.errors)
    }
}

final class CommandLineConventionsSpecs: XCTestCase {
    func test_version_namesTheVersionAndBuild() {
        let run = makeInvestDriver().run(["--version"])

        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.output.hasPrefix("invest 0."), run.output)
        XCTAssertTrue(run.output.contains("Swift") && run.output.contains("schema 1"), run.output)
    }

    func test_help_isOnEveryCommandAsDashHAndAsHelpCommand() {
        let invest = makeInvestDriver()
        for command in ["add", "list", "edit", "delete", "import", "export", "portfolio", "quote", "sync", "whoami", "config", "completion", "price", "undo"] {
            let short = invest.run([command, "-h"])
            let long = invest.run(["help", command])
            XCTAssertEqual(short.status, 0, "\(command): \(short.errors)")
            XCTAssertTrue(short.output.contains("Usage: invest \(command)"), "\(command): \(short.output)")
            XCTAssertEqual(long.output, short.output, command)
        }
    }

    func test_badOptions_areNamedExactly_repeatedOnesRefused_andGlobalOnesSuggested() {
        let invest = makeInvestDriver()

        let short = invest.run(["list", "-f"])
        let repeated = invest.run(["add", "--type", "buy", "--ticker", "A", "--quantity", "1", "--sum", "1", "--type", "sell"])
        let global = invest.run(["--hme", "x", "list"])

        XCTAssertEqual(short.status, 2)
        XCTAssertTrue(short.errors.contains("unknown option '-f'"), short.errors)
        XCTAssertEqual(repeated.status, 2)
        XCTAssertTrue(repeated.errors.contains("option '--type' was given twice"), repeated.errors)
        XCTAssertEqual(invest.ids(), [], "nothing saved")
        XCTAssertTrue(global.errors.contains("Did you mean '--home'?"), global.errors)
    }

    func test_aHomeThatDoesNotExist_isWarnedAboutOnReads() {
        let invest = makeInvestDriver()
        let missing = invest.home.appendingPathComponent("typo").path

        let list = invest.run(["--home", missing, "list"])

        XCTAssertEqual(list.status, 0)
        XCTAssertTrue(list.errors.contains("\(missing) does not exist"), list.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing), "a read creates nothing")
    }

    func test_quietSilencesWarnings_andVerboseShowsEachRequestWithoutItsToken() throws {
        let emulator = try startEmulator()
        let invest = makeInvestDriver(servicesFrom: emulator)
        invest.add(["buy AAA 1 10 2024-01-02", "buy NOPE 1 10 2024-01-02"])

        let quiet = invest.run(["portfolio", "--quiet"])
        let verbose = invest.run(["--verbose", "quote", "BBB"])

        XCTAssertEqual(quiet.status, 0)
        XCTAssertEqual(quiet.errors, "")
        XCTAssertTrue(verbose.errors.contains("GET http://127.0.0.1"), verbose.errors)
        XCTAssertTrue(verbose.errors.contains("/quote → 200"), verbose.errors)
        XCTAssertFalse(verbose.errors.contains(ServicesEmulator.apiKey), "never a key or token: \(verbose.errors)")
    }
}

final class InteractivePromptsSpecs: XCTestCase {
    func test_interactiveAdd_checksEachAnswerAsItIsTyped_andAsksAgain() throws {
        let invest = makeInvestDriver()

        let add = invest.run(["add"], answers: ["hold", "buy", "aapl", "1x", "2", "-5", "300", "yesterday", "long term", "y"], interactive: true)

        XCTAssertEqual(add.status, 0, add.errors)
        XCTAssertEqual(add.prompts, ["Type (buy/sell/deposit/withdrawal/interest/dividend/fee/split/fx): ", "Type (buy/sell/deposit/withdrawal/interest/dividend/fee/split/fx): ", "Ticker: ", "Quantity: ", "Quantity: ", "Sum: ", "Sum: ",
                                     "Date [2024-07-03]: ", "Note (optional): ", "Save this transaction? [y/N] "])
        XCTAssertTrue(add.errors.contains("type: 'hold' is not one of: buy, sell, deposit, withdrawal, interest, dividend, fee, split, fx, transfer; try again."), add.errors)
        let saved = try invest.run(["list", "--format", "json"]).jsonRows()
        XCTAssertEqual(saved.first?["date"] as? String, "2024-07-02")
        XCTAssertEqual(saved.first?["note"] as? String, "long term")
    }

    func test_interactiveAdd_checksFlagsBeforeAnyPrompt() {
        let invest = makeInvestDriver()

        let add = invest.run(["add", "--quantity", "-5"], answers: ["buy"], interactive: true)

        XCTAssertEqual(add.status, 2)
        XCTAssertEqual(add.prompts, [], "a wrong flag is reported before anything is asked")
        XCTAssertTrue(add.errors.contains("quantity:"), add.errors)
    }

    func test_interactiveAdd_endOfInputCancelsAndSavesNothing() {
        let invest = makeInvestDriver()

        let add = invest.run(["add"], answers: ["buy", "AAPL"], interactive: true)

        XCTAssertEqual(add.status, 0)
        XCTAssertTrue(add.errors.contains("Cancelled; nothing was saved."), add.errors)
        XCTAssertEqual(invest.ids(), [])
    }

    func test_deleteAtATerminal_asksForConfirmation_andYesSkipsIt() {
        let invest = makeInvestDriver()
        invest.add(["buy AAPL 1 10 2024-01-02", "buy MSFT 1 10 2024-01-02"])
        let ids = invest.ids()

        let declined = invest.run(["delete", ids[0]], answers: ["n"], interactive: true)
        let confirmed = invest.run(["delete", ids[0]], answers: ["y"], interactive: true)
        let forced = invest.run(["delete", ids[1], "--yes"], interactive: true)

        XCTAssertTrue(declined.errors.contains("Cancelled; nothing was deleted."), declined.errors)
        XCTAssertEqual(confirmed.status, 0, confirmed.errors)
        XCTAssertEqual(forced.prompts, [])
        XCTAssertEqual(invest.ids(), [])
    }
}

final class ImportWithoutSurprisesSpecs: XCTestCase {
    func test_importingTheSameFileTwice_reportsAndSkipsTheDuplicates_evenInADryRun() throws {
        let invest = makeInvestDriver()
        let file = invest.home.appendingPathComponent("trades.csv")
        try Data("date,type,ticker,quantity,sum\n2024-01-02,buy,AAPL,1,150\n2024-01-03,buy,MSFT,2,600\n".utf8).write(to: file)
        XCTAssertEqual(invest.run(["import", file.path]).output, "Imported 2 transactions from \(file.path).\n")

        let dryRun = invest.run(["import", file.path, "--dry-run"])
        let again = invest.run(["import", file.path])
        let allowed = invest.run(["import", file.path, "--allow-duplicates"])

        XCTAssertTrue(dryRun.errors.contains("skipped 2 rows equal to a saved transaction (\(file.path):2, \(file.path):3)"), dryRun.errors)
        XCTAssertEqual(again.status, 0)
        XCTAssertEqual(again.output, "Imported 0 transactions from \(file.path).\n")
        XCTAssertEqual(allowed.output, "Imported 2 transactions from \(file.path).\n")
        XCTAssertEqual(invest.ids().count, 4)
    }

    func test_importFromStdin_withADash() {
        let invest = makeInvestDriver()

        let run = invest.run(["import", "-"], stdin: Data("date,type,ticker,quantity,sum\n2024-01-02,buy,AAPL,1,150\n".utf8))

        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.output, "Imported 1 transaction from stdin.\n")
    }

    func test_aBrokersCSV_isReadWithAColumnMapAndADateFormat() throws {
        let invest = makeInvestDriver()
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples/broker.csv")

        let run = invest.run(["import", example.path, "--map", "date=Trade Date,type=Action,ticker=Symbol,quantity=Shares,sum=Amount,note=Description",
                              "--date-format", "MM/DD/YYYY"])

        XCTAssertEqual(run.status, 0, run.errors)
        let rows = try invest.run(["list", "--format", "json"]).jsonRows()
        XCTAssertEqual(rows.count, 4)
        XCTAssertEqual(rows.last?["date"] as? String, "2024-01-15")
        XCTAssertEqual(rows.last?["ticker"] as? String, "AAPL")
    }

    func test_everyProblem_isReportedInOnePass_asFileLine_firstTwentyThenACount() throws {
        let invest = makeInvestDriver()
        let file = invest.home.appendingPathComponent("bad.csv")
        var text = "date,type,ticker,quantity,sum\n2024-01-02,buy,AAPL,1\n"
        for _ in 0..<25 { text += "2024-01-02,hold,AAPL,1,10\n" }
        try Data(text.utf8).write(to: file)

        let run = invest.run(["import", file.path, "--strict"])

        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.errors.contains("26 problems"), run.errors)
        XCTAssertTrue(run.errors.contains("\(file.path):2: expected 5 fields, found 4"), "the structural problem and the rows together: \(run.errors)")
        XCTAssertTrue(run.errors.contains("\(file.path):3: type:"), run.errors)
        XCTAssertTrue(run.errors.contains("…and 6 more"), run.errors)
        XCTAssertEqual(invest.ids(), [])
    }

    func test_aJSONFileThatIsNotAnExport_getsAJSONMessage() throws {
        let invest = makeInvestDriver()
        let file = invest.home.appendingPathComponent("portfolio.json")
        try Data(#"{"schemaVersion": 1, "holdings": []}"#.utf8).write(to: file)

        let run = invest.run(["import", file.path])

        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.errors.contains("is JSON but not an 'invest export --format json' file"), run.errors)
    }
}

final class SettingsAndShellSpecs: XCTestCase {
    /// Nonsense once saved with exit 0 and failed every later command.
    func test_configSet_refusesAValueTheSettingCannotTake_sayingWhatItTakes() {
        let invest = makeInvestDriver()

        let lifo = invest.run(["config", "set", "INVEST_COST_BASIS", "lifo"])
        let maybe = invest.run(["config", "set", "INVEST_SYNC_SAVINGS", "maybe"])
        let ftp = invest.run(["config", "set", "INVEST_QUOTES_URL", "ftp://quotes.example"])
        let spellings = ["true", "on", "1", "no"].map { invest.run(["config", "set", "INVEST_SYNC_SAVINGS", $0]).status }

        XCTAssertEqual([lifo.status, maybe.status, ftp.status], [2, 2, 2])
        XCTAssertTrue(lifo.errors.contains("INVEST_COST_BASIS 'lifo' is not one of average, fifo"), lifo.errors)
        XCTAssertTrue(maybe.errors.contains("is not yes or no"), maybe.errors)
        XCTAssertTrue(ftp.errors.contains("is not a https:// or http:// URL"), ftp.errors)
        XCTAssertEqual(spellings, [0, 0, 0, 0], "booleans take the usual spellings")
        XCTAssertEqual(invest.run(["config", "get", "INVEST_COST_BASIS"]).status, 1, "nothing was saved")
    }

    /// A key typed on the command line is visible to every user in `ps`.
    func test_configSet_ofASecretWithoutItsValue_asksWithoutEcho_orReadsStandardInput() throws {
        let invest = makeInvestDriver()

        let piped = invest.run(["config", "set", "FINNHUB_API_KEY"], stdin: Data("from-stdin-key\n".utf8))
        let fromPipe = invest.run(["config", "get", "FINNHUB_API_KEY"]).output
        let typed = invest.run(["config", "set", "INVEST_API_KEY"], answers: ["typed-key"], interactive: true)
        let fromPrompt = invest.run(["config", "get", "INVEST_API_KEY"]).output
        let notSecret = invest.run(["config", "set", "INVEST_QUOTES_URL"])
        let empty = invest.run(["config", "set", "FINNHUB_API_KEY"], stdin: Data())

        XCTAssertEqual(piped.status, 0, piped.errors)
        XCTAssertEqual(fromPipe, "from-stdin-key\n")
        XCTAssertEqual(typed.status, 0, typed.errors)
        XCTAssertEqual(typed.prompts, ["INVEST_API_KEY: "])
        XCTAssertEqual(fromPrompt, "typed-key\n")
        XCTAssertEqual(notSecret.status, 2, "only a secret may leave its value out")
        XCTAssertEqual(empty.status, 2)
        XCTAssertEqual(invest.run(["config", "get", "FINNHUB_API_KEY"]).output, "from-stdin-key\n", "an empty answer changes nothing")
    }

    func test_config_setsGetsListsMaskedAndUnsets_inTheXDGConfigFile() throws {
        let invest = makeInvestDriver()
        invest.environment["XDG_CONFIG_HOME"] = invest.home.appendingPathComponent("xdg").path

        let path = invest.run(["config", "path"])
        let set = invest.run(["config", "set", "FINNHUB_API_KEY", "secret-key-1234"])
        let get = invest.run(["config", "get", "FINNHUB_API_KEY"])
        let list = invest.run(["config", "list"])
        let json = try invest.run(["config", "list", "--format", "json"]).jsonRows()
        let unset = invest.run(["config", "unset", "FINNHUB_API_KEY"])

        XCTAssertEqual(path.output, invest.home.path + "/xdg/investments/config\n")
        XCTAssertEqual(set.status, 0, set.errors)
        XCTAssertEqual(get.output, "secret-key-1234\n")
        XCTAssertTrue(list.output.contains("****1234") && !list.output.contains("secret-key"), "secrets are masked: \(list.output)")
        XCTAssertEqual(json.first?["value"] as? String, "****1234")
        XCTAssertEqual(unset.status, 0)
        XCTAssertEqual(invest.run(["config", "get", "FINNHUB_API_KEY"]).status, 1)
    }

    func test_config_warnsAboutAnUnknownKeyAndAQuotedValue_andStillReadsTheDataDirectoryFile() throws {
        let invest = makeInvestDriver()
        try Data("INVEST_QUOTES_URL=http://127.0.0.1:9/old\n".utf8).write(to: invest.home.appendingPathComponent("config"))

        let unknown = invest.run(["config", "set", "FINHUB_API_KEY", "x"])
        let quoted = invest.run(["config", "set", "INVEST_PROJECT_ID", "\"my-project\""])
        let fallback = invest.run(["config", "get", "INVEST_QUOTES_URL"])

        XCTAssertTrue(unknown.errors.contains("FINHUB_API_KEY is not a setting invest knows") && unknown.errors.contains("Did you mean 'FINNHUB_API_KEY'?"),
                      unknown.errors)
        XCTAssertTrue(quoted.errors.contains("the quotes are kept as part of the value"), quoted.errors)
        XCTAssertEqual(fallback.output, "http://127.0.0.1:9/old\n", "the data directory's config of earlier releases is still read")
    }

    func test_completion_isGeneratedFromTheCommandTable() {
        let invest = makeInvestDriver()

        let bash = invest.run(["completion", "bash"])
        let zsh = invest.run(["completion", "zsh"])
        let fish = invest.run(["completion", "fish"])
        let man = invest.run(["completion", "man"])

        XCTAssertEqual(bash.status, 0)
        XCTAssertTrue(bash.output.contains("completion complete --index") && bash.output.contains("complete -F _invest invest"), bash.output)
        XCTAssertTrue(zsh.output.hasPrefix("#compdef invest") && zsh.output.contains("completion complete"), zsh.output)
        XCTAssertTrue(fish.output.contains("complete -c invest -f -a '(__invest_complete)'"), fish.output)
        XCTAssertTrue(man.output.hasPrefix(".TH INVEST 1"), man.output)
        XCTAssertTrue(man.output.contains(".SS savings add") && man.output.contains(".SS journal trades") && man.output.contains("\\-\\-allow\\-duplicates"),
                      "every command of the tree, with its options: \(man.output)")
        XCTAssertFalse(man.output.contains("completion complete"), "hidden commands stay out of the man page")
        XCTAssertEqual(invest.run(["completion", "tcsh"]).status, 2)
    }

    func test_priceSet_givesAnUnlistedAssetAManualPrice_shownAsManualWithItsDate() throws {
        let emulator = try startEmulator()
        let invest = makeInvestDriver(servicesFrom: emulator)
        invest.add(["buy AAA 1 10 2024-01-02", "buy FUND 10 1000 2024-01-02"])

        let set = invest.run(["price", "set", "fund", "123.45", "--date", "2024-06-30"])
        let portfolio = try invest.run(["portfolio", "--format", "json"]).jsonObject()
        let table = invest.run(["portfolio"])
        let future = invest.run(["price", "set", "FUND", "1", "--date", "2099-01-01"])

        XCTAssertEqual(set.status, 0, set.errors)
        let fund = try XCTUnwrap((portfolio["holdings"] as? [[String: Any]])?.first { $0["ticker"] as? String == "FUND" })
        XCTAssertEqual(fund["priceSource"] as? String, "manual")
        XCTAssertEqual(fund["priceTime"] as? String, "2024-06-30T00:00:00Z")
        XCTAssertEqual(fund["value"] as? String, "1234.5")
        XCTAssertEqual(portfolio["unpricedTickers"] as? [String], [])
        XCTAssertTrue(table.output.contains("manual 2024-06-30"), table.output)
        XCTAssertEqual(future.status, 2)
        XCTAssertEqual(try invest.run(["price", "list", "--format", "json"]).jsonRows().first?["price"] as? String, "123.45")
    }

    func test_exportToAFile_isWrittenAtomically_andAFailureLeavesTheFileAsItWas() throws {
        let invest = makeInvestDriver()
        invest.add(["buy AAPL 1 150 2024-01-02"])
        let file = invest.home.appendingPathComponent("backup.csv")

        let export = invest.run(["export", "-o", file.path])
        let missingDirectory = invest.run(["export", "-o", invest.home.appendingPathComponent("no/such/dir.csv").path])

        XCTAssertEqual(export.status, 0, export.errors)
        XCTAssertEqual(export.output, "", "the data goes to the file, not stdout")
        XCTAssertEqual(export.errors, "Wrote 1 transaction to \(file.path).\n", "an undo point is bookkeeping, not a record left out")
        XCTAssertTrue(try String(contentsOf: file, encoding: .utf8).hasPrefix("id,date,type,ticker"))
        XCTAssertEqual(missingDirectory.status, 1)
        XCTAssertTrue(missingDirectory.errors.contains("could not write"), missingDirectory.errors)
    }
}

final class TerminalTablesSpecs: XCTestCase {
    func test_thePortfolioTable_fits80Columns_withWideAndColumnsForMore() throws {
        let emulator = try startEmulator()
        let invest = makeInvestDriver(servicesFrom: emulator)
        invest.add(["buy AAA 1234.5678 123456.78 2024-01-02", "buy BBB 1 10 2024-01-02"])

        let table = invest.run(["portfolio"])
        let wide = invest.run(["portfolio", "--wide"])
        let chosen = invest.run(["portfolio", "--columns", "ticker,value"])
        let unknown = invest.run(["portfolio", "--columns", "ticker,valeu"])

        let widest = table.output.split(separator: "\n").map(\.count).max() ?? 0
        XCTAssertLessThanOrEqual(widest, 80, table.output)
        XCTAssertTrue(wide.output.contains("COST BASIS") && wide.output.contains("REALIZED"), wide.output)
        XCTAssertEqual(chosen.output.split(separator: "\n").first, "TICKER     VALUE")
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.errors.contains("Did you mean 'value'?"), unknown.errors)
    }

    func test_aLongNote_isCutToTheTerminalWidth() throws {
        let invest = makeInvestDriver()
        invest.environment["COLUMNS"] = "80"
        invest.add(["buy AAPL 1 150 2024-01-02"])
        let id = try XCTUnwrap(invest.ids().first)
        invest.run(["edit", id, "--note", String(repeating: "long note ", count: 20)])

        let list = invest.run(["list"])
        let json = try invest.run(["list", "--format", "json"]).jsonRows()

        XCTAssertTrue(list.output.split(separator: "\n").allSatisfy { $0.count <= 80 }, list.output)
        XCTAssertTrue(list.output.contains("…"), list.output)
        XCTAssertEqual((json.first?["note"] as? String)?.count, 200, "JSON is never cut")
    }
}

final class UndoSpecs: XCTestCase {
    func test_undo_revertsTheLastAddEditOrDelete_sayingWhat_andOnlyOnce() throws {
        let invest = makeInvestDriver()
        invest.add(["buy AAPL 2 300 2024-01-02"])
        let id = try XCTUnwrap(invest.ids().first)

        let undoAdd = invest.run(["undo"])
        XCTAssertEqual(undoAdd.status, 0, undoAdd.errors)
        XCTAssertTrue(undoAdd.output.contains("removed what was added: \(id.prefix(8))  2024-01-02  buy 2 AAPL"), undoAdd.output)
        XCTAssertEqual(invest.ids(), [])
        let again = invest.run(["undo"])
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.errors.contains("nothing to undo"), again.errors)

        invest.add(["buy MSFT 1 400 2024-01-03"])
        let msft = try XCTUnwrap(invest.ids().first)
        invest.run(["edit", msft, "--quantity", "3"])
        let undoEdit = invest.run(["undo"])
        XCTAssertTrue(undoEdit.output.contains("put back"), undoEdit.output)
        XCTAssertEqual(try invest.run(["list", "--format", "json"]).jsonRows().first?["quantity"] as? String, "1")

        invest.run(["delete", msft, "--yes"])
        let undoDelete = invest.run(["undo"])
        XCTAssertTrue(undoDelete.output.contains("restored what was deleted"), undoDelete.output)
        XCTAssertEqual(invest.ids(), [msft])
    }

    func test_undo_ofAnImport_removesEveryImportedRow() throws {
        let invest = makeInvestDriver()
        invest.add(["buy AAPL 1 150 2024-01-02"])
        let file = invest.home.appendingPathComponent("trades.csv")
        try Data("date,type,ticker,quantity,sum\n2024-02-01,buy,MSFT,1,400\n2024-02-02,buy,NVDA,1,700\n".utf8).write(to: file)
        invest.run(["import", file.path])

        let undo = invest.run(["undo"])

        XCTAssertEqual(undo.status, 0, undo.errors)
        XCTAssertEqual(try invest.run(["list", "--format", "json"]).jsonRows().compactMap { $0["ticker"] as? String }, ["AAPL"])
    }
}
