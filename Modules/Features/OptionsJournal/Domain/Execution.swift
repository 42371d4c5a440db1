import Foundation
import FixedPoint
import Ledger

/// One fill from a broker's statement, as the Stockhours web app keeps it.
public struct Execution: Equatable, Sendable {
    public enum Side: String, Sendable { case buy = "BUY", sell = "SELL" }
    public enum PositionEffect: String, Sendable { case open = "OPEN", close = "CLOSE" }

    /// The largest a statement row may carry, checked again of every execution read from the
    /// ledger: a trade's cost (quantity × price × multiplier) and any sum of them then fit.
    public static let maximumQuantity = FixedDecimal(10_000_000)
    public static let maximumPrice = FixedDecimal(100_000_000)
    public static let maximumFees = FixedDecimal(1_000_000)

    /// When it filled, in UTC (the statement's local time read in the user's zone).
    public let execTime: Date
    /// The user's calendar day of `execTime`, `YYYY-MM-DD`.
    public let tradeDate: String
    public let side: Side
    /// Contracts or shares, always positive.
    public let quantity: FixedDecimal
    public let symbol: String
    /// As the statement writes it, e.g. `3 JUL 25`; `N/A` for a stock.
    public let expiration: String
    /// 0 for a stock, as the web app reads an empty strike.
    public let strike: FixedDecimal
    public let price: FixedDecimal
    public let orderType: String
    public let positionEffect: PositionEffect
    /// CALL, PUT, or a stock type such as STOCK or ETF.
    public let type: String
    /// Commissions and fees the statement charged for it, if any.
    public let fees: FixedDecimal
    /// 1 for a fill, n for the n-th fill identical to it in the same statement or document (two
    /// SELL −1 at 1.50 in the same second are two fills, not one imported twice).
    public let occurrence: Int

    public init(execTime: Date, tradeDate: String, side: Side, quantity: FixedDecimal, symbol: String, expiration: String, strike: FixedDecimal,
                price: FixedDecimal, orderType: String, positionEffect: PositionEffect, type: String, fees: FixedDecimal = .zero, occurrence: Int = 1) {
        self.execTime = execTime
        self.tradeDate = tradeDate
        self.side = side
        self.quantity = quantity
        self.symbol = symbol
        self.expiration = expiration
        self.strike = strike
        self.price = price
        self.orderType = orderType
        self.positionEffect = positionEffect
        self.type = type
        self.fees = fees
        self.occurrence = occurrence
    }

    /// Options are for 100 shares; anything else is priced per share.
    public var multiplier: FixedDecimal { type == "CALL" || type == "PUT" ? FixedDecimal(100) : FixedDecimal(1) }

    /// The contract, as the web app groups executions: `${Symbol}-${Strike}-${Expiration}`.
    public var contractKey: String { "\(symbol)-\(strike)-\(expiration)" }

    /// The same fill always gets the same id, so importing a statement twice adds nothing. A
    /// 64-bit FNV-1a of the fields, and of the occurrence past the first: an identifier, not a secret.
    public var id: String {
        let fields = [JournalTime.javaScriptISO(execTime), side.rawValue, quantity.description, symbol, expiration, strike.description,
                      price.description, orderType, positionEffect.rawValue, type] + (occurrence > 1 ? ["#\(occurrence)"] : [])
        return "exec-" + JournalID.hash(fields, separator: UInt8(ascii: "|"))
    }

    /// `quantity` of this fill, with its fees or none.
    func part(_ quantity: FixedDecimal, withFees: Bool) -> Execution {
        Execution(execTime: execTime, tradeDate: tradeDate, side: side, quantity: quantity, symbol: symbol, expiration: expiration, strike: strike,
                  price: price, orderType: orderType, positionEffect: positionEffect, type: type, fees: withFees ? fees : .zero, occurrence: occurrence)
    }

    /// The same fill with its occurrence.
    public func numbered(_ occurrence: Int) -> Execution {
        Execution(execTime: execTime, tradeDate: tradeDate, side: side, quantity: quantity, symbol: symbol, expiration: expiration, strike: strike,
                  price: price, orderType: orderType, positionEffect: positionEffect, type: type, fees: fees, occurrence: occurrence)
    }

    /// The fills of one statement or document, each repeat of an identical fill numbered in the
    /// order given: 1, 2, … Deterministic, so the same statement imported again adds nothing.
    public static func numberingRepeats(_ executions: [Execution]) -> [Execution] {
        numbering(executions) { fill, _ in fill }
    }

    /// Only the ids `numberingRepeats` gives: a long statement's former ids without a second
    /// copy of its fills.
    public static func idsNumberingRepeats(_ executions: some Sequence<Execution>) -> [String] {
        numbering(executions) { _, id in id }
    }

    /// `keep` is handed each fill numbered, and its id.
    private static func numbering<T>(_ executions: some Sequence<Execution>, _ keep: (Execution, String) -> T) -> [T] {
        var seen: [String: Int] = [:]
        var kept: [T] = []
        kept.reserveCapacity(executions.underestimatedCount)
        for fill in executions {
            let first = fill.numbered(1), id = first.id
            let count = (seen[id] ?? 0) + 1
            seen[id] = count
            let numbered = count == 1 ? first : first.numbered(count)
            kept.append(keep(numbered, count == 1 ? id : numbered.id))
        }
        return kept
    }
}

/// Ids made from content: a 64-bit FNV-1a in hex. An identifier, not a secret.
public enum JournalID {
    public static func hash(_ text: String) -> String {
        hash([text], separator: 0)
    }

    /// The hash of `fields` joined by `separator`, without joining them.
    static func hash(_ fields: [String], separator: UInt8) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        for (index, field) in fields.enumerated() {
            if index > 0 { add(separator) }
            for byte in field.utf8 { add(byte) }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// Times as the web app's JavaScript writes them.
public enum JournalTime {
    /// `Date.prototype.toISOString()`: `2025-07-03T13:31:12.000Z`. Built by hand: a formatter
    /// per fill costs seconds over a long statement.
    public static func javaScriptISO(_ date: Date) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        let whole = Int64(milliseconds), day = whole >= 0 ? whole / 86_400_000 : (whole - 86_399_999) / 86_400_000
        let inDay = Int(whole - day * 86_400_000)
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
        }
        return CalendarDay(daysSinceEpoch: Int32(day)).iso + "T" + padded(inDay / 3_600_000, 2) + ":" + padded(inDay / 60_000 % 60, 2) + ":"
            + padded(inDay / 1000 % 60, 2) + "." + padded(inDay % 1000, 3) + "Z"
    }
}
