import Foundation
import AppSupport
import InvestCLI

// The full client's entry point: everything real comes from the process.
ProcessHardening.disableCoreDumps()
let console = StandardConsole()
let status = Invest.run(Array(CommandLine.arguments.dropFirst()), context: InvestContext(environment: ProcessInfo.processInfo.environment, console: console))
exit(status)
