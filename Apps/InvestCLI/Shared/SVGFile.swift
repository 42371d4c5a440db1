import Foundation
import TerminalKit
import ClientComposition
import LocalFileStore

/// `--svg FILE` of every chart: written whole or not at all, then named on stderr.
enum SVGFile {
    /// The option, with what the file holds.
    static func option(_ help: String) -> CommandSpec.Value<String> { CommandSpec.Value<String>("svg", "FILE", help, completes: .file) }

    static func write(_ svg: String, to path: String, what: String, io: CommandIO) throws {
        do {
            try TextFile.userFile(path).write(Array(svg.utf8))
        } catch {
            throw CLIError.runtime("could not write \(path.escapedForTerminal): \(error). Nothing was changed there.")
        }
        io.console.writeNotice("Wrote \(what) to \(path.escapedForTerminal).\n")
    }
}
