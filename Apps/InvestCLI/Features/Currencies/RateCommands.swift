import Foundation
import TerminalKit
import ClientComposition
import Currencies
import Ledger

/// `invest rate …`: the ECB's reference rates into the base currency, fetched once and kept.
struct RateCommands {
    let rates: (_ offline: Bool) throws -> ExchangeRatesProviding
    let base: () throws -> CurrencyCode

    var group: CommandGroup {
        CommandGroup("rate", summary: "Exchange rates into your base currency (INVEST_BASE_CURRENCY): the ECB's, through Frankfurter", [
            Subcommand(CommandSpec(name: "rate fetch", summary: "Fetch and keep the daily rates of currencies into your base currency",
                                   discussion: "The ECB publishes one rate a working day, around 16:00 CET; a weekend or holiday takes the working day's before it. "
                                       + "Days already asked about are not fetched again, and today's at most once a day.",
                                   options: [Self.from, StandardOptions.format],
                                   arguments: [.many("CURRENCY", optional: false)]), fetch),
            Subcommand(CommandSpec(name: "rate history", summary: "List the kept rates into your base currency, of every currency or of one",
                                   options: [StandardOptions.format] + TableOptions.all, arguments: [.optional("CURRENCY")]), pagesOutput: true, history),
        ])
    }

    private static let from = CommandSpec.Value<TypedDay>.day("from", "Fetch from this day: YYYY-MM-DD, yesterday or -Nd (default: today)")

    private func fetch(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try arguments[StandardOptions.format] ?? .table
        let base = try base()
        let currencies = try arguments.positionals.map(Self.currency)
        let from = try arguments[Self.from]?.pastDay(today: io.today) ?? io.today
        let provider = try rates(false)
        let kept = try presented(CurrenciesPresentation.ratesError) { () throws(ExchangeRatesError) in
            try provider.rates(converting: Set(currencies), into: base, over: from...io.today)
        }
        var report = Report(columns: [.init(title: "CURRENCY", key: "currency", alignment: .left), .init(title: "INTO", key: "into", alignment: .left),
                                      .init(title: "RATES", key: "rates", alignment: .right), .init(title: "LATEST", key: "latest", alignment: .left),
                                      .init(title: "RATE", key: "rate", alignment: .right)])
        report.rows = currencies.map { currency in
            let since = kept.all(from: currency, to: base).filter { $0.day >= from }
            let latest = kept.rate(from: currency, to: base, on: io.today)
            return [.text(currency.code), .text(base.code), .count(currency == base ? 0 : since.count), .text(latest?.day.iso), .decimal(latest?.rate)]
        }
        io.console.write(report.render(format, style: try io.tableStyle(arguments, for: report)))
    }

    private func history(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try arguments[StandardOptions.format] ?? .table
        let base = try base()
        let provider = try rates(true)
        let kept = try presented(CurrenciesPresentation.ratesError) { () throws(ExchangeRatesError) in try provider.keptRates() }
        let currencies = try arguments.positionals.first.map { [try Self.currency($0)] } ?? kept.pairs.filter { $0.to == base }.map(\.from)
        var report = Report(columns: [.init(title: "DATE", key: "date", alignment: .left), .init(title: "CURRENCY", key: "currency", alignment: .left),
                                      .init(title: "INTO", key: "into", alignment: .left), .init(title: "RATE", key: "rate", alignment: .right)])
        for currency in currencies {
            report.rows += kept.all(from: currency, to: base).map { [.text($0.day.iso), .text(currency.code), .text(base.code), .decimal($0.rate)] }
        }
        if format == .table, report.rows.isEmpty {
            return io.console.write("No exchange rates into \(base) are kept. 'invest rate fetch CURRENCY --from D' fetches them.\n")
        }
        io.console.write(report.render(format, style: try io.tableStyle(arguments, for: report)))
    }

    private static func currency(_ text: String) throws -> CurrencyCode {
        guard let code = CurrencyCode(text) else {
            throw CLIError.usage("'\(text.escapedForTerminal)' is not an ISO 4217 currency code; use one such as USD, EUR or GBP.")
        }
        return code
    }
}
