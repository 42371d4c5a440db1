/// A command's interface, declared once: the parser, `--help`, the man page and every shell's
/// completion are all generated from it, so none of them can drift from what is accepted.
public struct CommandSpec: Sendable {
    /// What a shell offers where a value is expected.
    public enum Completion: Sendable, Equatable {
        case none
        /// Fixed words: `table json csv`.
        case choices([String])
        case file
        case directory
        /// The tickers the user holds or held.
        case ticker
        /// The keys `invest config` knows.
        case settingKey
    }

    public struct Option: Sendable {
        public let name: String
        public let valueName: String?
        public let help: String
        /// `-n` for `--limit`, say.
        public let short: Character?
        public let completion: Completion
        /// Refused when absent (unless `--help`), and shown without brackets in the usage line.
        public private(set) var isRequired = false

        init(name: String, valueName: String?, help: String, short: Character?, completion: Completion) {
            self.name = name
            self.valueName = valueName
            self.help = help
            self.short = short
            self.completion = completion
        }

        public func required() -> Option {
            var option = self
            option.isRequired = true
            return option
        }

        /// `--name VALUE`, as a usage line shows it: a long list of choices is named by the option
        /// (`--type TYPE`), as the options' list spells them out.
        var synopsis: String {
            guard let valueName else { return "--\(name)" }
            let isLongChoice = valueName.contains("|") && valueName.count > 30
            return "--\(name) " + (isLongChoice ? name.uppercased() : valueName)
        }

        /// A value's completion is taken from a value name such as `day|week|month` unless given.
        public static func value(_ name: String, _ valueName: String, _ help: String, short: Character? = nil, completes: Completion? = nil) -> Option {
            let choices = valueName.contains("|") && !valueName.contains(" ") ? Completion.choices(valueName.split(separator: "|").map(String.init)) : .none
            return Option(name: name, valueName: valueName, help: help, short: short, completion: completes ?? choices)
        }
        public static func flag(_ name: String, _ help: String, short: Character? = nil) -> Option {
            Option(name: name, valueName: nil, help: help, short: short, completion: .none)
        }

        static let help = Option.flag("help", "Show this help", short: "h")

        public var label: String { (short.map { "-\($0), " } ?? "    ") + "--\(name)" + (valueName.map { " \($0)" } ?? "") }
    }

    /// A positional argument: `TICKER`, `[NAME]`, `FILE…`.
    public struct Argument: Sendable {
        public let name: String
        public let isOptional: Bool
        public let repeats: Bool
        public let completion: Completion

        public static func required(_ name: String, completes completion: Completion = .none) -> Argument {
            Argument(name: name, isOptional: false, repeats: false, completion: completion)
        }
        public static func optional(_ name: String, completes completion: Completion = .none) -> Argument {
            Argument(name: name, isOptional: true, repeats: false, completion: completion)
        }
        /// One or more (`repeats`), or, when optional, any number.
        public static func many(_ name: String, optional: Bool = false, completes completion: Completion = .none) -> Argument {
            Argument(name: name, isOptional: optional, repeats: true, completion: completion)
        }

        var usage: String {
            let word = name + (repeats ? "…" : "")
            return isOptional ? "[\(word)]" : word
        }
    }

    /// The program, as the user types it: `invest`, `invest-summary`.
    public let program: String
    /// The words after the program, `savings add`; empty for a program without subcommands.
    public let name: String
    public let summary: String
    /// Generated from the name, the arguments and the options, never written by hand; only when
    /// asked (help, a usage error, the man page), as every run builds the whole tree.
    public var usage: String {
        guard isGroup else { return Self.usage(name: name, arguments: arguments, options: options, exclusive: exclusive) }
        return "\(name) <command>" + (defaultSubcommand.map { "   (default: \($0))" } ?? "")
    }
    /// A noun names a sub-command; `defaultSubcommand` runs when none is named.
    private let isGroup: Bool
    private let defaultSubcommand: String?
    /// Said after the options in `--help`: examples, keys, notes. Worked out when asked: a
    /// table of keys laid out for help took a tenth of an `add`'s instructions.
    public var discussion: String { makeDiscussion() }
    private let makeDiscussion: @Sendable () -> String
    /// Read when the command runs, is helped or completed: every run builds the whole tree, and
    /// a command's typed declarations are set up only when it is the one asked for.
    public var options: [Option] { makeOptions() }
    private let makeOptions: @Sendable () -> [Option]
    /// Options of which at most one may be given (exactly one when one of them is required).
    public var exclusive: [[String]] { makeExclusive() }
    private let makeExclusive: @Sendable () -> [[String]]
    public let arguments: [Argument]
    /// How many positional arguments are accepted.
    public let positionals: ClosedRange<Int>
    /// Still accepted, never offered: an old spelling kept for a release.
    public let isHidden: Bool

    /// `positionals` is worked out from the arguments, unless given for a command that names none.
    public init(program: String = "invest", name: String, summary: String, discussion: @autoclosure @escaping @Sendable () -> String = "",
                options: @autoclosure @escaping @Sendable () -> [any OptionDeclaring], exclusive: @autoclosure @escaping @Sendable () -> [[any OptionDeclaring]] = [],
                arguments: [Argument] = [], positionals: ClosedRange<Int>? = nil, isHidden: Bool = false) {
        self.init(program: program, name: name, summary: summary, isGroup: false, defaultSubcommand: nil, discussion: discussion(), options: { options().map(\.option) },
                  exclusive: { exclusive().map { $0.map(\.option.name) } }, arguments: arguments, positionals: positionals, isHidden: isHidden)
    }

    /// A noun's spec: its usage names a sub-command, and the one run when none is named.
    public static func group(program: String = "invest", name: String, summary: String, default defaultSubcommand: String?,
                             discussion: @autoclosure @escaping @Sendable () -> String = "") -> CommandSpec {
        CommandSpec(program: program, name: name, summary: summary, isGroup: true, defaultSubcommand: defaultSubcommand, discussion: discussion(), options: { [] }, exclusive: { [] },
                    arguments: [], positionals: nil, isHidden: false)
    }

    private init(program: String, name: String, summary: String, isGroup: Bool, defaultSubcommand: String?, discussion: @autoclosure @escaping @Sendable () -> String,
                 options: @escaping @Sendable () -> [Option], exclusive: @escaping @Sendable () -> [[String]], arguments: [Argument],
                 positionals: ClosedRange<Int>?, isHidden: Bool) {
        self.program = program
        self.name = name
        self.summary = summary
        makeDiscussion = discussion
        makeOptions = options
        makeExclusive = exclusive
        self.arguments = arguments
        let required = arguments.filter { !$0.isOptional }.count
        self.positionals = positionals ?? (required...(arguments.contains(where: \.repeats) ? Int.max : arguments.count))
        self.isHidden = isHidden
        self.isGroup = isGroup
        self.defaultSubcommand = defaultSubcommand
    }

    /// `add TICKER --type TYPE [--note TEXT] [--offline | --refresh]`: the arguments, then each
    /// option in its declared order, a group of exclusive ones where its first member stands.
    private static func usage(name: String, arguments: [Argument], options: [Option], exclusive: [[String]]) -> String {
        var words = [name] + arguments.map(\.usage)
        for option in options {
            guard let group = exclusive.first(where: { $0.contains(option.name) }) else {
                words.append(option.isRequired ? option.synopsis : "[\(option.synopsis)]")
                continue
            }
            guard group.first == option.name else { continue }
            let members = group.compactMap { name in options.first { $0.name == name } }
            let alternatives = members.map(\.synopsis).joined(separator: " | ")
            words.append(members.contains(where: \.isRequired) ? "(\(alternatives))" : "[\(alternatives)]")
        }
        return words.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// What the user typed to run it: `invest add`, `invest-summary`.
    public var invocation: String { name.isEmpty ? program : "\(program) \(name)" }
    /// The last word of the name: what is typed at this level of the tree.
    public var word: String { String(name.split(separator: " ").last ?? "") }

    /// The completion of the positional argument at `index` (from 0).
    public func completion(ofArgumentAt index: Int) -> Completion {
        guard !arguments.isEmpty else { return positionals.upperBound > 0 ? .file : .none }
        if index < arguments.count { return arguments[index].completion }
        return arguments.last!.repeats ? arguments.last!.completion : .none
    }

    /// Every option `--help` lists: the command's own and `-h`.
    public var allOptions: [Option] { options + [.help] }

    /// `--help`, wrapped to `width` columns between words.
    public func help(width: Int) -> String {
        var text = HelpText.wrap(summary, width: width) + "\n\n"
        let usageLines = usage.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        text += HelpText.wrap("Usage: \(program) " + (usageLines.first ?? ""), width: width, hangingIndent: 7 + program.count + 1) + "\n"
        for line in usageLines.dropFirst() {
            let indent = line.prefix { $0 == " " }.count
            text += HelpText.wrap(line, width: width, hangingIndent: indent + 2) + "\n"
        }
        text += "\nOptions:\n" + HelpText.definitions(allOptions.map { ($0.label, $0.help) }, width: width)
        if !discussion.isEmpty { text += "\n" + HelpText.paragraphs(discussion, width: width) + "\n" }
        return text
    }
}
