import XCTest
import Ledger
import Transactions
import LocalFileStore
import TransactionsTestSupport
import TestSupport

final class FileLedgerStoreTests: XCTestCase, LedgerStoreSpecs {
    func test_retrieveEntries_deliversEmptyOnEmptyStore() throws { try assertThatRetrieveEntriesDeliversEmptyOnEmptyStore(on: makeLedger()) }
    func test_append_keepsEveryEntryExactly() throws { try assertThatAppendKeepsEveryEntryExactly(on: makeLedger()) }
    func test_append_replacesTheEntryWithTheSameID() throws { try assertThatAppendReplacesTheEntryWithTheSameID(on: makeLedger()) }
    func test_appendContentsOf_storesEachInOrder() throws { try assertThatAppendContentsOfStoresEachInOrder(on: makeLedger()) }
    func test_applyExpecting_writesOnlyOverTheVersionsExpected() throws { try assertThatApplyExpectingWritesOnlyOverTheVersionsExpected(on: makeLedger()) }
    func test_latestVersions_areTheVersionsOfTheMatchingIDs() throws { try assertThatLatestVersionsAreTheVersionsOfTheMatchingIDs(on: makeLedger()) }
    func test_append_ofATombstoneDeliversItAfterTheLiveEntries() throws { try assertThatAppendOfATombstoneDeliversItAfterTheLiveEntries(on: makeLedger()) }
    func test_apply_storesEntriesAsTheyAreKeepingUpdatedAt() throws { try assertThatApplyStoresEntriesAsTheyAreKeepingUpdatedAt(on: makeLedger()) }
    func test_entriesOfUnknownKindsAndNewerSchemas_areKeptUnchanged() throws { try assertThatEntriesOfUnknownKindsAndNewerSchemasAreKeptUnchanged(on: makeLedger()) }
    func test_withExclusiveAccess_allowsStoreCallsInside() throws { try assertThatWithExclusiveAccessAllowsStoreCallsInside(on: makeLedger()) }

    func test_latestVersions_readBackFromTheEnd_overLinesLongerThanAPiece_andATornTail() throws {
        let directory = makeTemporaryDirectory()
        let sut = FileLedgerStore(directory: directory)
        // Lines of a few bytes to 200 KB, around the 64 KB pieces read back.
        for index in 0..<40 {
            try sut.append(LedgerFixtures.entry("id\(index % 15)", updatedAt: Int64(index + 1),
                                                 payload: LedgerPayload([("note", String(repeating: "x", count: (index * 7_919) % 200_000))])))
        }
        try assertThatLatestVersionsAreTheVersionsOfTheMatchingIDs(on: sut, payload: LedgerPayload([("note", String(repeating: "y", count: 70_000))]))
        // What a writer killed mid-append leaves.
        let handle = try FileHandle(forWritingTo: directory.appendingPathComponent("transactions.log"))
        handle.seekToEndOfFile()
        handle.write(Data("+\tid3\tbuy\t1\t99\tnote=".utf8))
        try handle.close()

        let whole = try sut.retrieveEntries()
        XCTAssertEqual(try sut.latestVersions(.prefix("id1")), Dictionary(whole.filter { $0.id.hasPrefix("id1") }.map { ($0.id, $0) }) { $1 })
        XCTAssertEqual(try sut.latestVersions(.ids(["id3"]))["id3"]?.updatedAt, 34, "the torn line is not a version")
        let escaped = LedgerFixtures.entry("id\twith a tab\\", updatedAt: 50)
        try sut.append(escaped)
        XCTAssertEqual(try sut.latestVersions(.prefix("id\t")), [escaped.id: escaped], "an id is matched as it reads, not as the log escapes it")
        let equals = LedgerFixtures.entry("eq=1", updatedAt: 51)
        try sut.append(equals)
        XCTAssertEqual(try sut.latestVersions(.prefix("eq=")), [equals.id: equals], "'=' is written as it is in an id")
    }

    /// A few ids are searched for in each piece read back as the log writes them: each is found
    /// only where a line's id stands, not in a note, in a longer id or as a kind, and its latest
    /// line there, a deletion too, is its version.
    func test_latestVersionsOfAFewIDs_areFoundOnlyWhereALinesIDStands() throws {
        let sut = FileLedgerStore(directory: makeTemporaryDirectory())
        var latest: [String: LedgerEntry] = [:]
        for index in 0..<3_000 {
            let id = "r\(index % 700)"
            let payload = LedgerPayload([("note", "\t\(id)\t+\tr\(index % 13)\t"), ("pad", String(repeating: "z", count: index % 300))])
            var entry = LedgerFixtures.entry(id, kind: index % 500 == 0 ? "r5" : "buy", updatedAt: Int64(index + 1), payload: payload)
            if index % 97 == 0 { entry = entry.deleted(at: Int64(index + 1)) }
            try sut.append(entry)
            latest[id] = entry
        }
        for ids: Set<String> in [["r1"], ["r10", "r100", "r1"], ["r699", "r0"], ["r5"], ["r97"], ["missing", "r3"], ["r", "1"]] {
            XCTAssertEqual(try sut.latestVersions(.ids(ids)), latest.filter { ids.contains($0.key) }, "\(ids.sorted())")
        }
    }

    func test_aReadOfTheWholeLogForTheCheckpoints_isToldTheLogsSize_andOtherReadsAreNot() throws {
        let directory = makeTemporaryDirectory()
        var told: [Int] = []
        let sut = FileLedgerStore(directory: directory, onRebuild: { told.append($0) })
        try sut.append(LedgerFixtures.entry("a", updatedAt: 1))
        _ = try sut.retrieveEntries()
        _ = try sut.scanLive(reserve: { _ in }) { _ in true }
        _ = try sut.latestVersions(.ids(["a"]))
        XCTAssertEqual(told, [])

        _ = try sut.scanLiveToEnd(base: nil, reserve: { _ in }, reachedBase: {}) { _ in true }

        let size = try FileManager.default.attributesOfItem(atPath: sut.logPath)[.size] as? Int
        XCTAssertEqual(told, [try XCTUnwrap(size)])
    }

    /// A write killed between creating its temporary file and renaming it leaves the file: at
    /// 100,000 transactions, six kills left 13 MB that nothing would ever remove.
    func test_whatKilledWritesLeftBehind_isRemovedAtTheNextWrite_butNotAWriteInProgress() throws {
        let directory = makeTemporaryDirectory()
        let sut = FileLedgerStore(directory: directory)
        try sut.append(LedgerFixtures.entry("a", updatedAt: 1))
        let checkpoints = directory.appendingPathComponent("checkpoints")
        try FileManager.default.createDirectory(at: checkpoints, withIntermediateDirectories: true)
        let killed = [checkpoints.appendingPathComponent("tally-v7-USD.tmp-3k2j"), directory.appendingPathComponent("transactions.log.tmp-9x1"),
                      directory.appendingPathComponent("transactions.batch.tmp-77")]
        let inProgress = checkpoints.appendingPathComponent("gains-v6-fifo-USD.tmp-0a1")
        let someoneElses = directory.appendingPathComponent("prices.json.tmp-5")
        for file in killed + [inProgress, someoneElses] { try Data(repeating: 1, count: 1000).write(to: file) }
        let longAgo = Date().addingTimeInterval(-120)
        for file in killed + [someoneElses] { try FileManager.default.setAttributes([.modificationDate: longAgo], ofItemAtPath: file.path) }

        try sut.append(LedgerFixtures.entry("b", updatedAt: 2))
        let position = try XCTUnwrap(sut.lastLines(1).first?.start)
        sut.saveCheckpoint([1], named: "tally-v7-USD", at: position)

        for file in killed { XCTAssertFalse(FileManager.default.fileExists(atPath: file.path), file.lastPathComponent) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: inProgress.path), "a write of a checkpoint a moment ago may be going on")
        XCTAssertTrue(FileManager.default.fileExists(atPath: someoneElses.path), "written without the log's lock: not the log's to remove")
    }

    private func makeLedger(file: StaticString = #filePath, line: UInt = #line) -> FileLedgerStore {
        let sut = FileLedgerStore(directory: makeTemporaryDirectory())
        trackForMemoryLeaks(sut, file: file, line: line)
        return sut
    }
}

/// Transactions over the file ledger keep the transactions store's contract, failures included.
final class FileLedgerTransactionsStoreTests: XCTestCase, FailableTransactionsStoreSpecs {
    func test_retrieveAll_deliversEmptyOnEmptyStore() throws { try assertThatRetrieveAllDeliversEmptyOnEmptyStore(on: makeSUT()) }
    func test_retrieveAll_hasNoSideEffectsOnEmptyStore() throws { try assertThatRetrieveAllHasNoSideEffectsOnEmptyStore(on: makeSUT()) }
    func test_retrieveAll_deliversInsertedTransactions() throws { try assertThatRetrieveAllDeliversInsertedTransactions(on: makeSUT()) }
    func test_retrieveAll_hasNoSideEffectsOnNonEmptyStore() throws { try assertThatRetrieveAllHasNoSideEffectsOnNonEmptyStore(on: makeSUT()) }
    func test_upsert_overwritesTransactionWithSameID() throws { try assertThatUpsertOverwritesTransactionWithSameID(on: makeSUT()) }
    func test_upsert_keepsEveryFieldExactly() throws { try assertThatUpsertKeepsEveryFieldExactly(on: makeSUT()) }
    func test_upsertContentsOf_insertsAndOverwritesTogether() throws { try assertThatUpsertContentsOfInsertsAndOverwritesTogether(on: makeSUT()) }
    func test_delete_removesOnlyThatTransaction() throws { try assertThatDeleteRemovesOnlyThatTransaction(on: makeSUT()) }
    func test_delete_ofUnknownIDChangesNothing() throws { try assertThatDeleteOfUnknownIDChangesNothing(on: makeSUT()) }
    func test_retrieveTicker_deliversOnlyThatTickersLiveTransactions() throws { try assertThatRetrieveTickerDeliversOnlyThatTickersLiveTransactions(on: makeSUT()) }
    func test_retrieveByIDOrItsStart_deliversTheLiveTransactions() throws { try assertThatRetrieveByIDOrItsStartDeliversTheLiveTransactions(on: makeSUT()) }
    func test_writes_areAppliedInTheOrderTheyWereMade() throws { try assertThatWritesAreAppliedInTheOrderTheyWereMade(on: makeSUT()) }
    func test_withExclusiveAccess_allowsStoreCallsInside() throws { try assertThatWithExclusiveAccessAllowsStoreCallsInside(on: makeSUT()) }

    // MARK: - Failures

    func test_retrieveAll_deliversErrorOnUnreadableData() throws {
        let directory = makeTemporaryDirectory()
        try write("investments-transactions v2\n+\tid\tbuy\t1\tsoon\tticker=AAPL\n", in: directory)

        XCTAssertThrowsError(try makeSUT(directory).retrieveAll()) { error in
            guard case let .store(.local(.damaged(file, line, reason)))? = error as? TransactionsStoreError else { return XCTFail("got \(error)") }
            XCTAssertTrue(file.hasSuffix("transactions.log"), file)
            XCTAssertEqual(line, 2)
            XCTAssertTrue(reason.contains("'soon'"), reason)
        }
    }

    func test_retrieveAll_hasNoSideEffectsOnFailure() throws {
        let directory = makeTemporaryDirectory()
        let damaged = "investments-transactions v2\ngarbage\n"
        try write(damaged, in: directory)

        _ = try? makeSUT(directory).retrieveAll()

        XCTAssertEqual(try contents(of: directory), damaged)
    }

    func test_upsert_deliversErrorOnWriteFailure() throws {
        XCTAssertThrowsError(try makeSUT(unwritableDirectory()).upsert(makeTransaction())) { error in
            guard case .store(.local(.fileSystem))? = error as? TransactionsStoreError else { return XCTFail("got \(error)") }
        }
    }

    func test_upsert_hasNoSideEffectsOnWriteFailure() throws {
        let directory = makeTemporaryDirectory()
        let foreign = "name,balance\nalice,10\n"
        try write(foreign, in: directory)

        XCTAssertThrowsError(try makeSUT(directory).upsert(makeTransaction())) { error in
            guard case .store(.local(.notALedger))? = error as? TransactionsStoreError else { return XCTFail("got \(error)") }
        }
        XCTAssertEqual(try contents(of: directory), foreign)
    }

    func test_delete_deliversErrorOnWriteFailure() throws {
        XCTAssertThrowsError(try makeSUT(unwritableDirectory()).delete(makeTransaction(), deletedAt: Date())) { error in
            guard case .store(.local(.fileSystem))? = error as? TransactionsStoreError else { return XCTFail("got \(error)") }
        }
    }

    // MARK: - File format and durability details

    func test_retrieveAll_deliversTooNewErrorForNewerFormatAndLeavesTheFileAlone() throws {
        let directory = makeTemporaryDirectory()
        let newer = "investments-transactions v9\n+\tanything at all\n"
        try write(newer, in: directory)

        XCTAssertThrowsError(try makeSUT(directory).retrieveAll()) { error in
            XCTAssertEqual(error as? TransactionsStoreError, .store(.newerFormat(file: directory.appendingPathComponent("transactions.log").path, version: 9, supported: 2)))
        }
        XCTAssertThrowsError(try makeSUT(directory).upsert(makeTransaction()))
        XCTAssertEqual(try contents(of: directory), newer)
    }

    func test_retrieveAll_ignoresATornLastLineAndTheNextWriteCutsItOff() throws {
        let directory = makeTemporaryDirectory()
        let sut = makeSUT(directory)
        let saved = makeTransaction(id: "saved")
        try sut.upsert(saved)
        try append("+\tpartial\tbuy\t1\t17", in: directory)

        XCTAssertEqual(try sut.retrieveAll(), [saved])

        let next = makeTransaction(id: "next")
        try sut.upsert(next)
        XCTAssertEqual(Set(try makeSUT(directory).retrieveAll()), [saved, next])
        XCTAssertFalse(try contents(of: directory).contains("partial"))
    }

    func test_aBatch_keepsTheHistoryAsItIs_thenAddsItsLines_leavingOutATornLastLine() throws {
        let directory = makeTemporaryDirectory()
        let sut = makeSUT(directory)
        try sut.upsert(makeTransaction(id: "first", note: "as written"))
        try sut.upsert(makeTransaction(id: "first", note: "superseded, still in the history"))
        let history = try contents(of: directory)
        try append("+\tpartial\tbuy\t1\t17", in: directory)

        try sut.upsert(contentsOf: [makeTransaction(id: "batch-1"), makeTransaction(id: "batch-2")])

        let after = try contents(of: directory)
        XCTAssertTrue(after.hasPrefix(history), "the history is kept byte for byte, not re-encoded")
        XCTAssertFalse(after.contains("partial"))
        XCTAssertEqual(after.split(separator: "\n").count, history.split(separator: "\n").count + 2)
        XCTAssertEqual(Set(try makeSUT(directory).retrieveAll().map(\.id)), ["first", "batch-1", "batch-2"])
    }

    func test_upsert_createsDataFileReadableByOwnerOnly() throws {
        let directory = makeTemporaryDirectory()
        try makeSUT(directory).upsert(makeTransaction())

        let attributes = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("transactions.log").path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
    }

    func test_upsert_writesAHumanReadableSelfDescribingLog() throws {
        let directory = makeTemporaryDirectory()
        try makeSUT(directory).upsert(makeTransaction(id: "abc", date: "2024-03-05", type: .sell, ticker: "BRK.B", quantity: "1.5", sum: "300.25",
                                                      note: "a\tb\nc\u{1B}[31m \\ d=e", updatedAt: Date(timeIntervalSince1970: 1_700_000_000)))

        XCTAssertEqual(try contents(of: directory), """
            investments-transactions v2
            +\tabc\tsell\t1\t1700000000000\tdate=2024-03-05\tnote=a\\tb\\nc\\x1b[31m \\\\ d=e\tquantity=1.5\tsum=300.25\tticker=BRK.B

            """)
    }

    func test_anyStringInAnIDOrNote_cannotAddAFieldOrALine() throws {
        let directory = makeTemporaryDirectory()
        let hostile = makeTransaction(id: "evil\tid\nwith lines", ticker: "AAPL", note: "\t\n\r\u{1B}]0;pwned\u{07}\\n")
        try makeSUT(directory).upsert(hostile)
        try makeSUT(directory).upsert(makeTransaction(id: "after"))

        XCTAssertEqual(Set(try makeSUT(directory).retrieveAll()), [hostile, makeTransaction(id: "after")])
        XCTAssertEqual(try contents(of: directory).split(separator: "\n", omittingEmptySubsequences: false).count, 4, "header, two records, the final newline")
    }

    func test_compaction_dropsSupersededLinesButKeepsLiveDataTombstonesAndUnknownKindsByteForByte() throws {
        let directory = makeTemporaryDirectory()
        let futureLine = "+\tfuture-1\toption-execution\t3\t1700000000000\tlegs=\\x1b2\tnote=\\ttabbed\tstrike=582.5\n"
        try write("investments-transactions v2\n" + futureLine, in: directory)
        let ledger = FileLedgerStore(directory: directory, compactionMinimumGarbage: 5)
        let sut = LedgerTransactionsStore(ledger: ledger)
        let kept = makeTransaction(id: "kept", quantity: "20")
        for quantity in 1...20 { try sut.upsert(makeTransaction(id: "kept", quantity: "\(quantity)")) }
        let gone = makeTransaction(id: "gone")
        try sut.upsert(gone)
        try sut.withExclusiveAccess { () throws(TransactionsStoreError) in
            _ = try sut.retrieveAll()
            try sut.delete(gone, deletedAt: Date(timeIntervalSince1970: 5))
        }

        XCTAssertEqual(try makeSUT(directory).retrieveAll(), [kept])
        let lines = try contents(of: directory).split(separator: "\n")
        XCTAssertEqual(lines.count, 4, "header, the unknown entry, the live record, the tombstone: \(lines)")
        XCTAssertEqual(lines[1] + "\n", Substring(futureLine), "an entry of an unknown kind is written back byte for byte")
        XCTAssertEqual(lines[3], "-\tgone\tbuy\t1\t5000")
    }

    func test_aNewerSchemaOfAKnownKind_failsOnlyTheTransactionsAndIsKept() throws {
        let directory = makeTemporaryDirectory()
        let newer = "+\tb2\tbuy\t3\t1700000000000\tdate=2024-01-02\tlots=3\tquantity=1\tsum=10\tticker=AAPL\n"
        try write("investments-transactions v2\n" + newer, in: directory)
        let ledger = FileLedgerStore(directory: directory)

        XCTAssertThrowsError(try LedgerTransactionsStore(ledger: ledger).retrieveAll()) { error in
            XCTAssertEqual(error as? TransactionsStoreError, .undecodable(.newerSchema(id: "b2", kind: "buy", schema: 3, supported: 2)))
        }
        try ledger.append(LedgerFixtures.entry("other", kind: "watch"))
        XCTAssertEqual(try contents(of: directory).split(separator: "\n")[1] + "\n", Substring(newer))
    }

    func test_aVersionThisReleaseCantRead_failsNothingOnceALaterVersionReplacesIt() throws {
        let directory = makeTemporaryDirectory()
        try write("investments-transactions v2\n+\tb\tbuy\t3\t1\tlots=3\n", in: directory)
        let replacement = makeTransaction(id: "b", updatedAt: Date(timeIntervalSince1970: 2))
        try makeSUT(directory).upsert(replacement)

        XCTAssertEqual(try makeSUT(directory).retrieveAll(), [replacement])
    }

    func test_aDataDirectoryOtherUsersCanWrite_isRefusedAndNothingIsWritten() throws {
        let directory = makeTemporaryDirectory()
        chmod(directory.path, 0o777)

        XCTAssertThrowsError(try makeSUT(directory).upsert(makeTransaction())) { error in
            XCTAssertEqual(error as? TransactionsStoreError, .store(.unsafeDirectory(path: directory.path, reason: "other users can write to it (mode 777)")))
        }
        XCTAssertThrowsError(try makeSUT(directory).retrieveAll())
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [])
    }

    func test_aSymlinkPlantedAsTheLockFile_isNeverFollowed() throws {
        let directory = makeTemporaryDirectory()
        let elsewhere = makeTemporaryDirectory().appendingPathComponent("not-yours")
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("transactions.lock").path, withDestinationPath: elsewhere.path)

        XCTAssertThrowsError(try makeSUT(directory).upsert(makeTransaction()))
        XCTAssertFalse(FileManager.default.fileExists(atPath: elsewhere.path), "nothing was created through the link")
    }

    // MARK: - Migration from v1

    func test_aV1Log_opensAsItIsAndMigratesAtTheFirstWriteLosingNothing() throws {
        let directory = makeTemporaryDirectory()
        let v1 = try fixture("transactions-v1.log")
        try write(v1, in: directory)
        let expected = [
            makeTransaction(id: "16259cea-ae40-4d76-986a-54e020f3d7cd", date: "2024-01-02", ticker: "AAPL", quantity: "10", sum: "1500",
                            note: "first\tbuy\nline two \\ backslash", updatedAt: Date(millisecondsSince1970: 1_795_397_638_542)),
            makeTransaction(id: "11b5d719-c685-4536-b16d-7a84765ee2a8", date: "2024-02-01", ticker: "MSFT", quantity: "3", sum: "700.125",
                            updatedAt: Date(millisecondsSince1970: 1_795_397_638_633)),
            makeTransaction(id: "eebd3de2-8a97-4f11-b609-c41ed71ce8b8", date: "2024-03-01", type: .sell, ticker: "AAPL", quantity: "4", sum: "800",
                            note: "über 🚀", updatedAt: Date(millisecondsSince1970: 1_795_397_638_583)),
        ]

        XCTAssertEqual(Set(try makeSUT(directory).retrieveAll()), Set(expected), "read before any write")
        XCTAssertEqual(try contents(of: directory), v1, "reading changes nothing")

        let added = makeTransaction(id: "added")
        try makeSUT(directory).upsert(added)

        XCTAssertTrue(try contents(of: directory).hasPrefix("investments-transactions v2\n"))
        XCTAssertEqual(Set(try makeSUT(directory).retrieveAll()), Set(expected + [added]))
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("transactions.log.v1"), encoding: .utf8), v1, "the v1 file is kept beside")
        let tombstone = try FileLedgerStore(directory: directory).retrieveEntries().first { $0.isDeleted }
        XCTAssertEqual(tombstone, .tombstone(id: "82fb5af0-f251-4e0f-898a-2c7891bad6b3", kind: "buy", at: 1_795_397_638_670), "v1's deletion survives")
    }

    func test_aV1Log_migratedByABatchWrite_isKeptBesideToo() throws {
        let directory = makeTemporaryDirectory()
        let v1 = try fixture("transactions-v1.log")
        try write(v1, in: directory)

        try makeSUT(directory).upsert(contentsOf: [makeTransaction(id: "imported")])

        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("transactions.log.v1"), encoding: .utf8), v1)
        XCTAssertEqual(try makeSUT(directory).retrieveAll().count, 4)
    }

    func test_aBatchWrite_appendsToTheSameFile_keepingALogOfManyPiecesByteForByte_leavingOutOnlyATornTail() throws {
        let directory = makeTemporaryDirectory()
        let ledger = FileLedgerStore(directory: directory)
        let note = { (id: String) in LedgerEntry(id: id, kind: "note", schema: 1, updatedAt: 1, payload: LedgerPayload([("text", String(repeating: "x", count: 200))])) }
        try ledger.append(contentsOf: (0..<12_000).map { note("n\($0)") })
        let before = try Data(contentsOf: directory.appendingPathComponent("transactions.log"))
        XCTAssertGreaterThan(before.count, 2 << 20, "more than one piece")
        try append("+\tpartial\tno", in: directory)
        let file = try logFileNumber(directory)

        try FileLedgerStore(directory: directory).apply((0..<6_000).map { note("new\($0)") })

        XCTAssertEqual(try logFileNumber(directory), file, "the same file: its checkpoints still hold")
        let after = try Data(contentsOf: directory.appendingPathComponent("transactions.log"))
        XCTAssertEqual(after.prefix(before.count), before)
        XCTAssertEqual(String(decoding: after.dropFirst(before.count), as: UTF8.self).components(separatedBy: "\n").filter { !$0.isEmpty }.count, 6_000,
                       "the batch's lines, more than a piece of them, and nothing of the torn one")
        XCTAssertEqual(try FileLedgerStore(directory: directory).retrieveEntries().count, 18_000)
    }

    func test_aBatchCutShortByACrash_isReadAsNoneOfIt_andTheNextWriteCutsItOff() throws {
        let directory = makeTemporaryDirectory()
        let ledger = FileLedgerStore(directory: directory)
        let saved = makeTransaction(id: "saved")
        try LedgerTransactionsStore(ledger: ledger).upsert(saved)
        let history = try contents(of: directory)
        // What a writer killed half way through a batch leaves: the marker naming where the batch
        // begins and ends, and some of its lines.
        try writeBatchMarker("investments-batch v2 7 \(try logFileNumber(directory)) \(history.utf8.count) \(history.utf8.count + 10_000) \(fingerprint(ofEnd: history))",
                             in: directory)
        try append("+\tbatch-1\tbuy\t1\t17\n+\tbatch-2\tbuy\t1\t17\n", in: directory)

        let reader = FileLedgerStore(directory: directory)
        XCTAssertEqual(try LedgerTransactionsStore(ledger: reader).retrieveAll(), [saved])
        XCTAssertEqual(try reader.latestVersions(.ids(["batch-1"])), [:])
        XCTAssertEqual(try reader.lastLines(5).map(\.entry.id), [saved.id])
        var streamed: [String] = []
        _ = try XCTUnwrap(try reader.snapshot()).scanLive(reserve: { _ in }) { entry, _ in
            streamed.append(entry.id)
            return true
        }
        XCTAssertEqual(streamed, [saved.id])

        let next = makeTransaction(id: "next")
        try LedgerTransactionsStore(ledger: FileLedgerStore(directory: directory)).upsert(next)
        XCTAssertEqual(Set(try makeSUT(directory).retrieveAll()), [saved, next])
        XCTAssertFalse(try contents(of: directory).contains("batch-"), "the unfinished batch is cut off before anything is appended")
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("transactions.batch"), encoding: .utf8), "investments-batch v2 8\n")
    }

    /// A marker left for another file (a log rewritten since), one a log grew beyond (a release
    /// before the marker appended after the batch), one whose bytes before the batch are not the
    /// log's (a backup copied over it, a damaged marker), or one of another version hides and cuts
    /// off nothing.
    func test_aBatchMarker_forAnotherFileOrOtherBytes_orALogLongerThanTheBatch_isIgnored() throws {
        let markers = ["investments-batch v2 3 1 START END BEFORE", "investments-batch v2 3 FILE 30 40 BEFORE", "investments-batch v2 3 FILE START END 12345",
                       "investments-batch v1 3 FILE START END", "investments-batch v2 3 FILE START END BEFORE extra"]
        for marker in markers {
            let directory = makeTemporaryDirectory()
            let store = LedgerTransactionsStore(ledger: FileLedgerStore(directory: directory))
            try store.upsert(makeTransaction(id: "a"))
            let history = try contents(of: directory)
            try store.upsert(makeTransaction(id: "b"))
            try writeBatchMarker(marker.replacingOccurrences(of: "FILE", with: String(try logFileNumber(directory)))
                .replacingOccurrences(of: "START", with: String(history.utf8.count)).replacingOccurrences(of: "END", with: String(history.utf8.count + 10_000))
                .replacingOccurrences(of: "BEFORE", with: String(fingerprint(ofEnd: history))), in: directory)

            XCTAssertEqual(Set(try makeSUT(directory).retrieveAll().map(\.id)), ["a", "b"], marker)
            try makeSUT(directory).upsert(makeTransaction(id: "c"))
            XCTAssertEqual(Set(try makeSUT(directory).retrieveAll().map(\.id)), ["a", "b", "c"], marker)
        }
    }

    func test_aDamagedV1Log_isRefusedWithItsLineAndLeftAlone() throws {
        let directory = makeTemporaryDirectory()
        let damaged = "investments-transactions v1\n+\tid\t2024-01-01\tbuy\tAAPL\tlots\t10\t0\t\n+\ttoo\tfew\n"
        try write(damaged, in: directory)

        XCTAssertThrowsError(try makeSUT(directory).upsert(makeTransaction())) { error in
            guard case let .store(.local(.damaged(_, line, reason)))? = error as? TransactionsStoreError else { return XCTFail("got \(error)") }
            XCTAssertEqual(line, 3)
            XCTAssertTrue(reason.contains("expected 9"), reason)
        }
        XCTAssertEqual(try contents(of: directory), damaged)
    }

    // MARK: - Helpers

    private func makeSUT(_ directory: URL? = nil, file: StaticString = #filePath, line: UInt = #line) -> TransactionsStore {
        let ledger = FileLedgerStore(directory: directory ?? makeTemporaryDirectory())
        let sut = LedgerTransactionsStore(ledger: ledger)
        trackForMemoryLeaks(ledger, file: file, line: line)
        trackForMemoryLeaks(sut, file: file, line: line)
        return sut
    }

    private func fixture(_ name: String) throws -> String {
        try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)"), encoding: .utf8)
    }

    /// A directory path below a regular file: no process, root included, can create anything there.
    private func unwritableDirectory() throws -> URL {
        let blocker = makeTemporaryDirectory().appendingPathComponent("a-file")
        try Data("x".utf8).write(to: blocker)
        return blocker.appendingPathComponent("store")
    }

    private func write(_ text: String, in directory: URL) throws {
        try Data(text.utf8).write(to: directory.appendingPathComponent("transactions.log"))
    }

    private func append(_ text: String, in directory: URL) throws {
        let handle = try FileHandle(forWritingTo: directory.appendingPathComponent("transactions.log"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    private func logFileNumber(_ directory: URL) throws -> UInt64 {
        try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("transactions.log").path)[.systemFileNumber] as? UInt64)
    }

    /// FNV-1a, 64 bits, of the last 64 bytes of `text`: what a batch marker fingerprints the log's
    /// bytes before the batch with.
    private func fingerprint(ofEnd text: String) -> UInt64 {
        text.utf8.suffix(64).reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
    }

    private func writeBatchMarker(_ line: String, in directory: URL) throws {
        try Data((line + "\n").utf8).write(to: directory.appendingPathComponent("transactions.batch"))
    }

    private func contents(of directory: URL) throws -> String {
        try String(contentsOf: directory.appendingPathComponent("transactions.log"), encoding: .utf8)
    }
}
