import XCTest
import Ledger
import Projections
import FixedPoint
import Transactions
import Portfolio
import LocalFileStore
import TestSupport
import TransactionsTestSupport

/// The tally, and the gains folded beside it, read from their checkpoints in the real log,
/// against a replay of the same log, after every kind of change: adds, edits, deletes, imports,
/// syncs with another device, other kinds' lines, compactions, torn tails, and damaged,
/// foreign and stale checkpoints; and the transactions of the last days read back from the log's
/// end against the same history.
final class CheckpointedTallyTests: XCTestCase {
    private let base = "USD"

    func test_randomChanges_theCheckpointedTallyAlwaysEqualsAReplay() throws {
        let directory = makeTemporaryDirectory()
        let log = FileLedgerStore(directory: directory, compactionMinimumGarbage: 5)
        let store = LedgerTransactionsStore(ledger: log)
        var random = RandomHistory(seed: 2026)
        var written: [Transaction] = []
        let otherDevice = InMemoryLedgerStore()
        var answered = 0
        var lastDays = RandomHistory(seed: 2027)
        let sync = SyncLedgerUseCase(local: log, remote: otherDevice, state: FileSyncStateStore(directory: directory, account: SyncedAccount(uid: "u1", email: "a@b.c")),
                                     validator: CompositeLedgerValidator([]), now: Date.init)
        for step in 0..<300 {
            switch random.next(below: 13) {
            case 0...4:
                let transaction = random.transaction()
                try store.upsert(transaction)
                written.append(transaction)
            case 5 where !written.isEmpty:
                let index = random.next(below: written.count)
                // Half keep their day, half move to another, often back-dated.
                written[index] = written[index].with(date: random.next(below: 2) == 0 ? written[index].date : random.transaction().date, sum: written[index].sum + FixedDecimal(1))
                try store.upsert(written[index])
            case 6 where !written.isEmpty:
                // Read first: a writer that read the log may compact it.
                _ = try store.retrieveAll()
                try store.delete(written.remove(at: random.next(below: written.count)), deletedAt: Date())
            case 7:
                let batch = (0..<5).map { _ in random.transaction() }
                try store.upsert(contentsOf: batch)
                written += batch
            case 8:
                try log.append(LedgerEntry(id: "note-\(step)", kind: "someone-elses-kind", schema: 1, updatedAt: 1, payload: LedgerPayload([("text", "x")])))
            case 9:
                try damageCheckpoint(in: directory, random: &random)
            case 10:
                try appendTornLine(to: directory)
            case 11:
                // Another device's records pulled in one atomic write, and this one's pushed.
                let batch = (0..<3).map { _ in random.transaction() }
                try LedgerTransactionsStore(ledger: otherDevice).upsert(contentsOf: batch)
                _ = try sync.sync()
                written += batch
            default:
                writeForeignCheckpoint(log)
            }
            XCTAssertEqual(try tally(directory), try replay(directory), "step \(step)")
            XCTAssertEqual(try CheckpointedPortfolioProjection(log: FileLedgerStore(directory: directory), base: base).projection(method: .average),
                           PortfolioProjection(base: base, method: .average, history: try history(directory)), "step \(step)")
            XCTAssertEqual(Array(try CheckpointedRealizedGains(log: FileLedgerStore(directory: directory), base: base).gains(method: .fifo).gains()),
                           PortfolioCalculator.realizedGains(of: try history(directory), method: .fifo), "step \(step)")
            try checkDated(from: lastDays.transaction().date, in: directory, step: step, answered: &answered)
        }
        XCTAssertGreaterThan(answered, 250, "a log this short is read back whole, whatever order its dates were written in")
    }

    /// As a person keeps a history: mostly trades dated as they happen, some a few days late,
    /// and edits and deletes mostly of what was just written, some of them moving it a few days.
    func test_changesToRecentTransactions_areToldAndFoldedFromTheCheckpoints_andEqualAReplay() throws {
        let (directory, store, log) = makeSUT()
        var random = RandomHistory(seed: 77)
        var written: [Transaction] = []
        var answered = 0, datedAnswered = 0
        // Its own draws, so the history is the same as without them.
        var lastDays = RandomHistory(seed: 78)
        for step in 0..<400 {
            let today = 19_723 + Int32(step / 3)
            let shifted = { (random: inout RandomHistory) in CalendarDay(daysSinceEpoch: today - Int32(random.next(below: 4))) }
            let changes = CheckpointedTransactionsTally(log: log, base: base)
            switch random.next(below: 10) {
            case 0...5:
                let added = random.transaction().with(date: shifted(&random))
                try store.upsert(added)
                written.append(added)
            case 6...7 where !written.isEmpty:
                let index = recentOrAny(written.count, &random)
                let edited = written[index].with(date: random.next(below: 2) == 0 ? written[index].date : shifted(&random), sum: written[index].sum + FixedDecimal(1))
                let (projected, earlier) = (try changes.tally(replacing: edited.id, with: edited), try stored(edited.id, directory))
                try store.upsert(edited)
                try check(projected, earlier: earlier, in: directory, step: step, answered: &answered)
                written[index] = edited
            case 8...9 where !written.isEmpty:
                let deleted = written.remove(at: recentOrAny(written.count, &random))
                let (projected, earlier) = (try changes.tally(replacing: deleted.id, with: nil), try stored(deleted.id, directory))
                try store.delete(deleted, deletedAt: Date())
                try check(projected, earlier: earlier, in: directory, step: step, answered: &answered)
            default:
                break
            }
            XCTAssertEqual(try changes.tally(), try replay(directory), "step \(step)")
            let history = try history(directory)
            for method in [CostBasisMethod.fifo, .average] {
                XCTAssertEqual(try CheckpointedPortfolioProjection(log: log, base: base).projection(method: method),
                               PortfolioProjection(base: base, method: method, history: history), "step \(step)")
                XCTAssertEqual(Array(try CheckpointedRealizedGains(log: log, base: base).gains(method: method).gains()),
                               PortfolioCalculator.realizedGains(of: history, method: method), "step \(step)")
            }
            XCTAssertEqual(try CheckpointedNewestTransactions(log: log, base: base).newest(), NewestTransactions(base: base).replaying(history), "step \(step)")
            try checkDated(from: CalendarDay(daysSinceEpoch: today - Int32(lastDays.next(below: 12))), in: directory, step: step, answered: &datedAnswered)
        }
        XCTAssertEqual(datedAnswered, 400, "the last days are always read back from the end")
        XCTAssertGreaterThan(answered, 100, "most changes are told from the checkpoint")
        XCTAssertLessThan(log.replays, 60, "only changes to older transactions, and the first reads, replay")
    }

    /// Adds, edits and deletes, of recent transactions and old ones, through the use cases as
    /// `invest` composes them, the checkpoints read between them or left behind: each is saved or
    /// refused, with the same reason, as by the same use case reading the whole history.
    func test_changesCheckedFromTheCheckpoints_areJudgedAsFromTheWholeHistory() throws {
        let (directory, ledgerStore, log) = makeSUT()
        let store = BaseCurrencyTransactionsStore(decoratee: ledgerStore, base: base)
        var random = RandomHistory(seed: 303)
        var written: [Transaction] = []
        var judged = (old: 0, refused: 0)
        // A history kept by the rules to start from.
        let today = { CalendarDay(year: 2025, month: 1, day: 1)! }
        while written.count < 60 {
            let candidate = random.transaction(namingTheBase: false)
            if (try? SaveTransactionUseCase(store: store, today: today, now: Date.init, makeID: { candidate.id }).save(TransactionDraft(candidate))) != nil {
                written.append(candidate)
            }
        }
        for step in 0..<300 {
            let tally = CheckpointedTransactionsTally(log: log, base: base, recentRecords: 8)
            let wholeHistory = BaseCurrencyTransactionsStore(decoratee: LedgerTransactionsStore(ledger: InMemoryLedgerStore()), base: base)
            try wholeHistory.upsert(contentsOf: try history(directory))
            let (transaction, id): (Transaction, String?)
            switch random.next(below: 10) {
            case 0...5:
                let index = random.next(below: 2) == 0 ? random.next(below: written.count) : written.count - 1 - random.next(below: 8)
                judged.old += index < written.count - 16 ? 1 : 0
                if random.next(below: 3) == 0 {
                    let deleted = written[index]
                    let outcome = { (delete: DeleteTransactionUseCase) -> DeleteTransactionError? in
                        do throws(DeleteTransactionError) { try delete.delete(id: deleted.id) } catch { return error }
                        return nil
                    }
                    let expected = outcome(DeleteTransactionUseCase(store: wholeHistory, now: Date.init))
                    XCTAssertEqual(outcome(DeleteTransactionUseCase(store: store, now: Date.init, changes: tally)), expected, "step \(step): deleting \(deleted)")
                    if expected == nil { written.remove(at: index) }
                    judged.refused += expected == nil ? 0 : 1
                    continue
                }
                (transaction, id) = (random.edit(of: written[index], namingTheBase: false), written[index].id)
            default:
                // As `invest` saves it: a draft naming the base currency names none.
                (transaction, id) = (random.transaction(namingTheBase: false), nil)
            }
            let outcome = { (save: SaveTransactionUseCase) -> SaveTransactionError? in
                do throws(SaveTransactionError) { _ = try save.save(TransactionDraft(transaction), replacing: id) } catch { return error }
                return nil
            }
            let expected = outcome(SaveTransactionUseCase(store: wholeHistory, today: today, now: { transaction.updatedAt }, makeID: { transaction.id }))
            XCTAssertEqual(outcome(SaveTransactionUseCase(store: store, today: today, now: { transaction.updatedAt }, makeID: { transaction.id },
                                                          tally: tally, changes: tally)),
                           expected, "step \(step): \(id == nil ? "adding" : "editing into") \(transaction)")
            if expected == nil { written = written.filter { $0.id != transaction.id } + [transaction] }
            judged.refused += expected == nil ? 0 : 1
            // Read now and then: the checkpoints are sometimes up to date, sometimes behind an old change.
            if random.next(below: 3) == 0 { _ = try tally.tally() }
        }
        XCTAssertGreaterThan(judged.old, 40, "changes to transactions older than the checkpoints' recent ones")
        XCTAssertGreaterThan(judged.refused, 30, "the rules refuse some changes")
    }

    /// After each rebuild (the checkpoints gone, as after a compaction or an upgrade), an edit
    /// or a delete of one of the transactions it just read is folded from the base it kept
    /// behind its last lines, wherever it could take one, and every answer equals a replay.
    func test_aChangeRightAfterARebuild_toATransactionItRead_isFoldedFromTheBaseItKept_andEqualsAReplay() throws {
        let (directory, store, log) = makeSUT()
        var random = RandomHistory(seed: 41)
        var written: [Transaction] = []
        var folded = 0
        for round in 0..<40 {
            // Three trades a day, one in ten a few days late.
            for index in 0..<20 {
                let day = 19_723 + Int32((round * 20 + index) / 3) - (random.next(below: 10) == 0 ? Int32(1 + random.next(below: 3)) : 0)
                let added = random.transaction().with(date: CalendarDay(daysSinceEpoch: day))
                try store.upsert(added)
                written.append(added)
            }
            try? FileManager.default.removeItem(at: directory.appendingPathComponent("checkpoints"))
            XCTAssertEqual(try CheckpointedTransactionsTally(log: log, base: base, recentRecords: 8).tally(), try replay(directory), "round \(round)")
            let replays = log.replays
            let index = written.count - 1 - random.next(below: 8)
            if random.next(below: 2) == 0 {
                written[index] = written[index].with(sum: written[index].sum + FixedDecimal(1))
                try store.upsert(written[index])
            } else {
                try store.delete(written.remove(at: index), deletedAt: Date())
            }
            XCTAssertEqual(try CheckpointedTransactionsTally(log: log, base: base, recentRecords: 8).tally(), try replay(directory), "round \(round)")
            folded += log.replays == replays ? 1 : 0
        }
        XCTAssertGreaterThan(folded, 35, "rebuilds found a day's edge among their last lines to keep them out of the base, folding a late trade into it")
    }

    /// A change to an old transaction, which every base holds, is put in place in each
    /// projection's base from the transactions of the tickers it names, not a replay; the
    /// recent transactions fold onto that base as before, so they can still be changed from it.
    func test_aChangeToAnOldTransaction_isRevisedInEveryBase_fromItsTickersTransactions_withoutAReplay() throws {
        let (directory, store, log) = makeSUT()
        var random = RandomHistory(seed: 9)
        // Three trades a day, as they happen, in the base currency.
        var written: [Transaction] = []
        for index in 0..<300 {
            let trade = random.transaction(namingTheBase: false)
            if trade.currency == nil, trade.toCurrency == nil { written.append(trade.with(date: CalendarDay(daysSinceEpoch: 19_723 + Int32(index / 3)))) }
        }
        try store.upsert(contentsOf: written)
        let companions = projections(of: log)

        XCTAssertEqual(try CheckpointedTransactionsTally(log: log, base: base, recentRecords: 8, companions: companions).tally(), try replay(directory))
        try assertEveryProjectionEqualsAReplay(log, directory, "after the first read")
        XCTAssertEqual(log.replays, 1, "the first read rebuilt them all")

        let old = try XCTUnwrap(written.firstIndex { (trade: Transaction) in trade.type == TransactionType.buy })
        written[old] = written[old].with(quantity: written[old].quantity + FixedDecimal(1))
        try store.upsert(written[old])
        try assertEveryProjectionEqualsAReplay(log, directory, "after the change")
        XCTAssertEqual(log.replays, 1, "no projection replayed the log")
        XCTAssertEqual(log.revisionReads, 3, "the tally, the portfolio and the gains each read the buy's ticker once; the newest need nothing")

        let recent = written.count - 2
        written[recent] = written[recent].with(sum: written[recent].sum + FixedDecimal(1))
        try store.upsert(written[recent])
        try store.upsert(random.transaction(namingTheBase: false).with(date: CalendarDay(daysSinceEpoch: 19_723 + 100)))
        try assertEveryProjectionEqualsAReplay(log, directory, "after a change to a recent transaction and an add")
        XCTAssertEqual(log.replays, 1, "each folds the recent lines onto its revised base")
        XCTAssertEqual(log.revisionReads, 3, "nothing more was revised")

        written[old] = written[old].with(note: "a new note changes no position")
        try store.upsert(written[old])
        try assertEveryProjectionEqualsAReplay(log, directory, "after a new note")
        XCTAssertEqual(log.revisionReads, 3, "a buy's new note is put in place from the change alone")

        written[old] = written[old].with(quantity: written[old].quantity + FixedDecimal(1))
        try store.upsert(written[old])
        try assertEveryProjectionEqualsAReplay(log, directory, "after a second change to the old transaction")
        try store.delete(written[old], deletedAt: Date())
        try assertEveryProjectionEqualsAReplay(log, directory, "after its delete")
        XCTAssertEqual(log.replays, 1, "the version each base holds is revised again")
        XCTAssertEqual(log.revisionReads, 9)
    }

    func test_anOldFeeChargedToAnAccount_isTakenOutOfEveryBase_withoutAReplay() throws {
        let (directory, store, log) = makeSUT()
        var random = RandomHistory(seed: 12)
        var written = [Transaction(id: "fee", date: CalendarDay(daysSinceEpoch: 19_723), type: .fee, ticker: "", quantity: .zero, sum: 7, account: "isa",
                                   updatedAt: Date(timeIntervalSince1970: 0))]
        for index in 0..<120 {
            let trade = random.transaction(namingTheBase: false)
            if trade.currency == nil, trade.toCurrency == nil, !trade.ticker.isEmpty { written.append(trade.with(date: CalendarDay(daysSinceEpoch: 19_724 + Int32(index / 3)))) }
        }
        try store.upsert(contentsOf: written)
        let companions = projections(of: log)
        XCTAssertEqual(try CheckpointedTransactionsTally(log: log, base: base, recentRecords: 8, companions: companions).tally(), try replay(directory))
        XCTAssertEqual(log.replays, 1, "the first read rebuilt them all")

        try store.upsert(written[0].with(sum: 9))
        try assertEveryProjectionEqualsAReplay(log, directory, "after the fee's new sum")
        try store.delete(written[0], deletedAt: Date())
        try assertEveryProjectionEqualsAReplay(log, directory, "after its delete: the account is charged nothing")
        XCTAssertEqual(log.replays, 1, "the fee is taken out of the positions, as its cash is out of the tally")
    }

    func test_aReadAfterAnAppend_foldsTheLineIntoTheCheckpoint_insteadOfReplaying() throws {
        let (directory, store, log) = try checkpointedDeposit()
        XCTAssertEqual(log.replays, 1, "no checkpoint yet")

        try store.upsert(makeTransaction(date: "2024-01-02", type: .buy, sum: "40"))
        let folded = try CheckpointedTransactionsTally(log: log, base: base).tally()

        XCTAssertEqual(log.replays, 1)
        XCTAssertEqual(folded.cashBalances(in: .all).balance, 60)
        XCTAssertEqual(folded, try replay(directory))
    }

    func test_aReadOfALogNothingWasAddedTo_needsNoFilterOfIds_butALineAddedSinceDoes() throws {
        let (directory, store, log) = try checkpointedDeposit()
        try FileManager.default.removeItem(at: checkpointURL(directory).appendingPathExtension("ids"))

        let unchanged = try CheckpointedTransactionsTally(log: log, base: base).tally()
        XCTAssertEqual(log.replays, 1, "the projection alone answers for an unchanged log")
        XCTAssertEqual(unchanged.cashBalances(in: .all).balance, 100)

        try store.upsert(makeCash(date: "2024-01-02", type: .deposit, sum: "5"))
        let added = try CheckpointedTransactionsTally(log: log, base: base).tally()
        XCTAssertEqual(log.replays, 2, "a line since needs the filter, which is gone")
        XCTAssertEqual(added, try replay(directory))
    }

    func test_aChangeToARecordInTheBase_isTakenOutOfIt_withoutAReplay_orAnyOtherRead() throws {
        let (directory, store, log) = try checkpointedDeposit()

        try store.delete(Self.deposit, deletedAt: Date())
        let tally = try CheckpointedTransactionsTally(log: log, base: base).tally()

        XCTAssertEqual(log.replays, 1)
        XCTAssertEqual(log.revisionReads, 0, "a deposit's cash is told by the deposit alone")
        XCTAssertEqual(tally.cashBalances(in: .all), CashBalances(isTracked: false, balances: [:], movements: [:]))
        XCTAssertEqual(tally, try replay(directory))
    }

    /// A deletion a replay read after its base is one of the records written since, which the
    /// base doesn't hold: the next read passes over it, neither replaying nor revising the base.
    func test_aDeletionAReplayReadAfterItsBase_isPassedOverByTheNextRead() throws {
        let (directory, store, log) = makeSUT()
        let written = (0..<20).map { makeCash(id: "d\($0)", date: "2024-01-\(10 + $0)", type: .deposit, sum: "1") }
        try store.upsert(contentsOf: written)
        _ = try CheckpointedTransactionsTally(log: log, base: base, recentRecords: 8).tally()
        try store.delete(written[0], deletedAt: Date())
        try FileManager.default.removeItem(at: directory.appendingPathComponent("checkpoints"))
        _ = try CheckpointedTransactionsTally(log: log, base: base, recentRecords: 8).tally()
        XCTAssertEqual(log.replays, 2, "no checkpoint to start from")

        try store.upsert(makeCash(id: "new", date: "2024-02-10", type: .deposit, sum: "5"))
        let tally = try CheckpointedTransactionsTally(log: log, base: base, recentRecords: 8).tally()

        XCTAssertEqual(log.replays, 2)
        XCTAssertEqual(log.revisionReads, 0)
        XCTAssertEqual(tally, try replay(directory))
    }

    func test_aCheckpointOfALogAnImportExtended_isCarriedOverToTheNewFile_andFoldsTheImportedLines() throws {
        let (directory, store, log) = try checkpointedDeposit()

        // An import writes a new file, the old lines as they were and the batch after them, as a sync's pull does.
        try store.upsert(contentsOf: [makeCash(date: "2024-01-02", type: .deposit, sum: "1"), makeCash(date: "2024-01-03", type: .withdrawal, sum: "30")])
        let tally = try CheckpointedTransactionsTally(log: log, base: base).tally()

        XCTAssertEqual(log.replays, 1, "the imported lines are folded in")
        XCTAssertEqual(tally.cashBalances(in: .all).balance, 71)
        XCTAssertEqual(tally, try replay(directory))
    }

    func test_aCheckpointOfALogRewrittenOtherwise_isNotTrusted() throws {
        let (directory, _, log) = try checkpointedDeposit()

        // The same lines in a new file (a compaction, an editor's save): nothing vouches for it.
        let logURL = directory.appendingPathComponent("transactions.log"), copy = directory.appendingPathComponent("copy.log")
        try FileManager.default.copyItem(at: logURL, to: copy)
        XCTAssertEqual(rename(copy.path, logURL.path), 0)
        let tally = try CheckpointedTransactionsTally(log: log, base: base).tally()

        XCTAssertEqual(log.replays, 2)
        XCTAssertEqual(tally.cashBalances(in: .all).balance, 100)
    }

    /// An editor writing in place (vim's default) keeps the file, its length and its last line.
    func test_anEditInPlaceThatKeepsTheLength_isSeen_andTheCheckpointsAreRebuiltOnce() throws {
        let (directory, _, log) = try checkpointedDepositAndALaterOne()

        try editInPlace(directory, replacing: "sum=100", with: "sum=900")
        let edited = try CheckpointedTransactionsTally(log: log, base: base, recentRecords: 1).tally()
        let again = try CheckpointedTransactionsTally(log: log, base: base, recentRecords: 1).tally()

        XCTAssertEqual(edited.cashBalances(in: .all).balance, 905)
        XCTAssertEqual(edited, try replay(directory))
        XCTAssertEqual(again, edited)
        XCTAssertEqual(log.replays, 2, "rebuilt once, then trusted again")
    }

    /// A write here after someone else's edit must not vouch for the edit it did not make.
    func test_anAppendAfterAnEditInPlace_doesNotMakeTheStaleCheckpointsTrusted() throws {
        let (directory, store, log) = try checkpointedDepositAndALaterOne()

        try editInPlace(directory, replacing: "sum=100", with: "sum=900")
        try store.upsert(makeCash(date: "2024-01-09", type: .deposit, sum: "1"))
        let tally = try CheckpointedTransactionsTally(log: log, base: base, recentRecords: 1).tally()

        XCTAssertEqual(tally.cashBalances(in: .all).balance, 906)
        XCTAssertEqual(log.replays, 2)
    }

    /// Times set back after an edit (`touch -r`) don't hide it: the change time can't be set.
    func test_anEditWhoseModificationTimeIsSetBack_isSeen() throws {
        let (directory, _, log) = try checkpointedDepositAndALaterOne()
        let path = directory.appendingPathComponent("transactions.log").path
        var before = stat()
        XCTAssertEqual(stat(path, &before), 0)

        try editInPlace(directory, replacing: "sum=100", with: "sum=900")
        var times = [before.st_atim, before.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)

        XCTAssertEqual(try CheckpointedTransactionsTally(log: log, base: base, recentRecords: 1).tally().cashBalances(in: .all).balance, 905)
    }

    // MARK: - Helpers

    /// Overwrites bytes of the log where they are, as an editor that writes in place does.
    private func editInPlace(_ directory: URL, replacing old: String, with new: String) throws {
        precondition(old.utf8.count == new.utf8.count)
        let handle = try FileHandle(forUpdating: directory.appendingPathComponent("transactions.log"))
        defer { try? handle.close() }
        let contents = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        let range = try XCTUnwrap(contents.range(of: old))
        try handle.seek(toOffset: UInt64(contents.utf8.distance(from: contents.startIndex, to: range.lowerBound)))
        try handle.write(contentsOf: Data(new.utf8))
    }

    /// Mostly one of the last few written, which a checkpoint can take back out; else any.
    /// The transactions read back from the log's end, when it tells them, are the history's
    /// dated from `day`.
    private func checkDated(from day: CalendarDay, in directory: URL, step: Int, answered: inout Int) throws {
        guard let dated = try CheckpointedNewestTransactions(log: FileLedgerStore(directory: directory), base: base).dated(from: day, most: 10_000) else { return }
        answered += 1
        XCTAssertEqual(dated.sorted(by: Transaction.newestFirst), try history(directory).filter { $0.date >= day }.sorted(by: Transaction.newestFirst),
                       "step \(step), from \(day.iso)")
    }

    func test_theTransactionsOfTheLastDays_areReadBackFromTheEnd_unlessOneWasWrittenLongAgo_orThereAreTooMany() throws {
        let directory = makeTemporaryDirectory()
        let store = LedgerTransactionsStore(ledger: FileLedgerStore(directory: directory))
        var random = RandomHistory(seed: 5)
        let early = random.transaction().with(date: CalendarDay(daysSinceEpoch: 30_000))
        try store.upsert(early)
        // Ten a day, as they happen.
        try store.upsert(contentsOf: (0..<6_000).map { random.transaction().with(date: CalendarDay(daysSinceEpoch: 19_723 + Int32($0 / 10))) })
        let recent = CheckpointedNewestTransactions(log: FileLedgerStore(directory: directory), base: base)
        let lastDay = CalendarDay(daysSinceEpoch: 19_723 + 599)

        XCTAssertNil(try recent.dated(from: lastDay, most: 100), "the one dated ahead was written before thousands of lines")
        try store.delete(early, deletedAt: Date())
        XCTAssertEqual(try recent.dated(from: lastDay, most: 100)?.count, 10)
        XCTAssertEqual(try recent.dated(from: CalendarDay(daysSinceEpoch: 19_723 + 500), most: 1_000)?.count, 1_000)
        XCTAssertNil(try recent.dated(from: CalendarDay(daysSinceEpoch: 19_723 + 500), most: 999), "more than the most asked for")
        XCTAssertEqual(try recent.dated(from: CalendarDay(daysSinceEpoch: 40_000), most: 10), [])

        let listing = CheckpointedNewestTransactions(log: FileLedgerStore(directory: directory), base: base)
        _ = try listing.newest()
        try store.upsert(random.transaction().with(date: lastDay))
        XCTAssertEqual(try listing.dated(from: lastDay, most: 100)?.count, 10, "as the newest transactions it read stood")
        XCTAssertEqual(try recent.dated(from: lastDay, most: 100)?.count, 11, "as the log stands now")
    }

    private func recentOrAny(_ count: Int, _ random: inout RandomHistory) -> Int {
        random.next(below: 5) == 0 ? random.next(below: count) : count - 1 - random.next(below: min(3, count))
    }

    /// The version of `id` the store reads, as the tally decodes it.
    private func stored(_ id: String, _ directory: URL) throws -> Transaction? {
        try LedgerTransactionsStore(ledger: FileLedgerStore(directory: directory)).retrieveAll().first { $0.id == id }
    }

    /// What the checkpoint said a change would make, when it could tell, against a replay after it.
    private func check(_ projected: TallyAfterChange?, earlier: Transaction?, in directory: URL, step: Int, answered: inout Int) throws {
        guard let projected else { return }
        answered += 1
        XCTAssertEqual(projected.earlier, earlier, "step \(step)")
        XCTAssertEqual(projected.tally, try replay(directory), "step \(step)")
    }

    private static let deposit = makeCash(id: "dep", date: "2024-01-01", type: .deposit, sum: "100")

    /// A fresh log, the store that writes transactions to it, and a view of it that counts replays.
    private func makeSUT() -> (directory: URL, store: LedgerTransactionsStore, log: CountingLog) {
        let directory = makeTemporaryDirectory()
        return (directory, LedgerTransactionsStore(ledger: FileLedgerStore(directory: directory)), CountingLog(FileLedgerStore(directory: directory)))
    }

    /// A log holding a deposit of 100, its tally read once through a log that counts replays.
    private func checkpointedDeposit() throws -> (directory: URL, store: LedgerTransactionsStore, log: CountingLog) {
        let (directory, store, log) = makeSUT()
        try store.upsert(Self.deposit)
        _ = try CheckpointedTransactionsTally(log: log, base: base).tally()
        return (directory, store, log)
    }

    /// The deposit of 100, then one of 5, their tally folded into a checkpoint that keeps only
    /// the last record out of its base: the deposit's line is in the base, and not its last line,
    /// which a checkpoint checks.
    private func checkpointedDepositAndALaterOne() throws -> (directory: URL, store: LedgerTransactionsStore, log: CountingLog) {
        let (directory, store, log) = try checkpointedDeposit()
        try store.upsert(makeCash(id: "later", date: "2024-01-05", type: .deposit, sum: "5"))
        XCTAssertEqual(try CheckpointedTransactionsTally(log: log, base: base, recentRecords: 1).tally().cashBalances(in: .all).balance, 105)
        return (directory, store, log)
    }

    /// With a base only eight transactions behind, so the random steps move it often; a replay
    /// for it rebuilds the other projections' checkpoints, which the random steps then read.
    private func tally(_ directory: URL) throws -> TransactionsTally {
        let log = FileLedgerStore(directory: directory)
        return try CheckpointedTransactionsTally(log: log, base: base, recentRecords: 8, companions: projections(of: log)).tally()
    }

    /// The transactions' projections, as `invest` reads them.
    private func projections(of log: CheckpointableLedger) -> ReplayCompanions<Transaction> {
        let companions = ReplayCompanions<Transaction>()
        companions.add(TransactionsTally(base: base), log: log, recentRecords: 8)
        companions.add(NewestTransactions(base: base), log: log, recentRecords: 8)
        companions.add(PortfolioProjection(base: base, method: .average), log: log, recentRecords: 8)
        companions.add(RealizedGainsProjection(base: base, method: .fifo), log: log)
        return companions
    }

    /// Each projection of the transactions read from its checkpoint, against a replay.
    private func assertEveryProjectionEqualsAReplay(_ log: CheckpointableLedger, _ directory: URL, _ message: String) throws {
        let history = try history(directory)
        XCTAssertEqual(try CheckpointedTransactionsTally(log: log, base: base).tally(), TransactionsTally(base: base, history: history), message)
        XCTAssertEqual(try CheckpointedNewestTransactions(log: log, base: base).newest(), NewestTransactions(base: base).replaying(history), message)
        XCTAssertEqual(try CheckpointedPortfolioProjection(log: log, base: base).projection(method: .average),
                       PortfolioProjection(base: base, method: .average, history: history), message)
        XCTAssertEqual(try CheckpointedRealizedGains(log: log, base: base).gains(method: .fifo),
                       RealizedGainsProjection(base: base, method: .fifo, history: history), message)
    }

    private func replay(_ directory: URL) throws -> TransactionsTally {
        TransactionsTally(base: base, history: try history(directory))
    }

    private func history(_ directory: URL) throws -> [Transaction] {
        try BaseCurrencyTransactionsStore(decoratee: LedgerTransactionsStore(ledger: FileLedgerStore(directory: directory)), base: base).retrieveAll()
    }

    private func checkpointURL(_ directory: URL) -> URL {
        directory.appendingPathComponent("checkpoints/" + TransactionsTally(base: base).checkpointName)
    }

    /// Cuts short or flips a byte of the checkpoint, its filter of ids, its base or its next base.
    private func damageCheckpoint(in directory: URL, random: inout RandomHistory) throws {
        let suffix = ["", ".ids", ".base", ".next"][random.next(below: 4)]
        let url = URL(fileURLWithPath: checkpointURL(directory).path + suffix)
        guard var bytes = try? Data(contentsOf: url), !bytes.isEmpty else { return }
        if random.next(below: 2) == 0 {
            bytes = bytes.prefix(random.next(below: bytes.count))
        } else {
            let at = random.next(below: bytes.count)
            bytes[at] ^= 0x5A
        }
        try bytes.write(to: url)
    }

    /// What a writer killed mid-append leaves: a line without its end.
    private func appendTornLine(to directory: URL) throws {
        let handle = try FileHandle(forWritingTo: directory.appendingPathComponent("transactions.log"))
        handle.seekToEndOfFile()
        handle.write(Data("+\tcut-short\tbuy\t1\t17".utf8))
        try handle.close()
    }

    /// A whole checkpoint of the right name, at the log's end, paired with its filter, written
    /// for another base currency.
    private func writeForeignCheckpoint(_ log: FileLedgerStore) {
        guard let (payload, position) = log.checkpoint(named: TransactionsTally(base: base).checkpointName) else { return }
        var reader = PackedReader(payload)
        guard (try? reader.readUInt64()) == 0, (try? reader.readUInt64()) == 2, let token = try? reader.readUInt64() else { return }
        var writer = PackedWriter()
        // The reader's layout (0, 2), its token, no ids since the base and no next base.
        for word: UInt64 in [0, 2, token, 0] { writer.write(word) }
        writer.write(false)
        TransactionsTally(base: "GBP").write(to: &writer)
        log.saveCheckpoint(writer.bytes, named: TransactionsTally(base: base).checkpointName, at: position)
    }
}
