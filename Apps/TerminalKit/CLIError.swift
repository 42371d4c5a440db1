/// Every failure the CLI reports, with the exit code it maps to.
public enum CLIError: Error, Equatable {
    /// The command line or the input was wrong: exit 2.
    case usage(String)
    /// The command was right but could not be carried out: exit 1.
    case runtime(String)
    /// The command did its work and has already said so; its exit code tells a script what it
    /// found (`invest alert check`: 3, an alert fired).
    case finding(Int32)

    public var exitCode: Int32 {
        switch self {
        case .usage: return ExitCode.usage
        case .runtime: return ExitCode.failure
        case let .finding(code): return code
        }
    }

    /// Nil when there is nothing more to say.
    public var message: String? {
        switch self {
        case let .usage(message), let .runtime(message): return message
        case .finding: return nil
        }
    }
}

public enum ExitCode {
    public static let success: Int32 = 0
    public static let failure: Int32 = 1
    public static let usage: Int32 = 2
    /// `invest alert check`: at least one alert fired.
    public static let alertsFired: Int32 = 3
}
