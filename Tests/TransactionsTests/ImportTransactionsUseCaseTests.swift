import XCTest
import Ledger
import Transactions
import TestSupport
import TransactionsTestSupport

final class ImportTransactionsUseCaseTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_720_000_000)

    func test_init_doesNotMessageStore() {
        let (_, store) = makeSUT()
        XCTAssertEqual(store.messages, [])
    }

    func test_import_savesAllRowsInOneBatch() throws {
        let (sut, store) = makeSUT()
        let rows = [row(2, type: "buy", quantity: "2"), row(3, type: "sell", quantity: "1")]

        let imported = try sut.importRows(rows, dryRun: false).imported

        XCTAssertEqual(imported.map(\.quantity), [2, 1])
        XCTAssertEqual(store.messages, [.beginExclusiveAccess, .retrieveAll, .upsertBatch(imported), .endExclusiveAccess])
    }

    func test_import_letsGoOfTheRowsOnceTheyAreChecked() throws {
        let (sut, _) = makeSUT()
        var rows = [row(2), row(3)]

        let outcome = try sut.importRows(&rows, dryRun: false, allowDuplicates: false)

        XCTAssertEqual(outcome.imported.count, 2)
        XCTAssertEqual(rows, [], "a million rows are not held while the transactions are written")
    }

    func test_import_dryRunValidatesButSavesNothing() throws {
        let (sut, store) = makeSUT()
        _ = try sut.importRows([row(2)], dryRun: true)
        XCTAssertEqual(store.messages, [.beginExclusiveAccess, .retrieveAll, .endExclusiveAccess])
    }

    func test_import_reportsEveryBadRowWithItsLineAndSavesNothing() {
        let (sut, store) = makeSUT()
        let rows = [row(2), row(3, ticker: ".9X"), row(4), row(5, quantity: "0", sum: "x")]

        XCTAssertThrowsError(try sut.importRows(rows, dryRun: false)) { error in
            guard case let .invalidRows(errors)? = error as? ImportTransactionsError else { return XCTFail("got \(error)") }
            XCTAssertEqual(errors.map(\.line), [3, 5])
            XCTAssertEqual(errors.last?.messages.count, 2)
        }
        XCTAssertFalse(store.messages.contains { if case .upsertBatch = $0 { return true } else { return false } })
    }

    func test_import_reportsTheRowThatOversellsCountingStoredTransactions() {
        let (sut, store) = makeSUT()
        store.stored = [makeTransaction(date: "2024-01-01", type: .buy, ticker: "AAPL", quantity: "1")]

        XCTAssertThrowsError(try sut.importRows([row(2, type: "sell", quantity: "1"), row(3, type: "sell", quantity: "1")], dryRun: false)) { error in
            guard case let .invalidRows(errors)? = error as? ImportTransactionsError else { return XCTFail("got \(error)") }
            XCTAssertEqual(errors.map(\.line), [3], "line 2 sells the one share held; line 3 is the first to oversell")
        }
    }

    func test_import_aRowThatMakesASavedLaterSellOversell_isBlamedAtItsLine_namingTheSavedSell() {
        let (sut, store) = makeSUT()
        store.stored = [makeTransaction(date: "2024-01-01", type: .buy, ticker: "AAPL", quantity: "2"),
                        makeTransaction(id: "saved-sell", date: "2024-03-01", type: .sell, ticker: "AAPL", quantity: "2")]

        XCTAssertThrowsError(try sut.importRows([row(2, date: "2024-01-10"), row(3, date: "2024-02-01", type: "sell", quantity: "1"),
                                                 row(4, date: "2024-02-02", type: "sell", quantity: "2")], dryRun: true)) { error in
            guard case let .invalidRows(errors)? = error as? ImportTransactionsError else { return XCTFail("got \(error)") }
            XCTAssertEqual(errors.map(\.line), [4], "the last row before the saved sell that takes the shares it needed")
            XCTAssertTrue(errors.first?.messages.first?.hasPrefix("with this row, the saved sell saved-sell fails: selling 2 AAPL on 2024-03-01") == true,
                          "\(errors)")
        }
    }

    func test_import_countsASplitRecordedInOneAccount_inEveryAccount_asAnAddDoes() throws {
        let (sut, store) = makeSUT()
        store.stored = [makeTransaction(date: "2024-01-01", type: .buy, ticker: "AAPL", quantity: "10", account: "isa"),
                        makeTransaction(date: "2024-01-15", type: .split, ticker: "AAPL", quantity: "0", sum: "0", ratio: "2:1")]
        let sell = ImportRow(line: 2, draft: TransactionDraft(date: "2024-02-01", type: "sell", ticker: "AAPL", quantity: "15", sum: "300", account: "isa"))

        let outcome = try sut.importRows([sell], dryRun: true)

        XCTAssertEqual(outcome.imported.map(\.quantity), [15], "the isa's 10 split into 20, a corporate action in every account")
    }

    func test_import_blamesTheSameFirstOffendingLineOfEachTickerEveryTime() {
        let tickers = ["AAA", "BBB", "CCC", "DDD", "EEE", "FFF"]
        var rows: [ImportRow] = []
        for (index, ticker) in tickers.enumerated() {
            let first = 2 + index * 3
            rows += [row(first, type: "buy", ticker: ticker, quantity: "1"), row(first + 1, type: "sell", ticker: ticker, quantity: "1"),
                     row(first + 2, type: "sell", ticker: ticker, quantity: "1")]
        }

        let blamed = (0..<12).map { _ -> [Int] in
            let (sut, _) = makeSUT()
            guard case let .invalidRows(errors)? = Result(catching: { try sut.importRows(rows, dryRun: true) }).failure as? ImportTransactionsError else { return [] }
            return errors.map(\.line)
        }

        XCTAssertEqual(Set(blamed).count, 1, "the same file always gets the same report: \(blamed)")
        XCTAssertEqual(blamed.first, tickers.indices.map { 4 + $0 * 3 }, "each ticker's second sell, the first to oversell")
    }

    func test_import_keepsGivenIDsAndRejectsDuplicatesWithinTheFile() {
        let (sut, _) = makeSUT()
        XCTAssertThrowsError(try sut.importRows([row(2, id: "same"), row(7, id: "same")], dryRun: false)) { error in
            XCTAssertEqual(error as? ImportTransactionsError, .invalidRows([RowError(line: 7, messages: ["id same already appears on line 2"])]))
        }
    }

    func test_import_skipsAndReportsRowsEqualToASavedTransaction_oncePerSavedOne() throws {
        let (sut, store) = makeSUT()
        store.stored = [makeTransaction(id: "saved", date: "2024-02-01", ticker: "AAPL", quantity: "1", sum: "10")]

        let outcome = try sut.importRows([row(2), row(3), row(4, quantity: "2")], dryRun: false)

        XCTAssertEqual(outcome.duplicateLines, [2], "line 3 is a second, new trade: the one saved matches one row only")
        XCTAssertEqual(outcome.imported.map(\.quantity), [1, 2])
        XCTAssertTrue(store.messages.contains(.upsertBatch(outcome.imported)))
    }

    func test_import_keepsDuplicatesWhenAllowed_andNeverCountsAReplacementByIDAsOne() throws {
        let (sut, store) = makeSUT()
        store.stored = [makeTransaction(id: "saved", date: "2024-02-01", ticker: "AAPL", quantity: "1", sum: "10")]

        let allowed = try sut.importRows([row(2)], dryRun: true, allowDuplicates: true)
        let replacing = try sut.importRows([row(2, id: "saved")], dryRun: true)

        XCTAssertEqual(allowed.duplicateLines, [])
        XCTAssertEqual(allowed.imported.count, 1)
        XCTAssertEqual(replacing.duplicateLines, [], "a row with a saved id replaces that transaction")
        XCTAssertEqual(replacing.imported.map(\.id), ["saved"])
    }

    func test_import_aSavedTradeEqualsARowOfItsOwnDayOnly_evenWhileAnotherRowReplacesItByID() throws {
        let (sut, store) = makeSUT()
        store.stored = [makeTransaction(id: "saved", date: "2024-02-01", ticker: "AAPL", quantity: "1", sum: "10"),
                        makeTransaction(id: "other-day", date: "2024-02-02", ticker: "MSFT", quantity: "1", sum: "10")]

        let outcome = try sut.importRows([row(2, id: "saved", quantity: "3"), row(3), row(4, date: "2024-02-01", ticker: "MSFT")], dryRun: true)

        XCTAssertEqual(outcome.duplicateLines, [3], "the saved trade's old version still equals line 3; MSFT was saved on another day")
        XCTAssertEqual(outcome.imported.map(\.id).first, "saved")
        XCTAssertEqual(outcome.imported.count, 2)
    }

    func test_import_refusesAFileThatOverdrawsCash_namingTheLine() {
        let (sut, store) = makeSUT()
        store.stored = [makeCash(id: "saved", date: "2024-01-01", type: .deposit, sum: "15")]

        XCTAssertThrowsError(try sut.importRows([row(2, sum: "10"), row(3, sum: "10")], dryRun: false)) { error in
            guard case let .invalidRows(rows)? = error as? ImportTransactionsError else { return XCTFail("got \(error)") }
            XCTAssertEqual(rows.map(\.line), [3])
            XCTAssertTrue(rows[0].messages[0].contains("5.00 available on that date"), rows[0].messages[0])
        }
        XCTAssertFalse(store.messages.contains { if case .upsertBatch = $0 { return true } else { return false } }, "all or nothing")
    }

    func test_importSkipping_savesEveryRowThatKeepsTheRules_andNamesEachLeftOutWithItsCause() throws {
        let (sut, store) = makeSUT()
        store.stored = [makeCash(id: "saved", date: "2024-01-01", type: .deposit, sum: "15")]
        let rows = [row(2, sum: "10"), row(3, ticker: ".9X"), row(4, sum: "10"), row(5, date: "2024-02-02", type: "sell", ticker: "MSFT", quantity: "1", sum: "50")]

        let outcome = try sut.importRows(rows, dryRun: false, skipping: true)

        XCTAssertEqual(outcome.imported.map(\.sum), [fixed("10")], "line 2 only: the rest are left out")
        XCTAssertEqual(outcome.skipped.map(\.line), [3, 4, 5])
        XCTAssertEqual(outcome.skipped.map(\.cause), [.unreadable, .cash, .holdings])
        XCTAssertTrue(outcome.skipped[1].messages[0].contains("5.00 available on that date"), "\(outcome.skipped)")
        XCTAssertEqual(store.messages.compactMap { if case let .upsertBatch(saved) = $0 { return saved.map(\.sum) } else { return nil } }, [[fixed("10")]])
    }

    func test_importSkipping_aBuyLeftOutForCash_leavesOutTheSellOfItsShares_too() throws {
        let (sut, store) = makeSUT()
        store.stored = [makeCash(id: "saved", date: "2024-01-01", type: .deposit, sum: "15")]

        let outcome = try sut.importRows([row(2, date: "2024-02-01", ticker: "MSFT", sum: "20"), row(3, date: "2024-03-01", type: "sell", ticker: "MSFT", sum: "25"),
                                          row(4, date: "2024-03-02", ticker: "AAPL", sum: "10")], dryRun: false, skipping: true)

        XCTAssertEqual(outcome.skipped.map(\.line), [2, 3], "without the buy, the sell has no shares to sell")
        XCTAssertEqual(outcome.imported.map(\.ticker), ["AAPL"])
        XCTAssertNil(CashPolicy.firstViolation(in: store.stored + outcome.imported))
    }

    func test_importSkipping_aRowThatMakesASavedSellOversell_isLeftOut_andTheSavedSellKept() throws {
        let (sut, store) = makeSUT()
        store.stored = [makeTransaction(date: "2024-01-01", type: .buy, ticker: "AAPL", quantity: "2"),
                        makeTransaction(id: "saved-sell", date: "2024-03-01", type: .sell, ticker: "AAPL", quantity: "2")]

        let outcome = try sut.importRows([row(2, date: "2024-01-10"), row(3, date: "2024-02-01", type: "sell", quantity: "1"),
                                          row(4, date: "2024-02-02", type: "sell", quantity: "2")], dryRun: true, skipping: true)

        XCTAssertEqual(outcome.skipped.map(\.line), [4])
        XCTAssertTrue(outcome.skipped.first?.messages.first?.hasPrefix("with this row, the saved sell saved-sell fails") == true, "\(outcome.skipped)")
        XCTAssertEqual(outcome.imported.count, 2)
        XCTAssertNil(HoldingsPolicy.firstViolation(in: store.stored + outcome.imported))
        XCTAssertFalse(store.messages.contains { if case .upsertBatch = $0 { return true } else { return false } }, "a dry run saves nothing")
    }

    func test_importWithOpenings_aHistoryBegunBeforeTheFile_getsTheSharesAndCashItShows_theDayBeforeItsFirstRow() throws {
        let (sut, store) = makeSUT()
        // A deposit tracks the pot; then 30 is spent, 20 more than came in, and 3 AAPL are sold, 2 more than were bought.
        let rows = [row(2, date: "2024-02-01", type: "deposit", ticker: "", quantity: "", sum: "10"), row(3, date: "2024-02-02", sum: "30"),
                    row(4, date: "2024-02-03", type: "sell", quantity: "3", sum: "45"), row(5, date: "2024-02-04", type: "withdrawal", ticker: "", quantity: "", sum: "15")]

        let outcome = try sut.importRows(rows, dryRun: false, mode: .withOpenings)

        XCTAssertEqual(outcome.skipped, [])
        XCTAssertEqual(outcome.imported.count, 4)
        XCTAssertEqual(outcome.openings.map(\.type), [.buy, .deposit])
        XCTAssertEqual(outcome.openings.map(\.date), [day("2024-01-31"), day("2024-01-31")])
        XCTAssertEqual(outcome.openings.map(\.quantity), [fixed("2"), .zero], "3 sold, 1 bought in the file")
        // Cash: 10 in, 30 out (−20), 45 in (25), 15 out (10): the lowest balance, −20, is what was held before.
        XCTAssertEqual(outcome.openings.map(\.sum), [.zero, fixed("20")])
        XCTAssertTrue(outcome.openings[0].note?.contains("cost is unknown") == true, outcome.openings[0].note ?? "")
        let saved = try XCTUnwrap(store.messages.compactMap { if case let .upsertBatch(saved) = $0 { return saved } else { return nil } }.first)
        XCTAssertEqual(saved.count, 6, "the openings are saved with the rows, in one write")
        XCTAssertNil(HoldingsPolicy.firstViolation(in: saved))
        XCTAssertNil(CashPolicy.firstViolation(in: saved))
    }

    func test_importWithOpenings_undoesASplitBetweenTheOpeningAndTheSale_andNeedsNoneForAHistoryThatKeepsTheRules() throws {
        let (sut, _) = makeSUT()
        let rows = [row(2, date: "2024-02-01", type: "split", quantity: "", sum: ""), row(3, date: "2024-02-03", type: "sell", quantity: "8", sum: "45")]
        var split = rows[0].draft
        split.ratio = "4:1"
        let outcome = try sut.importRows([ImportRow(line: 2, draft: split), rows[1]], dryRun: true, mode: .withOpenings)

        XCTAssertEqual(outcome.openings.map(\.quantity), [fixed("2")], "2 held before a 4:1 split are the 8 sold")
        XCTAssertEqual(try sut.importRows([row(2), row(3, date: "2024-02-03", type: "sell", sum: "12")], dryRun: true, mode: .withOpenings).openings, [])
    }

    func test_importWithOpenings_aHoldingSoldDownOverManySales_getsOneOpeningOfTheMostTheSalesTakeBelowZero() throws {
        let (sut, _) = makeSUT()
        // 150 sales of 1, with a buy of 1 after every third: the holding goes lowest at −100.
        let rows = (0..<150).flatMap { index -> [ImportRow] in
            let date = day("2023-01-01").adding(days: index).iso
            let sell = row(2 + 2 * index, date: date, type: "sell", sum: "10")
            return index % 3 == 2 ? [sell, row(3 + 2 * index, date: date, sum: "10")] : [sell]
        }

        let outcome = try sut.importRows(rows, dryRun: true, mode: .withOpenings)

        XCTAssertEqual(outcome.openings.map(\.quantity), [fixed("100")])
        XCTAssertEqual(outcome.skipped, [])
        XCTAssertEqual(outcome.imported.count, 200)
    }

    func test_importWithOpenings_addsNoneForAHoldingOrPotWithSavedRecordsBeforeTheFile_whoseHistoryItDoesntBegin() throws {
        let (sut, store) = makeSUT()
        store.stored = [makeCash(id: "saved", date: "2024-01-01", type: .deposit, sum: "15"), makeTransaction(date: "2024-01-02", type: .buy, ticker: "AAPL", quantity: "1")]

        let outcome = try sut.importRows([row(2, date: "2024-02-03", type: "sell", quantity: "3", sum: "45"), row(3, date: "2024-02-04", ticker: "MSFT", sum: "100")],
                                         dryRun: true, mode: .withOpenings)

        XCTAssertEqual(outcome.openings, [])
        XCTAssertEqual(outcome.skipped.map(\.cause), [.holdings, .cash])
    }

    func test_importSkipping_withoutOpenings_leavesOutWhatTheHistoryBeforeTheFileWouldHaveCovered() throws {
        let (sut, _) = makeSUT()

        let outcome = try sut.importRows([row(2, date: "2024-02-03", type: "sell", quantity: "3", sum: "45")], dryRun: true, mode: .skipping)

        XCTAssertEqual(outcome.openings, [])
        XCTAssertEqual(outcome.skipped.map(\.cause), [.holdings])
    }

    func test_importStrict_namesHoldingsCashAndFieldProblemsInOnePass() {
        let (sut, store) = makeSUT()
        store.stored = [makeCash(id: "saved", date: "2024-01-01", type: .deposit, sum: "15")]
        let rows = [row(2, sum: "10"), row(3, ticker: ".9X"), row(4, sum: "10"), row(5, date: "2024-02-02", type: "sell", ticker: "MSFT", quantity: "1", sum: "50")]

        XCTAssertThrowsError(try sut.importRows(rows, dryRun: false)) { error in
            guard case let .invalidRows(errors)? = error as? ImportTransactionsError else { return XCTFail("got \(error)") }
            XCTAssertEqual(errors.map(\.line), [3, 4, 5], "never a round at a time")
        }
        XCTAssertFalse(store.messages.contains { if case .upsertBatch = $0 { return true } else { return false } }, "all or nothing")
    }

    func test_import_deliversStorageErrorOnStoreFailure() {
        let (sut, store) = makeSUT()
        store.writeError = TransactionsStoreError.store(.fileSystem(operation: "write", path: "transactions.log", reason: "disk full"))
        XCTAssertThrowsError(try sut.importRows([row(2)], dryRun: false)) { error in
            XCTAssertEqual(error as? ImportTransactionsError, .storage(TransactionsStoreError.store(.fileSystem(operation: "write", path: "transactions.log", reason: "disk full"))))
        }
    }

    // MARK: - Checked against the projections

    func test_newRowsDatedAfterTheHistory_areCheckedAgainstTheProjections_withoutReadingIt() throws {
        let history = [makeCash(date: "2024-01-01", type: .deposit, sum: "100"), makeTransaction(date: "2024-01-10", ticker: "AAPL", quantity: "2", sum: "50")]
        let (sut, store) = makeSUT(projectionsOf: history)

        let outcome = try sut.importRows([row(2, date: "2024-02-01", type: "sell", quantity: "2", sum: "60"), row(3, date: "2024-02-02", sum: "100")], dryRun: false)

        XCTAssertEqual(outcome.imported.count, 2)
        XCTAssertEqual(store.messages, [.beginExclusiveAccess, .upsertBatch(outcome.imported), .endExclusiveAccess], "the history is not read")
    }

    func test_aRowEqualToAKeptTransaction_isSkipped_fromTheProjections() throws {
        let saved = makeTransaction(date: "2024-02-01", ticker: "AAPL", quantity: "1", sum: "10")
        let (sut, store) = makeSUT(projectionsOf: [saved])

        let outcome = try sut.importRows([row(2), row(3, quantity: "2")], dryRun: false)

        XCTAssertEqual(outcome.duplicateLines, [2])
        XCTAssertEqual(outcome.imported.map(\.quantity), [2])
        XCTAssertFalse(store.messages.contains(.retrieveAll))
    }

    func test_whatOnlyTheHistoryCanTell_readsIt() throws {
        let history = (1...3).map { makeTransaction(date: "2024-01-0\($0)", ticker: "AAPL", quantity: "1", sum: "10") }
        let cases: [(String, [ImportRow], Bool)] = [
            ("a row dated on the oldest transaction kept, when not all are kept", [row(2, date: "2024-01-02")], false),
            ("a row that breaks a rule, whose line the history names", [row(2, type: "sell", quantity: "5")], false),
            ("a row dated before what its ticker holds", [row(2, date: "2023-12-31")], false),
            ("a row with an id, which may replace a saved transaction", [row(2, id: "given")], false),
            ("new rows after the oldest kept", [row(2)], true),
        ]
        for (what, rows, fromProjections) in cases {
            let (sut, store) = makeSUT(projectionsOf: history, keeping: 2)
            _ = try? sut.importRows(rows, dryRun: true)
            XCTAssertEqual(!store.messages.contains(.retrieveAll), fromProjections, what)
        }
    }

    func test_aRowDatedBeforeWhatTheTallyHolds_isCheckedFromTheTallyWithTheRowsAmongTheRecentTransactions_withoutReadingTheHistory() throws {
        let history = [makeCash(date: "2024-01-01", type: .deposit, sum: "100"), makeTransaction(date: "2024-01-10", ticker: "AAPL", quantity: "2", sum: "50")]
        let lateBuy = row(2, date: "2024-01-05", ticker: "MSFT", sum: "30")
        let (sut, store) = makeSUT(projectionsOf: history, changes: ReplayedChangeTally(history: history, base: "USD"))

        let outcome = try sut.importRows([lateBuy], dryRun: false)

        XCTAssertEqual(outcome.imported.map(\.date), [day("2024-01-05")])
        XCTAssertEqual(store.messages, [.beginExclusiveAccess, .upsertBatch(outcome.imported), .endExclusiveAccess], "the history is not read")
    }

    func test_aRowDatedBeforeWhatTheTallyHolds_readsTheHistory_whenTheRecentTransactionsCantTell_orARuleBreaks() throws {
        let history = [makeCash(date: "2024-01-01", type: .deposit, sum: "100"), makeTransaction(date: "2024-01-10", ticker: "AAPL", quantity: "2", sum: "50")]
        let cases: [(String, ImportRow, TransactionChangeTallying)] = [
            ("a row before the recent transactions", row(2, date: "2024-01-05", ticker: "MSFT", sum: "30"), TransactionChangesSpy(nil)),
            ("a row that overdraws, whose line the history names", row(2, date: "2024-01-05", ticker: "MSFT", sum: "80"), ReplayedChangeTally(history: history, base: "USD")),
        ]
        for (what, late, changes) in cases {
            let (sut, store) = makeSUT(projectionsOf: history, changes: changes)
            _ = try? sut.importRows([late], dryRun: true)
            XCTAssertTrue(store.messages.contains(.retrieveAll), what)
        }
    }

    func test_randomImports_fromTheProjections_giveWhatTheHistoryGives() throws {
        var toldFromTheChanges = 0
        for seed in 1...150 {
            var random = RandomHistory(seed: UInt64(seed) * 7)
            // A history that keeps the rules, as a saved one does: what an add would accept.
            var tally = TransactionsTally(base: "USD"), history: [Transaction] = []
            for _ in 0..<(random.next(below: 60)) {
                let transaction = random.transaction(namingTheBase: false)
                guard tally.verdict(onAdding: transaction) == .accepted, tally.fold(transaction) else { continue }
                history.append(transaction)
            }
            // Dated in the history's 40 days or the 50 after them; some equal a saved one.
            let rows = (0..<(1 + random.next(below: 6))).map { line -> ImportRow in
                if !history.isEmpty, random.next(below: 4) == 0 { return ImportRow(line: line + 2, draft: TransactionDraft(history[random.next(below: history.count)])) }
                var draft = TransactionDraft(random.transaction(namingTheBase: false))
                draft.date = CalendarDay(daysSinceEpoch: 19_723 + Int32(random.next(below: 90))).iso
                return ImportRow(line: line + 2, draft: draft)
            }
            for allowDuplicates in [false, true] {
                let (fromHistory, _) = makeSUT(history: history)
                let keeping = 1 + random.next(below: 40)
                let expected = Result { try fromHistory.importRows(rows, dryRun: true, allowDuplicates: allowDuplicates) }
                for changes in [nil, ReplayedChangeTally(history: history, base: "USD")] {
                    let (fromProjections, _) = makeSUT(projectionsOf: history, keeping: keeping, changes: changes)
                    let actual = Result { try fromProjections.importRows(rows, dryRun: true, allowDuplicates: allowDuplicates) }
                    XCTAssertEqual(String(describing: actual), String(describing: expected), "seed \(seed), duplicates allowed: \(allowDuplicates), changes: \(changes != nil)")
                    toldFromTheChanges += changes?.answered == nil ? 0 : 1
                }
            }
        }
        XCTAssertGreaterThan(toldFromTheChanges, 20, "rows dated before what the tally holds are folded in among the others")
    }

    // MARK: - Helpers

    /// A store holding `history` and the projections of it, keeping its newest `keeping`; ids made
    /// in order, so two of them make the same ids.
    private func makeSUT(history: [Transaction] = [], projectionsOf projected: [Transaction]? = nil, keeping: Int = NewestTransactions.kept,
                         changes: TransactionChangeTallying? = nil, file: StaticString = #filePath, line: UInt = #line) -> (ImportTransactionsUseCase, TransactionsStoreSpy) {
        let store = TransactionsStoreSpy()
        store.stored = projected ?? history
        var made = 0
        let projections = projected.map { ProjectionsStub(tallied: TransactionsTally(base: "USD", history: $0),
                                                          kept: NewestTransactions(base: "USD", capacity: keeping).replaying($0)) }
        let sut = ImportTransactionsUseCase(store: store, today: { day("2024-07-03") }, now: { [now] in now }, makeID: {
            made += 1
            return "made-\(made)"
        }, tally: projections, newest: projections, changes: changes)
        trackForMemoryLeaks(store, file: file, line: line)
        trackForMemoryLeaks(sut, file: file, line: line)
        return (sut, store)
    }

    private struct ProjectionsStub: TransactionsTallying, NewestTransactionsProjecting {
        let tallied: TransactionsTally
        let kept: NewestTransactions

        func tally() throws(TransactionsStoreError) -> TransactionsTally { tallied }
        func newest() throws(TransactionsStoreError) -> NewestTransactions { kept }
    }

    private func row(_ line: Int, id: String? = nil, date: String = "2024-02-01", type: String = "buy", ticker: String = "AAPL", quantity: String = "1",
                     sum: String = "10") -> ImportRow {
        ImportRow(line: line, id: id, draft: TransactionDraft(date: date, type: type, ticker: ticker, quantity: quantity, sum: sum))
    }
}

private extension Result {
    var failure: Failure? {
        if case let .failure(error) = self { return error }
        return nil
    }
}
