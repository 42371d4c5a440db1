import TerminalKit
import ClientComposition
import FixedPoint
import CurrentPrices
import Portfolio
import Transactions
import Analytics

/// `invest allocation`: weights by ticker and by category, as tables and bars.
struct AllocationCommand: Command {
    let prices: (_ offline: Bool) throws -> (PricesLoading, PriceMode)
    let portfolio: (_ prices: PricesLoading, _ offline: Bool) throws -> PortfolioDisplaying
    let categories: () throws -> CategoriesManaging
    let spec = CommandSpec(
        name: "allocation", summary: "Weights by ticker and by category (Equity, Debt, Hybrid, Other, and Cash when tracked), with bars",
        options: [StandardOptions.offline, StandardOptions.format]
            + TableOptions.all,
        positionals: 0...0)

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try arguments[StandardOptions.format] ?? .table
        let (loader, mode) = try prices(arguments[StandardOptions.offline])
        let displaying = try portfolio(loader, mode == .offline)
        let report: PortfolioReport
        do throws(DisplayPortfolioError) { report = try displaying.display(sort: .value) } catch { throw error.cliError }
        let overrides = try CategoryCommands.reading(categories)
        // The portfolio's cash: every currency's at today's rate, as its holdings are in the base currency.
        let allocation = Allocation(holdings: report.summary.holdings, cashByCurrency: report.cash == nil ? [:] : report.cashByCurrency,
                                    currencies: report.holdingCurrencies, categories: overrides)
        // By currency only where there is more than one.
        let byCurrency = allocation.byCurrency.count > 1 ? allocation.byCurrency : []
        if format == .table, allocation.byTicker.isEmpty { return io.console.write("Nothing to allocate: no priced holding and no cash.\n") }
        let width = min(io.tableWidth ?? 80, 120)
        let byTicker = Self.report(allocation.byTicker, key: "ticker", withCategory: true, width: width)
        let byCategory = Self.report(allocation.byCategory, key: "category", withCategory: false, width: width)
        switch format {
        case .table:
            io.console.write(byTicker.render(.table, style: try io.tableStyle(arguments, for: byTicker)))
            io.console.write("\n" + byCategory.render(.table, style: try io.tableStyle(arguments, for: byCategory)))
            if !byCurrency.isEmpty {
                let currencies = Self.report(byCurrency, key: "currency", withCategory: false, width: width)
                io.console.write("\n" + currencies.render(.table, style: try io.tableStyle(arguments, for: currencies)))
            }
            io.console.write("\nTotal \(Formatted.money(allocation.total))\n")
        case .csv:
            // One table: each row says whether it is a ticker or a category.
            var both = Report(columns: [.init(title: "GROUP", key: "group", alignment: .left), .init(title: "NAME", key: "name", alignment: .left),
                                        .init(title: "CATEGORY", key: "category", alignment: .left), .init(title: "VALUE", key: "value", alignment: .right),
                                        .init(title: "WEIGHT", key: "weightPercent", alignment: .right)])
            both.rows = allocation.byTicker.map { [.text("ticker"), .text($0.name), .text($0.category.rawValue), .money($0.value), .decimal($0.weight)] }
                + allocation.byCategory.map { [.text("category"), .text($0.name), .text($0.category.rawValue), .money($0.value), .decimal($0.weight)] }
                + byCurrency.map { [.text("currency"), .text($0.name), .text(nil), .money($0.value), .decimal($0.weight)] }
            io.console.write(both.render(.csv, colors: false))
        case .json:
            func slices(_ list: [Allocation.Slice]) -> JSONValue {
                .array(list.map { .object([("name", .string($0.name)), ("category", .string($0.category.rawValue)), ("value", .text($0.value.description)),
                                           ("weightPercent", .text($0.weight.description))]) })
            }
            io.console.write(JSONValue.object([("total", .text(allocation.total.description)), ("byTicker", slices(allocation.byTicker)),
                                               ("byCategory", slices(allocation.byCategory)),
                                               ("byCurrency", .array(allocation.byCurrency.map { .object([("currency", .string($0.name)), ("value", .text($0.value.description)),
                                                                                                          ("weightPercent", .text($0.weight.description))]) })),
                                               ("unpriced", .array(allocation.unpriced.map(JSONValue.string)))]).rendered())
        }
        if !allocation.unpriced.isEmpty {
            io.console.writeNotice("invest: warning: no price for \(Plural.brief(allocation.unpriced)); left out of every weight.\n")
        }
        if mode == .sample { io.console.writeNotice("invest: warning: \(RemoteServices.samplePricesWarning)\n") }
    }

    /// A weight's bar: one block per 2.5% at 40 columns, cut to what the terminal has left.
    private static func report(_ slices: [Allocation.Slice], key: String, withCategory: Bool, width: Int) -> Report {
        var report = Report(columns: [.init(title: key.uppercased(), key: key, alignment: .left)]
            + (withCategory ? [.init(title: "CATEGORY", key: "category", alignment: .left)] : [])
            + [.init(title: "VALUE", key: "value", alignment: .right), .init(title: "WEIGHT", key: "weightPercent", alignment: .right),
               .init(title: "", key: "bar", alignment: .left, visibility: .standard)])
        let barWidth = max(10, min(40, width - 50))
        report.rows = slices.map { slice in
            let blocks = Int((slice.weight.scaled(by: FixedDecimal(barWidth), over: 100) ?? .zero).rounded(toFractionDigits: 0).description) ?? 0
            return [.text(slice.name)] + (withCategory ? [.text(slice.category.rawValue)] : [])
                + [.money(slice.value), Cell(shown: Formatted.percent(slice.weight), value: .text(slice.weight.description)),
                   Cell(shown: String(repeating: "█", count: max(0, blocks)), value: .null)]
        }
        return report
    }
}

/// `invest category set|unset|list`: a ticker's category, overriding the catalog's.
struct CategoryCommands {
    let categories: () throws -> CategoriesManaging

    var group: CommandGroup {
        CommandGroup("category", summary: "Set a ticker's category (Equity, Debt, Hybrid, Other) for the allocation", [
            Subcommand(CommandSpec(name: "category set", summary: "Set a ticker's category", options: [],
                                   arguments: [.required("TICKER", completes: .ticker),
                                               .required("Equity|Debt|Hybrid|Other", completes: .choices(AssetCategory.assignable.map(\.rawValue)))]), set),
            Subcommand(CommandSpec(name: "category unset", summary: "Give a ticker back its default category", options: [],
                                   arguments: [.required("TICKER", completes: .ticker)]), unset),
            Subcommand(CommandSpec(name: "category list", summary: "List the categories set",
                                   options: [StandardOptions.format] + TableOptions.all), list),
        ])
    }

    private func set(_ arguments: ParsedArguments, io: CommandIO) throws {
        let manager = try categories(), words = arguments.positionals
        let category = try Self.managing { () throws(CategoriesError) in try manager.set(ticker: words[0], category: words[1]) }
        io.console.write("\(words[0].uppercased().escapedForTerminal) is now \(category.rawValue).\n")
    }

    private func unset(_ arguments: ParsedArguments, io: CommandIO) throws {
        let manager = try categories(), ticker = arguments.positionals[0]
        try Self.managing { () throws(CategoriesError) in try manager.unset(ticker: ticker) }
        io.console.write("\(ticker.uppercased().escapedForTerminal) is back to its default category.\n")
    }

    private func list(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try arguments[StandardOptions.format] ?? .table
        let all = try Self.reading(categories)
        var report = Report(columns: [.init(title: "TICKER", key: "ticker", alignment: .left), .init(title: "CATEGORY", key: "category", alignment: .left)])
        report.rows = all.sorted { $0.key < $1.key }.map { [.text($0.key), .text($0.value.rawValue)] }
        if format == .table, report.rows.isEmpty { return io.console.write("No categories set; the catalog's stocks are Equity and the rest Other.\n") }
        io.console.write(report.render(format, style: try io.tableStyle(arguments, for: report)))
    }

    static func reading(_ make: () throws -> CategoriesManaging) throws -> [String: AssetCategory] {
        let manager = try make()
        return try managing { () throws(CategoriesError) in try manager.all() }
    }

    @discardableResult
    static func managing<T>(_ body: () throws(CategoriesError) -> T) throws -> T {
        do throws(CategoriesError) {
            return try body()
        } catch {
            switch error {
            case let .invalidTicker(text): throw CLIError.usage("'\(text.escapedForTerminal)' is not a ticker symbol (e.g. AAPL, BRK.B).")
            case let .invalidCategory(text):
                throw CLIError.usage("'\(text.escapedForTerminal)' is not a category: use Equity, Debt, Hybrid or Other."
                    + ArgumentParser.suggestion(for: text, among: AssetCategory.assignable.map(\.rawValue)))
            case let .notSet(ticker): throw CLIError.usage("\(ticker.escapedForTerminal) has no category set; 'invest category list' shows them.")
            case let .store(failure): throw CLIError.runtime("the categories could not be read or saved: \(failure.userMessage)")
            case let .unreadable(failure): throw CLIError.runtime("the categories could not be read: \(failure.userMessage)")
            }
        }
    }
}
