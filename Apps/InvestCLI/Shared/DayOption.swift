import TerminalKit
import ClientComposition
import Ledger

/// A day as typed: YYYY-MM-DD, today, yesterday or -Nd (N days ago). It is read into a day once
/// the command knows today, in the user's time zone.
struct TypedDay: Sendable {
    let option: String
    let text: String

    func day(today: CalendarDay) throws -> CalendarDay {
        guard let day = CalendarDay(iso: RelativeDate.resolve(text, today: today)) else {
            throw CLIError.usage("--\(option) '\(text.escapedForTerminal)' is not a date: use YYYY-MM-DD, today, yesterday or -Nd (N days ago).")
        }
        return day
    }

    /// For the commands that fetch history: a day up to today.
    func pastDay(today: CalendarDay) throws -> CalendarDay {
        guard let day = CalendarDay(iso: RelativeDate.resolve(text, today: today)), day <= today else {
            throw CLIError.usage("--\(option) '\(text.escapedForTerminal)' is not a past day; use YYYY-MM-DD, yesterday or -Nd.")
        }
        return day
    }
}

extension CommandSpec.Value where Wrapped == TypedDay {
    static func day(_ name: String, _ help: String) -> Self {
        Self(name, "D", help) { TypedDay(option: name, text: $0) }
    }
}
