import TerminalKit
import ClientComposition

/// `--interval day|week|month`: one row per period, as at its last day.
enum IntervalOption {
    static let choices = ["day", "week", "month"]

    static func value(_ help: String) -> CommandSpec.Value<String> {
        CommandSpec.Value<String>("interval", choices.joined(separator: "|"), help) { text in
            guard choices.contains(text) else {
                throw CLIError.usage("--interval must be day, week or month, not '\(text.escapedForTerminal)'." + ArgumentParser.suggestion(for: text, among: choices))
            }
            return text
        }
    }
}
