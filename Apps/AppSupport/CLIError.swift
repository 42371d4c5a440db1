/// Every failure the CLI reports, with the exit code it maps to.
public enum CLIError: Error, Equatable {
    /// The command line or the input was wrong: exit 2.
    case usage(String)
    /// The command was right but could not be carried out: exit 1.
    case runtime(String)

    public var exitCode: Int32 {
        switch self {
        case .usage: return ExitCode.usage
        case .runtime: return ExitCode.failure
        }
    }

    public var message: String {
        switch self {
        case let .usage(message), let .runtime(message): return message
        }
    }
}

public enum ExitCode {
    public static let success: Int32 = 0
    public static let failure: Int32 = 1
    public static let usage: Int32 = 2
}
