import TerminalKit
import ClientComposition

/// A word of the command line: a command that runs, or a noun whose sub-commands do.
protocol CommandNode {
    var spec: CommandSpec { get }
}

/// One command of the CLI. It is built with the use cases it runs (as factories, so nothing is
/// opened that a run does not use) and is given only the terminal and the clock besides.
protocol Command: CommandNode {
    /// Long output, sent through a pager on a terminal (unless `--no-pager`).
    var pagesOutput: Bool { get }
    func run(_ arguments: ParsedArguments, io: CommandIO) throws
}

extension Command {
    var pagesOutput: Bool { false }
}

/// A noun with sub-commands, gh-style: `invest savings add`, `invest alert check`.
struct CommandGroup: CommandNode {
    let spec: CommandSpec
    let subcommands: [CommandNode]
    /// Run when no sub-command is named: `invest savings` lists, as `invest savings list` does.
    let defaultSubcommand: String?

    init(_ name: String, summary: String, discussion: @autoclosure @escaping @Sendable () -> String = "", default defaultSubcommand: String? = nil, _ subcommands: [CommandNode]) {
        spec = .group(name: name, summary: summary, default: defaultSubcommand, discussion: discussion())
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
    }

    func subcommand(_ word: String) -> CommandNode? { subcommands.first { $0.spec.word == word } }

    var visibleSubcommands: [CommandNode] { subcommands.filter { !$0.spec.isHidden } }

    func help(width: Int) -> String {
        var text = HelpText.wrap(spec.summary, width: width) + "\n\nUsage: invest \(spec.name) <command> [options]\n"
        if let defaultSubcommand { text += HelpText.wrap("       invest \(spec.name)   (the same as 'invest \(spec.name) \(defaultSubcommand)')", width: width, hangingIndent: 9) + "\n" }
        text += "\nCommands:\n" + HelpText.definitions(visibleSubcommands.map { ($0.spec.word, $0.spec.summary) }, width: width)
        if !spec.discussion.isEmpty { text += "\n" + HelpText.paragraphs(spec.discussion, width: width) + "\n" }
        text += "\n" + HelpText.wrap("Run 'invest \(spec.name) <command> -h' for a command's options.", width: width) + "\n"
        return text
    }
}

/// A sub-command whose work is a closure over its noun's use cases, so a noun declares each of
/// its actions beside the others without a type per action.
struct Subcommand: Command {
    let spec: CommandSpec
    let pagesOutput: Bool
    let body: (ParsedArguments, CommandIO) throws -> Void

    init(_ spec: CommandSpec, pagesOutput: Bool = false, _ body: @escaping (ParsedArguments, CommandIO) throws -> Void) {
        self.spec = spec
        self.pagesOutput = pagesOutput
        self.body = body
    }

    func run(_ arguments: ParsedArguments, io: CommandIO) throws { try body(arguments, io) }
}

/// An old spelling, still accepted for a release with a one-line hint: `invest alert check` is
/// now `invest alert check`.
struct LegacySpelling: Sendable {
    let old: [String]
    let new: [String]
    /// Whether the word after `old` must be a positional (not a sub-command or an option) for it
    /// to apply: `invest stock AAPL` but not `invest stock search`.
    var onlyBeforeAnArgument = false
    /// False for a plural the noun also answers to, which no release retires: no hint.
    var hinted = true
}

/// Walks the command line down the tree to the command it names.
struct CommandResolver {
    let roots: [CommandNode]
    let legacySpellings: [LegacySpelling]

    enum Resolution {
        case command(Command, arguments: [String])
        /// `-h` on a noun, or a noun typed alone without a default: its list of sub-commands.
        case groupHelp(CommandGroup)
    }

    /// The new spelling of `arguments`, and the hint to print, when they use an old one.
    func modernized(_ arguments: [String]) -> (arguments: [String], hint: String?) {
        for spelling in legacySpellings.sorted(by: { $0.old.count > $1.old.count }) where arguments.starts(with: spelling.old) {
            let rest = arguments.dropFirst(spelling.old.count)
            if spelling.onlyBeforeAnArgument {
                guard let next = rest.first, !next.hasPrefix("-"), node(at: spelling.old).flatMap({ ($0 as? CommandGroup)?.subcommand(next) }) == nil else { continue }
            }
            let hint = "invest: hint: 'invest \(spelling.old.joined(separator: " "))' is now 'invest \(spelling.new.joined(separator: " "))'; "
                + "the old spelling goes in a later release.\n"
            return (spelling.new + rest, spelling.hinted ? hint : nil)
        }
        return (arguments, nil)
    }

    func resolve(_ arguments: [String]) throws -> Resolution {
        guard let first = arguments.first, let root = roots.first(where: { $0.spec.word == first }) else {
            let name = arguments.first ?? ""
            throw CLIError.usage("'\(name.escapedForTerminal)' is not an invest command."
                + ArgumentParser.suggestion(for: name, among: roots.filter { !$0.spec.isHidden }.map(\.spec.word)) + " See 'invest --help'.")
        }
        var node: CommandNode = root
        var rest = Array(arguments.dropFirst())
        while let group = node as? CommandGroup {
            if let word = rest.first, let child = group.subcommand(word) {
                node = child
                rest.removeFirst()
                continue
            }
            if let word = rest.first, word == "-h" || word == "--help" { return .groupHelp(group) }
            let defaultCommand = group.defaultSubcommand.flatMap(group.subcommand)
            if let word = rest.first, !word.hasPrefix("-"), (defaultCommand?.spec.positionals.upperBound ?? 0) == 0 {
                throw CLIError.usage("'\(word.escapedForTerminal)' is not an 'invest \(group.spec.name)' command."
                    + ArgumentParser.suggestion(for: word, among: group.visibleSubcommands.map(\.spec.word))
                    + " Commands: \(group.visibleSubcommands.map(\.spec.word).joined(separator: ", ")).")
            }
            guard let defaultCommand else {
                if rest.isEmpty { return .groupHelp(group) }
                throw CLIError.usage("'invest \(group.spec.name)' needs a command: \(group.visibleSubcommands.map(\.spec.word).joined(separator: ", ")). "
                    + "See 'invest \(group.spec.name) --help'.")
            }
            node = defaultCommand
        }
        guard let command = node as? Command else { throw CLIError.runtime("'invest \(node.spec.name)' has nothing to run.") }
        return .command(command, arguments: rest)
    }

    /// The node `path` names, if any: `["savings", "add"]`.
    func node(at path: [String]) -> CommandNode? {
        guard let first = path.first, var node = roots.first(where: { $0.spec.word == first }) else { return nil }
        for word in path.dropFirst() {
            guard let child = (node as? CommandGroup)?.subcommand(word) else { return nil }
            node = child
        }
        return node
    }
}

extension CommandNode {
    /// Every command below this node, this one included when it runs.
    var leaves: [(path: [String], command: Command)] {
        if let command = self as? Command { return [(spec.name.split(separator: " ").map(String.init), command)] }
        return (self as? CommandGroup)?.subcommands.flatMap(\.leaves) ?? []
    }
}
