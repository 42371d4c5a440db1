import TerminalKit
import ClientComposition

/// `--interval day|week|month`: one row per period, as at its last day.
enum IntervalOption {
    static let choices = ["day", "week", "month"]

    /// Read into the command's own idea of a period; `read` knows each of `choices`.
    static func value<Interval>(_ help: String, read: @escaping @Sendable (String) -> Interval?) -> CommandSpec.Value<Interval> {
        CommandSpec.Value("interval", choices.joined(separator: "|"), help) { text in
            guard choices.contains(text), let interval = read(text) else {
                throw CLIError.usage("--interval must be day, week or month, not '\(text.escapedForTerminal)'." + ArgumentParser.suggestion(for: text, among: choices))
            }
            return interval
        }
    }
}
