import Foundation
import Ledger

/// The journal's trades, open positions and stray closes as a fold: a fill imported after the
/// others is folded in, instead of every fill being read and sorted again. A fill that filled
/// before the latest one folded (an older statement imported late), a removal, or a fill
/// written again is replayed.
extension JournalCycles: RecordFold {
    public var kinds: [LedgerKind] { JournalLedgerCodec.kinds }

    public func record(from entry: LedgerEntry) throws(LedgerDecodingError) -> Execution? {
        try JournalLedgerCodec.record(from: entry)
    }

    public func replaying(_ executions: [Execution]) -> JournalCycles {
        JournalCycles(replaying: executions)
    }

    public mutating func fold(_ execution: Execution) -> Bool {
        guard latest.map({ execution.execTime >= $0 }) ?? true else { return false }
        add(execution)
        return true
    }

    /// By the time they filled, as a replay folds them, those of one time in the ledger's order.
    public mutating func fold(contentsOf executions: [Execution]) -> Bool {
        executions.indices.sorted { (executions[$0].execTime, $0) < (executions[$1].execTime, $1) }.allSatisfy { fold(executions[$0]) }
    }

    public func replayOrders(_ execution: Execution, before other: Execution) -> Bool {
        execution.execTime < other.execTime
    }
}
