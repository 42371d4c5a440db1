import XCTest
import Ledger
import TestSupport
import TransactionsTestSupport

final class SyncLedgerUseCaseTests: XCTestCase {
    private let syncTime = Date(timeIntervalSince1970: 1_700_000_100)

    func test_sync_pushesPullsAndRecordsWhenItStarted() throws {
        let mine = LedgerFixtures.entry("mine"), theirs = LedgerFixtures.entry("theirs", kind: "future-kind", schema: 4)
        let (sut, local, remote, state) = makeSUT(local: [mine], remote: [theirs])

        let report = try sut.sync()

        XCTAssertEqual(report, SyncReport(pushed: 1, pulled: 1))
        XCTAssertEqual(Set(local.retrieveEntries()), [mine, theirs], "an unknown kind is pulled as it is")
        XCTAssertEqual(Set(remote.retrieveEntries()), [mine, theirs])
        XCTAssertEqual(state.recorded, [syncTime])
    }

    func test_sync_movesUndoPointsLikeAnyEntry_butCountsOnlyRecords() throws {
        let mine = LedgerFixtures.entry("mine"), myUndo = LedgerFixtures.entry("undo-a", kind: "undo-point")
        let theirUndo = LedgerFixtures.entry("undo-b", kind: "undo-point")
        let (sut, local, remote, _) = makeSUT(local: [mine, myUndo], remote: [theirUndo])

        let report = try sut.sync()

        XCTAssertEqual(report, SyncReport(pushed: 1, pulled: 0))
        XCTAssertEqual(Set(local.retrieveEntries()), [mine, myUndo, theirUndo])
        XCTAssertEqual(Set(remote.retrieveEntries()), [mine, myUndo, theirUndo])
    }

    func test_sync_twice_secondRunChangesNothing() throws {
        let (sut, _, _, _) = makeSUT(local: [LedgerFixtures.entry("mine")], remote: [LedgerFixtures.entry("theirs")])
        _ = try sut.sync()

        XCTAssertEqual(try sut.sync(), SyncReport(pushed: 0, pulled: 0))
    }

    func test_sync_keepsWhatItRefused_withTheVersionRefused_replacingWhatTheSyncBeforeRefused() throws {
        let bad = LedgerFixtures.entry("bad", updatedAt: 42)
        let (sut, _, remote, state) = makeSUT(local: [], remote: [bad], validator: ValidatorStub(rejecting: ["bad"]))

        _ = try sut.sync()
        remote.append(bad.deleted(at: 43))
        _ = try sut.sync()

        XCTAssertEqual(state.refused, [[RefusedRecord(LedgerRejection(id: "bad", kind: "buy", reasons: ["stub"]), updatedAt: 42)], []])
    }

    func test_sync_pullsNothingTheValidatorRejects_andReportsIt() throws {
        let mine = LedgerFixtures.entry("mine"), good = LedgerFixtures.entry("good"), bad = LedgerFixtures.entry("bad")
        let validator = ValidatorStub(rejecting: ["bad"])
        let (sut, local, _, _) = makeSUT(local: [mine], remote: [good, bad], validator: validator)

        let report = try sut.sync()

        XCTAssertEqual(report, SyncReport(pushed: 1, pulled: 1, rejected: [LedgerRejection(id: "bad", kind: "buy", reasons: ["stub"])]))
        XCTAssertEqual(Set(local.retrieveEntries()), [mine, good])
        XCTAssertEqual(validator.checked.map { $0.incoming.map(\.id) }, [["bad", "good"]])
        XCTAssertEqual(validator.checked.map { $0.current.map(\.id) }, [["mine"]], "checked against the live local entries")
    }

    func test_sync_refusesALedgerThatSyncedWithAnotherAccount_beforeTouchingAnything() throws {
        let alice = SyncedAccount(uid: "alice", email: "alice@example.com")
        let (sut, local, remote, state) = makeSUT(local: [LedgerFixtures.entry("alices-private")], remote: [])
        state.others = [alice]

        XCTAssertThrowsError(try sut.sync()) { XCTAssertEqual($0 as? SyncLedgerError, .boundToOtherAccounts([alice])) }
        XCTAssertEqual(remote.retrieveEntries(), [], "nothing of Alice's reached this account")
        XCTAssertEqual(local.retrieveEntries().count, 1)
        XCTAssertEqual(state.recorded, [])
    }

    func test_sync_mergingOtherAccounts_copiesTheLedgerOnPurpose() throws {
        let (sut, _, remote, state) = makeSUT(local: [LedgerFixtures.entry("alices-private")], remote: [])
        state.others = [SyncedAccount(uid: "alice", email: "alice@example.com")]

        XCTAssertEqual(try sut.sync(mergingOtherAccounts: true).pushed, 1)
        XCTAssertEqual(remote.retrieveEntries().map(\.id), ["alices-private"])
    }

    func test_sync_keepsTheLosingVersionOfAConflictOnTheLedger() throws {
        let mine = LedgerFixtures.entry("shared", updatedAt: 2, payload: LedgerPayload([("note", "mine"), ("sum", "1")]))
        let theirs = LedgerFixtures.entry("shared", updatedAt: 3, payload: LedgerPayload([("note", "theirs"), ("sum", "1")]))
        let (sut, local, _, _) = makeSUT(local: [mine], remote: [theirs])

        let report = try sut.sync()

        XCTAssertEqual(report.conflicts.map(\.id), ["shared"])
        XCTAssertEqual(report.conflicts.first?.changedFields, ["note"])
        XCTAssertEqual(report.conflicts.first?.keptLocal, false)
        let kept = local.retrieveEntries().first { $0.kind == SyncConflictCodec.kind.name }
        XCTAssertEqual(kept?.payload["record"], "shared")
        XCTAssertEqual(kept?.payload["payload"], mine.payload.description, "the losing version, as it was")
        XCTAssertEqual(local.retrieveEntries().first { $0.id == "shared" }, theirs)
    }

    func test_sync_leavesARemoteRecordItCantRead_aloneOnBothSides_andNamesIt() throws {
        let mine = LedgerFixtures.entry("unreadable-there", updatedAt: 9), other = LedgerFixtures.entry("other")
        let unreadable = LedgerRejection(id: "unreadable-there", kind: "transactions", reasons: ["malformed"])
        let remote = RemoteWithUnreadable(entries: [other], unreadable: [unreadable])
        let local = InMemoryLedgerStore([mine])
        let sut = SyncLedgerUseCase(local: local, remote: remote, state: SyncStateSpy(), validator: ValidatorStub(), now: { [syncTime] in syncTime })

        let report = try sut.sync()

        XCTAssertEqual(report.rejected, [unreadable])
        XCTAssertEqual(remote.applied, [], "the unreadable record is not overwritten with this device's version")
        XCTAssertEqual(Set(local.retrieveEntries()), [mine, other])
    }

    func test_sync_keepsBackWhatTheRemoteCantHold_andPushesTheRest() throws {
        let fine = LedgerFixtures.entry("fine"), tooBig = LedgerFixtures.entry("too-big")
        let remote = RemoteWithUnreadable(entries: [], unreadable: [], unstorable: ["too-big"])
        let sut = SyncLedgerUseCase(local: InMemoryLedgerStore([fine, tooBig]), remote: remote, state: SyncStateSpy(), validator: ValidatorStub(),
                                    now: { [syncTime] in syncTime })

        let report = try sut.sync()

        XCTAssertEqual(remote.applied, [fine])
        XCTAssertEqual(report.pushed, 1)
        XCTAssertEqual(report.unpushable, [LedgerRejection(id: "too-big", kind: "buy", reasons: ["too big"])])
    }

    func test_sync_readsAndPlansAgain_whenAnotherDeviceWroteMeanwhile_upToThreeTimes() throws {
        let mine = LedgerFixtures.entry("mine")
        let oncePreempted = PreemptedRemote(preemptions: 1)
        let sut = SyncLedgerUseCase(local: InMemoryLedgerStore([mine]), remote: oncePreempted, state: SyncStateSpy(), validator: ValidatorStub(),
                                    now: { [syncTime] in syncTime })

        XCTAssertEqual(try sut.sync().pushed, 1)
        XCTAssertEqual(oncePreempted.reads, 2, "read again after the first write was refused")

        let alwaysPreempted = PreemptedRemote(preemptions: .max)
        let giving = SyncLedgerUseCase(local: InMemoryLedgerStore([mine]), remote: alwaysPreempted, state: SyncStateSpy(), validator: ValidatorStub(),
                                       now: { [syncTime] in syncTime })
        XCTAssertThrowsError(try giving.sync()) { XCTAssertEqual($0 as? SyncLedgerError, .remote(.changedMeanwhile(id: "mine"))) }
        XCTAssertEqual(alwaysPreempted.reads, SyncLedgerUseCase.maximumAttempts)
    }

    func test_sync_deliversRemoteRetrievalErrorAndChangesNothingLocally() throws {
        let mine = LedgerFixtures.entry("mine")
        let local = InMemoryLedgerStore([mine])
        let state = SyncStateSpy(), validator = ValidatorStub()
        let sut = SyncLedgerUseCase(local: local, remote: FailingRemoteStore(), state: state, validator: validator, now: { [syncTime] in syncTime })

        XCTAssertThrowsError(try sut.sync()) { error in
            XCTAssertEqual(error as? SyncLedgerError, .remote(.unavailable(host: "remote", reason: .noConnection)))
        }
        XCTAssertEqual(local.retrieveEntries(), [mine])
        XCTAssertEqual(state.recorded, [], "a failed sync is not a sync")
    }

    func test_sync_deliversTheLocalStoresErrorAsLocal() {
        let (sut, _, _, state) = makeSUT(local: [], remote: [])
        let damaged = StoreError.damaged(file: "sync-state.json", line: 1, reason: "not a sync state")
        state.error = damaged

        XCTAssertThrowsError(try sut.sync()) { error in
            XCTAssertEqual(error as? SyncLedgerError, .local(damaged))
        }
    }

    // MARK: - Helpers

    private func makeSUT(local: [LedgerEntry], remote: [LedgerEntry], validator: ValidatorStub = ValidatorStub(),
                         file: StaticString = #filePath, line: UInt = #line)
        -> (SyncLedgerUseCase, InMemoryLedgerStore, InMemoryLedgerStore, SyncStateSpy) {
        let localStore = InMemoryLedgerStore(local), remoteStore = InMemoryLedgerStore(remote), state = SyncStateSpy()
        let sut = SyncLedgerUseCase(local: localStore, remote: remoteStore, state: state, validator: validator, now: { [syncTime] in syncTime })
        trackForMemoryLeaks(sut, file: file, line: line)
        trackForMemoryLeaks(localStore, file: file, line: line)
        trackForMemoryLeaks(remoteStore, file: file, line: line)
        return (sut, localStore, remoteStore, state)
    }

    private final class SyncStateSpy: SyncStateStore {
        private(set) var recorded: [Date] = []
        var error: StoreError?
        var others: [SyncedAccount] = []

        func otherAccounts() throws(StoreError) -> [SyncedAccount] { others }

        func lastSync() throws(StoreError) -> Date? {
            if let error { throw error }
            return recorded.last
        }

        func recordSync(at date: Date) throws(StoreError) {
            recorded.append(date)
        }

        private(set) var refused: [[RefusedRecord]] = []

        func recordRefused(_ records: [RefusedRecord]) throws(StoreError) {
            refused.append(records)
        }
    }

    /// A remote where another device writes between each read and the conditional write, `preemptions` times.
    private final class PreemptedRemote: LedgerStore {
        private var preemptions: Int
        private(set) var reads = 0
        private let store = InMemoryLedgerStore()

        init(preemptions: Int) {
            self.preemptions = preemptions
        }

        func retrieveEntries() throws(StoreError) -> [LedgerEntry] {
            reads += 1
            return store.retrieveEntries()
        }

        func append(_ entry: LedgerEntry) throws(StoreError) { store.append(entry) }
        func apply(_ entries: [LedgerEntry]) throws(StoreError) { store.apply(entries) }

        func apply(_ entries: [LedgerEntry], expecting expected: [String: Int64]) throws(StoreError) {
            guard preemptions == 0 else {
                preemptions -= 1
                throw .changedMeanwhile(id: entries[0].id)
            }
            store.apply(entries)
        }

        func withExclusiveAccess<T, Failure: Error>(_ body: () throws(Failure) -> T, lockFailure: (StoreError) -> Failure) throws(Failure) -> T { try body() }
    }
}
