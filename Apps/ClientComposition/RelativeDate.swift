import TerminalKit
import Transactions
import Ledger

/// `today`, `yesterday` and `-Nd` (N days ago) wherever a date is typed; anything else is left
/// as typed, for the date rules to judge.
public enum RelativeDate {
    public static func resolve(_ text: String, today: CalendarDay) -> String {
        switch text.lowercased() {
        case "today": return today.iso
        case "yesterday": return CalendarDay(daysSinceEpoch: today.daysSinceEpoch - 1).iso
        case let relative where relative.hasPrefix("-") && relative.hasSuffix("d"):
            guard let days = Int(relative.dropFirst().dropLast()), (0...36_500).contains(days) else { return text }
            return CalendarDay(daysSinceEpoch: today.daysSinceEpoch - Int32(days)).iso
        default: return text
        }
    }
}
