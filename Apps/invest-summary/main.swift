import Foundation
import TerminalKit
import ClientComposition
import InvestSummaryCLI

// The remote-only client's entry point: everything real comes from the process.
ProcessHardening.disableCoreDumps()
let console = StandardConsole()
let status = InvestSummary.run(Array(CommandLine.arguments.dropFirst()), context: InvestContext(environment: ProcessEnvironment.variables(), console: console))
exit(status)
