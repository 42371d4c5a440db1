import Foundation
import TerminalKit
import ClientComposition
import InvestCLI

// The full client's entry point: everything real comes from the process.
ProcessHardening.disableCoreDumps()
let console = StandardConsole()
var context = InvestContext(environment: ProcessEnvironment.variables(), console: console)
context.liveTerminal = { StandardLiveTerminal.ifAvailable() }
let status = Invest.run(Array(CommandLine.arguments.dropFirst()), context: context)
exit(status)
