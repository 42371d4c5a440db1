import Foundation
import TerminalKit
import Ledger
import LocalFileStore
import Transactions

/// Transactions newest first (`Transaction.newestFirst`) as JSON or CSV, streamed from the log:
/// the first pass keeps each matching row's sort key and place in the file, the second reads the
/// rows back a few thousand at a time, a span of the log per read, and writes them. Memory holds
/// the keys, never the rows or the text: what `export` and a `list` in a file format write.
struct TransactionRows {
    /// The log, opened for both passes; nil when there is none yet.
    let snapshot: LedgerLogSnapshot?
    let accounts: AccountsView
    /// Each transaction as the command shows it (a list, in the base currency named by none).
    let reading: (Transaction) -> Transaction
    let matching: (Transaction) -> Bool

    init(snapshot: LedgerLogSnapshot?, accounts: AccountsView, reading: @escaping (Transaction) -> Transaction = { $0 },
         matching: @escaping (Transaction) -> Bool) {
        self.snapshot = snapshot
        self.accounts = accounts
        self.reading = reading
        self.matching = matching
    }

    /// Where a transaction's row is, and what orders it: 40 bytes, a million of them at most.
    private struct Row {
        let updatedAt: TimeInterval
        let id: String
        let offset: Int
        let length: Int32
        let day: Int32
    }

    /// What the scan made of each entry it kept, beside `rows`.
    private enum Slot {
        case row(TransactionPresentation.Columns)
        /// Of a kind other than transactions (undo points aside): counted, not written.
        case otherKind
        /// A transaction left out, or an undo point.
        case leftOut
    }

    /// The rows, as many as `limit`. Returns how many were written and how many live entries of
    /// kinds other than transactions (undo points aside) the log holds.
    func write(_ format: OutputFormat, limit: Int? = nil, to write: (String) throws -> Void) throws -> (written: Int, otherKinds: Int) {
        guard let snapshot else {
            var rows = StreamedRows(format, columns: TransactionPresentation.reportColumns(.init()))
            try write(rows.finish())
            return (0, 0)
        }
        // One slot per entry kept by the scan; a row only for a transaction written.
        var rows: [Row] = [], slots: [Slot] = []
        let superseded: [Int]
        do throws(LedgerReadError) {
            superseded = try snapshot.scanLive(reserve: { rows.reserveCapacity($0); slots.reserveCapacity($0) }) { entry, line throws(LedgerDecodingError) in
                guard let transaction = try TransactionsLedgerCodec.record(from: entry).map(reading), matching(transaction) else {
                    let isOther = entry.kind != UndoPointCodec.kind.name && !TransactionsLedgerCodec.kinds.contains { $0.name == entry.kind }
                    slots.append(isOther ? .otherKind : .leftOut)
                    rows.append(Row(updatedAt: 0, id: "", offset: 0, length: 0, day: 0))
                    return true
                }
                var columns = TransactionPresentation.Columns()
                columns.fit(transaction)
                slots.append(.row(columns))
                rows.append(Row(updatedAt: transaction.updatedAt.timeIntervalSinceReferenceDate, id: transaction.id, offset: line.offset,
                                length: Int32(clamping: line.length), day: transaction.date.daysSinceEpoch))
                return true
            }
        } catch let .store(error) {
            throw CLIError.runtime(error.userMessage)
        } catch let .undecodable(error) {
            throw CLIError.runtime("nothing was written: \(error.userMessage)")
        }
        // Compacted in place: a second array of a million keys would double the memory.
        var dead = superseded.makeIterator(), nextDead = dead.next(), kept = 0, otherKinds = 0
        var columns = TransactionPresentation.Columns()
        for index in rows.indices {
            if index == nextDead {
                nextDead = dead.next()
                continue
            }
            switch slots[index] {
            case let .row(rowColumns):
                columns.fit(rowColumns)
                rows[kept] = rows[index]
                kept += 1
            case .otherKind: otherKinds += 1
            case .leftOut: break
            }
        }
        rows.removeLast(rows.count - kept)
        slots = []
        return (try writeRows(rows, columns: columns, limit: limit, from: snapshot, format: format, to: write), otherKinds)
    }

    private func writeRows(_ rows: [Row], columns: TransactionPresentation.Columns, limit: Int?, from snapshot: LedgerLogSnapshot, format: OutputFormat,
                           to write: (String) throws -> Void) throws -> Int {
        // Positions, not rows, are sorted: half the memory of a sort's scratch space.
        let order = (0..<Int32(rows.count)).sorted { lhs, rhs in
            let (left, right) = (rows[Int(lhs)], rows[Int(rhs)])
            if left.day != right.day { return left.day > right.day }
            if left.updatedAt != right.updatedAt { return left.updatedAt > right.updatedAt }
            return left.id < right.id
        }.prefix(limit ?? rows.count)
        var streamed = StreamedRows(format, columns: TransactionPresentation.reportColumns(columns))
        for start in stride(from: order.startIndex, to: order.endIndex, by: 4_096) {
            let batch = order[start..<min(start + 4_096, order.endIndex)]
            let entries: [LedgerEntry]
            do throws(StoreError) {
                entries = try snapshot.entries(at: batch.map { LedgerLogSnapshot.Line(offset: rows[Int($0)].offset, length: Int(rows[Int($0)].length)) })
            } catch {
                throw CLIError.runtime(error.userMessage)
            }
            for entry in entries {
                do throws(LedgerDecodingError) {
                    guard let transaction = try TransactionsLedgerCodec.record(from: entry) else { continue }
                    TransactionPresentation.appendCells(of: reading(transaction), columns: columns, accountName: accounts.name(of:), forTable: false, to: &streamed)
                    streamed.endRow()
                } catch {
                    throw CLIError.runtime("nothing more was written: \(error.userMessage)")
                }
            }
            try write(streamed.take())
        }
        try write(streamed.finish())
        return streamed.rows
    }
}
