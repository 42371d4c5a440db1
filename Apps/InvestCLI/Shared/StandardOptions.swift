import TerminalKit

/// Options many commands declare alike, each declared here once.
enum StandardOptions {
    static let format = CommandSpec.Value<OutputFormat>.format()
    static let offline = CommandSpec.Flag("offline", "Use cached prices only")
}
