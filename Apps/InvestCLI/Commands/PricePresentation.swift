import Foundation
import AppSupport
import FixedPoint
import CurrentPrices
import Portfolio

/// How prices and portfolios are shown: money with 2 decimals, percentages with 2, ages in words.
struct PricePresentation {
    let now: Date

    func portfolioReport(_ summary: PortfolioSummary) -> Report {
        var report = Report(columns: [
            .init(title: "TICKER", key: "ticker", alignment: .left), .init(title: "QUANTITY", key: "quantity", alignment: .right),
            .init(title: "AVG COST", key: "averageCost", alignment: .right), .init(title: "COST BASIS", key: "costBasis", alignment: .right),
            .init(title: "PRICE", key: "price", alignment: .right), .init(title: "VALUE", key: "value", alignment: .right),
            .init(title: "UNREALIZED", key: "unrealizedProfit", alignment: .right), .init(title: "UNREAL %", key: "unrealizedProfitPercent", alignment: .right),
            .init(title: "REALIZED", key: "realizedProfit", alignment: .right), .init(title: "EXPENSES", key: "expenses", alignment: .right),
            .init(title: "INCOME", key: "income", alignment: .right), .init(title: "PROFIT", key: "profit", alignment: .right),
            .init(title: "PROFIT %", key: "profitPercent", alignment: .right), .init(title: "SOURCE", key: "source", alignment: .left),
        ])
        for holding in summary.holdings {
            report.rows.append([holding.ticker, holding.quantity.description, money(holding.averageCost), money(holding.costBasis),
                                money(holding.price?.price.price), money(holding.value), money(holding.unrealizedProfit),
                                percent(holding.unrealizedProfitPercent), money(holding.realizedProfit), money(holding.expenses),
                                money(holding.income), money(holding.profit), percent(holding.profitPercent), source(holding.price)])
        }
        return report
    }

    func summaryLine(_ summary: PortfolioSummary) -> String {
        var text = "\nTotal value \(money(summary.totalValue))  cost basis \(money(summary.totalCostBasis))  "
            + "profit \(signed(summary.totalProfit)) (\(percent(summary.totalProfitPercent)))  today \(signed(summary.todayChange))\n"
        if !summary.closedPositions.isEmpty {
            text += "Includes realized profit of sold-out \(summary.closedPositions.map(\.ticker).joined(separator: ", ")).\n"
        }
        if !summary.unpricedTickers.isEmpty {
            text += "Not valued (price unavailable): \(summary.unpricedTickers.joined(separator: ", ")); left out of the totals.\n"
        }
        return text
    }

    func warnings(mode: PriceMode, results: [String: Result<LoadedPrice, PriceLoadingError>], summary: PortfolioSummary) -> [String] {
        var warnings: [String] = []
        if mode == .sample { warnings.append(RemoteServices.samplePricesWarning) }
        let cached = results.values.compactMap { try? $0.get() }.filter { $0.source == .cached }
        if !cached.isEmpty, mode != .offline {
            warnings.append("prices for \(cached.map(\.price.ticker).sorted().joined(separator: ", ")) are cached, not live; their age is shown.")
        }
        var failures: [String: [String]] = [:]
        for (ticker, result) in results { if case let .failure(error) = result { failures[error.userMessage, default: []].append(ticker) } }
        for (reason, tickers) in failures.sorted(by: { $0.key < $1.key }) {
            warnings.append("no price for \(tickers.sorted().joined(separator: ", ")): \(reason).")
        }
        return warnings
    }

    func quoteReport(tickers: [String], results: [String: Result<LoadedPrice, PriceLoadingError>]) -> Report {
        var report = Report(columns: [
            .init(title: "TICKER", key: "ticker", alignment: .left), .init(title: "PRICE", key: "price", alignment: .right),
            .init(title: "CHANGE", key: "change", alignment: .right), .init(title: "CHANGE %", key: "changePercent", alignment: .right),
            .init(title: "", key: "direction", alignment: .left), .init(title: "SOURCE", key: "source", alignment: .left),
        ])
        for ticker in tickers {
            switch results[ticker] {
            case let .success(loaded)?:
                let change = loaded.price.change ?? (loaded.price.price - loaded.price.previousClose)
                report.rows.append([ticker, money(loaded.price.price), signed(change), percent(loaded.price.changePercent),
                                    change.isNegative ? "↓" : (change.isZero ? "" : "↑"), source(loaded)])
            case let .failure(error)?:
                report.rows.append([ticker, "", "", "", "", "unavailable: \(error.userMessage)"])
            case nil:
                report.rows.append([ticker, "", "", "", "", "unavailable"])
            }
        }
        return report
    }

    func source(_ loaded: LoadedPrice?) -> String {
        guard let loaded else { return "price unavailable" }
        switch loaded.source {
        case .live: return "live"
        case .sample: return "sample prices"
        case .cached: return "cached \(age(since: loaded.price.fetchedAt)) ago"
        }
    }

    func age(since date: Date) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        switch seconds {
        case ..<60: return "\(seconds)s"
        case ..<3_600: return "\(seconds / 60)m"
        case ..<86_400: return "\(seconds / 3_600)h"
        default: return "\(seconds / 86_400)d"
        }
    }

    func money(_ value: FixedDecimal?) -> String { Formatted.money(value) }
    func signed(_ value: FixedDecimal) -> String { Formatted.signedMoney(value) }
    func percent(_ value: FixedDecimal?) -> String { Formatted.percent(value) }
}
