import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a process that may hold an account session does before anything else.
public enum ProcessHardening {
    /// A core dump would write the session's tokens to disk, readable wherever cores are kept.
    /// Returns whether the limit is now zero.
    @discardableResult
    public static func disableCoreDumps() -> Bool {
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        guard setrlimit(Int32(RLIMIT_CORE.rawValue), &none) == 0 else { return false }
        var current = rlimit()
        return getrlimit(Int32(RLIMIT_CORE.rawValue), &current) == 0 && current.rlim_cur == 0
    }
}
