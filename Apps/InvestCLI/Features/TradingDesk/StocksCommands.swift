import TerminalKit
import ClientComposition
import FixedPoint
import CurrentPrices
import Portfolio
import Transactions
import TradingDesk

/// `invest stock search [QUERY]`: the catalog, searched by symbol or name.
struct StocksCommand: Command {
    let search: () throws -> StocksSearching
    let spec = CommandSpec(
        name: "stock search", summary: "Search stocks by symbol or name: the built-in catalog, and the quote provider's with an API key",
        options: [StandardOptions.format] + TableOptions.all,
        arguments: [.optional("QUERY")])

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try arguments[StandardOptions.format] ?? .table
        let query = arguments.positionals.first ?? ""
        guard query.count <= 64 else { throw CLIError.usage("the query is \(query.count) characters; at most 64 are searched.") }
        let result = try search().search(query)
        var report = Report(columns: [.init(title: "SYMBOL", key: "symbol", alignment: .left), .init(title: "NAME", key: "name", alignment: .left)])
        report.rows = result.stocks.map { [.text($0.symbol), .text($0.name)] }
        if let failure = result.remoteFailure {
            io.console.writeNotice("invest: warning: the quote provider's search failed (\(DeskPresentation.describe(failure))); showing the built-in catalog only.\n")
        }
        if format == .table, report.rows.isEmpty { return io.console.write("No stock matches '\(query.escapedForTerminal)'.\n") }
        io.console.write(report.render(format, style: try io.tableStyle(arguments, for: report)))
    }
}

/// `invest stock view TICKER`: everything about one stock, as a stock's detail page shows it.
struct StockCommand: Command {
    let search: () throws -> StocksSearching
    let prices: () throws -> (PriceLoader, PriceMode)
    let transactions: () throws -> TransactionsRetrieving
    let watchlist: () throws -> WatchlistManaging
    let alerts: () throws -> AlertsManaging
    let spec = CommandSpec(
        name: "stock view", summary: "Show one stock: name, price, the day's change and range, your position, watch and alerts",
        options: [Self.format], arguments: [.required("TICKER", completes: .ticker)])
    static let format = CommandSpec.Value<OutputFormat>.format("Output format (default: table; csv: one field,value row per fact)")

    static let legacySpellings = [LegacySpelling(old: ["stocks"], new: ["stock", "search"]),
                                  LegacySpelling(old: ["stock"], new: ["stock", "view"], onlyBeforeAnArgument: true)]

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try arguments[Self.format] ?? .table
        guard let ticker = TransactionValidator.normalizedTicker(arguments.positionals[0]) else {
            throw CLIError.usage("'\(arguments.positionals[0].escapedForTerminal)' is not a ticker symbol (e.g. AAPL, BRK.B).")
        }
        let (loader, mode) = try prices()
        let loaded: LoadedPrice?
        var problem: PriceLoadingError?
        do throws(PriceLoadingError) {
            loaded = try loader.loadPrice(for: ticker)
        } catch {
            loaded = nil
            problem = error
        }
        let name = StockCatalog.names[ticker] ?? (try? search().search(ticker))?.stocks.first { $0.symbol == ticker }?.name
        // The position from this ticker's history and the one price just loaded: no other ticker is fetched.
        let history: [Transaction]
        do { history = try transactions().retrieve(TransactionFilter(ticker: ticker), order: .unspecified) } catch { throw TransactionPresentation.error(error) }
        // A symbol nobody lists is still shown when it is yours (a fund priced by hand, say).
        if problem == .unknownSymbol, name == nil, history.isEmpty {
            throw CLIError.usage("no stock has the symbol \(ticker); search with 'invest stock search \(ticker)'.")
        }
        let holding = PortfolioCalculator.summarize(history, prices: loaded.map { [ticker: $0] } ?? [:]).holdings.first
        let watch = try DeskPresentation.watchlist(watchlist).first { $0.ticker == ticker }
        let alerts = try DeskPresentation.alerts(alerts).filter { $0.ticker == ticker }
        let presenter = DeskPresentation(now: io.now, localTime: io.localTime)
        let price = loaded?.price
        let change = price?.dayChange
        func exact(_ value: FixedDecimal?) -> JSONValue { .text(value?.description) }
        let document = JSONValue.object([
                ("ticker", .string(ticker)), ("name", .text(name)), ("price", exact(price?.price)),
                ("priceSource", .text(loaded.map { PricePresentation.sourceName($0.source) })), ("priceProblem", .text(problem?.userMessage)),
                ("change", exact(change)), ("changePercent", exact(price?.dayChangePercent)), ("open", exact(price?.open)), ("high", exact(price?.high)),
                ("low", exact(price?.low)), ("previousClose", exact(price?.previousClose)),
                ("quantity", exact(holding?.quantity)), ("value", exact(holding?.value)), ("profit", exact(holding?.profit)),
                ("watched", .bool(watch != nil)), ("target", exact(watch?.target)),
                ("alerts", .array(alerts.map { .string(presenter.alertSummary($0)) })),
            ])
        switch format {
        case .json:
            io.console.write(document.rendered())
        case .csv:
            guard case let .object(members) = document else { return }
            var report = Report(columns: [.init(title: "FIELD", key: "field", alignment: .left), .init(title: "VALUE", key: "value", alignment: .left)])
            report.rows = members.map { [.text($0.0), .text(Self.plain($0.1))] }
            io.console.write(report.render(.csv, colors: false))
        case .table:
            var lines = ["\(ticker)" + (name.map { "  \($0.escapedForTerminal)" } ?? "")]
            if let price, let change {
                let arrow = change.isNegative ? "↓" : (change.isZero ? "" : "↑")
                lines.append("Price       \(price.price.formatted(fractionDigits: 2))  \(arrow) \(Formatted.signedMoney(change))"
                    + (price.dayChangePercent.map { " (\(Formatted.percent($0)))" } ?? "") + "  [\(PricePresentation(now: io.now).source(loaded))]")
                lines.append("Open \(Formatted.money(price.open).orDash)  High \(Formatted.money(price.high).orDash)  Low \(Formatted.money(price.low).orDash)  "
                    + "Previous close \(price.previousClose.formatted(fractionDigits: 2))")
            } else {
                lines.append("Price       unavailable: \(problem?.userMessage ?? "not loaded")")
            }
            if let holding {
                lines.append("Position    \(holding.quantity) shares, value \(Formatted.money(holding.value).orDash), profit "
                    + (holding.profit.map(Formatted.signedMoney) ?? "—"))
            } else {
                lines.append("Position    none")
            }
            lines.append("Watching    " + (watch.map { $0.target.map { "yes, target \($0.formatted(fractionDigits: 2))" } ?? "yes" } ?? "no"))
            lines.append("Alerts      " + (alerts.isEmpty ? "none" : alerts.map(presenter.alertSummary).joined(separator: "; ")))
            io.console.write(lines.joined(separator: "\n") + "\n")
        }
        if mode == .sample { io.console.writeNotice("invest: warning: \(RemoteServices.samplePricesWarning)\n") }
    }
}

extension StockCommand {
    /// A JSON value as one CSV cell: null is empty, a list is joined with "; ".
    static func plain(_ value: JSONValue) -> String? {
        switch value {
        case let .string(text), let .number(text): return text
        case let .bool(flag): return flag ? "true" : "false"
        case let .array(items): return items.compactMap(plain).joined(separator: "; ")
        case .null, .object: return nil
        }
    }
}

private extension String {
    var orDash: String { isEmpty ? "—" : self }
}
