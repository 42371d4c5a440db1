import Foundation
import TerminalKit
import ClientComposition
import LocalFileStore

/// `invest config`: the settings file, like `git config`. Values come from the environment
/// first, then this file, then the data directory's `config` of earlier releases.
struct ConfigCommands {
    let environment: [String: String]
    let dataDirectory: () throws -> URL
    let readStandardInput: (_ limit: Int) -> Data

    /// The keys, listed in `invest config -h` and `invest config set -h`.
    static var keys: String { "Keys:\n" + HelpText.definitions(Configuration.settings.map { ($0.key, $0.summary) }, width: 80) }


    var group: CommandGroup {
        let key = CommandSpec.Argument.required("KEY", completes: .settingKey)
        return CommandGroup("config", summary: "Show or change settings (API keys, service URLs)", discussion: Self.keys, default: "list", [
            Subcommand(CommandSpec(name: "config list", summary: "List what is set, and where it comes from",
                                   options: [StandardOptions.format]), list),
            Subcommand(CommandSpec(name: "config get", summary: "Print one setting's value", options: [], arguments: [key]), get),
            Subcommand(CommandSpec(name: "config set", summary: "Set a key in the config file",
                                   discussion: "A secret left out of the line is asked for without echo at a terminal, or read from "
                                       + "standard input (echo \"$KEY\" | invest config set FINNHUB_API_KEY), so it never shows in ps or the shell's history.\n"
                                       + Self.keys, options: [],
                                   arguments: [key, .optional("VALUE")]), set),
            Subcommand(CommandSpec(name: "config unset", summary: "Remove a key from the config file", options: [], arguments: [key]), unset),
            Subcommand(CommandSpec(name: "config path", summary: "Print where the config file is", options: []), path),
        ])
    }

    private func file() throws -> String {
        guard let path = Configuration.userFile(environment: environment) else {
            throw CLIError.usage("cannot tell where the config file goes: set HOME or XDG_CONFIG_HOME.")
        }
        return path
    }

    private func path(_ arguments: ParsedArguments, io: CommandIO) throws { io.console.write(try file() + "\n") }

    private func get(_ arguments: ParsedArguments, io: CommandIO) throws {
        let key = arguments.positionals[0]
        guard let value = try configuration().value(key) else { throw CLIError.runtime("\(key.escapedForTerminal) is not set.") }
        io.console.write(value.value + "\n")
    }

    /// `set KEY VALUE`, or `set KEY` for a secret, asked for or read.
    private func set(_ arguments: ParsedArguments, io: CommandIO) throws {
        let key = arguments.positionals[0]
        try store(key, try arguments.positionals.dropFirst().first ?? secret(key, io: io), io: io)
    }

    private func unset(_ arguments: ParsedArguments, io: CommandIO) throws {
        try store(arguments.positionals[0], nil, io: io)
    }

    private func store(_ key: String, _ value: String?, io: CommandIO) throws {
        let path = try file()
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

    /// A secret's value off the command line: typed without echo at a terminal, else the first
    /// line of standard input.
    private func secret(_ key: String, io: CommandIO) throws -> String {
        guard Configuration.settings.contains(where: { $0.key == key && $0.isSecret }) else {
            throw CLIError.usage("give the value: invest config set \(key.escapedForTerminal) VALUE.")
        }
        let typed = io.console.isInteractive ? io.console.readSecret(prompt: "\(key): ")
            : String(decoding: readStandardInput(64 << 10), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init)
        guard let value = typed?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else {
            throw CLIError.usage("no value for \(key) was given; nothing was changed.")
        }
        return value
    }

    private func configuration() throws -> Configuration {
        Configuration(environment: environment, directory: try dataDirectory())
    }

    private func list(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try arguments[StandardOptions.format] ?? .table
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
        if let problem = Configuration.settings.first(where: { $0.key == key })?.problem(with: value) {
            throw CLIError.usage("\(key) '\(value.escapedForTerminal)' \(problem); nothing was changed.")
        }
        if value.count >= 2, let first = value.first, first == value.last, first == "\"" || first == "'" {
            io.console.writeNotice("invest: warning: the quotes are kept as part of the value of \(key); leave them out unless they belong to it.\n")
        }
    }
}
