import Foundation
import TerminalKit
import ClientComposition
import FixedPoint
import Transactions
import Portfolio

/// `--cost-basis`, else INVEST_COST_BASIS, else the command's own default.
enum CostBasisOption {
    static func value(defaultingTo method: CostBasisMethod) -> CommandSpec.Value<CostBasisMethod> {
        CommandSpec.Value("cost-basis", "average|fifo",
                          "Which shares a sell took: moving average or first in, first out (default: INVEST_COST_BASIS, else \(method.rawValue))") { text in
            guard let method = CostBasisMethod(rawValue: text.lowercased()) else {
                throw CLIError.usage("--cost-basis must be average or fifo, not '\(text.escapedForTerminal)'.")
            }
            return method
        }
    }

    /// The method given, else the configured one, else the command's default.
    static func method(_ given: CostBasisMethod?, configured: String?, default fallback: CostBasisMethod) throws -> CostBasisMethod {
        if let given { return given }
        guard let configured else { return fallback }
        guard let method = CostBasisMethod(rawValue: configured.lowercased()) else {
            throw CLIError.usage("INVEST_COST_BASIS '\(configured.escapedForTerminal)' is not average or fifo; fix it with 'invest config set INVEST_COST_BASIS fifo'.")
        }
        return method
    }

    static func name(_ method: CostBasisMethod) -> String {
        switch method {
        case .average: return "moving average"
        case .fifo: return "FIFO (first in, first out)"
        }
    }
}

/// `invest gains`: realized profit per sell, with the lots FIFO took, and totals per year.
struct GainsCommand: Command {
    /// With `offline`, in the base at the exchange rates kept only.
    let gains: (_ offline: Bool) throws -> RealizedGainsReporting
    let configuredCostBasis: () -> String?
    /// One row per lot a sell took: a long history's list is long.
    let pagesOutput = true
    /// Which lots a sell took without --cost-basis or INVEST_COST_BASIS.
    static let defaultCostBasis = CostBasisMethod.fifo
    let spec = CommandSpec(
        name: "gains", summary: "Realized gains per sell, with the lots each consumed, and yearly totals",
        options: [Self.year, Self.offline, Self.costBasis, StandardOptions.format] + TableOptions.all,
        positionals: 0...0)
    static let year = CommandSpec.Value<Int>("year", "Y", "Only the sells of this year (lots bought earlier still count)") { text in
        guard text.count == 4, let year = Int(text), (1900...9999).contains(year) else {
            throw CLIError.usage("--year takes a four-digit year such as 2025, not '\(text.escapedForTerminal)'.")
        }
        return year
    }
    static let offline = CommandSpec.Flag("offline", "Use the exchange rates kept only; never touch the network")
    static let costBasis = CostBasisOption.value(defaultingTo: Self.defaultCostBasis)

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try arguments[StandardOptions.format] ?? .table
        let year = try arguments[Self.year]
        let method = try CostBasisOption.method(arguments[Self.costBasis], configured: configuredCostBasis(), default: Self.defaultCostBasis)
        let reporter = try gains(arguments[Self.offline])
        let report: RealizedGainsReport
        do throws(DisplayPortfolioError) {
            report = try reporter.gains(year: year, method: method)
        } catch {
            throw error.cliError
        }
        switch format {
        case .json: writeDocument(report, year: year, to: io)
        case .csv: writeFlatRows(report, to: io)
        case .table where report.sells.isEmpty:
            io.console.write(year.map { "No sells in \($0), so nothing was realized.\n" } ?? "No sells yet, so nothing was realized.\n")
        case .table:
            io.console.write("Realized gains, cost basis \(CostBasisOption.name(method)):\n")
            try writeSellsTable(report, arguments: arguments, to: io)
            io.console.write("\n")
            io.console.write(yearsTable(report, labelled: true).render(.table, colors: io.usesColor))
            let unknown = Array(Set(report.sells.filter(\.costUnknown).map(\.ticker))).sorted()
            io.console.write(PricePresentation.costUnknownNote(unknown, sold: true))
        }
    }

    /// A row per sell and one per lot it took, measured in one pass and written in another
    /// (`TableLayout`): a long history's sells are never held as cells.
    private func writeSellsTable(_ report: RealizedGainsReport, arguments: ParsedArguments, to io: CommandIO) throws {
        let split = !report.currencyGains.isEmpty
        let columns: [Report.Column] = [
            .init(title: "DATE", key: "date", alignment: .left), .init(title: "TICKER", key: "ticker", alignment: .left),
            .init(title: "QUANTITY", key: "quantity", alignment: .right), .init(title: "PROCEEDS", key: "proceeds", alignment: .right),
            .init(title: "COST", key: "cost", alignment: .right), .init(title: "GAIN", key: "gain", alignment: .right)]
            + (split ? [.init(title: "PRICE GAIN", key: "priceGain", alignment: .right, visibility: .wide),
                        .init(title: "FX GAIN", key: "currencyGain", alignment: .right, visibility: .wide)] : [])
        try TableLayout.write(columns: columns, style: try io.tableStyle(arguments, for: Report(columns: columns)), rows: { row in
            for sell in report.sells {
                let currencyGain = report.currencyGains[sell.transactionID]
                try row([.text(sell.date.iso), .text(sell.ticker), .decimal(sell.quantity), .money(sell.proceeds), .money(sell.cost), .profit(sell.gain)]
                    + (split ? [.profit(currencyGain.map { sell.gain - $0 }), .profit(currencyGain)] : []))
                for lot in sell.lots {
                    try row([.text("  lot of \(lot.boughtOn.iso)"), .text(""), .decimal(lot.quantity), .text(""), .money(lot.cost), .text("")]
                        + (split ? [.text(""), .text("")] : []))
                }
            }
        }, to: io.console.write)
    }

    private func yearsTable(_ report: RealizedGainsReport, labelled: Bool) -> Report {
        var table = Report(columns: [
            .init(title: "YEAR", key: "year", alignment: .left), .init(title: "PROCEEDS", key: "proceeds", alignment: .right),
            .init(title: "COST", key: "cost", alignment: .right), .init(title: "GAIN", key: "gain", alignment: .right)])
        table.rows = report.yearlyTotals.map { total in
            [labelled ? .text("Total \(total.year)") : .count(total.year), .money(total.proceeds), .money(total.cost), .profit(total.gain)]
        }
        return table
    }

    /// One row per lot a sell took (one per sell under the moving average), so a spreadsheet
    /// can add up either; written as they are made, a few thousand sells at a time.
    private func writeFlatRows(_ report: RealizedGainsReport, to io: CommandIO) {
        let split = !report.currencyGains.isEmpty
        let columns = (["date", "ticker", "quantity", "proceeds", "cost", "gain"] + (split ? ["currency_gain"] : [])
                       + ["lot_bought_on", "lot_quantity", "lot_cost", "cost_unknown"]).map { Report.Column(title: $0, key: $0, alignment: .left) }
        var rows = StreamedRows(.csv, columns: columns)
        for (index, sell) in report.sells.enumerated() {
            let head: [Cell] = [.text(sell.date.iso), .text(sell.ticker), .decimal(sell.quantity), .decimal(sell.proceeds), .decimal(sell.cost), .decimal(sell.gain)]
                + (split ? [.decimal(report.currencyGains[sell.transactionID])] : [])
            let unknown = Cell(shown: sell.costUnknown ? "true" : "false", value: .bool(sell.costUnknown))
            let lots: [[Cell]] = sell.lots.isEmpty ? [[.text(nil), .decimal(nil), .decimal(nil), unknown]]
                : sell.lots.map { [.text($0.boughtOn.iso), .decimal($0.quantity), .decimal($0.cost), unknown] }
            for lot in lots {
                for cell in head + lot { rows.append(cell) }
                rows.endRow()
            }
            if index % 4_096 == 4_095 { io.console.write(rows.take()) }
        }
        io.console.write(rows.finish())
    }

    /// Each sell rendered as it is written (`StreamedJSONDocument`), not the whole list first.
    private func writeDocument(_ report: RealizedGainsReport, year: Int?, to io: CommandIO) {
        func exact(_ value: FixedDecimal) -> JSONValue { .string(value.description) }
        var document = StreamedJSONDocument([("costBasisMethod", .string(report.method.rawValue)), ("year", year.map(JSONValue.count) ?? .null)],
                                            streaming: "sells")
        for (index, sell) in report.sells.enumerated() {
            // A sell in another currency says how much of its gain the currency made.
            document.append(.object([("id", .string(sell.transactionID)), ("date", .string(sell.date.iso)), ("ticker", .string(sell.ticker)),
                                     ("quantity", exact(sell.quantity)), ("proceeds", exact(sell.proceeds)), ("cost", exact(sell.cost)),
                                     ("gain", exact(sell.gain)), ("costUnknown", .bool(sell.costUnknown))]
                                    + (report.currencyGains.isEmpty ? [] : [("currencyGain", report.currencyGains[sell.transactionID].map(exact) ?? .null)])
                                    + [("lots", .array(sell.lots.map { lot in
                                        .object([("boughtOn", .string(lot.boughtOn.iso)), ("quantity", exact(lot.quantity)), ("cost", exact(lot.cost))])
                                    }))]))
            if index % 1_024 == 1_023 { io.console.write(document.take()) }
        }
        io.console.write(document.finish(then: [("years", yearsTable(report, labelled: false).json)]))
    }
}
