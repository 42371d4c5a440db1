import Foundation

/// What every feature takes for a ticker, one rule everywhere a ticker is typed, imported or
/// synced: 1–12 characters, upper-case letters, digits, `.` and `-`, starting with a letter or a
/// digit (`AAPL`, `BRK.B`, `VWRL.L`, `7203.T`, `0700.HK`, or an ISIN such as `US0378331005`,
/// which is how some brokers name a security), or `^` and a letter for an index (`^GSPC`). Kept in the kernel because records of several features are keyed by it.
public enum TickerSymbol {
    public static let maximumLength = 12

    /// `text` in its stored, upper-case form, or nil when it is no ticker.
    public static func normalized(_ text: String) -> String? {
        let ticker = text.withUTF8Bytes { $0.contains(where: (UInt8(ascii: "a")...UInt8(ascii: "z")).contains) } ? text.uppercased() : text
        return isTicker(ticker) ? ticker : nil
    }

    /// Whether `text` is a ticker as stored (upper case). Every character a ticker may hold is
    /// ASCII, so its UTF-8 bytes are its characters, read without decoding a scalar.
    public static func isTicker(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in
            guard (1...maximumLength).contains(bytes.count) else { return false }
            let isIndex = bytes[0] == UInt8(ascii: "^")
            let body = isIndex ? bytes.dropFirst() : bytes[...]
            guard let first = body.first, isLetter(first) || !isIndex && isDigit(first) else { return false }
            return body.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }
        }
    }

    /// The ticker as part of a record's id, which holds only letters, digits, `-` and `_`: `.`
    /// becomes `_`, and an index's leading `^` becomes `_` too (a ticker never starts with `.`,
    /// so no two tickers share an id).
    public static func idComponent(_ ticker: String) -> String {
        guard ticker.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "^") }) else { return ticker }
        return String(ticker.map { $0 == "." || $0 == "^" ? "_" : $0 })
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
