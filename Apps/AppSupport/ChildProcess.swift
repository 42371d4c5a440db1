#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child started with `posix_spawn` in this process's own process group. Foundation's
/// `Process` puts its child in a new group, where a program that uses the terminal (a pager) is
/// stopped as a background job.
public struct ChildProcess {
    public let id: pid_t

    /// Nil when it could not be started. `standardInput` becomes the child's fd 0; `closing` are
    /// descriptors the child must not inherit (the other end of its pipe).
    public static func spawn(_ path: String, _ arguments: [String], environment: [String: String], standardInput: Int32,
                             closing: [Int32] = []) -> ChildProcess? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, standardInput, STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, standardInput)
        for descriptor in closing { posix_spawn_file_actions_addclose(&actions, descriptor) }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        guard posix_spawn(&child, path, &actions, nil, argv, envp) == 0 else { return nil }
        return ChildProcess(id: child)
    }

    /// Waits for it to end, through interruptions; its status.
    @discardableResult
    public func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(id, &status, 0) < 0 && errno == EINTR {}
        return status
    }
}
