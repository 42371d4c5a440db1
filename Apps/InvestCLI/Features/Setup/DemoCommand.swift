import Foundation
import TerminalKit
import ClientComposition

/// A guided tour on sample data in a throwaway home, so a new user sees the tool work at once.
struct DemoCommand: Command {
    /// The tour runs the real client, in a context of its own.
    let context: InvestContext
    let dataDirectory: () throws -> URL
    let spec = CommandSpec(name: "demo", summary: "Show what invest does, on sample data in a throwaway home",
                           options: [], positionals: 0...0)

    static let script: [[String]] = [
        ["add", "--date", "2024-01-02", "--type", "deposit", "--sum", "10000", "--note", "opening balance"],
        ["add", "--date", "2024-01-15", "--type", "buy", "--ticker", "AAPL", "--quantity", "10", "--sum", "1500", "--note", "first position"],
        ["add", "--date", "2024-02-01", "--type", "buy", "--ticker", "MSFT", "--quantity", "3", "--sum", "990.30"],
        ["add", "--date", "2024-03-10", "--type", "buy", "--ticker", "BRK.B", "--quantity", "2", "--sum", "812.40"],
        ["add", "--date", "2024-04-22", "--type", "sell", "--ticker", "AAPL", "--quantity", "4", "--sum", "660.00"],
        ["add", "--date", "2024-05-02", "--type", "sell", "--ticker", "MSFT", "--quantity", "5", "--sum", "2000"],
        ["add", "--date", "2024-02-30", "--type", "hold", "--ticker", "1X", "--quantity", "0", "--sum", "-3"],
        ["list"],
        ["list", "--ticker", "AAPL", "--format", "csv"],
        ["portfolio"],
        ["quote", "AAPL", "NVDA", "TSLA"],
        ["export", "--format", "json"],
        // The trading desk: a market buy, a refused oversell, the cash, a watchlist and an alert firing.
        ["buy", "AAPL", "2", "--yes"],
        ["sell", "NVDA", "1", "--yes"],
        ["cash", "--statement"],
        ["watch", "add", "TSLA", "--target", "240"],
        ["watch"],
        ["alert", "add", "AAPL", "--above", "170"],
        ["alert", "check"],
    ]

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("invest-demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let console = io.console
        console.write("A tour of invest in a throwaway home (\(home.path)), removed afterwards.\n")
        var context = context
        context.console = NoInputConsole(console)
        context.environment["INVEST_HOME"] = home.path
        // The tour always uses the bundled sample prices, so it works offline on a fresh machine.
        context.environment["FINNHUB_API_KEY"] = nil
        for step in Self.script {
            console.write("\n$ invest \(step.map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " "))\n")
            let status = Invest.run(step, context: context)
            switch status {
            case ExitCode.success: break
            case ExitCode.alertsFired: console.write("(exit \(status): an alert fired; cron and scripts act on this)\n")
            default: console.write("(exit \(status): refused, and nothing was saved)\n")
            }
        }
        console.write("\nYour own data lives in \((try? dataDirectory().path) ?? "$INVEST_HOME"). Start with 'invest add --help'.\n")
    }
}
