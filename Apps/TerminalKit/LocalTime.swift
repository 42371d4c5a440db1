import Foundation

/// Times as people read and type them, in their time zone; stored times stay UTC.
public struct LocalTime {
    private let calendar: Calendar
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public init(timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// "27 Jul 2025, 14:30".
    public func dateAndTime(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return "\(parts.day!) \(Self.months[parts.month! - 1]) \(parts.year!), " + String(format: "%02d:%02d", parts.hour!, parts.minute!)
    }

    /// "27 Jul 2025": chart axes show dates only.
    public func date(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return "\(parts.day!) \(Self.months[parts.month! - 1]) \(parts.year!)"
    }

    /// "YYYY-MM-DD HH:MM" (or with a `T`, or with seconds) in local time, "YYYY-MM-DD" for the
    /// start of that day, "now", or ISO 8601 with `Z` or an offset; nil for anything else,
    /// including dates that don't exist.
    public func parse(_ text: String, now: Date) -> Date? {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text == "now" { return now }
        var scanner = Substring(text)
        guard let year = Self.number(&scanner, digits: 4), Self.skip(&scanner, "-"), let month = Self.number(&scanner, digits: 2),
              Self.skip(&scanner, "-"), let day = Self.number(&scanner, digits: 2) else { return nil }
        var components = DateComponents(year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
        var zone = calendar.timeZone
        if !scanner.isEmpty {
            guard Self.skip(&scanner, " ") || Self.skip(&scanner, "T"), let hour = Self.number(&scanner, digits: 2), Self.skip(&scanner, ":"),
                  let minute = Self.number(&scanner, digits: 2) else { return nil }
            (components.hour, components.minute) = (hour, minute)
            if Self.skip(&scanner, ":") {
                guard let second = Self.number(&scanner, digits: 2) else { return nil }
                components.second = second
            }
            if Self.skip(&scanner, "Z") {
                zone = TimeZone(identifier: "UTC")!
            } else if let sign = scanner.first, sign == "+" || sign == "-" {
                scanner = scanner.dropFirst()
                guard let hours = Self.number(&scanner, digits: 2), Self.skip(&scanner, ":"), let minutes = Self.number(&scanner, digits: 2),
                      hours < 24, minutes < 60, let offset = TimeZone(secondsFromGMT: (sign == "+" ? 1 : -1) * (hours * 3600 + minutes * 60)) else { return nil }
                zone = offset
            }
            guard scanner.isEmpty else { return nil }
        }
        guard (1...12).contains(month), (1...31).contains(day), (0...23).contains(components.hour!), (0...59).contains(components.minute!),
              (0...59).contains(components.second!) else { return nil }
        var zoned = calendar
        zoned.timeZone = zone
        guard let date = zoned.date(from: components), zoned.component(.day, from: date) == day, zoned.component(.hour, from: date) == components.hour
        else { return nil }
        return date
    }

    private static func number(_ scanner: inout Substring, digits: Int) -> Int? {
        let prefix = scanner.prefix(digits)
        guard prefix.count == digits, prefix.allSatisfy(\.isASCII), let value = Int(prefix) else { return nil }
        scanner = scanner.dropFirst(digits)
        return value
    }

    private static func skip(_ scanner: inout Substring, _ character: Character) -> Bool {
        guard scanner.first == character else { return false }
        scanner = scanner.dropFirst()
        return true
    }
}
