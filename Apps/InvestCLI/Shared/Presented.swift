import TerminalKit

/// Runs a use case's work, its typed failure worded as the command's by `word`.
func presented<T, Failure: Error>(_ word: (Failure) -> CLIError, _ body: () throws(Failure) -> T) throws -> T {
    do throws(Failure) {
        return try body()
    } catch {
        throw word(error)
    }
}
