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
        private var slots: [Transaction] = []
        /// Parallel to `slots`: superseded or deleted. Kept apart so that a log with nothing
        /// superseded hands its array out without a copy.
        private var dead: [Bool] = []
        private var deadCount = 0
        private var slotByID: [String: Int] = [:]
        var tombstones: [String: Date] = [:]
        var recordLines = 0

        init(capacity: Int = 0) {
            slots.reserveCapacity(capacity)
            dead.reserveCapacity(capacity)
            slotByID.reserveCapacity(capacity)
        }

        var live: [Transaction] {
            deadCount == 0 ? slots : slots.indices.compactMap { dead[$0] ? nil : slots[$0] }
        }
        var liveCount: Int { slotByID.count }
        /// Lines that no longer describe anything live: what a compaction would drop.
        var garbageLines: Int { recordLines - liveCount - tombstones.count }

        mutating func upsert(_ transaction: Transaction) {
            if !tombstones.isEmpty { tombstones.removeValue(forKey: transaction.id) }
            // One hash of the id per line: look up and insert in a single step.
            if let replaced = slotByID.updateValue(slots.count, forKey: transaction.id) {
                markDead(replaced)
            }
            slots.append(transaction)
            dead.append(false)
        }

        private mutating func markDead(_ slot: Int) {
            dead[slot] = true
            deadCount += 1
        }

        mutating func delete(id: String, at date: Date) {
            if let slot = slotByID.removeValue(forKey: id) { markDead(slot) }
            tombstones[id] = date
        }
    }

    // MARK: Encoding

    static func line(for transaction: Transaction) -> String {
        var line = "+\t"
        append(transaction, to: &line)
        return line
    }

    /// Appends in place: a compaction or an import writes every record, so no temporary arrays.
    private static func append(_ transaction: Transaction, to text: inout String) {
        for field in [transaction.id, transaction.date.iso, transaction.type.rawValue, transaction.ticker,
                      transaction.quantity.description, transaction.sum.description, String(transaction.updatedAt.millisecondsSince1970)] {
            text += field
            text += "\t"
        }
        text += escape(transaction.note ?? "")
        text += "\n"
    }

    static func tombstoneLine(id: String, deletedAt: Date) -> String {
        "-\t\(id)\t\(deletedAt.millisecondsSince1970)\n"
    }

    static func contents(of log: Log) -> String {
        var text = header
        text.reserveCapacity(log.liveCount * 96)
        for transaction in log.live {
            text += "+\t"
            append(transaction, to: &text)
        }
        for (id, deletedAt) in log.tombstones.sorted(by: { $0.value < $1.value }) { text += tombstoneLine(id: id, deletedAt: deletedAt) }
        return text
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

    /// Up to nine tab-separated fields, kept on the stack: no allocation per line.
    private struct Fields {
        private var storage: (Slice, Slice, Slice, Slice, Slice, Slice, Slice, Slice, Slice) = ((0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0))
        private(set) var count = 0
        typealias Slice = (start: Int, end: Int)

        init(_ line: UnsafeBufferPointer<UInt8>) {
            var fieldStart = 0
            for index in 0..<line.count where line[index] == UInt8(ascii: "\t") {
                append((fieldStart, index))
                fieldStart = index + 1
            }
            append((fieldStart, line.count))
        }

        private mutating func append(_ slice: Slice) {
            defer { count += 1 }
            switch count {
            case 0: storage.0 = slice
            case 1: storage.1 = slice
            case 2: storage.2 = slice
            case 3: storage.3 = slice
            case 4: storage.4 = slice
            case 5: storage.5 = slice
            case 6: storage.6 = slice
            case 7: storage.7 = slice
            case 8: storage.8 = slice
            default: break
            }
        }

        subscript(index: Int) -> Slice {
            switch index {
            case 0: return storage.0
            case 1: return storage.1
            case 2: return storage.2
            case 3: return storage.3
            case 4: return storage.4
            case 5: return storage.5
            case 6: return storage.6
            case 7: return storage.7
            default: return storage.8
            }
        }
    }

    private static func apply(_ line: UnsafeBufferPointer<UInt8>, to log: inout Log) throws {
        let fields = Fields(line)
        func field(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: line[fields[index].start..<fields[index].end])
        }
        let marker = field(0)
        switch marker.first {
        case UInt8(ascii: "+") where marker.count == 1:
            guard fields.count == 9 else { throw LineProblem(reason: "expected 9 tab-separated fields, found \(fields.count)") }
            log.upsert(try decodeTransaction(field))
        case UInt8(ascii: "-") where marker.count == 1:
            guard fields.count == 3 else { throw LineProblem(reason: "a deletion needs 3 tab-separated fields, found \(fields.count)") }
            log.delete(id: try identifier(field(1)), at: try timestamp(field(2)))
        default:
            throw LineProblem(reason: "a record must start with '+' or '-', found '\(text(marker))'")
        }
    }

    private static func decodeTransaction(_ fields: (Int) -> UnsafeBufferPointer<UInt8>) throws -> Transaction {
        let id = try identifier(fields(1))
        guard let date = CalendarDay.parse(fields(2)) else { throw LineProblem(reason: "'\(text(fields(2)))' is not a date (YYYY-MM-DD)") }
        guard let type = TransactionType(rawValue: text(fields(3))) else {
            throw LineProblem(reason: "unknown transaction type '\(text(fields(3)))'")
        }
        guard fields(4).count > 0 else { throw LineProblem(reason: "the ticker is empty") }
        guard let quantity = FixedDecimal.parse(fields(5)) else { throw LineProblem(reason: "quantity '\(text(fields(5)))' is not a number") }
        guard let sum = FixedDecimal.parse(fields(6)) else { throw LineProblem(reason: "sum '\(text(fields(6)))' is not a number") }
        let updatedAt = try timestamp(fields(7))
        let note = fields(8).isEmpty ? nil : unescape(fields(8))
        return Transaction(id: id, date: date, type: type, ticker: text(fields(4)), quantity: quantity, sum: sum, note: note, updatedAt: updatedAt)
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
        return Date(millisecondsSince1970: value)
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
