import TerminalKit
import ClientComposition

/// What a shell offers at the cursor, worked out from the command tree itself: every shell's
/// script asks `invest completion complete`, so completion knows exactly what the parser accepts.
struct CompletionEngine {
    /// What the shell should do.
    enum Reply: Equatable {
        case words([String])
        /// Complete file names (or only directories) itself.
        case files(directoriesOnly: Bool)
    }

    let resolver: CommandResolver
    /// The tickers held or once held, in the data directory `--home` names (nil: the default).
    let tickers: (_ home: String?) -> [String]
    let settingKeys: [String]

    /// `words` as the shell split the line, the program first; `index` is the word at the cursor
    /// (one past the last for a new word).
    func complete(_ words: [String], index: Int) -> Reply {
        let current = index < words.count ? words[index] : ""
        var node: CommandNode?
        var home: String?
        var positionals = 0
        var position = 1
        var expecting: CommandSpec.Completion?
        var expectingHome = false
        var helpMode = false
        while position < min(index, words.count) {
            let word = words[position]
            position += 1
            if expectingHome {
                (home, expectingHome) = (word, false)
                continue
            }
            if expecting != nil {
                expecting = nil
                continue
            }
            if word == "--home" {
                expectingHome = true
                continue
            }
            if word.hasPrefix("-") {
                expecting = valueCompletion(of: word, at: node)
                continue
            }
            if node == nil, word == "help", !helpMode { helpMode = true; continue }
            if positionals == 0, let child = child(named: word, of: node) {
                node = child
                continue
            }
            positionals += 1
        }
        if expectingHome { return .files(directoriesOnly: true) }
        if let expecting { return reply(for: expecting, current: current, home: home) }
        if current.hasPrefix("-") {
            let own = leaf(node)?.spec.allOptions.map { "--\($0.name)" } ?? ["--help"]
            return .words(filter(own + GlobalOptions.spellings.filter { !own.contains($0) }, by: current))
        }
        if positionals == 0, let children = children(of: node) {
            return .words(filter(children + (node == nil && !helpMode ? ["help"] : []), by: current))
        }
        guard !helpMode, let spec = leaf(node)?.spec else { return .words([]) }
        return reply(for: spec.completion(ofArgumentAt: positionals), current: current, home: home)
    }

    private func reply(for completion: CommandSpec.Completion, current: String, home: String?) -> Reply {
        switch completion {
        case .none: return .words([])
        case let .choices(choices): return .words(filter(choices, by: current))
        case .file: return .files(directoriesOnly: false)
        case .directory: return .files(directoriesOnly: true)
        case .ticker: return .words(filter(tickers(home), by: current.uppercased()))
        case .settingKey: return .words(filter(settingKeys, by: current))
        }
    }

    /// How the value of `option` completes, or nil for a flag (or an option not known here).
    private func valueCompletion(of option: String, at node: CommandNode?) -> CommandSpec.Completion? {
        let name = option.hasPrefix("--") ? String(option.dropFirst(2)) : nil
        let short = option.count == 2 && !option.hasPrefix("--") ? option.last : nil
        guard !option.contains("=") else { return nil }
        if node == nil, name == "format" { return .choices(OutputFormat.allCases.map(\.rawValue)) }
        guard let spec = leaf(node)?.spec,
              let found = spec.options.first(where: { ($0.name == name || ($0.short != nil && $0.short == short)) }), found.valueName != nil else { return nil }
        return found.completion
    }

    private func leaf(_ node: CommandNode?) -> Command? {
        guard let node else { return nil }
        if let command = node as? Command { return command }
        guard let group = node as? CommandGroup, let name = group.defaultSubcommand else { return nil }
        return leaf(group.subcommand(name))
    }

    private func child(named word: String, of node: CommandNode?) -> CommandNode? {
        guard let node else { return resolver.roots.first { $0.spec.word == word } }
        return (node as? CommandGroup)?.subcommand(word)
    }

    private func children(of node: CommandNode?) -> [String]? {
        guard let node else { return resolver.roots.filter { !$0.spec.isHidden }.map(\.spec.word) }
        return (node as? CommandGroup)?.visibleSubcommands.map(\.spec.word)
    }

    private func filter(_ words: [String], by prefix: String) -> [String] {
        words.filter { $0.hasPrefix(prefix) }
    }
}
