import Foundation
import Ledger

public enum JournalError: Error, Equatable, Sendable {
    case store(StoreError)
    case unreadable(LedgerReadError)
}

/// Reads the journal: every execution, and the trades, open positions and stray closes built
/// from them.
public struct LoadJournalUseCase {
    private let ledger: LedgerStore

    public init(ledger: LedgerStore) {
        self.ledger = ledger
    }

    public func executions() throws(JournalError) -> [Execution] {
        var executions: [Execution] = []
        let superseded: [Int]
        do throws(LedgerReadError) {
            superseded = try ledger.scanLive(reserve: { executions.reserveCapacity($0) }) { entry throws(LedgerDecodingError) in
                guard let execution = try JournalLedgerCodec.record(from: entry) else { return false }
                executions.append(execution)
                return true
            }
        } catch {
            throw .unreadable(error)
        }
        let dropped = Set(superseded)
        return executions.indices.filter { !dropped.contains($0) }.map { executions[$0] }
    }

    public func load() throws(JournalError) -> TradeCycles.Result {
        TradeCycles.build(try executions())
    }
}

/// Adds a statement's executions as one unit; those already in the journal are left out, so the
/// same statement imported twice adds nothing.
public struct ImportExecutionsUseCase {
    private let ledger: LedgerStore
    private let now: () -> Date

    public init(ledger: LedgerStore, now: @escaping () -> Date) {
        self.ledger = ledger
        self.now = now
    }

    /// - Returns: how many were new and how many were already there.
    public func importExecutions(_ executions: [Execution], dryRun: Bool) throws(JournalError) -> (added: Int, alreadyThere: Int) {
        do {
            return try ledger.withExclusiveAccess { () throws -> (added: Int, alreadyThere: Int) in
                let known = Set(try LoadJournalUseCase(ledger: ledger).executions().map(\.id))
                var seen = known
                let new = executions.filter { seen.insert($0.id).inserted }
                if !dryRun, !new.isEmpty {
                    let at = now().millisecondsSince1970
                    try ledger.apply(new.map { JournalLedgerCodec.entry(for: $0, updatedAt: at) })
                }
                return (new.count, executions.count - new.count)
            }
        } catch let error as JournalError {
            throw error
        } catch let error as StoreError {
            throw .store(error)
        } catch {
            preconditionFailure("only journal and store errors are thrown here: \(error)")
        }
    }
}
