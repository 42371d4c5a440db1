import Foundation
import AppSupport
import CurrentPrices

/// `invest price set|unset|list`: prices the user sets for assets no quote service lists. They
/// are shown with the source "manual" and their date wherever no other price is had.
struct PriceCommand: Command {
    let prices: () throws -> ManualPrices
    let spec = CommandSpec(
        name: "price", summary: "Set a manual price for an unlisted asset",
        usage: """
        price set TICKER PRICE [--date D]
               invest price unset TICKER
               invest price list [--format table|json|csv]
        """,
        options: [.value("date", "D", "The day the price is for: YYYY-MM-DD, today, yesterday or -Nd (default: today)"),
                  .value("format", "table|json|csv", "Output format of 'list' (default: table)")],
        positionals: 1...3)

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let words = arguments.positionals
        let shapes = ["set": 3, "unset": 2, "list": 1]
        guard let count = shapes[words[0]] else {
            throw CLIError.usage("'\(words[0].escapedForTerminal)' is not a price action; use set, unset or list."
                + ArgumentParser.suggestion(for: words[0], among: shapes.keys.sorted()))
        }
        guard words.count == count else { throw CLIError.usage("Usage: invest \(spec.usage.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.contains("price \(words[0])") } ?? spec.usage)") }
        let prices = try prices()
        let format = try OutputFormat.parse(arguments.value("format"))
        do throws(ManualPriceError) {
            switch words[0] {
            case "set":
                let day = RelativeDate.resolve(arguments.value("date") ?? "today", today: io.today)
                let set = try prices.set(ticker: words[1], price: words[2], day: day, today: io.today.iso)
                io.console.write("\(set.ticker) is priced at \(set.price) as of \(set.day) (manual), wherever no quote service prices it.\n")
            case "unset":
                try prices.remove(ticker: words[1])
                io.console.write("Removed the manual price of \(words[1].uppercased()).\n")
            default:
                list(try prices.all(), format: format, io: io)
            }
        } catch {
            throw error.isUsageError ? CLIError.usage(error.userMessage) : CLIError.runtime(error.userMessage)
        }
    }

    private func list(_ prices: [String: ManualPrice], format: OutputFormat, io: CommandIO) {
        if format == .table && prices.isEmpty { return io.console.write("No manual prices. 'invest price set TICKER PRICE' sets one.\n") }
        var report = Report(columns: [.init(title: "TICKER", key: "ticker", alignment: .left), .init(title: "PRICE", key: "price", alignment: .right),
                                      .init(title: "DATE", key: "date", alignment: .left),
                                      .init(title: "SET AT", key: "setAt", alignment: .left, visibility: .machineOnly)])
        report.rows = prices.values.sorted { $0.ticker < $1.ticker }.map { price in
            [.text(price.ticker), .decimal(price.price), .text(price.day), .time(price.setAt, shown: "")]
        }
        io.console.write(report.render(format, colors: io.usesColor))
    }
}
