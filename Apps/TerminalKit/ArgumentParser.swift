public struct ParsedArguments {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    public var positionals: [String] = []

    public init() {}

    /// Commands read their options through their typed declarations (`arguments[option]`), never by name.
    func value(_ name: String) -> String? { values[name] }
    func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// Hand-written because the design allows no package dependencies: `--name value`,
/// `--name=value`, boolean `--flag`, and `--` to end options.
public enum ArgumentParser {
    public static func parse(_ arguments: [String], for spec: CommandSpec) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        let options = spec.options + [.help]
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard !optionsEnded, let (option, inlineValue) = try option(in: argument, of: options, spec: spec) else {
                if argument == "--" && !optionsEnded { optionsEnded = true } else { parsed.positionals.append(argument) }
                continue
            }
            let name = option.name
            if option.valueName == nil {
                guard inlineValue == nil else { throw CLIError.usage("option '--\(name)' takes no value.") }
                guard !parsed.flags.contains(name) else { throw CLIError.usage("option '--\(name)' was given twice; give it once.") }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else { throw CLIError.usage("option '--\(name)' needs a value: --\(name) \(option.valueName!).") }
                value = arguments[index]
                index += 1
            }
            if let earlier = parsed.values[name] {
                throw CLIError.usage("option '--\(name)' was given twice ('\(earlier.escapedForTerminal)', then '\(value.escapedForTerminal)'); give it once.")
            }
            parsed.values[name] = value
        }
        if !parsed.has("help"), !spec.positionals.contains(parsed.positionals.count) {
            let expected = spec.positionals.upperBound == 0 ? "takes no arguments" : "takes \(describe(spec.positionals))"
            throw CLIError.usage("'\(spec.invocation)' \(expected), but got \(parsed.positionals.count)"
                + (parsed.positionals.isEmpty ? "" : " ('\(parsed.positionals.joined(separator: "', '").escapedForTerminal)')")
                + ". Usage: \(spec.program) \(spec.usage)")
        }
        if !parsed.has("help") { try checkPresence(parsed, among: options, for: spec) }
        return parsed
    }

    /// What the spec declares beyond each option alone: the required ones, and at most one (or
    /// exactly one, when one of them is required) of each exclusive group.
    private static func checkPresence(_ parsed: ParsedArguments, among options: [CommandSpec.Option], for spec: CommandSpec) throws {
        func given(_ option: CommandSpec.Option) -> Bool { parsed.isGiven(option) }
        let exclusive = spec.exclusive
        for group in exclusive {
            let members = group.compactMap { name in options.first { $0.name == name } }
            let present = members.filter(given)
            if present.count > 1 {
                throw CLIError.usage(present.count == 2 ? "--\(present[0].name) and --\(present[1].name) contradict each other; give one."
                                                        : "\(present.map { "--\($0.name)" }.joined(separator: ", ")) contradict each other; give one.")
            }
            if present.isEmpty, members.contains(where: \.isRequired) {
                throw CLIError.usage("'\(spec.invocation)' needs one of \(list(members.map(\.synopsis))). Usage: \(spec.program) \(spec.usage)")
            }
        }
        // Every missing one at once, so a line is fixed in one go.
        let missing = options.filter { option in option.isRequired && !given(option) && !exclusive.contains { $0.contains(option.name) } }
        if !missing.isEmpty {
            throw CLIError.usage("'\(spec.invocation)' needs \(list(missing.map(\.synopsis))). Usage: \(spec.program) \(spec.usage)")
        }
    }

    /// `a, b or c`.
    private static func list(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words.last!
    }

    /// The option `argument` names, with its `=value` if any; nil for a positional (`-`, a
    /// negative number). Several short flags can't be bundled: `-n5` is `-n 5`.
    private static func option(in argument: String, of options: [CommandSpec.Option], spec: CommandSpec) throws -> (CommandSpec.Option, String?)? {
        if argument.hasPrefix("--"), argument.count > 2 {
            let body = argument.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            guard let option = options.first(where: { $0.name == name }) else {
                throw CLIError.usage("unknown option '--\(name.escapedForTerminal)' for '\(spec.invocation)'."
                    + suggestion(for: name, among: options.map(\.name), prefix: "--") + " See '\(spec.invocation) --help'.")
            }
            return (option, inlineValue)
        }
        guard argument.hasPrefix("-"), argument.count > 1, argument != "--", !(argument.dropFirst().first?.isNumber ?? false) else { return nil }
        let letter = argument.dropFirst().first!
        guard let option = options.first(where: { $0.short == letter }) else {
            throw CLIError.usage("unknown option '-\(String(letter).escapedForTerminal)' for '\(spec.invocation)'. See '\(spec.invocation) --help'.")
        }
        let rest = argument.dropFirst(2)
        return (option, rest.isEmpty ? nil : String(rest))
    }

    private static func describe(_ range: ClosedRange<Int>) -> String {
        func arguments(_ count: Int) -> String { count == 1 ? "1 argument" : "\(count) arguments" }
        if range.lowerBound == range.upperBound { return arguments(range.lowerBound) }
        return range.upperBound == Int.max ? "at least \(arguments(range.lowerBound))" : "\(range.lowerBound) to \(range.upperBound) arguments"
    }

    /// " Did you mean '--x'?" for the closest candidate within two edits, or "".
    public static func suggestion(for word: String, among candidates: [String], prefix: String = "") -> String {
        let tolerance = word.count <= 3 ? 1 : 2
        let scored = candidates.map { ($0, editDistance(word, $0)) }.filter { $0.1 <= tolerance || $0.0.hasPrefix(word) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return "" }
        return " Did you mean '\(prefix)\(best.0.escapedForTerminal)'?"
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
