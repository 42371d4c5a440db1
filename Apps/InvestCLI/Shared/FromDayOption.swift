import TerminalKit
import ClientComposition
import Ledger

/// `--from D` of the commands that fetch history: a day up to today, as YYYY-MM-DD, yesterday or -Nd.
enum FromDayOption {
    static func day(_ arguments: ParsedArguments, today: CalendarDay) throws -> CalendarDay? {
        try arguments.value("from").map { text in
            guard let day = CalendarDay(iso: RelativeDate.resolve(text, today: today)), day <= today else {
                throw CLIError.usage("--from '\(text.escapedForTerminal)' is not a past day; use YYYY-MM-DD, yesterday or -Nd.")
            }
            return day
        }
    }
}
