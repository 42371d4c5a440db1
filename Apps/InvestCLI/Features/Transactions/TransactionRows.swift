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

    /// Where a transaction's row is, and what orders it.
    private struct Row {
        let day: Int32
        let updatedAt: Date
        let id: String
        let line: LedgerLogSnapshot.Line
        let columns: TransactionPresentation.Columns
    }

    /// The rows, as many as `limit`. Returns how many were written and how many live entries of
    /// kinds other than transactions (undo points aside) the log holds.
    func write(_ format: OutputFormat, limit: Int? = nil, to write: (String) throws -> Void) throws -> (written: Int, otherKinds: Int) {
        guard let snapshot else {
            try write(TransactionPresentation.report([], accountName: accounts.name(of:), forTable: false).listEnd(format, rows: 0))
            return (0, 0)
        }
        // One slot per entry kept by the scan: a row, or (with no line) an entry left out, which
        // `isOther` says is of another kind.
        var rows: [Row] = [], isOther: [Bool] = []
        let leftOut = Row(day: 0, updatedAt: Date(timeIntervalSince1970: 0), id: "", line: LedgerLogSnapshot.Line(offset: 0, length: 0), columns: .init())
        let superseded: [Int]
        do throws(LedgerReadError) {
            superseded = try snapshot.scanLive(reserve: { rows.reserveCapacity($0) }) { entry, line throws(LedgerDecodingError) in
                guard let transaction = try TransactionsLedgerCodec.record(from: entry).map(reading), matching(transaction) else {
                    rows.append(leftOut)
                    isOther.append(entry.kind != UndoPointCodec.kind.name && !TransactionsLedgerCodec.kinds.contains { $0.name == entry.kind })
                    return true
                }
                var columns = TransactionPresentation.Columns()
                columns.fit(transaction)
                rows.append(Row(day: transaction.date.daysSinceEpoch, updatedAt: transaction.updatedAt, id: transaction.id, line: line, columns: columns))
                isOther.append(false)
                return true
            }
        } catch let .store(error) {
            throw CLIError.runtime(error.userMessage)
        } catch let .undecodable(error) {
            throw CLIError.runtime("nothing was written: \(error.userMessage)")
        }
        // Compacted in place: a second array of a million keys would double the memory.
        var dead = superseded.makeIterator(), nextDead = dead.next(), kept = 0, otherKinds = 0
        for index in rows.indices {
            if index == nextDead {
                nextDead = dead.next()
                continue
            }
            if rows[index].line.length > 0 {
                rows[kept] = rows[index]
                kept += 1
            } else if isOther[index] {
                otherKinds += 1
            }
        }
        rows.removeLast(rows.count - kept)
        isOther = []
        return (try writeRows(rows, limit: limit, from: snapshot, format: format, to: write), otherKinds)
    }

    private func writeRows(_ rows: [Row], limit: Int?, from snapshot: LedgerLogSnapshot, format: OutputFormat, to write: (String) throws -> Void) throws -> Int {
        var columns = TransactionPresentation.Columns()
        for row in rows { columns.fit(row.columns) }
        let order = rows.indices.sorted { lhs, rhs in
            let (left, right) = (rows[lhs], rows[rhs])
            if left.day != right.day { return left.day > right.day }
            if left.updatedAt != right.updatedAt { return left.updatedAt > right.updatedAt }
            return left.id < right.id
        }.prefix(limit ?? rows.count)
        var written = 0
        for start in stride(from: order.startIndex, to: order.endIndex, by: 4_096) {
            let batch = order[start..<min(start + 4_096, order.endIndex)]
            let entries: [LedgerEntry]
            do throws(StoreError) {
                entries = try snapshot.entries(at: batch.map { rows[$0].line })
            } catch {
                throw CLIError.runtime(error.userMessage)
            }
            var transactions: [Transaction] = []
            transactions.reserveCapacity(entries.count)
            for entry in entries {
                do throws(LedgerDecodingError) {
                    if let transaction = try TransactionsLedgerCodec.record(from: entry) { transactions.append(reading(transaction)) }
                } catch {
                    throw CLIError.runtime("nothing more was written: \(error.userMessage)")
                }
            }
            try write(TransactionPresentation.report(transactions, columns: columns, accountName: accounts.name(of:), forTable: false)
                .renderPiece(format, isFirst: start == order.startIndex))
            written += transactions.count
        }
        try write(TransactionPresentation.report([], columns: columns, accountName: accounts.name(of:), forTable: false).listEnd(format, rows: written))
        return written
    }
}
