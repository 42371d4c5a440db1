import XCTest
import Ledger
import Transactions

/// A projection of a random history, revised with random edits and deletes of its transactions
/// given the records it asks for, is a replay of the changed history, each changed transaction
/// written last, as a revised checkpoint's base holds it (`RecordFold.revise`).
/// Each revision the projection declines is left to a replay, so only those it makes are
/// compared, and at least `minimumRevised` of the `rounds` must be made.
/// - Parameter seen: what of the projection is compared (the gains as `gains()` lists them, say).
public func assertRevisionEqualsAReplay<Projection: TransactionsProjection, Seen: Equatable>(
    of empty: Projection, seed: UInt64, rounds: Int = 300, minimumRevised: Int, seen: (Projection) -> Seen,
    file: StaticString = #filePath, line: UInt = #line
) {
    var random = RandomHistory(seed: seed)
    var revised = 0
    for round in 0..<rounds {
        let history = (0..<(5 + random.next(below: 40))).map { _ in random.transaction() }
        var changed = history, later: [Transaction] = [], changes: [Revision<Transaction>] = []
        for _ in 0..<(1 + random.next(below: 3)) {
            let index = random.next(below: changed.count)
            let earlier = changed.remove(at: index)
            let now = random.next(below: 3) == 0 ? nil : random.edit(of: earlier)
            changes.append(Revision(earlier: earlier, later: now))
            if let now { later.append(now) }
            if changed.isEmpty { break }
        }
        changed += later
        var projection = empty.replaying(history)
        guard let reading = projection.reading(toRevise: changes) else { continue }
        let records: [Transaction]
        switch reading {
        case .nothing: records = []
        case let .records(picking): records = changed.filter { picking(TransactionsLedgerCodec.entry(for: $0)) }
        }
        guard projection.revise(changes, given: records) else { continue }
        revised += 1
        XCTAssertEqual(seen(projection), seen(empty.replaying(changed)), "round \(round)", file: file, line: line)
    }
    XCTAssertGreaterThanOrEqual(revised, minimumRevised, "revisions made, not left to a replay", file: file, line: line)
}

public func assertRevisionEqualsAReplay<Projection: TransactionsProjection & Equatable>(
    of empty: Projection, seed: UInt64, rounds: Int = 300, minimumRevised: Int, file: StaticString = #filePath, line: UInt = #line
) {
    assertRevisionEqualsAReplay(of: empty, seed: seed, rounds: rounds, minimumRevised: minimumRevised, seen: { $0 }, file: file, line: line)
}
