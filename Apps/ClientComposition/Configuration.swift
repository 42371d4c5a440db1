import Foundation
import Currencies
import TerminalKit
import LocalFileStore

/// Settings from the environment, else from the user's config file
/// (`$XDG_CONFIG_HOME/investments/config`), else from `config` in the data directory, which
/// earlier releases read. Both files hold `KEY=VALUE` lines; `#` starts a comment.
public struct Configuration {
    public struct Setting: Sendable {
        /// What a value may be; checked when it is set, so a typo fails there, not in a later command.
        public enum Values: Sendable {
            case text
            case choices([String])
            case boolean
            case url(schemes: [String])
            case integer(ClosedRange<Int>)
            case currency
        }

        public let key: String
        public let summary: String
        /// Shown masked by `config list`.
        public let isSecret: Bool
        public var values: Values = .text

        /// What is wrong with `value` for this setting, with what it takes; nil when it fits.
        public func problem(with value: String) -> String? {
            switch values {
            case .text: return nil
            case let .choices(choices):
                return choices.contains(value) ? nil : "is not one of \(choices.joined(separator: ", "))"
            case .boolean:
                return Configuration.boolean(value) == nil ? "is not yes or no (true/false, on/off and 1/0 are read too)" : nil
            case .currency:
                // Three letters; which codes are in use is the Currencies feature's to say, where the value is read.
                return value.count == 3 && value.allSatisfy({ $0.isASCII && $0.isLetter }) ? nil : "is not an ISO 4217 currency code such as USD, EUR or GBP"
            case let .integer(range):
                return Int(value).map(range.contains) == true ? nil : "is not a whole number from \(range.lowerBound) to \(range.upperBound)"
            case let .url(schemes):
                guard let url = URL(string: value), let scheme = url.scheme?.lowercased(), schemes.contains(scheme), url.host != nil else {
                    return "is not a \(schemes.map { $0 + "://" }.joined(separator: " or ")) URL"
                }
                return nil
            }
        }
    }

    /// A yes-or-no setting's value, in the usual spellings; nil for anything else.
    public static func boolean(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "yes", "true", "1", "on": return true
        case "no", "false", "0", "off": return false
        default: return nil
        }
    }

    public static let settings: [Setting] = [
        Setting(key: "FINNHUB_API_KEY", summary: "Finnhub API key for live prices (sample prices without one)", isSecret: true),
        Setting(key: "INVEST_QUOTES_URL", summary: "Base URL of a Finnhub-compatible quote API", isSecret: false, values: .url(schemes: ["https", "http"])),
        Setting(key: "INVEST_QUOTES_PER_MINUTE", summary: "Quote requests your Finnhub plan allows a minute (default: 60, the free plan's)", isSecret: false,
                values: .integer(1...100_000)),
        Setting(key: "INVEST_QUOTES_MAX_WAIT", summary: "Seconds a run may wait for that limit before serving cached prices (default: 90; --max-wait)",
                isSecret: false, values: .integer(0...3600)),
        Setting(key: "TWELVE_DATA_API_KEY", summary: "Twelve Data API key for daily price history (free plan: 8 requests a minute, 800 a day)", isSecret: true),
        Setting(key: "INVEST_TWELVE_DATA_URL", summary: "Base URL of a Twelve Data-compatible API (default: https://api.twelvedata.com)", isSecret: false,
                values: .url(schemes: ["https", "http"])),
        Setting(key: "INVEST_BASE_CURRENCY", summary: "The ISO 4217 currency exchange rates convert into (default: USD)", isSecret: false, values: .currency),
        Setting(key: "INVEST_FX_URL", summary: "Base URL of a Frankfurter-compatible exchange-rates API (default: https://api.frankfurter.app)", isSecret: false,
                values: .url(schemes: ["https", "http"])),
        Setting(key: "INVEST_API_KEY", summary: "Firebase Web API key, for accounts and sync", isSecret: true),
        Setting(key: "INVEST_REMOTE_URL", summary: "Firebase Realtime Database URL, for sync", isSecret: false, values: .url(schemes: ["https", "http"])),
        Setting(key: "INVEST_PROJECT_ID", summary: "Firebase project id: the options journal syncs with its Firestore users/{uid} document", isSecret: false),
        Setting(key: "INVEST_FIRESTORE_URL", summary: "Only for an emulator: base URL of Firestore's REST API", isSecret: false, values: .url(schemes: ["https", "http"])),
        Setting(key: "INVEST_AUTH_URL", summary: "Only for an emulator: base URL of Firebase Auth's REST API", isSecret: false, values: .url(schemes: ["https", "http"])),
        Setting(key: "INVEST_FEED_URL", summary: "The echo server 'invest feed' sends its prices through (default: wss://ws.postman-echo.com/raw)", isSecret: false,
                values: .url(schemes: ["wss", "ws"])),
        Setting(key: "INVEST_FINNHUB_FEED_URL", summary: "Finnhub's trade stream, for 'invest feed --source finnhub' (default: wss://ws.finnhub.io)", isSecret: false,
                values: .url(schemes: ["wss", "ws"])),
        Setting(key: "INVEST_BENCHMARK", summary: "The ticker 'returns' compares you with when no --benchmark is given (say SPY or VWRL.L)", isSecret: false),
        Setting(key: "INVEST_COST_BASIS", summary: "average or fifo: which shares a sell took, for 'portfolio' and 'gains' (default: average)", isSecret: false,
                values: .choices(["average", "fifo"])),
        Setting(key: "INVEST_CURRENCY", summary: "The currency symbol savings are shown with (default: the base currency's when set, else £)", isSecret: false),
        Setting(key: "INVEST_SYNC_SAVINGS", summary: "yes to let 'invest sync' upload savings (default: no; they stay on this machine)", isSecret: false,
                values: .boolean),
    ]

    public enum Source: String { case environment, userFile = "config file", dataDirectoryFile = "data directory config" }

    public struct Value {
        public let value: String
        public let source: Source
    }

    let values: [String: Value]

    public init(environment: [String: String], directory: URL) {
        var values: [String: Value] = [:]
        for (source, path) in [(Source.dataDirectoryFile, Self.dataDirectoryFile(directory)), (.userFile, Self.userFile(environment: environment))] {
            guard let path, let text = try? TextFile.privateFile(path).read() else { continue }
            for line in ConfigFile.lines(text) { values[line.key] = Value(value: line.value, source: source) }
        }
        for setting in Self.settings {
            if let value = environment[setting.key], !value.isEmpty { values[setting.key] = Value(value: value, source: .environment) }
        }
        self.values = values
    }

    public subscript(key: String) -> String? { values[key]?.value }

    public func value(_ key: String) -> Value? { values[key] }

    /// Every key that has a value, sorted.
    public var keys: [String] { values.keys.sorted() }

    /// An http(s) URL setting, or nil when unset; a malformed one is a usage error naming the key.
    public func url(_ key: String) throws -> URL? {
        guard let text = self[key] else { return nil }
        guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw CLIError.usage("\(key) '\(text.escapedForTerminal)' is not an http(s) URL.")
        }
        return url
    }

    /// INVEST_BASE_CURRENCY, else US dollars: what every total is in, in both clients.
    public func baseCurrency() throws -> CurrencyCode {
        guard let text = self["INVEST_BASE_CURRENCY"] else { return .usd }
        guard let code = CurrencyCode(text) else {
            throw CLIError.usage("INVEST_BASE_CURRENCY '\(text.escapedForTerminal)' is not an ISO 4217 currency code; use one such as USD, EUR or GBP.")
        }
        return code
    }

    /// A whole-number setting, checked against what its `Setting` allows (a value from the
    /// environment or a hand-edited file is checked here, as `config set` checks one).
    public func integer(_ key: String) throws -> Int? {
        guard let text = self[key] else { return nil }
        if let setting = Self.settings.first(where: { $0.key == key }), let problem = setting.problem(with: text) {
            throw CLIError.usage("\(key) '\(text.escapedForTerminal)' \(problem).")
        }
        return Int(text)
    }

    /// `$XDG_CONFIG_HOME/investments/config`, else `~/.config/investments/config`.
    public static func userFile(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg + "/investments/config" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.config/investments/config"
    }

    static func dataDirectoryFile(_ directory: URL) -> String { directory.appendingPathComponent("config").path }

    /// Where to tell the user to put a setting.
    public static func whereToSet(environment: [String: String]) -> String {
        userFile(environment: environment).map { "the environment or \($0) ('invest config set KEY VALUE')" } ?? "the environment"
    }
}

/// The `KEY=VALUE` text of a config file, read and edited line by line so comments stay.
public enum ConfigFile {
    public struct Line {
        public let key: String
        public let value: String
    }

    public static func lines(_ text: String) -> [Line] {
        text.split(separator: "\n").compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { return nil }
            return Line(key: trimmed[..<equals].trimmingCharacters(in: .whitespaces),
                        value: trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces))
        }
    }

    /// `text` with `key` set to `value` (replacing every earlier line for it), or removed when nil.
    public static func setting(_ key: String, to value: String?, in text: String) -> String {
        var kept = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { return true }
            return trimmed[..<equals].trimmingCharacters(in: .whitespaces) != key
        }
        while kept.last == "" { kept.removeLast() }
        if let value { kept.append("\(key)=\(value)") }
        return kept.isEmpty ? "" : kept.joined(separator: "\n") + "\n"
    }
}

public enum DataDirectory {
    /// `override` (--home), else $INVEST_HOME, else $XDG_DATA_HOME/investments, else
    /// ~/.local/share/investments: the XDG base directory rules.
    public static func resolve(override: String?, environment: [String: String]) throws -> URL {
        if let home = override ?? environment["INVEST_HOME"].flatMap({ $0.isEmpty ? nil : $0 }) {
            return URL(fileURLWithPath: home)
        }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("investments")
        }
        guard let userHome = environment["HOME"], !userHome.isEmpty else {
            throw CLIError.usage("cannot tell where to keep data: set INVEST_HOME or HOME, or pass --home DIR.")
        }
        return URL(fileURLWithPath: userHome).appendingPathComponent(".local/share/investments")
    }
}
