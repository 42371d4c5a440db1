import TerminalKit
import ClientComposition
import FixedPoint
import CurrentPrices
import NetWorth

/// `invest networth`: holdings, cash in every currency and savings, in the base currency.
struct NetWorthCommand: Command {
    let prices: (_ offline: Bool) throws -> (PricesLoading, PriceMode)
    let netWorth: (_ prices: PricesLoading, _ offline: Bool) throws -> NetWorthComputing
    let accounts: () throws -> AccountsView
    let spec = CommandSpec(
        name: "networth", summary: "What you own in the base currency: every account's holdings and cash, and your savings",
        usage: "networth [--by account|kind|currency] [--offline] [--format table|json|csv]",
        discussion: "Holdings are at the portfolio's prices, a price in pence counted as pounds; each amount is converted at the ECB's latest "
            + "reference rate on or before today (fetched once a day, kept for --offline). Cash counts once an account has a deposit. "
            + "What has no price or no rate is named and left out of the total, never counted as 0.",
        options: [.value("by", "account|kind|currency", "Total by account, by kind (holding, cash, savings) or by currency"),
                  .flag("offline", "Use cached prices and kept rates only; never touch the network"),
                  .value("format", "table|json|csv", "Output format (default: table)")],
        positionals: 0...0)

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try OutputFormat.parse(arguments.value("format"))
        let grouping = try arguments.value("by").map { text in
            guard let grouping = NetWorth.Grouping(rawValue: text.lowercased()) else {
                throw CLIError.usage("--by takes account, kind or currency, not '\(text.escapedForTerminal)'."
                    + ArgumentParser.suggestion(for: text.lowercased(), among: NetWorth.Grouping.allCases.map(\.rawValue)))
            }
            return grouping
        }
        let offline = arguments.has("offline")
        let (loader, mode) = try prices(offline)
        let computing = try netWorth(loader, offline)
        let answer: (netWorth: NetWorth, prices: [String: Result<LoadedPrice, PriceLoadingError>])
        do throws(NetWorthError) {
            answer = try computing.netWorth()
        } catch {
            throw error.cliError
        }
        let presentation = NetWorthPresentation(netWorth: answer.netWorth, names: try accounts())
        let report = grouping.map(presentation.totals(by:)) ?? presentation.items()
        switch format {
        case .table where answer.netWorth.items.isEmpty:
            io.console.write("Nothing to count yet: add a transaction with 'invest add' or a savings account with 'invest savings add'.\n")
        case .table:
            io.console.write(report.render(.table, colors: io.usesColor))
            io.console.write(presentation.totalLine)
        case .json:
            io.console.write(presentation.document(report: report, grouping: grouping).rendered())
        case .csv:
            io.console.write(report.render(.csv, colors: false))
        }
        for warning in PricePresentation(now: io.now).warnings(mode: mode, results: answer.prices) { io.console.writeNotice("invest: warning: \(warning)\n") }
        for warning in presentation.unvaluedWarnings { io.console.writeNotice("invest: warning: \(warning)\n") }
    }
}
