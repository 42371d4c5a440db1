import TerminalKit
import ClientComposition

/// Options every command takes, before or after the command's name (up to `--`).
struct GlobalOptions {
    var home: String?
    var quiet = false
    var verbose = false
    var version = false
    var noPager = false
    /// `--max-wait SECONDS`: the run's longest wait for the quote service's per-minute limit.
    var maxWait: String?
    /// `--account NAME`: the account reads show and writes go into.
    var account: String?
    /// `invest --format json portfolio`: a format given before the command, passed on to it.
    var leadingFormat: String?

    /// As `--help` lists them; did-you-mean and completion take their words from here.
    static let help: [(term: String, definition: String)] = [
        ("    --home DIR", "The data directory (default: $INVEST_HOME, else $XDG_DATA_HOME/investments)"),
        ("-q, --quiet", "No warnings or progress on stderr"),
        ("    --verbose", "Each network request on stderr"),
        ("    --no-pager", "Never send long output through $PAGER (default: less) at a terminal"),
        ("    --max-wait SECONDS", "Wait at most this long for the quote service's per-minute limit (default: 90; INVEST_QUOTES_MAX_WAIT)"),
        ("    --account NAME", "Only this account's transactions are read, and what is added, edited or imported goes into it (default: all accounts; new ones into 'default')"),
        ("    --version", "Show the version"),
        ("-h, --help", "Show help"),
    ]

    /// Every spelling: `--home`, `-q`, `--quiet`, …
    static let spellings: [String] = help.flatMap { $0.term.split(whereSeparator: { $0 == " " || $0 == "," }).filter { $0.hasPrefix("-") }.map(String.init) }

    /// The long names, without their dashes: `home`, `quiet`, …
    static var names: [String] { spellings.filter { $0.hasPrefix("--") }.map { String($0.dropFirst(2)) } }

    static func extract(from arguments: inout [String]) throws -> GlobalOptions {
        var options = GlobalOptions()
        var seen: Set<String> = []
        func once(_ name: String) throws {
            guard seen.insert(name).inserted else { throw CLIError.usage("option '--\(name)' was given twice; give it once.") }
        }
        var index = 0
        /// `--NAME VALUE` or `--NAME=VALUE` at `index`, taken out of the arguments; nil for another word.
        func value(_ name: String, _ placeholder: String) throws -> String? {
            let argument = arguments[index]
            if argument == "--" + name {
                try once(name)
                guard index + 1 < arguments.count else { throw CLIError.usage("option '--\(name)' needs a value: --\(name) \(placeholder).") }
                defer { arguments.removeSubrange(index...index + 1) }
                return arguments[index + 1]
            }
            guard argument.hasPrefix("--\(name)=") else { return nil }
            try once(name)
            defer { arguments.remove(at: index) }
            return String(argument.dropFirst(name.count + 3))
        }
        while index < arguments.count, arguments[index] != "--" {
            if let home = try value("home", "DIR") { options.home = home; continue }
            if let wait = try value("max-wait", "SECONDS") { options.maxWait = wait; continue }
            if let account = try value("account", "NAME") { options.account = account; continue }
            switch arguments[index] {
            case "--quiet", "-q":
                try once("quiet")
                options.quiet = true
                arguments.remove(at: index)
            case "--verbose":
                try once("verbose")
                options.verbose = true
                arguments.remove(at: index)
            case "--no-pager":
                try once("no-pager")
                options.noPager = true
                arguments.remove(at: index)
            case "--format" where index == 0 && arguments.count > 2:
                options.leadingFormat = arguments[1]
                arguments.removeSubrange(0...1)
            case "--version" where index == 0:
                options.version = true
                arguments.remove(at: index)
            default:
                index += 1
            }
        }
        if options.quiet && options.verbose { throw CLIError.usage("--quiet and --verbose contradict each other; give one.") }
        return options
    }
}
