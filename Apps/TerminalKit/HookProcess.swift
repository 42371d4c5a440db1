import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A user's shell command run for an event (`alert check --notify`): in a process group of its
/// own, with only the variables it is given, its output on stderr, and a deadline that holds
/// whatever it does — SIGTERM to the whole group, then SIGKILL after a grace period.
public struct HookProcess {
    public enum Outcome: Equatable {
        case exited(Int32)
        /// It ran past the deadline and was stopped.
        case stopped
        case couldNotStart
    }

    /// What every hook may see besides its own variables: never a key, a password or a token.
    static let passedThrough = ["PATH", "HOME", "LANG", "LC_ALL", "TZ", "TERM", "USER", "LOGNAME", "DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR"]

    public let timeout: TimeInterval
    public let grace: TimeInterval

    public init(timeout: TimeInterval, grace: TimeInterval = 2) {
        self.timeout = timeout
        self.grace = grace
    }

    public func run(_ command: String, variables: [String: String], environment: [String: String]) -> Outcome {
        let visible = environment.filter { Self.passedThrough.contains($0.key) }.merging(variables) { $1 }
        // Its output goes to stderr: stdout carries what the command reports, which a script parses.
        guard let child = ChildProcess.spawn("/bin/sh", ["-c", command], environment: visible, standardInput: nil, standardOutput: STDERR_FILENO,
                                             ownProcessGroup: true)?.id else { return .couldNotStart }
        if let status = wait(child, until: Date().addingTimeInterval(timeout)) { return .exited(status) }
        kill(-child, SIGTERM)
        if wait(child, until: Date().addingTimeInterval(grace)) == nil {
            kill(-child, SIGKILL)
            _ = wait(child, until: .distantFuture)
        }
        kill(-child, SIGKILL) // whatever it left behind in its group
        return .stopped
    }

    /// Its exit status, or nil if it is still running at `deadline`.
    private func wait(_ child: pid_t, until deadline: Date) -> Int32? {
        var status: Int32 = 0
        while true {
            let result = waitpid(child, &status, WNOHANG)
            if result == child { return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F) }
            if result < 0, errno != EINTR { return -1 }
            if Date() >= deadline { return nil }
            usleep(10_000)
        }
    }
}
