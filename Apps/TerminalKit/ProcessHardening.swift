import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a process that may hold an account session does before anything else.
public enum ProcessHardening {
    /// A core dump would write the session's tokens to disk, readable wherever cores are kept.
    /// Soft and hard limits both go to zero, so nothing later in the process can raise them.
    public static func disableCoreDumps() {
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(Int32(RLIMIT_CORE.rawValue), &none)
    }
}
