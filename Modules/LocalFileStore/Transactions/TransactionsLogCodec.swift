import Foundation
import FixedPoint
import Transactions

/// The on-disk form of transactions: a versioned, append-only, tab-separated log a person can read.
///
///     investments-transactions v1
///     +	<id>	<YYYY-MM-DD>	<buy|sell>	<TICKER>	<quantity>	<sum>	<updatedAt ms>	<note>
///     -	<id>	<deletedAt ms>
///
/// A later line for the same id replaces the earlier one; `-` is a tombstone. A last line without
/// its newline is a write that was cut short and was never acknowledged, so it is dropped.
/// Hand-parsed: JSONDecoder and ISO8601DateFormatter are each ~10–60× too slow for long histories.
enum TransactionsLogCodec {
    static let version = 1
    static let magic = "investments-transactions"
    static var header: String { "\(magic) v\(version)\n" }

    /// The log's live state, in file order: a history appended over time comes back almost in
    /// date order, which the sorts downstream finish in near-linear time.
    struct Log {
        private var slots: [Transaction?] = []
        private var slotByID: [String: Int] = [:]
        var tombstones: [String: Date] = [:]
        var recordLines = 0

        init(capacity: Int = 0) {
            slots.reserveCapacity(capacity)
            slotByID.reserveCapacity(capacity)
        }

        var live: [Transaction] { slots.compactMap { $0 } }
        var liveCount: Int { slotByID.count }
        /// Lines that no longer describe anything live: what a compaction would drop.
        var garbageLines: Int { recordLines - liveCount - tombstones.count }

        mutating func upsert(_ transaction: Transaction) {
            if !tombstones.isEmpty { tombstones.removeValue(forKey: transaction.id) }
            if let slot = slotByID[transaction.id] {
                slots[slot] = nil
            }
            slotByID[transaction.id] = slots.count
            slots.append(transaction)
        }

        mutating func delete(id: String, at date: Date) {
            if let slot = slotByID.removeValue(forKey: id) { slots[slot] = nil }
            tombstones[id] = date
        }
    }

    // MARK: Encoding

    static func line(for transaction: Transaction) -> String {
        let fields = ["+", transaction.id, transaction.date.iso, transaction.type.rawValue, transaction.ticker,
                      transaction.quantity.description, transaction.sum.description,
                      String(milliseconds(transaction.updatedAt)), escape(transaction.note ?? "")]
        return fields.joined(separator: "\t") + "\n"
    }

    static func tombstoneLine(id: String, deletedAt: Date) -> String {
        "-\t\(id)\t\(milliseconds(deletedAt))\n"
    }

    static func contents(of log: Log) -> String {
        var text = header
        for transaction in log.live { text += line(for: transaction) }
        for (id, deletedAt) in log.tombstones.sorted(by: { $0.value < $1.value }) { text += tombstoneLine(id: id, deletedAt: deletedAt) }
        return text
    }

    private static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    private static func escape(_ text: String) -> String {
        guard text.contains(where: { $0 == "\\" || $0 == "\t" || $0 == "\n" || $0 == "\r" }) else { return text }
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\\\"
            case "\t": escaped += "\\t"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    // MARK: Decoding

    /// Checks the first line; a missing or foreign header and a newer version are errors.
    static func checkHeader(_ bytes: UnsafeBufferPointer<UInt8>, path: String) throws -> Int {
        let end = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        let first = String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<end]), as: UTF8.self)
        guard first.hasPrefix(magic + " v"), let version = Int(first.dropFirst(magic.count + 2)) else {
            throw TransactionsStoreError("\(path) line 1: not an Investments transactions file (it should start with '\(magic) v\(Self.version)'). It was left untouched; move it away or point --home elsewhere.")
        }
        guard version <= Self.version else {
            throw TransactionsStoreError("\(path) was written in format v\(version) by a newer version of invest; this one reads up to v\(Self.version). It was left untouched; upgrade invest to read it.")
        }
        guard end < bytes.count else {
            throw TransactionsStoreError("\(path) line 1: the header is incomplete. It was left untouched; restore it from a backup.")
        }
        return end + 1
    }

    static func decode(_ bytes: [UInt8], path: String) throws -> Log {
        try bytes.withUnsafeBufferPointer { buffer in
            var log = Log(capacity: buffer.count / 64)
            guard buffer.count > 0 else { return log }
            var start = try checkHeader(buffer, path: path)
            var lineNumber = 1
            while start < buffer.count {
                lineNumber += 1
                guard let newline = firstNewline(in: buffer, from: start) else { break } // torn tail
                if newline > start {
                    let line = UnsafeBufferPointer(rebasing: buffer[start..<newline])
                    do {
                        try apply(line, to: &log)
                    } catch let problem as LineProblem {
                        throw TransactionsStoreError("\(path) line \(lineNumber): \(problem.reason). The file was left untouched; correct or delete that line (or restore the file from a backup) and run again.")
                    }
                    log.recordLines += 1
                }
                start = newline + 1
            }
            return log
        }
    }

    private struct LineProblem: Error {
        let reason: String
    }

    private static func firstNewline(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = buffer.baseAddress,
              let found = memchr(base + start, Int32(UInt8(ascii: "\n")), buffer.count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    private static func apply(_ line: UnsafeBufferPointer<UInt8>, to log: inout Log) throws {
        var fields: [UnsafeBufferPointer<UInt8>] = []
        fields.reserveCapacity(9)
        var fieldStart = 0
        for index in 0..<line.count where line[index] == UInt8(ascii: "\t") {
            fields.append(UnsafeBufferPointer(rebasing: line[fieldStart..<index]))
            fieldStart = index + 1
        }
        fields.append(UnsafeBufferPointer(rebasing: line[fieldStart..<line.count]))

        switch fields[0].first {
        case UInt8(ascii: "+") where fields[0].count == 1:
            guard fields.count == 9 else { throw LineProblem(reason: "expected 9 tab-separated fields, found \(fields.count)") }
            log.upsert(try decodeTransaction(fields))
        case UInt8(ascii: "-") where fields[0].count == 1:
            guard fields.count == 3 else { throw LineProblem(reason: "a deletion needs 3 tab-separated fields, found \(fields.count)") }
            log.delete(id: try identifier(fields[1]), at: try timestamp(fields[2]))
        default:
            throw LineProblem(reason: "a record must start with '+' or '-', found '\(text(fields[0]))'")
        }
    }

    private static func decodeTransaction(_ fields: [UnsafeBufferPointer<UInt8>]) throws -> Transaction {
        let id = try identifier(fields[1])
        guard let date = CalendarDay.parse(fields[2]) else { throw LineProblem(reason: "'\(text(fields[2]))' is not a date (YYYY-MM-DD)") }
        guard let type = TransactionType(rawValue: text(fields[3])) else {
            throw LineProblem(reason: "unknown transaction type '\(text(fields[3]))'")
        }
        guard fields[4].count > 0 else { throw LineProblem(reason: "the ticker is empty") }
        guard let quantity = FixedDecimal.parse(fields[5]) else { throw LineProblem(reason: "quantity '\(text(fields[5]))' is not a number") }
        guard let sum = FixedDecimal.parse(fields[6]) else { throw LineProblem(reason: "sum '\(text(fields[6]))' is not a number") }
        let updatedAt = try timestamp(fields[7])
        let note = fields[8].isEmpty ? nil : unescape(fields[8])
        return Transaction(id: id, date: date, type: type, ticker: text(fields[4]), quantity: quantity, sum: sum, note: note, updatedAt: updatedAt)
    }

    private static func identifier(_ field: UnsafeBufferPointer<UInt8>) throws -> String {
        guard field.count > 0 else { throw LineProblem(reason: "the id is empty") }
        return text(field)
    }

    private static func timestamp(_ field: UnsafeBufferPointer<UInt8>) throws -> Date {
        var value: Int64 = 0
        guard field.count > 0, field.count <= 18 else { throw LineProblem(reason: "'\(text(field))' is not a timestamp in milliseconds") }
        for byte in field {
            let digit = byte &- 48
            guard digit < 10 else { throw LineProblem(reason: "'\(text(field))' is not a timestamp in milliseconds") }
            value = value * 10 + Int64(digit)
        }
        return Date(timeIntervalSince1970: TimeInterval(value) / 1000)
    }

    private static func text(_ field: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: field, as: UTF8.self)
    }

    private static func unescape(_ field: UnsafeBufferPointer<UInt8>) -> String {
        guard field.contains(UInt8(ascii: "\\")) else { return text(field) }
        var bytes: [UInt8] = []
        var escaping = false
        for byte in field {
            if escaping {
                switch byte {
                case UInt8(ascii: "t"): bytes.append(UInt8(ascii: "\t"))
                case UInt8(ascii: "n"): bytes.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "r"): bytes.append(UInt8(ascii: "\r"))
                default: bytes.append(byte)
                }
                escaping = false
            } else if byte == UInt8(ascii: "\\") {
                escaping = true
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
