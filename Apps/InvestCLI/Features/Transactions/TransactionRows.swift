import Foundation
import TerminalKit
import Ledger
import LocalFileStore
import Transactions

/// Transactions newest first (`Transaction.newestFirst`) as JSON, CSV or a table, streamed from
/// the log: the first pass keeps each matching row's sort key and place in the file, the second
/// reads the rows back a few thousand at a time, a span of the log per read, and writes them (a
/// table measures them in a pass before). Memory holds the keys, never the rows or the text: what
/// `export` and a `list` of more than the newest transactions kept write.
struct TransactionRows {
    /// The log, opened for every pass; nil when there is none yet.
    let snapshot: LedgerLogSnapshot?
    let accounts: AccountsView
    /// Each transaction as the command shows it (a list, in the base currency named by none).
    let reading: (Transaction) -> Transaction
    /// What `matching` rules out before an entry is decoded: most of a long history, for a list
    /// of one ticker.
    let entries: TransactionEntryFilter?
    let matching: (Transaction) -> Bool

    init(snapshot: LedgerLogSnapshot?, accounts: AccountsView, reading: @escaping (Transaction) -> Transaction = { $0 },
         entries: TransactionEntryFilter? = nil, matching: @escaping (Transaction) -> Bool) {
        self.snapshot = snapshot
        self.accounts = accounts
        self.reading = reading
        self.entries = entries
        self.matching = matching
    }

    /// Where a transaction's row is, and what orders it, in 32 bytes: a million of them at most.
    /// Not the id, which may take a heap block of its own, but its first eight bytes: rows of
    /// one day and time whose ids those don't order are ordered by their full ids afterwards
    /// (`settleTies`), read again from the log.
    private struct Row {
        let updatedAt: TimeInterval
        let idStart: UInt64
        let offset: Int
        /// The line's length, negative when `idStart` can't order the id (one that is not a
        /// valid id, which sorts as a string, not byte by byte).
        private let signedLength: Int32
        let day: Int32

        init(updatedAt: TimeInterval, id: String, offset: Int, length: Int, day: Int32) {
            self.updatedAt = updatedAt
            self.offset = offset
            self.day = day
            let ordersByBytes = LedgerIdentifier.isValid(id)
            signedLength = Int32(clamping: length) * (ordersByBytes ? 1 : -1)
            idStart = id.utf8.prefix(8).reduce(0) { $0 << 8 | UInt64($1) } << (8 * UInt64(8 - min(8, id.utf8.count)))
        }

        /// An entry of another kind's: counted, never written.
        static let unwritten = Row(updatedAt: 0, id: "", offset: 0, length: 0, day: 0)

        var line: LedgerLogSnapshot.Line { LedgerLogSnapshot.Line(offset: offset, length: Int(signedLength.magnitude)) }
        var idStartOrders: Bool { signedLength > 0 }
    }

    /// What the scan made of each entry it kept, beside `rows`.
    private enum Slot {
        case row(TransactionPresentation.Columns)
        /// Of a kind other than transactions (undo points aside): counted, not written.
        case otherKind
    }

    /// The rows, as many as `limit`. Returns how many were written and how many live entries of
    /// kinds other than transactions (undo points aside) the log holds.
    func write(_ format: OutputFormat, limit: Int? = nil, to write: (String) throws -> Void) throws -> (written: Int, otherKinds: Int) {
        guard let snapshot else {
            var rows = StreamedRows(format, columns: TransactionPresentation.reportColumns(.init()))
            try write(rows.finish())
            return (0, 0)
        }
        let (rows, columns, otherKinds) = try scan(snapshot)
        let order = try ordered(rows, limit: limit, from: snapshot)
        var streamed = StreamedRows(format, columns: TransactionPresentation.reportColumns(columns))
        try forEach(in: order, of: rows, from: snapshot, afterEachPiece: { try write(streamed.take()) }) { transaction in
            TransactionPresentation.appendCells(of: transaction, columns: columns, accountName: accounts.name(of:), forTable: false, to: &streamed)
            streamed.endRow()
        }
        try write(streamed.finish())
        return (streamed.rows, otherKinds)
    }

    /// The rows, as many as `limit`, as a table laid out for `style` (given the table's columns,
    /// as `--columns` checks them): measured in one pass over the rows and written in another, so
    /// the table holds no row. Returns how many were written; nothing is when none matches.
    func writeTable(style: (Report) throws -> TableStyle, limit: Int? = nil, to write: (String) throws -> Void) throws -> Int {
        guard let snapshot else { return 0 }
        var (rows, columns, _) = try scan(snapshot)
        let order = try ordered(rows, limit: limit, from: snapshot)
        guard !order.isEmpty else { return 0 }
        if order.count < rows.count {
            // The columns those shown need, as a table of them alone has.
            columns = TransactionPresentation.Columns()
            try forEach(in: order, of: rows, from: snapshot) { columns.fit($0) }
        }
        let reportColumns = TransactionPresentation.reportColumns(columns)
        // One row's cells at a time, in one buffer.
        var buffer: [Cell] = []
        try TableLayout.write(columns: reportColumns, style: try style(Report(columns: reportColumns)), rows: { row in
            try forEach(in: order, of: rows, from: snapshot) { transaction in
                buffer.removeAll(keepingCapacity: true)
                TransactionPresentation.appendCells(of: transaction, columns: columns, accountName: accounts.name(of:), forTable: true, to: &buffer)
                try row(buffer)
            }
        }, to: write)
        return order.count
    }

    /// The first pass: each matching transaction's key, the columns they need, and how many
    /// live entries of other kinds (undo points aside) the log holds.
    private func scan(_ snapshot: LedgerLogSnapshot) throws -> (rows: [Row], columns: TransactionPresentation.Columns, otherKinds: Int) {
        // One slot per entry kept by the scan; a row only for a transaction written.
        var rows: [Row] = [], slots: [Slot] = []
        let superseded: [Int]
        do throws(LedgerReadError) {
            superseded = try snapshot.scanLive(reserve: { rows.reserveCapacity($0); slots.reserveCapacity($0) }) { entry, line throws(LedgerDecodingError) in
                guard entries?.mayMatch(entry) ?? true, let transaction = try TransactionsLedgerCodec.record(from: entry).map(reading), matching(transaction) else {
                    // A transaction left out, or an undo point, takes no slot: a list of one
                    // ticker holds its own rows, not one per line of the history.
                    guard entry.kind != UndoPointCodec.kind.name, !TransactionsLedgerCodec.readsKind(entry.kind) else { return false }
                    slots.append(.otherKind)
                    rows.append(.unwritten)
                    return true
                }
                var columns = TransactionPresentation.Columns()
                columns.fit(transaction)
                slots.append(.row(columns))
                rows.append(Row(updatedAt: transaction.updatedAt.timeIntervalSinceReferenceDate, id: transaction.id, offset: line.offset,
                                length: line.length, day: transaction.date.daysSinceEpoch))
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
            }
        }
        rows.removeLast(rows.count - kept)
        slots = []
        return (rows, columns, otherKinds)
    }

    /// Orders by their full ids (`Transaction.newestFirst`) the runs of one day and time that
    /// the ids' first bytes left unsettled: two ids that start alike, or one that is not a valid
    /// id. Nearly never any: ids are random.
    private func settleTies(in order: inout [Int32], rows: [Row], from snapshot: LedgerLogSnapshot) throws {
        var start = 0
        while start < order.count {
            let first = rows[Int(order[start])]
            var end = start + 1, unsettled = !first.idStartOrders
            while end < order.count, rows[Int(order[end])].day == first.day, rows[Int(order[end])].updatedAt == first.updatedAt {
                let row = rows[Int(order[end])]
                unsettled = unsettled || !row.idStartOrders || row.idStart == rows[Int(order[end - 1])].idStart
                end += 1
            }
            if unsettled, end - start > 1 {
                var ids: [String] = []
                for piece in stride(from: start, to: end, by: 4_096) {
                    do throws(StoreError) {
                        ids += try snapshot.entries(at: order[piece..<min(piece + 4_096, end)].map { rows[Int($0)].line }).map(\.id)
                    } catch {
                        throw CLIError.runtime(error.userMessage)
                    }
                }
                let settled = ids.indices.sorted { ids[$0] < ids[$1] }.map { order[start + $0] }
                order.replaceSubrange(start..<end, with: settled)
            }
            start = end
        }
    }

    /// Newest first, as many as `limit`: positions into `rows`.
    private func ordered(_ rows: [Row], limit: Int?, from snapshot: LedgerLogSnapshot) throws -> ArraySlice<Int32> {
        // Positions, not rows, are sorted: half the memory of a sort's scratch space.
        var sorted = (0..<Int32(rows.count)).sorted { lhs, rhs in
            let (left, right) = (rows[Int(lhs)], rows[Int(rhs)])
            if left.day != right.day { return left.day > right.day }
            if left.updatedAt != right.updatedAt { return left.updatedAt > right.updatedAt }
            return left.idStart < right.idStart
        }
        try settleTies(in: &sorted, rows: rows, from: snapshot)
        return sorted.prefix(limit ?? rows.count)
    }

    /// The second pass: each transaction in `order`, as the command shows it, read back a few
    /// thousand at a time, a span of the log per read; `afterEachPiece` runs after each few thousand.
    private func forEach(in order: ArraySlice<Int32>, of rows: [Row], from snapshot: LedgerLogSnapshot, afterEachPiece: () throws -> Void = {},
                         _ body: (Transaction) throws -> Void) throws {
        for start in stride(from: order.startIndex, to: order.endIndex, by: 4_096) {
            let batch = order[start..<min(start + 4_096, order.endIndex)]
            let entries: [LedgerEntry]
            do throws(StoreError) {
                entries = try snapshot.entries(at: batch.map { rows[Int($0)].line })
            } catch {
                throw CLIError.runtime(error.userMessage)
            }
            for entry in entries {
                let transaction: Transaction?
                do throws(LedgerDecodingError) {
                    transaction = try TransactionsLedgerCodec.record(from: entry)
                } catch {
                    throw CLIError.runtime("nothing more was written: \(error.userMessage)")
                }
                if let transaction { try body(reading(transaction)) }
            }
            try afterEachPiece()
        }
    }
}
