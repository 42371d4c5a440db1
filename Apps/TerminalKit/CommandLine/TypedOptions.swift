/// What a command lists among its options: a typed `Flag` or `Value`, or a bare `Option`.
public protocol OptionDeclaring: Sendable {
    var option: CommandSpec.Option { get }
}

extension CommandSpec.Option: OptionDeclaring {
    public var option: CommandSpec.Option { self }
}

extension CommandSpec {
    /// A boolean option, declared once: the parser, help, usage and completion all read it, and a
    /// command asks `arguments[flag]`.
    public struct Flag: OptionDeclaring {
        public let option: Option

        public init(_ name: String, _ help: String, short: Character? = nil) {
            option = .flag(name, help, short: short)
        }
    }

    /// An option that takes a value, declared once with how its text is read: `arguments[value]`
    /// is the typed value, or nil when the option is absent, and a bad text is refused naming the
    /// option and what it takes.
    public struct Value<Wrapped>: OptionDeclaring {
        public let option: Option
        private let read: @Sendable (String) throws -> Wrapped

        public init(_ name: String, _ valueName: String, _ help: String, short: Character? = nil, completes: Completion? = nil,
                    read: @escaping @Sendable (String) throws -> Wrapped) {
            option = .value(name, valueName, help, short: short, completes: completes)
            self.read = read
        }

        private init(option: Option, read: @escaping @Sendable (String) throws -> Wrapped) {
            self.option = option
            self.read = read
        }

        /// The same option, required: shown without brackets in the usage line, refused when absent.
        public func required() -> Value { Value(option: option.required(), read: read) }

        func value(of text: String) throws -> Wrapped { try read(text) }
    }
}

extension CommandSpec.Value where Wrapped == String {
    /// A value kept as it was typed, for a use case that checks it with the others.
    public init(_ name: String, _ valueName: String, _ help: String, short: Character? = nil, completes: CommandSpec.Completion? = nil) {
        self.init(name, valueName, help, short: short, completes: completes) { $0 }
    }
}

extension CommandSpec.Value where Wrapped: RawRepresentable & CaseIterable & Sendable, Wrapped.RawValue == String {
    /// One of an enum's cases by its raw value; the value name and the completion list them.
    public static func choice(_ name: String, _ help: String, short: Character? = nil, lowercased: Bool = false) -> Self {
        let names = Wrapped.allCases.map(\.rawValue)
        return Self(name, names.joined(separator: "|"), help, short: short) { text in
            guard let choice = Wrapped(rawValue: lowercased ? text.lowercased() : text) else {
                throw CLIError.usage("--\(name) must be one of \(names.joined(separator: ", ")), not '\(text.escapedForTerminal)'."
                    + ArgumentParser.suggestion(for: lowercased ? text.lowercased() : text, among: names))
            }
            return choice
        }
    }
}

extension CommandSpec.Value where Wrapped == Int {
    /// A whole number within `range`.
    public static func integer(_ name: String, _ valueName: String, _ help: String, in range: ClosedRange<Int>, short: Character? = nil) -> Self {
        Self(name, valueName, help, short: short) { text in
            guard let number = Int(text), range.contains(number) else {
                throw CLIError.usage("--\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text.escapedForTerminal)'.")
            }
            return number
        }
    }
}

extension CommandSpec.Value where Wrapped == OutputFormat {
    /// `--format`: `allowed` in the order help lists them, the first the default; `also` names
    /// formats the command writes besides, read by another option.
    public static func format(_ help: String = "Output format (default: table)", allowed: [OutputFormat] = OutputFormat.allCases) -> Self {
        Self("format", allowed.map(\.rawValue).joined(separator: "|"), help) { try OutputFormat.parse($0, allowed: allowed) }
    }
}

extension ParsedArguments {
    /// `-h` or `--help`, which every command takes.
    public var wantsHelp: Bool { has("help") }

    /// Whether the flag was given.
    public subscript(flag: CommandSpec.Flag) -> Bool { has(flag.option.name) }

    /// The option's value, read as declared; nil when it was not given.
    public subscript<Wrapped>(option: CommandSpec.Value<Wrapped>) -> Wrapped? {
        get throws { try value(option.option.name).map(option.value(of:)) }
    }

    /// The option's value, read as declared, or `fallback` when it was not given.
    public subscript<Wrapped>(option: CommandSpec.Value<Wrapped>, default fallback: Wrapped) -> Wrapped {
        get throws { try self[option] ?? fallback }
    }

    /// A required option's value: the parser has refused a line without it, so its absence here
    /// is said as the parser would say it.
    public subscript<Wrapped>(required option: CommandSpec.Value<Wrapped>) -> Wrapped {
        get throws {
            guard let value = try self[option] else { throw CLIError.usage("'--\(option.option.name)' is required.") }
            return value
        }
    }

    /// Whether the option was given at all, whatever its value.
    public func isGiven(_ declaration: some OptionDeclaring) -> Bool {
        let name = declaration.option.name
        return declaration.option.valueName == nil ? has(name) : value(name) != nil
    }
}
