import Foundation
import TerminalKit
import ClientComposition
import FixedPoint
import Transactions
import Analytics
import Ledger

/// The TREND column of the portfolio and the watchlist: a sparkline of each ticker's last 30
/// days of closes, from wherever `invest chart` takes them.
struct Trends {
    static let days = 30

    let history: () throws -> TickerHistoryLoading

    /// Adds the column to `report`, whose rows are `tickers` in order; says once, on stderr,
    /// why closes could not be fetched. Never stops the command it decorates.
    func add(to report: inout Report, tickers: [String], today: CalendarDay, io: CommandIO) {
        var histories: [String: TickerHistory] = [:]
        do {
            histories = try history().histories(of: tickers, from: today.adding(days: -Self.days), to: today)
        } catch let error as PriceHistoryError {
            io.console.writeNotice("invest: warning: no trends: \(AnalyticsPresentation.cliError(error).message ?? "")\n")
        } catch {
            io.console.writeNotice("invest: warning: no trends: \((error as? CLIError)?.message ?? "\(error)")\n")
        }
        if let problem = histories.values.compactMap(\.providerFailure).first {
            io.console.writeNotice("invest: warning: trends show only the closes kept here. \(AnalyticsPresentation.candlesProblem(problem))\n")
        }
        if histories.values.contains(where: { $0.source == .sample }) {
            io.console.writeNotice("invest: note: trends of sample stocks are a sample history, not market data.\n")
        }
        report.append(.init(title: "TREND (\(Self.days)D)", key: "trend", alignment: .left), cells: tickers.map { ticker in
            let closes = histories[ticker]?.closes.map(\.close) ?? []
            return Cell(shown: Sparkline.render(closes), value: .array(closes.map { .string($0.description) }))
        })
    }
}
