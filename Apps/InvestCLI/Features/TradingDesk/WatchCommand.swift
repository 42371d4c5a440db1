import TerminalKit
import ClientComposition
import FixedPoint
import CurrentPrices
import Portfolio
import Transactions
import TradingDesk

/// `invest watch [list|add|remove]`: stocks followed without owning them, with a target price.
struct WatchCommands {
    let watchlist: () throws -> WatchlistManaging
    let prices: (_ offline: Bool) throws -> (PricesLoading, PriceMode)
    let transactions: () throws -> TransactionsRetrieving
    let trends: Trends

    enum Sort: String, CaseIterable, Sendable { case added, distance, change, ticker }

    private static let sort = CommandSpec.Value<Sort>.choice("sort", "Order (default: added, the order you added them)")
    private static let target = CommandSpec.Value<String>("target", "PRICE", "The price you wait for (kept when left out, cleared by \"\")")
    private static let note = CommandSpec.Value<String>("note", "TEXT", "Why you watch it (kept when left out, cleared by \"\")")

    var group: CommandGroup {
        CommandGroup("watch", summary: "Watch stocks: price, change, distance to a target price, what you hold, and a 30-day sparkline", default: "list", [
            Subcommand(CommandSpec(name: "watch list", summary: "Show the watchlist",
                                   options: [Self.sort, StandardOptions.offline,
                                             StandardOptions.format] + TableOptions.all), list),
            Subcommand(CommandSpec(name: "watch add", summary: "Watch a stock",
                                   options: [Self.target, Self.note],
                                   arguments: [.required("TICKER", completes: .ticker)]), add),
            Subcommand(CommandSpec(name: "watch remove", summary: "Stop watching a stock", options: [], arguments: [.required("TICKER", completes: .ticker)]),
                       remove),
        ])
    }

    private func add(_ arguments: ParsedArguments, io: CommandIO) throws {
        let watchlist = try watchlist(), target = try arguments[Self.target], note = try arguments[Self.note]
        let watch = try DeskPresentation.watching { () throws(WatchlistError) in
            try watchlist.add(ticker: arguments.positionals[0], target: target, note: note)
        }
        io.console.write("Watching \(watch.ticker)" + (watch.target.map { ", target \($0.formatted(fractionDigits: 2))" } ?? "") + ".\n")
    }

    private func remove(_ arguments: ParsedArguments, io: CommandIO) throws {
        let watchlist = try watchlist(), ticker = arguments.positionals[0]
        try DeskPresentation.watching { () throws(WatchlistError) in try watchlist.remove(ticker: ticker) }
        io.console.write("No longer watching \(ticker.uppercased().escapedForTerminal).\n")
    }

    private func list(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try arguments[StandardOptions.format] ?? .table
        let sort = try arguments[Self.sort] ?? .added
        let watches = try DeskPresentation.watchlist(watchlist)
        if format == .table, watches.isEmpty { return io.console.write("Your watchlist is empty. Add a stock with 'invest watch add TICKER'.\n") }
        let (loader, mode) = try prices(arguments[StandardOptions.offline])
        let results = watches.isEmpty ? [:] : loader.loadPrices(for: watches.map(\.ticker))
        let history = try TransactionPresentation.all(from: transactions(), order: .unspecified)
        let positions = PortfolioCalculator.positions(of: history)
        let rows = watches.map { watch in
            let held = positions.quantity(of: watch.ticker)
            return WatchRow(watch: watch, price: try? results[watch.ticker]?.get(), held: held.isZero ? nil : held)
        }
        let sorted: [WatchRow]
        switch sort {
        case .ticker: sorted = rows.sorted { $0.watch.ticker < $1.watch.ticker }
        case .distance: sorted = rows.sorted { ($0.distance.map(abs) ?? FixedDecimal(units: .max), $0.watch.ticker) < ($1.distance.map(abs) ?? FixedDecimal(units: .max), $1.watch.ticker) }
        case .change: sorted = rows.sorted { ($0.changePercent ?? FixedDecimal(units: .min), $1.watch.ticker) > ($1.changePercent ?? FixedDecimal(units: .min), $0.watch.ticker) }
        case .added: sorted = rows
        }
        let presenter = PricePresentation(now: io.now)
        var report = Report(columns: [
            .init(title: "TICKER", key: "ticker", alignment: .left), .init(title: "PRICE", key: "price", alignment: .right),
            .init(title: "CHANGE %", key: "changePercent", alignment: .right), .init(title: "", key: "direction", alignment: .left),
            .init(title: "TARGET", key: "target", alignment: .right), .init(title: "TO TARGET", key: "distancePercent", alignment: .right),
            .init(title: "HELD", key: "held", alignment: .right), .init(title: "SOURCE", key: "priceSource", alignment: .left),
            .init(title: "NOTE", key: "note", alignment: .left, visibility: .wide)])
        report.rows = sorted.map { row in
            let change = row.changePercent
            return [.text(row.watch.ticker), .money(row.price?.price.price), .profitPercent(change),
                    Cell(shown: change.map { $0.isNegative ? "↓" : ($0.isZero ? "" : "↑") } ?? "",
                         value: .text(change.map { $0.isNegative ? "down" : ($0.isZero ? "unchanged" : "up") })),
                    .money(row.watch.target), .percent(row.distance), .decimal(row.held), Cell(shown: row.price.map { presenter.source($0) } ?? "unavailable", value: .text(row.price.map { PricePresentation.sourceName($0.source) })),
                    .text(row.watch.note)]
        }
        trends.add(to: &report, tickers: sorted.map(\.watch.ticker), today: io.today, io: io)
        io.console.write(report.render(format, style: try io.tableStyle(arguments, for: report)))
        for warning in presenter.warnings(mode: mode, results: results) { io.console.writeNotice("invest: warning: \(warning)\n") }
    }

    private struct WatchRow {
        let watch: Watch
        let price: LoadedPrice?
        let held: FixedDecimal?

        var changePercent: FixedDecimal? {
            price?.price.dayChangePercent
        }

        /// How far the price has to move to reach the target, in % of the price: negative when it must fall.
        var distance: FixedDecimal? {
            guard let target = watch.target, let price else { return nil }
            return (target - price.price.price).scaled(by: 100, over: price.price.price)?.rounded(toFractionDigits: 2)
        }
    }
}

private func abs(_ value: FixedDecimal) -> FixedDecimal { value.isNegative ? -value : value }
