import XCTest
import Ledger
import TestSupport
import TransactionsTestSupport

final class SyncPlanTests: XCTestCase {
    private let t0: Int64 = 1_700_000_000_000

    func test_plan_pushesWhatOnlyTheLocalSideHasAndPullsWhatOnlyTheRemoteHas() {
        let mine = record("a", at: t0), theirs = record("b", at: t0)

        let plan = SyncPlan(local: [mine], remote: [theirs], lastSync: nil)

        XCTAssertEqual(plan.push, [mine])
        XCTAssertEqual(plan.pull, [theirs])
        XCTAssertEqual(plan.conflicts.map(\.id), [])
    }

    func test_plan_isEmptyWhenBothSidesHoldTheSameRecords() {
        let records = [record("a", at: t0), LedgerEntry.tombstone(id: "b", kind: "buy", at: t0)]

        XCTAssertTrue(SyncPlan(local: records, remote: records, lastSync: nil).isEmpty)
    }

    func test_plan_keepsTheNewerVersionOnEachSide() {
        let olderLocal = record("a", quantity: "1", at: t0), newerRemote = record("a", quantity: "2", at: t0 + 1)
        let newerLocal = record("b", quantity: "3", at: t0 + 1), olderRemote = record("b", quantity: "4", at: t0)

        let plan = SyncPlan(local: [olderLocal, newerLocal], remote: [newerRemote, olderRemote], lastSync: nil)

        XCTAssertEqual(plan.push, [newerLocal])
        XCTAssertEqual(plan.pull, [newerRemote])
    }

    func test_plan_givesATieToTheRemoteSoEveryClientResolvesItAlike() {
        let mine = record("a", quantity: "1", at: t0), theirs = record("a", quantity: "2", at: t0)

        XCTAssertEqual(SyncPlan(local: [mine], remote: [theirs], lastSync: nil).pull, [theirs])
    }

    func test_plan_propagatesANewerDeleteAndRevivesWithANewerEdit() {
        let deletedHere = LedgerEntry.tombstone(id: "a", kind: "buy", at: t0 + 5), liveThere = record("a", at: t0)
        let deletedThere = LedgerEntry.tombstone(id: "b", kind: "buy", at: t0), editedHere = record("b", at: t0 + 5)

        let plan = SyncPlan(local: [deletedHere, editedHere], remote: [liveThere, deletedThere], lastSync: nil)

        XCTAssertEqual(plan.push, [deletedHere, editedHere])
        XCTAssertEqual(plan.pull, [])
    }

    func test_plan_countsAConflictOnlyWhenBothSidesChangedSinceTheLastSync() {
        let lastSync = t0 + 10
        let bothChanged = (record("a", quantity: "1", at: t0 + 11), record("a", quantity: "2", at: t0 + 12))
        let onlyRemoteChanged = (record("b", quantity: "1", at: t0 + 10), record("b", quantity: "2", at: t0 + 11))

        let plan = SyncPlan(local: [bothChanged.0, onlyRemoteChanged.0], remote: [bothChanged.1, onlyRemoteChanged.1], lastSync: lastSync)

        XCTAssertEqual(plan.conflicts.map(\.id), ["a"])
        XCTAssertEqual(plan.conflicts.first?.changedFields, ["quantity"])
        XCTAssertEqual(plan.conflicts.first?.losing, bothChanged.0, "the older, local version lost")
        XCTAssertEqual(plan.pull, [bothChanged.1, onlyRemoteChanged.1])
    }

    /// The journal's shared document stamps every record the web app wrote with the document's
    /// own update time, so an untouched record comes back newer after any write: no conflict.
    func test_plan_takesTheNewerStampOfTheSameRecordWithoutAConflict() {
        let mine = record("a", at: t0 + 5), theirs = record("a", at: t0 + 9)

        let plan = SyncPlan(local: [mine], remote: [theirs], lastSync: t0)

        XCTAssertEqual(plan.conflicts.map(\.id), [])
        XCTAssertEqual(plan.pull, [theirs])
    }

    func test_plan_mergesEditsToDifferentFieldsFromTheirBase_intoAVersionNewerThanEither() throws {
        let base = fields("a", ["quantity": "1", "note": "old", "sum": "10"], at: t0)
        let mine = fields("a", ["quantity": "1", "note": "new note", "sum": "10"], at: t0 + 20)
        let theirs = fields("a", ["quantity": "5", "note": "old", "sum": "10"], kind: "sell", at: t0 + 30)

        let plan = SyncPlan(local: [mine], remote: [theirs], lastSync: t0 + 10, bases: ["a": base])

        let merged = try XCTUnwrap(plan.merged.first)
        XCTAssertEqual(merged.payload, LedgerPayload([("quantity", "5"), ("note", "new note"), ("sum", "10")]))
        XCTAssertEqual(merged.kind, "sell", "the kind (a transaction's type) merges like a field")
        XCTAssertEqual(merged.updatedAt, t0 + 31)
        XCTAssertEqual(plan.push, [merged])
        XCTAssertEqual(plan.pull, [merged])
        XCTAssertEqual(plan.conflicts.map(\.id), [], "nothing lost, so nothing to report as a conflict")
    }

    func test_plan_fallsBackToTheNewerVersion_whenBothChangedAFieldOrOneDeleted_orNoBaseIsKnown() {
        let base = fields("a", ["note": "old"], at: t0)
        let mine = fields("a", ["note": "mine"], at: t0 + 20), theirs = fields("a", ["note": "theirs"], at: t0 + 30)
        let deleted = LedgerEntry.tombstone(id: "a", kind: "buy", at: t0 + 30)

        let sameField = SyncPlan(local: [mine], remote: [theirs], lastSync: t0 + 10, bases: ["a": base])
        let oneDeleted = SyncPlan(local: [mine], remote: [deleted], lastSync: t0 + 10, bases: ["a": base])
        let noBase = SyncPlan(local: [mine], remote: [fields("a", ["note": "old", "x": "1"], at: t0 + 30)], lastSync: t0 + 10)

        for plan in [sameField, oneDeleted, noBase] {
            XCTAssertEqual(plan.merged, [])
            XCTAssertEqual(plan.conflicts.map(\.id), ["a"])
        }
        XCTAssertEqual(sameField.pull, [theirs])
    }

    func test_editedOnBothSides_namesOnlyRecordsChangedOnEachSideSinceTheLastSync() {
        let both = (fields("a", ["n": "1"], at: t0 + 20), fields("a", ["n": "2"], at: t0 + 30))
        let onlyMine = (fields("b", ["n": "1"], at: t0 + 20), fields("b", ["n": "2"], at: t0))

        XCTAssertEqual(SyncPlan.editedOnBothSides(local: [both.0, onlyMine.0], remote: [both.1, onlyMine.1], lastSync: t0 + 10), ["a"])
        XCTAssertEqual(SyncPlan.editedOnBothSides(local: [both.0], remote: [both.1], lastSync: nil), [], "a first sync has no base")
    }

    func test_plan_afterApplyingIt_bothSidesAreEqualAndTheNextPlanIsEmpty() throws {
        var random = SeededRandom(seed: 42)
        for _ in 0..<200 {
            let local = randomRecords(using: &random), remote = randomRecords(using: &random)
            let plan = SyncPlan(local: local, remote: remote, lastSync: nil)
            let localAfter = InMemoryLedgerStore(local + plan.pull), remoteAfter = InMemoryLedgerStore(remote + plan.push)

            XCTAssertEqual(Set(localAfter.retrieveEntries()), Set(remoteAfter.retrieveEntries()))
            XCTAssertTrue(SyncPlan(local: localAfter.retrieveEntries(), remote: remoteAfter.retrieveEntries(), lastSync: t0).isEmpty)
        }
    }

    // MARK: - Helpers

    private func fields(_ id: String, _ values: [String: String], kind: String = "buy", at date: Int64) -> LedgerEntry {
        LedgerFixtures.entry(id, kind: kind, updatedAt: date, payload: LedgerPayload(values.map { ($0.key, $0.value) }))
    }

    private func record(_ id: String, quantity: String = "1", at date: Int64) -> LedgerEntry {
        LedgerFixtures.entry(id, updatedAt: date, payload: LedgerPayload([("quantity", quantity)]))
    }

    /// One record per id, as a store holds them; few ids, times and values, so sides often collide.
    private func randomRecords(using random: inout SeededRandom) -> [LedgerEntry] {
        var byID: [String: LedgerEntry] = [:]
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            let id = "id-\(Int.random(in: 0..<8, using: &random))"
            let date = t0 + Int64(Int.random(in: 0..<4, using: &random))
            byID[id] = Bool.random(using: &random) ? .tombstone(id: id, kind: "buy", at: date) : record(id, quantity: "\(Int.random(in: 1...3, using: &random))", at: date)
        }
        return Array(byID.values)
    }
}
