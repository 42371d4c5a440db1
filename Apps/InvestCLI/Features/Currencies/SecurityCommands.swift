import Foundation
import TerminalKit
import ClientComposition
import Currencies

/// `invest security …`: the currency, or minor unit, each security trades and is priced in.
struct SecurityCommands {
    let securities: () throws -> SecuritiesManaging

    var group: CommandGroup {
        CommandGroup("security", summary: "The currency each security trades in (pence for most London shares)", [
            Subcommand(CommandSpec(name: "security set", summary: "Say which currency a security trades and is priced in",
                                   discussion: "An ISO 4217 code (USD, GBP, EUR), or a minor unit as exchanges quote it: GBp or GBX (pence), ILA (agorot), ZAc (cents). "
                                       + "What you set is kept over what a price provider says.",
                                   options: [Self.currency],
                                   arguments: [.required("TICKER", completes: .ticker)]), set),
            Subcommand(CommandSpec(name: "security list", summary: "List the securities whose currency is known, and who said so", options: [StandardOptions.format]), list),
        ])
    }

    private static let currency = CommandSpec.Value<String>("currency", "CODE", "The currency or minor unit").required()

    private func set(_ arguments: ParsedArguments, io: CommandIO) throws {
        let currency = try arguments[required: Self.currency]
        let manager = try securities()
        let security = try presented(CurrenciesPresentation.securitiesError) { () throws(SecuritiesError) in try manager.setCurrency(currency, of: arguments.positionals[0]) }
        let minor = security.unit.isMinor ? " (a hundredth of \(security.unit.currency): prices in it are divided by 100)" : ""
        io.console.write("\(security.ticker) trades in \(security.unit)\(minor).\n")
    }

    private func list(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try arguments[StandardOptions.format] ?? .table
        let manager = try securities()
        let all = try presented(CurrenciesPresentation.securitiesError) { () throws(SecuritiesError) in try manager.all() }
        if format == .table, all.isEmpty { return io.console.write("No security's currency is known yet. 'invest security set TICKER --currency GBP' sets one.\n") }
        var report = Report(columns: [.init(title: "TICKER", key: "ticker", alignment: .left), .init(title: "UNIT", key: "unit", alignment: .left),
                                      .init(title: "CURRENCY", key: "currency", alignment: .left), .init(title: "UNITS IN ONE", key: "perCurrency", alignment: .right),
                                      .init(title: "SOURCE", key: "source", alignment: .left)])
        report.rows = all.map { [.text($0.ticker), .text($0.unit.name), .text($0.unit.currency.code), .count($0.unit.perMajor), .text($0.source.rawValue)] }
        io.console.write(report.render(format, colors: io.usesColor))
    }
}
