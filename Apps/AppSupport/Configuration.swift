import Foundation

/// Settings from the environment, else from `config` (KEY=VALUE lines) in the data directory.
public struct Configuration {
    let values: [String: String]

    public init(environment: [String: String], directory: URL) {
        var values: [String: String] = [:]
        if let text = try? String(contentsOf: directory.appendingPathComponent("config"), encoding: .utf8) {
            for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
                let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2 { values[parts[0]] = parts[1] }
            }
        }
        for (key, value) in environment where !value.isEmpty { values[key] = value }
        self.values = values
    }

    public subscript(key: String) -> String? { values[key] }

    /// An http(s) URL setting, or nil when unset; a malformed one is a usage error naming the key.
    public func url(_ key: String) throws -> URL? {
        guard let text = self[key] else { return nil }
        guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw CLIError.usage("\(key) '\(text)' is not an http(s) URL.")
        }
        return url
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
