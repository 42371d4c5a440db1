/// A command's interface: what `--help` prints and what the parser accepts.
public struct CommandSpec: Sendable {
    public struct Option: Sendable {
        let name: String
        let valueName: String?
        let help: String

        public static func value(_ name: String, _ valueName: String, _ help: String) -> Option { Option(name: name, valueName: valueName, help: help) }
        public static func flag(_ name: String, _ help: String) -> Option { Option(name: name, valueName: nil, help: help) }
    }

    /// The program, as the user types it: `invest`, `invest-summary`.
    public let program: String
    /// Empty for a program without subcommands.
    public let name: String
    public let summary: String
    let usage: String
    let options: [Option]
    /// How many positional arguments are accepted.
    let positionals: ClosedRange<Int>

    public init(program: String = "invest", name: String, summary: String, usage: String, options: [Option], positionals: ClosedRange<Int>) {
        self.program = program
        self.name = name
        self.summary = summary
        self.usage = usage
        self.options = options
        self.positionals = positionals
    }

    /// What the user typed to run it: `invest add`, `invest-summary`.
    var invocation: String { name.isEmpty ? program : "\(program) \(name)" }

    public var help: String {
        var text = "\(summary)\n\nUsage: \(program) \(usage)\n"
        let all = options + [.flag("help", "Show this help")]
        let labels = all.map { "--\($0.name)" + ($0.valueName.map { " \($0)" } ?? "") }
        let width = labels.map(\.count).max() ?? 0
        text += "\nOptions:\n"
        for (label, option) in zip(labels, all) {
            text += "  " + label.padding(toLength: width + 2, withPad: " ", startingAt: 0) + option.help + "\n"
        }
        return text
    }
}

public struct ParsedArguments {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    public var positionals: [String] = []

    public func value(_ name: String) -> String? { values[name] }
    public func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// Hand-written because the design allows no package dependencies: `--name value`,
/// `--name=value`, boolean `--flag`, and `--` to end options.
public enum ArgumentParser {
    public static func parse(_ arguments: [String], for spec: CommandSpec) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard !optionsEnded, argument.hasPrefix("--"), argument.count > 2 else {
                if argument == "--" && !optionsEnded { optionsEnded = true } else { parsed.positionals.append(argument) }
                continue
            }
            let body = argument.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            if name == "help" { parsed.flags.insert("help"); continue }
            guard let option = spec.options.first(where: { $0.name == name }) else {
                throw CLIError.usage("unknown option '--\(name)' for '\(spec.invocation)'."
                    + suggestion(for: name, among: spec.options.map(\.name), prefix: "--")
                    + " See '\(spec.invocation) --help'.")
            }
            if option.valueName == nil {
                guard inlineValue == nil else { throw CLIError.usage("option '--\(name)' takes no value.") }
                parsed.flags.insert(name)
            } else if let inlineValue {
                parsed.values[name] = inlineValue
            } else {
                guard index < arguments.count else { throw CLIError.usage("option '--\(name)' needs a value: --\(name) \(option.valueName!).") }
                parsed.values[name] = arguments[index]
                index += 1
            }
        }
        if !parsed.has("help"), !spec.positionals.contains(parsed.positionals.count) {
            throw CLIError.usage("wrong number of arguments for '\(spec.invocation)'. Usage: \(spec.program) \(spec.usage)")
        }
        return parsed
    }

    /// " Did you mean '--x'?" for the closest candidate within two edits, or "".
    public static func suggestion(for word: String, among candidates: [String], prefix: String = "") -> String {
        let scored = candidates.map { ($0, editDistance(word, $0)) }.filter { $0.1 <= 2 || $0.0.hasPrefix(word) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return "" }
        return " Did you mean '\(prefix)\(best.0)'?"
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
