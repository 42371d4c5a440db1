import Foundation

/// The unit of storage and sync: one version of one record of some kind.
///
/// The ledger knows nothing about what a kind means. Features own their kinds (see `LedgerKind`)
/// and decode the payload; every store and the sync move entries as they are, so a record of a
/// kind this release does not know is kept and passed on unchanged.
public struct LedgerEntry: Hashable, Sendable {
    public let id: String
    /// What the payload is: `buy`, `sell`, and whatever later features register.
    public let kind: String
    /// The version of the kind's payload layout; a reader that knows an older one leaves it alone.
    public let schema: Int
    /// When this version was written, in milliseconds since 1970: the sync's last-write-wins clock.
    public let updatedAt: Int64
    /// A tombstone: the record was deleted at `updatedAt`. Its payload is empty by convention.
    public let isDeleted: Bool
    public let payload: LedgerPayload

    public init(id: String, kind: String, schema: Int, updatedAt: Int64, isDeleted: Bool = false, payload: LedgerPayload = LedgerPayload()) {
        self.id = id
        self.kind = kind
        self.schema = schema
        self.updatedAt = updatedAt
        self.isDeleted = isDeleted
        self.payload = payload
    }

    /// The tombstone that deletes this entry at `date`, keeping its kind so it syncs where the entry did.
    public func deleted(at updatedAt: Int64) -> LedgerEntry {
        LedgerEntry(id: id, kind: kind, schema: schema, updatedAt: updatedAt, isDeleted: true)
    }

    public static func tombstone(id: String, kind: String, schema: Int = 1, at updatedAt: Int64) -> LedgerEntry {
        LedgerEntry(id: id, kind: kind, schema: schema, updatedAt: updatedAt, isDeleted: true)
    }
}

/// Ids and kind names: what every store can hold in a key and every terminal can show.
public enum LedgerIdentifier {
    public static let maximumLength = 128
    /// How long a new id is (`random()`).
    public static let randomLength = 15

    /// 1–128 ASCII letters, digits, `-` or `_`: UUIDs and Firebase push keys fit, and nothing
    /// that a file line, a URL path, a database key or a terminal would treat specially.
    public static func isValid(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in (1...maximumLength).contains(bytes.count) && bytes.allSatisfy(isAllowed) }
    }

    /// A kind name: 1–32 lower-case ASCII letters, digits or `-`, a letter first.
    public static func isValidKind(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in
            guard let first = bytes.first, (1...32).contains(bytes.count), (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else { return false }
            return bytes.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-") }
        }
    }

    /// A new id: 15 random lower-case letters and digits, about 77 bits (a collision among ten
    /// million records has odds near one in five billion). Fifteen bytes is what a Swift String
    /// holds inline, so reading a long history allocates and reference-counts nothing per id; a
    /// UUID's 36 cost an allocation and 48 bytes of memory each.
    ///
    /// The 15 digits come from two 64-bit words, the system's generator asked twice: asked once
    /// a digit, an import of a million rows spent most of its time in fifteen million `getrandom`
    /// calls. Eight digits are taken from one word and seven from the other, in 64-bit arithmetic;
    /// neither word is a multiple of 36^8, but the bias that leaves is below 10^-6.
    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return identifier(from: generator.next(), generator.next())
    }

    /// The id two random words make: 15 digits of the alphabet.
    public static func identifier(from first: UInt64, _ second: UInt64) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: randomLength) { digits in
            var (high, low) = (first, second)
            for index in 0..<8 {
                digits[index] = randomAlphabet[Int(high % 36)]
                high /= 36
            }
            for index in 8..<15 {
                digits[index] = randomAlphabet[Int(low % 36)]
                low /= 36
            }
            return String(decoding: UnsafeBufferPointer(digits), as: UTF8.self)
        }
    }

    /// A new id that ends with when it was made: six random digits of the alphabet, enough for
    /// a prefix to tell a record among thousands, as git's short hashes do, then `_`, then eight
    /// of `time` (milliseconds since 2020, good to 2109), in order, so that `orderKey` puts the
    /// ids one device makes in the order they were made. A collision needs the same millisecond
    /// and the same six random digits, odds near one in two billion.
    public static func identifier(random: UInt64, time: UInt64) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: randomLength) { digits in
            var (random, time) = (random, min(time, timeLimit - 1))
            for index in 0..<6 {
                digits[index] = randomAlphabet[Int(random % 36)]
                random /= 36
            }
            digits[6] = timeMark
            for index in (7..<15).reversed() {
                digits[index] = randomAlphabet[Int(time % 36)]
                time /= 36
            }
            return String(decoding: UnsafeBufferPointer(digits), as: UTF8.self)
        }
    }

    /// 36^8 milliseconds, the most the eight digits of time hold.
    public static let timeLimit: UInt64 = 2_821_109_907_456
    /// 2020-01-01 in milliseconds since 1970: where the time in an id counts from.
    public static let timeEpoch: Int64 = 1_577_836_800_000
    private static let timeMark = UInt8(ascii: "_")

    /// When an id `identifier(random:time:)` made was made, above every other id's key (0): ids
    /// of one day and kind are ordered by it, then by the whole id, so what a user adds goes
    /// after what was written with ids made otherwise (imported, or by an earlier release).
    public static func orderKey(of id: String) -> UInt64 {
        id.withUTF8Bytes { bytes in
            guard bytes.count == randomLength, bytes[6] == timeMark else { return 0 }
            var time: UInt64 = 0
            for byte in bytes[7...] {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): time = time * 36 + UInt64(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "z"): time = time * 36 + UInt64(byte - UInt8(ascii: "a") + 10)
                default: return 0
                }
            }
            return 1 << 63 | time
        }
    }

    private static let randomAlphabet = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"): return true
        default: return false
        }
    }
}

extension Date {
    /// Stores keep `updatedAt` in whole milliseconds; every adapter converts through these two so
    /// the same version compares equal whichever store it came from.
    public init(millisecondsSince1970 milliseconds: Int64) {
        self.init(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
    }

    public var millisecondsSince1970: Int64 {
        let milliseconds = (timeIntervalSince1970 * 1000).rounded()
        return Int64(exactly: milliseconds) ?? (milliseconds < 0 ? 0 : LedgerClock.latest)
    }
}

public enum LedgerClock {
    /// The latest `updatedAt` any store accepts: 9999-12-31. Larger numbers from outside are invalid
    /// data, never a trap.
    public static let latest: Int64 = 253_402_300_799_999

    /// A time a record holds, in milliseconds since 1970, if it is one the calendar can show:
    /// 1970-01-01 to 9999-12-31.
    public static func time(_ text: String) -> Int64? {
        Int64(text).flatMap { (0...latest).contains($0) ? $0 : nil }
    }
}
