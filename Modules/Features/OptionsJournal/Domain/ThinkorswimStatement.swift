import Foundation
import FixedPoint
import Ledger

/// A thinkorswim "Account Statement" export, read as the web app reads it: the `Account Trade
/// History` section, its header row (first column empty), and its rows until the section ends.
/// A multi-leg order's later legs have an empty `Exec Time` and take the one above.
public enum ThinkorswimStatement {
    public struct Problem: Equatable, Sendable {
        public let line: Int
        public let message: String
    }

    public enum Failure: Error, Equatable, Sendable {
        case noTradeHistory
        case missingColumns([String])
        case badRows([Problem])
    }

    static let required = ["Exec Time", "Side", "Qty", "Pos Effect", "Symbol", "Exp", "Strike", "Type", "Price", "Order Type"]

    /// A number as the web app's spreadsheet reader (SheetJS) reads a CSV cell: a comma between
    /// two digits is a thousands separator (`+1,000` is 1000; each comma takes the digit after
    /// it, as one left-to-right regular-expression pass does), `$` is dropped, and a sign may lead.
    static func spreadsheetNumber(_ text: String) -> FixedDecimal? {
        let scalars = Array(text.trimmedSpaces.unicodeScalars.filter { $0 != "$" })
        var joined = String.UnicodeScalarView()
        var index = 0
        func isDigit(_ position: Int) -> Bool { position < scalars.count && ("0"..."9").contains(scalars[position]) }
        while index < scalars.count {
            if isDigit(index), index + 2 < scalars.count, scalars[index + 1] == ",", isDigit(index + 2) {
                joined.append(scalars[index])
                joined.append(scalars[index + 2])
                index += 3
            } else {
                joined.append(scalars[index])
                index += 1
            }
        }
        let number = String(joined)
        return FixedDecimal(number.hasPrefix("+") ? String(number.dropFirst()) : number)
    }

    /// - Parameters:
    ///   - records: the file's CSV records with their line numbers.
    ///   - timeZone: the zone the statement's times are in (the user's).
    ///   - now: fills later than this are refused.
    /// One fill typed by hand, in a statement row's words (`time` is the row's `M/D/YY HH:MM:SS`,
    /// or a `Date` already parsed from another form), checked exactly as a statement's row is.
    public struct ManualFill: Sendable {
        public var time: String
        public var side: String
        public var quantity: String
        public var effect: String
        public var symbol: String
        public var expiration: String
        public var strike: String
        public var type: String
        public var price: String
        public var orderType: String

        public init(time: String, side: String, quantity: String, effect: String, symbol: String, expiration: String, strike: String, type: String,
                    price: String, orderType: String) {
            (self.time, self.side, self.quantity, self.effect, self.symbol) = (time, side, quantity, effect, symbol)
            (self.expiration, self.strike, self.type, self.price, self.orderType) = (expiration, strike, type, price, orderType)
        }
    }

    /// The statement's own time format for `date` in `timeZone`: what a row's Exec Time holds.
    public static func execTime(_ date: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%d/%d/%02d %02d:%02d:%02d", parts.month!, parts.day!, parts.year! % 100, parts.hour!, parts.minute!, parts.second!)
    }

    /// The execution `fill` describes, by the rules every statement row follows, and those a row
    /// typed by hand can break where a broker's never does: the side gives the direction, so the
    /// quantity has no sign, and an option names its expiration (`3 JUL 25`) and strike.
    public static func execution(_ fill: ManualFill, timeZone: TimeZone, now: Date) throws(Failure) -> Execution {
        var reasons: [String] = []
        let quantity = fill.quantity.trimmedSpaces
        if quantity.hasPrefix("-") || quantity.hasPrefix("+") { reasons.append("Qty '\(fill.quantity)' has a sign; give the number alone, as --side says BUY or SELL") }
        if ["CALL", "PUT"].contains(fill.type.uppercased()) {
            if !isExpiration(fill.expiration) { reasons.append("Exp '\(fill.expiration)' is not an expiration such as 3 JUL 25, which a \(fill.type.uppercased()) needs") }
            if (FixedDecimal(fill.strike.trimmedSpaces) ?? .zero) <= .zero { reasons.append("Strike '\(fill.strike)' is not a strike above 0, which a \(fill.type.uppercased()) needs") }
        }
        let header = ["", "Exec Time", "Spread", "Side", "Qty", "Pos Effect", "Symbol", "Exp", "Strike", "Type", "Price", "Net Price", "Order Type"]
        let effect = fill.effect.uppercased()
        let row = ["", fill.time, "SINGLE", fill.side, fill.quantity, effect.hasPrefix("TO ") ? effect : "TO " + effect, fill.symbol, fill.expiration,
                   fill.strike, fill.type, fill.price, fill.price, fill.orderType]
        do throws(Failure) {
            let execution = try executions(in: [(1, ["Account Trade History"]), (2, header), (3, row)], timeZone: timeZone, now: now)[0]
            guard reasons.isEmpty else { throw .badRows([]) }
            return execution
        } catch let .badRows(problems) {
            throw .badRows([Problem(line: 1, message: (problems.map(\.message) + reasons).joined(separator: "; "))])
        }
    }

    public static func executions(in records: [(line: Int, fields: [String])], timeZone: TimeZone, now: Date) throws(Failure) -> [Execution] {
        try read(records, timeZone: timeZone, now: now).executions
    }

    /// A statement's fills, as the web app keeps and orders them, and the id each had in
    /// releases that kept the statement's own time and expiration, so a statement they imported
    /// isn't added twice.
    public struct Reading: Sendable {
        public let executions: [Execution]
        public let formerIDs: [String]
    }

    public static func read(_ records: [(line: Int, fields: [String])], timeZone: TimeZone, now: Date) throws(Failure) -> Reading {
        guard let start = records.firstIndex(where: { $0.fields.first?.trimmedSpaces == "Account Trade History" }),
              start + 1 < records.count else { throw .noTradeHistory }
        let header = records[start + 1].fields.map { $0.trimmedSpaces }
        let missing = required.filter { !header.contains($0) }
        guard missing.isEmpty else { throw .missingColumns(missing) }
        let column = Dictionary(header.enumerated().map { ($0.element, $0.offset) }) { first, _ in first }
        let sheet = WebAppSpreadsheet(timeZone: timeZone)
        var executions: [Execution] = [], statementTimes: [Date] = [], legs = Set<Int>(), problems: [Problem] = []
        var lastTime: (statement: Date, kept: Date, day: WebAppSpreadsheet.WallTime)?
        for record in records[(start + 2)...] {
            // The section ends at a blank line or at the next section's title.
            if record.fields.allSatisfy({ $0.trimmedSpaces.isEmpty }) { break }
            if let first = record.fields.first, !first.trimmedSpaces.isEmpty { break }
            func field(_ name: String) -> String {
                guard let index = column[name], index < record.fields.count else { return "" }
                return record.fields[index].trimmedSpaces
            }
            var reasons: [String] = []
            let timeText = field("Exec Time")
            var time = lastTime
            if timeText.isEmpty {
                if time == nil { reasons.append("an order leg with no Exec Time above it") }
            } else if let wall = wallTime(timeText) {
                let kept = sheet.execTime(wall)
                time = (Date(timeIntervalSince1970: TimeInterval(sheet.utcSeconds(ofWall: wall.seconds))), kept.time, kept.day)
            } else {
                time = nil
                reasons.append("Exec Time '\(timeText)' is not M/D/YY HH:MM:SS")
            }
            if let time, time.statement > now { reasons.append("Exec Time '\(timeText)' is in the future") }
            let side = Execution.Side(rawValue: field("Side").uppercased())
            if side == nil { reasons.append("Side '\(field("Side"))' is not BUY or SELL") }
            let quantity = Self.spreadsheetNumber(field("Qty")).map { $0.isNegative ? -$0 : $0 }
            if quantity == nil || quantity!.isZero || quantity! > Execution.maximumQuantity { reasons.append("Qty '\(field("Qty"))' is not a quantity") }
            let effectText = field("Pos Effect").uppercased()
            let effect: Execution.PositionEffect? = effectText.contains("OPEN") ? .open : effectText.contains("CLOSE") ? .close : nil
            if effect == nil { reasons.append("Pos Effect '\(field("Pos Effect"))' is not TO OPEN or TO CLOSE") }
            let symbol = field("Symbol").uppercased()
            if !isSymbol(symbol) { reasons.append("Symbol '\(field("Symbol"))' is not a symbol") }
            let strikeText = field("Strike")
            let strike = strikeText.isEmpty ? .zero : FixedDecimal(strikeText)
            if strike == nil || strike!.isNegative { reasons.append("Strike '\(strikeText)' is not a price") }
            let price = FixedDecimal(field("Price").withoutCommas)
            if price == nil || price!.isNegative || price! > Execution.maximumPrice { reasons.append("Price '\(field("Price"))' is not a price") }
            let type = field("Type").uppercased()
            if type.isEmpty || !type.allSatisfy({ $0.isLetter }) || type.count > 12 { reasons.append("Type '\(field("Type"))' is not CALL, PUT or a stock type") }
            let expiration = field("Exp").isEmpty ? "N/A" : sheet.expiration(field("Exp"))
            if expiration.count > 20 || expiration.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                reasons.append("Exp '\(field("Exp"))' is not an expiration")
            }
            let orderType = String(field("Order Type").unicodeScalars.filter { $0.properties.generalCategory != .control }.prefix(20))
            guard reasons.isEmpty, let time, let side, let quantity, let effect, let strike, let price else {
                problems.append(Problem(line: record.line, message: reasons.joined(separator: "; ")))
                continue
            }
            lastTime = time
            if timeText.isEmpty { legs.insert(executions.count) }
            statementTimes.append(time.statement)
            executions.append(Execution(execTime: time.kept, tradeDate: time.day.calendarDay.iso, side: side,
                                        quantity: quantity, symbol: symbol, expiration: expiration, strike: strike, price: price,
                                        orderType: orderType.isEmpty ? "N/A" : orderType, positionEffect: effect, type: type))
        }
        let (charges, feeProblems) = charges(in: records, sheet: sheet)
        problems += feeProblems
        guard problems.isEmpty else { throw .badRows(problems.sorted { $0.line < $1.line }) }
        let fills = Execution.numberingRepeats(charging(executions, at: statementTimes, with: charges))
        let formerIDs = Execution.idsNumberingRepeats(zip(fills, statementTimes).lazy.map { fill, time in
            Execution(execTime: time, tradeDate: fill.tradeDate, side: fill.side, quantity: fill.quantity, symbol: fill.symbol,
                      expiration: WebAppSpreadsheet.statementExpiration(fill.expiration) ?? fill.expiration.uppercased(), strike: fill.strike, price: fill.price, orderType: fill.orderType,
                      positionEffect: fill.positionEffect, type: fill.type)
        })
        // The web app lists the rows it reads in their order, and leaves the later legs out; they
        // come last, so a fill's place among its contract's matches the web app's upload.
        let order = fills.indices.filter { !legs.contains($0) } + fills.indices.filter { legs.contains($0) }
        return Reading(executions: order.map { fills[$0] }, formerIDs: order.map { formerIDs[$0] })
    }

    /// Commissions and fees of one order, from a trade (TRD) row of the `Cash Balance` section.
    struct Charge {
        let time: Date
        let words: Set<Substring>
        let amount: FixedDecimal
    }

    /// The `Cash Balance` section's trade rows with fees; none when the statement has no such
    /// section. Its header: `DATE,TIME,TYPE,REF #,DESCRIPTION,Misc Fees,Commissions & Fees,…`.
    static func charges(in records: [(line: Int, fields: [String])], sheet: WebAppSpreadsheet) -> ([Charge], [Problem]) {
        guard let start = records.firstIndex(where: { $0.fields.first?.trimmedSpaces == "Cash Balance" }), start + 1 < records.count else { return ([], []) }
        let header = records[start + 1].fields.map { $0.trimmedSpaces }
        let column = Dictionary(header.enumerated().map { ($0.element, $0.offset) }) { first, _ in first }
        guard let date = column["DATE"], let time = column["TIME"], let type = column["TYPE"], let description = column["DESCRIPTION"] else { return ([], []) }
        let feeColumns = ["Misc Fees", "Commissions & Fees"].compactMap { column[$0] }
        var charges: [Charge] = [], problems: [Problem] = []
        for record in records[(start + 2)...] {
            func field(_ index: Int) -> String { index < record.fields.count ? record.fields[index].trimmedSpaces : "" }
            // The section ends at a blank line, its TOTAL row, or the next section's title.
            guard looksLikeDate(field(date)) else { break }
            guard field(type) == "TRD" else { continue }
            var amount = FixedDecimal.zero, reasons: [String] = []
            for index in feeColumns where !field(index).isEmpty {
                guard let signed = FixedDecimal(field(index).withoutCommas), case let fee = signed.isNegative ? -signed : signed,
                      fee <= Execution.maximumFees else {
                    reasons.append("\(header[index]) '\(field(index))' is not an amount")
                    continue
                }
                amount += fee
            }
            guard let wall = wallTime(field(date) + " " + field(time)) else {
                problems.append(Problem(line: record.line, message: (["DATE and TIME '\(field(date)) \(field(time))' are not M/D/YY HH:MM:SS"] + reasons).joined(separator: "; ")))
                continue
            }
            guard reasons.isEmpty else { problems.append(Problem(line: record.line, message: reasons.joined(separator: "; "))); continue }
            let when = Date(timeIntervalSince1970: TimeInterval(sheet.utcSeconds(ofWall: wall.seconds)))
            if !amount.isZero { charges.append(Charge(time: when, words: Set(field(description).uppercased().split(separator: " ")), amount: amount)) }
        }
        return (charges, problems)
    }

    /// Each charge goes to a fill of its order: the same time on the statement (`times`), a symbol
    /// its description names, one not charged yet where there is one (a multi-leg order's fees go
    /// to its first leg). A charge that fits no fill charges nothing.
    static func charging(_ executions: [Execution], at times: [Date], with charges: [Charge]) -> [Execution] {
        var fees = [FixedDecimal](repeating: .zero, count: executions.count), charged = Set<Int>()
        for charge in charges {
            let fitting = executions.indices.filter { times[$0] == charge.time && charge.words.contains(Substring(executions[$0].symbol)) }
            guard let index = fitting.first(where: { !charged.contains($0) }) ?? fitting.first else { continue }
            fees[index] += charge.amount
            charged.insert(index)
        }
        return zip(executions, fees).map { fill, fee in
            fee.isZero ? fill : Execution(execTime: fill.execTime, tradeDate: fill.tradeDate, side: fill.side, quantity: fill.quantity, symbol: fill.symbol,
                                          expiration: fill.expiration, strike: fill.strike, price: fill.price, orderType: fill.orderType,
                                          positionEffect: fill.positionEffect, type: fill.type, fees: fill.fees + fee, occurrence: fill.occurrence)
        }
    }

    /// `D MON YY`, as a statement writes an option's expiration: `3 JUL 25`.
    static func isExpiration(_ text: String) -> Bool {
        let parts = text.trimmedSpaces.uppercased().split(separator: " ")
        guard parts.count == 3, let day = Int(parts[0]), (1...31).contains(day), WebAppSpreadsheet.months.contains(String(parts[1])) else { return false }
        return parts[2].count == 2 && parts[2].allSatisfy(\.isNumber)
    }

    /// M/D/YY, as the Cash Balance section's rows start; its TOTAL row and blank lines don't.
    static func looksLikeDate(_ text: String) -> Bool {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
    }

    /// `M/D/YY HH:MM:SS` (also with a four-digit year): a real day and time from 1970 on.
    static func wallTime(_ text: String) -> WebAppSpreadsheet.WallTime? {
        let halves = text.split(separator: " ")
        guard halves.count == 2 else { return nil }
        let date = halves[0].split(separator: "/").map { Int($0) }, clock = halves[1].split(separator: ":").map { Int($0) }
        guard date.count == 3, clock.count == 3, let month = date[0], let day = date[1], var year = date[2],
              let hour = clock[0], let minute = clock[1], let second = clock[2] else { return nil }
        if year < 100 { year += 2000 }
        guard (1...12).contains(month), (1...31).contains(day), (1970...9999).contains(year), (0...23).contains(hour), (0...59).contains(minute),
              (0...59).contains(second), CivilCalendar.date(days: CivilCalendar.days(year: year, month: month, day: day)) == (year, month, day) else { return nil }
        return WebAppSpreadsheet.WallTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    /// Letters first, then letters, digits, `.`, `/` or `-`: tickers and futures roots; 1–12.
    static func isSymbol(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, ("A"..."Z").contains(first) || first == "/", (1...12).contains(text.count) else { return false }
        return text.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "/" || $0 == "-" }
    }
}

extension String {
    /// Without `,` (a price's thousands separators), copying only a text that has one.
    var withoutCommas: String { utf8.contains(UInt8(ascii: ",")) ? replacingOccurrences(of: ",", with: "") : self }
}
