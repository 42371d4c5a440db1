#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child started with `posix_spawn`: by default in this process's own process group, since
/// Foundation's `Process` puts its child in a new group, where a program that uses the terminal
/// (a pager) is stopped as a background job.
public struct ChildProcess {
    public let id: pid_t

    /// Nil when it could not be started. `standardInput` becomes the child's fd 0 (nil: /dev/null);
    /// `standardOutput`, when given, its fd 1; `closing` are descriptors the child must not inherit
    /// (the other end of its pipe). `ownProcessGroup` starts a group of its own, which a signal
    /// can then reach whole.
    public static func spawn(_ path: String, _ arguments: [String], environment: [String: String], standardInput: Int32?,
                             standardOutput: Int32? = nil, closing: [Int32] = [], ownProcessGroup: Bool = false) -> ChildProcess? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let standardInput {
            posix_spawn_file_actions_adddup2(&actions, standardInput, STDIN_FILENO)
            posix_spawn_file_actions_addclose(&actions, standardInput)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        }
        if let standardOutput { posix_spawn_file_actions_adddup2(&actions, standardOutput, STDOUT_FILENO) }
        for descriptor in closing { posix_spawn_file_actions_addclose(&actions, descriptor) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if ownProcessGroup {
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        guard posix_spawn(&child, path, &actions, &attributes, argv, envp) == 0 else { return nil }
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
