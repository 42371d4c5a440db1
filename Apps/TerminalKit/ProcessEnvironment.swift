#if canImport(Glibc)
import Glibc
#endif

/// The process's environment variables.
public enum ProcessEnvironment {
    /// Read from `environ` as bytes: `ProcessInfo.processInfo.environment` costs every run
    /// 0.5–1.5M instructions, a few percent of an offline read, to build the same dictionary.
    /// A name set twice keeps its first value, the one `getenv` returns.
    public static func variables() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let variable = entry.pointee {
            let bytes = UnsafeRawBufferPointer(start: variable, count: strlen(variable))
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")), equals > 0 {
                let name = String(decoding: bytes[..<equals], as: UTF8.self)
                if variables[name] == nil {
                    variables[name] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
                }
            }
            entry += 1
        }
        return variables
    }
}
