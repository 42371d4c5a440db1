import Foundation
import TerminalKit
import ClientComposition
import FixedPoint
import OptionsJournal

/// How the journal's figures are laid out and worded.
enum JournalPresentation {
    static func tradesReport(_ trades: [JournalTrade], annotations: JournalAnnotations) -> Report {
        var report = Report(columns: [
            .init(title: "ID", key: "id", alignment: .left),
            .init(title: "DATE", key: "tradeDate", alignment: .left), .init(title: "TICKER", key: "symbol", alignment: .left),
            .init(title: "INSTRUMENT", key: "instrument", alignment: .left), .init(title: "SIDE", key: "direction", alignment: .left),
            .init(title: "QTY", key: "volume", alignment: .right), .init(title: "NET P&L", key: "profitLoss", alignment: .right),
            .init(title: "NET ROI", key: "netROI", alignment: .right), .init(title: "KEY", key: "key", alignment: .left, visibility: .machineOnly),
            .init(title: "COST", key: "buyCost", alignment: .right, visibility: .wide), .init(title: "PROCEEDS", key: "sellProceeds", alignment: .right, visibility: .wide),
            .init(title: "FEES", key: "fees", alignment: .right, visibility: .wide),
            .init(title: "SETUPS", key: "setups", alignment: .left, visibility: .wide), .init(title: "MISTAKES", key: "mistakes", alignment: .left, visibility: .wide),
            .init(title: "RATING", key: "rating", alignment: .right, visibility: .wide),
        ])
        report.rows = trades.sorted { $0.firstExecTime > $1.firstExecTime }.map { trade in
            let rating = annotations.ratings[trade.key]
            return [.text(trade.shortID), .text(trade.tradeDate), .text(trade.symbol), .text(instrument(trade)), .text(trade.direction.rawValue), .decimal(trade.volume),
                    .profit(trade.profitLoss), .profitPercent(trade.netROI), .text(trade.key), .money(trade.buyCost), .money(trade.sellProceeds), .money(trade.fees),
                    .text(rating?.setups.joined(separator: ", ")), .text(rating?.mistakes.joined(separator: ", ")), rating.map { .decimal($0.rating) } ?? .text(nil)]
        }
        return report
    }

    /// `Expiration Strike Type`, the expiration in the statement's words.
    static func instrument(_ trade: JournalTrade) -> String {
        trade.type == "CALL" || trade.type == "PUT" ? "\(expirationLabel(trade.expiration)) \(trade.strike) \(trade.type)" : trade.type
    }

    /// `3 JUL 25` for the `3 7 2025` the web app keeps; any other text as it is.
    static func expirationLabel(_ kept: String) -> String { WebAppSpreadsheet.statementExpiration(kept) ?? kept }

    static func dayReport(_ trades: [JournalTrade], localTime: LocalTime) -> Report {
        var report = Report(columns: [
            .init(title: "OPENED", key: "openedAt", alignment: .left), .init(title: "TICKER", key: "symbol", alignment: .left),
            .init(title: "INSTRUMENT", key: "instrument", alignment: .left), .init(title: "NET P&L", key: "profitLoss", alignment: .right),
            .init(title: "NET ROI", key: "netROI", alignment: .right), .init(title: "KEY", key: "key", alignment: .left, visibility: .machineOnly),
        ])
        report.rows = trades.map { trade in
            [.time(trade.firstExecTime, shown: String(localTime.dateAndTime(trade.firstExecTime).suffix(5))), .text(trade.symbol), .text(instrument(trade)),
             .profit(trade.profitLoss), .profitPercent(trade.netROI), .text(trade.key)]
        }
        return report
    }

    static func daysReport(_ days: [DayStats]) -> Report {
        var report = Report(columns: [
            .init(title: "DATE", key: "date", alignment: .left), .init(title: "TRADES", key: "trades", alignment: .right),
            .init(title: "WIN", key: "winners", alignment: .right), .init(title: "LOSS", key: "losers", alignment: .right),
            .init(title: "GROSS P&L", key: "grossProfitLoss", alignment: .right), .init(title: "VOLUME", key: "volume", alignment: .right),
            .init(title: "PROFIT FACTOR", key: "profitFactor", alignment: .right),
        ])
        report.rows = days.map { day in
            [.text(day.date), .count(day.trades), .count(day.winners), .count(day.losers), .profit(day.grossProfitLoss), .decimal(day.volume),
             .decimal(day.profitFactor, shown: day.profitFactor.map { $0.formatted(fractionDigits: 2) } ?? "—")]
        }
        return report
    }

    /// Every execution with its id, oldest first: what `journal remove` takes.
    static func executionsReport(_ executions: [Execution], localTime: LocalTime) -> Report {
        var report = Report(columns: [
            .init(title: "ID", key: "id", alignment: .left), .init(title: "TIME", key: "execTime", alignment: .left),
            .init(title: "SIDE", key: "side", alignment: .left), .init(title: "QTY", key: "quantity", alignment: .right),
            .init(title: "CONTRACT", key: "contract", alignment: .left), .init(title: "TYPE", key: "type", alignment: .left),
            .init(title: "EFFECT", key: "effect", alignment: .left), .init(title: "PRICE", key: "price", alignment: .right),
            .init(title: "FEES", key: "fees", alignment: .right, visibility: .wide),
        ])
        report.rows = executions.sorted { ($0.execTime, $0.id) < ($1.execTime, $1.id) }.map { fill in
            [Cell(shown: String(fill.id.dropFirst(5).prefix(8)), value: .string(fill.id)), .time(fill.execTime, shown: localTime.dateAndTime(fill.execTime)),
             .text(fill.side.rawValue), .decimal(fill.quantity), .text(fill.contractKey), .text(fill.type), .text(fill.positionEffect.rawValue),
             .decimal(fill.price), .decimal(fill.fees)]
        }
        return report
    }

    static func openReport(_ positions: [OpenPosition]) -> Report {
        var report = Report(columns: [
            .init(title: "CONTRACT", key: "contract", alignment: .left), .init(title: "SIDE", key: "direction", alignment: .left),
            .init(title: "QTY", key: "quantity", alignment: .right), .init(title: "OPENED", key: "openedAt", alignment: .left),
        ])
        report.rows = positions.map { [.text($0.contractKey), .text($0.direction.rawValue), .decimal($0.quantity), .time($0.openedAt, shown: Timestamp.iso8601($0.openedAt))] }
        return report
    }

    /// The dashboard as one row of named figures.
    static func dashboardReport(_ dashboard: JournalDashboard) -> (titles: [String], keys: [String], row: [Cell]) {
        let factor: Cell
        switch dashboard.profitFactor {
        case .infinite: factor = Cell(shown: "∞", value: .string("Infinity"))
        case let .ratio(value): factor = .decimal(value, shown: value.formatted(fractionDigits: 2))
        }
        let rows: [(String, String, Cell)] = [
            ("Trades", "trades", .count(dashboard.trades)), ("Net P&L", "netProfitLoss", .profit(dashboard.netProfitLoss)),
            ("Profit factor", "profitFactor", factor), ("Win rate", "winRate", .percent(dashboard.winRate)),
            ("Expectancy", "expectancy", .profit(dashboard.expectancy)), ("Average win", "averageWin", .money(dashboard.averageWin)),
            ("Average loss", "averageLoss", .money(dashboard.averageLoss)), ("Largest win", "largestWin", .money(dashboard.largestWin)),
            ("Largest loss", "largestLoss", .money(dashboard.largestLoss)),
        ]
        return (rows.map(\.0), rows.map(\.1), rows.map(\.2))
    }

    /// The cumulative P&L points, each green, or red when below 0 (the web app's segment colours).
    static func cumulativeLine(_ points: [FixedDecimal], colors: Bool) -> String {
        points.map { point in
            let text = Formatted.signedMoney(point)
            guard colors else { return text }
            return (point.isNegative ? "\u{1B}[31m" : "\u{1B}[32m") + text + "\u{1B}[0m"
        }.joined(separator: " → ")
    }

    static func error(_ error: JournalError) -> CLIError {
        switch error {
        case let .store(error): return .runtime(error.userMessage)
        case let .unreadable(error): return .runtime(error.userMessage)
        case let .invalidTag(name): return .usage("'\(name.escapedForTerminal)' is not a tag name: use 1–40 characters, no control characters or outer spaces.")
        case let .unknownTag(name, list): return .usage("there is no \(list.rawValue) tag '\(name.escapedForTerminal)'; 'invest journal tags' lists them.")
        case let .invalidRating(rating): return .usage("\(rating) is not a rating: use 0 to 5, in half stars (3.5).")
        case .noteTooLong: return .usage("a note is at most 100 KB.")
        case let .noSuchTrade(reference): return .usage("no trade has the id or key '\(reference.escapedForTerminal)'; 'invest journal trades' shows them.")
        case let .noSuchExecution(reference):
            return .usage("no execution id starts with '\(reference.escapedForTerminal)'; 'invest journal executions' lists them.")
        case let .ambiguousExecution(reference, matches):
            return .usage("'\(reference.escapedForTerminal)' starts \(matches) execution ids; give more of the id.")
        case let .ambiguousTrade(reference, matches): return .usage("'\(reference.escapedForTerminal)' fits \(matches) trades; give more of the id.")
        case .nothingToChange: return .usage("give --setup, --mistake or --rating: what should the trade be tagged with?")
        }
    }

    /// The day's summary, as plain lines to paste.
    static func shareLines(_ day: DayStats, trades: [JournalTrade]) -> [String] {
        let factor = day.profitFactor.map { $0.formatted(fractionDigits: 2) } ?? "—"
        return ["Trading day \(day.date)",
                "Net P&L \(Formatted.signedMoney(day.grossProfitLoss)) · \(Plural.count(day.trades, "trade")) · \(day.winners) won, \(day.losers) lost · profit factor \(factor) · volume \(day.volume)"]
            + trades.map { "\($0.symbol) \(instrument($0))  \(Formatted.signedMoney($0.profitLoss)) (\(Formatted.signedMoney($0.netROI))%)".escapedForTerminal }
    }

    /// The day as an SVG: its lines of text, then the cumulative P&L from 0, each segment red when
    /// it ends below 0 and green otherwise (the web app's colours). Whole pixels from exact values.
    static func shareSVG(lines: [String], points: [FixedDecimal]) -> String {
        let width = 640, top = 30 + lines.count * 22, chartHeight = 200, height = top + chartHeight + 30
        let low = min(points.min() ?? .zero, .zero), high = max(points.max() ?? .zero, .zero)
        let span = high - low
        func x(_ index: Int) -> Int { 40 + (points.count > 1 ? index * (width - 80) / (points.count - 1) : 0) }
        func y(_ value: FixedDecimal) -> Int { top + chartHeight - (span.isZero ? chartHeight / 2 : Int((value - low).units * Int128(chartHeight) / span.units)) }
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" font-family=\"sans-serif\" font-size=\"14\">\n"
            + "<rect width=\"\(width)\" height=\"\(height)\" fill=\"white\"/>\n"
        for (index, line) in lines.enumerated() {
            svg += "<text x=\"20\" y=\"\(30 + index * 22)\"\(index == 0 ? " font-weight=\"bold\"" : "")>\(SVGChart.escaped(line))</text>\n"
        }
        svg += "<line x1=\"40\" y1=\"\(y(.zero))\" x2=\"\(width - 40)\" y2=\"\(y(.zero))\" stroke=\"#999\" stroke-dasharray=\"4 4\"/>\n"
        for index in points.indices.dropFirst() {
            let colour = points[index].isNegative ? "#d93025" : "#188038"
            svg += "<line class=\"segment\" x1=\"\(x(index - 1))\" y1=\"\(y(points[index - 1]))\" x2=\"\(x(index))\" y2=\"\(y(points[index]))\" stroke=\"\(colour)\" stroke-width=\"3\"/>\n"
        }
        return svg + "</svg>\n"
    }
}
