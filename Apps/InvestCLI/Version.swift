import TerminalKit
import ClientComposition

/// What `invest --version` prints: what a bug report needs to name the build.
enum Version {
    static let number = "0.5.0"

    static var description: String {
        "invest \(number)\n"
            + "build: \(configuration), Swift \(compiler), \(platform)\n"
            + "formats: ledger log v2, JSON schema \(JSON.schemaVersion)\n"
    }

    private static var configuration: String {
        #if DEBUG
        "debug"
        #else
        "release"
        #endif
    }

    private static var compiler: String {
        #if compiler(>=6.3)
        "6.3 or later"
        #elseif compiler(>=6.0)
        "6.x"
        #else
        "before 6"
        #endif
    }

    private static var platform: String {
        #if os(Linux)
        let system = "Linux"
        #elseif os(macOS)
        let system = "macOS"
        #else
        let system = "unknown OS"
        #endif
        #if arch(x86_64)
        return system + " x86_64"
        #elseif arch(arm64)
        return system + " arm64"
        #else
        return system
        #endif
    }
}
