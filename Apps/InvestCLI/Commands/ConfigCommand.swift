import Foundation
import AppSupport
import LocalFileStore

/// `invest config`: the settings file, like `git config`. Values come from the environment
/// first, then this file, then the data directory's `config` of earlier releases.
struct ConfigCommand: Command {
    let environment: [String: String]
    let dataDirectory: () throws -> URL
    let spec = CommandSpec(
        name: "config", summary: "Show or change settings (API keys, service URLs)",
        usage: """
        config list [--format table|json|csv]
               invest config get KEY
               invest config set KEY VALUE
               invest config unset KEY
               invest config path

        Keys:
        \(Configuration.settings.map { "  \($0.key.padding(toLength: 18, withPad: " ", startingAt: 0))\($0.summary)" }.joined(separator: "\n"))
        """,
        options: [.value("format", "table|json|csv", "Output format of 'list' (default: table)")], positionals: 1...3)

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let words = arguments.positionals
        let actions = ["list": 1, "get": 2, "set": 3, "unset": 2, "path": 1]
        guard let count = actions[words[0]] else {
            throw CLIError.usage("'\(words[0].escapedForTerminal)' is not a config action; use list, get, set, unset or path."
                + ArgumentParser.suggestion(for: words[0], among: actions.keys.sorted()))
        }
        guard words.count == count else { throw CLIError.usage("Usage: invest \(spec.usage.split(separator: "\n").first { $0.contains(" \(words[0])") }?.trimmingCharacters(in: .whitespaces) ?? spec.usage)") }
        guard let path = Configuration.userFile(environment: environment) else {
            throw CLIError.usage("cannot tell where the config file goes: set HOME or XDG_CONFIG_HOME.")
        }
        switch words[0] {
        case "path": io.console.write(path + "\n")
        case "list": try list(format: OutputFormat.parse(arguments.value("format")), io: io)
        case "get":
            guard let value = try configuration().value(words[1]) else { throw CLIError.runtime("\(words[1].escapedForTerminal) is not set.") }
            io.console.write(value.value + "\n")
        default:
            let key = words[1], value = words.count == 3 ? words[2] : nil
            try check(key: key, value: value, io: io)
            let file = TextFile.privateFile(path)
            do {
                try file.write(Array(ConfigFile.setting(key, to: value, in: try file.read() ?? "").utf8))
            } catch {
                throw CLIError.runtime("could not write \(path): \(error)")
            }
            if let shadowing = environment[key], !shadowing.isEmpty {
                io.console.writeNotice("invest: warning: \(key) is also set in the environment, which wins over the config file.\n")
            }
        }
    }

    private func configuration() throws -> Configuration {
        Configuration(environment: environment, directory: try dataDirectory())
    }

    private func list(format: OutputFormat, io: CommandIO) throws {
        let configuration = try configuration()
        var report = Report(columns: [.init(title: "KEY", key: "key", alignment: .left), .init(title: "VALUE", key: "value", alignment: .left),
                                      .init(title: "FROM", key: "source", alignment: .left)])
        for key in configuration.keys {
            guard let value = configuration.value(key) else { continue }
            let isSecret = Configuration.settings.first { $0.key == key }?.isSecret ?? false
            report.rows.append([.text(key), .text(isSecret ? Self.masked(value.value) : value.value), .text(value.source.rawValue)])
            if !Configuration.settings.contains(where: { $0.key == key }) {
                io.console.writeNotice("invest: warning: \(key.escapedForTerminal) is not a setting invest knows; it is ignored.\n")
            }
        }
        if format == .table && report.rows.isEmpty { return io.console.write("Nothing is set. 'invest config set KEY VALUE' sets a key; 'invest config -h' lists them.\n") }
        io.console.write(report.render(format, colors: io.usesColor))
    }

    /// Enough to tell two keys apart, not enough to use one.
    static func masked(_ secret: String) -> String {
        secret.count > 8 ? "****" + secret.suffix(4) : "****"
    }

    private func check(key: String, value: String?, io: CommandIO) throws {
        guard key.range(of: "^[A-Za-z_][A-Za-z0-9_]*$", options: .regularExpression) != nil else {
            throw CLIError.usage("'\(key.escapedForTerminal)' is not a key: use letters, digits and '_'.")
        }
        if !Configuration.settings.contains(where: { $0.key == key }) {
            io.console.writeNotice("invest: warning: \(key) is not a setting invest knows, so it will have no effect."
                + ArgumentParser.suggestion(for: key, among: Configuration.settings.map(\.key)) + "\n")
        }
        guard let value else { return }
        if value.contains(where: { $0.isNewline || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } == true }) {
            throw CLIError.usage("the value for \(key) holds a control character or a line break; a setting is one line.")
        }
        if value.count >= 2, let first = value.first, first == value.last, first == "\"" || first == "'" {
            io.console.writeNotice("invest: warning: the quotes are kept as part of the value of \(key); leave them out unless they belong to it.\n")
        }
    }
}
