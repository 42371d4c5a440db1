import Foundation
import TerminalKit
import ClientComposition
import FixedPoint
import CurrentPrices
import Portfolio

/// How prices and portfolios are shown: money with 2 decimals, percentages with 2, ages in words.
struct PricePresentation {
    let now: Date

    /// One row per holding. The table's default columns fit 80 characters; `--wide` shows all,
    /// and with holdings in other currencies, how much of each unrealized profit the price made
    /// and how much the currency.
    func portfolioReport(_ summary: PortfolioSummary, prices: [String: Result<LoadedPrice, PriceLoadingError>],
                         currencyGains: [String: FixedDecimal] = [:]) -> Report {
        var report = Report(columns: [
            .init(title: "TICKER", key: "ticker", alignment: .left), .init(title: "QUANTITY", key: "quantity", alignment: .right),
            .init(title: "AVG COST", key: "averageCost", alignment: .right, visibility: .wide),
            .init(title: "COST BASIS", key: "costBasis", alignment: .right, visibility: .wide),
            .init(title: "PRICE", key: "price", alignment: .right), .init(title: "VALUE", key: "value", alignment: .right),
            .init(title: "UNREALIZED", key: "unrealizedProfit", alignment: .right, visibility: .wide),
            .init(title: "UNREAL %", key: "unrealizedProfitPercent", alignment: .right, visibility: .wide),
            .init(title: "REALIZED", key: "realizedProfit", alignment: .right, visibility: .wide),
            .init(title: "EXPENSES", key: "expenses", alignment: .right, visibility: .wide),
            .init(title: "INCOME", key: "income", alignment: .right, visibility: .wide),
            .init(title: "PROFIT", key: "profit", alignment: .right), .init(title: "PROFIT %", key: "profitPercent", alignment: .right),
            .init(title: "TODAY", key: "todayChange", alignment: .right, visibility: .wide),
            .init(title: "SOURCE", key: "priceSource", alignment: .left),
            .init(title: "PRICE TIME", key: "priceTime", alignment: .left, visibility: .machineOnly),
            .init(title: "PRICE PROBLEM", key: "priceProblem", alignment: .left, visibility: .machineOnly),
            .init(title: "COST UNKNOWN", key: "costUnknown", alignment: .left, visibility: .machineOnly),
        ])
        for holding in summary.holdings {
            let problem: String? = if case let .failure(error)? = prices[holding.ticker] { error.userMessage } else { nil }
            report.rows.append([.text(holding.ticker), .decimal(holding.quantity), .money(holding.averageCost), .money(holding.costBasis),
                                .money(holding.price?.price.price), .money(holding.value), .profit(holding.unrealizedProfit),
                                .profitPercent(holding.unrealizedProfitPercent), .profit(holding.realizedProfit), .money(holding.expenses),
                                .money(holding.income), .profit(holding.profit), .profitPercent(holding.profitPercent),
                                .profit(holding.todayChange), Cell(shown: source(holding.price), value: .text(holding.price.map { Self.sourceName($0.source) })),
                                .time(holding.price.map(\.price.fetchedAt), shown: ""), .text(problem),
                                Cell(shown: holding.costUnknown ? "yes" : "", value: .bool(holding.costUnknown))])
        }
        guard !currencyGains.isEmpty else { return report }
        let gains = summary.holdings.map { currencyGains[$0.ticker] }
        report.append(.init(title: "PRICE GAIN", key: "priceGain", alignment: .right, visibility: .wide),
                      cells: zip(summary.holdings, gains).map { holding, gain in .profit(gain.flatMap { gain in holding.unrealizedProfit.map { $0 - gain } }) })
        report.append(.init(title: "FX GAIN", key: "currencyGain", alignment: .right, visibility: .wide), cells: gains.map { .profit($0) })
        return report
    }

    /// `portfolio --format json`: everything the table and its summary line say, exactly.
    func portfolioDocument(_ report: PortfolioReport, holdings: Report, mode: PriceMode, costBasis: CostBasisMethod) -> JSONValue {
        JSON.document(portfolioMembers(report, holdings: holdings, mode: mode, costBasis: costBasis))
    }

    /// The document's members: `portfolio --by account` gives each account's under its name.
    func portfolioMembers(_ report: PortfolioReport, holdings: Report, mode: PriceMode, costBasis: CostBasisMethod) -> [(String, JSONValue)] {
        let summary = report.summary
        var closed = Report(columns: [
            .init(title: "TICKER", key: "ticker", alignment: .left), .init(title: "REALIZED", key: "realizedProfit", alignment: .right),
            .init(title: "EXPENSES", key: "expenses", alignment: .right), .init(title: "INCOME", key: "income", alignment: .right),
            .init(title: "PROFIT", key: "profit", alignment: .right), .init(title: "PROFIT %", key: "profitPercent", alignment: .right),
            .init(title: "COST UNKNOWN", key: "costUnknown", alignment: .left)])
        closed.rows = summary.closedPositions.map { [.text($0.ticker), .money($0.realizedProfit), .money($0.expenses), .money($0.income),
                                                     .money($0.profit), .percent($0.profitPercent), Cell(shown: "", value: .bool($0.costUnknown))] }
        func exact(_ value: FixedDecimal?) -> JSONValue { .text(value?.description) }
        return [
            ("priceMode", .string(mode.rawValue)),
            ("costBasisMethod", .string(costBasis.rawValue)),
            ("holdings", holdings.json),
            ("closedPositions", closed.json),
            ("unpricedTickers", .array(summary.unpricedTickers.map(JSONValue.string))),
            ("totals", .object([
                ("value", exact(summary.totalValue)), ("costBasis", exact(summary.totalCostBasis)),
                ("unrealizedProfit", exact(summary.totalUnrealizedProfit)), ("realizedProfit", exact(summary.totalRealizedProfit)),
                ("expenses", exact(summary.totalExpenses)), ("income", exact(summary.totalIncome)),
                ("profit", exact(summary.totalProfit)), ("profitPercent", exact(summary.totalProfitPercent)),
                ("todayChange", exact(summary.todayChange)),
                ("cash", exact(report.cash)), ("valueWithCash", exact(report.valueWithCash)),
            ] + (report.currencyGains.isEmpty ? [] : [("priceGain", exact(summary.totalUnrealizedProfit - report.totalCurrencyGain)),
                                                       ("currencyGain", exact(report.totalCurrencyGain))]))),
        ]
    }

    static func sourceName(_ source: PriceSource) -> String {
        switch source {
        case .live: return "live"
        case .cached: return "cached"
        case .sample: return "sample"
        case .manual: return "manual"
        case .keptClose: return "close"
        }
    }

    func summaryLine(_ summary: PortfolioSummary, colors: Bool) -> String {
        func painted(_ value: FixedDecimal, _ text: String) -> String {
            guard colors, !value.isZero else { return text }
            return (value.isNegative ? "\u{1B}[31m" : "\u{1B}[32m") + text + "\u{1B}[0m"
        }
        var text = "\nTotal value \(money(summary.totalValue))  cost basis \(money(summary.totalCostBasis))  "
            + "profit " + painted(summary.totalProfit, signed(summary.totalProfit) + (summary.totalProfitPercent.map { " (\(percent($0)))" } ?? "")) + "\n"
            + "Today's change " + painted(summary.todayChange, signed(summary.todayChange)) + "\n"
        if !summary.closedPositions.isEmpty {
            text += "Includes realized profit of sold-out \(Plural.brief(summary.closedPositions.map(\.ticker))).\n"
        }
        if !summary.unpricedTickers.isEmpty {
            text += "Not valued (price unavailable): \(Plural.brief(summary.unpricedTickers)); left out of the totals.\n"
        }
        text += Self.costUnknownNote((summary.holdings + summary.closedPositions).filter(\.costUnknown).map(\.ticker))
        return text
    }

    /// Holdings with shares of an opening whose cost isn't set, and how to set it.
    /// - Parameter sold: whether the tickers' sells are meant (`gains`), not what is held.
    static func costUnknownNote(_ tickers: [String], sold: Bool = false) -> String {
        guard !tickers.isEmpty else { return "" }
        let tickers = tickers.sorted()
        let ticker = tickers.count == 1 ? tickers[0].shellQuoted : "TICKER", names = Plural.brief(tickers).escapedForTerminal
        let what = sold ? "sells of \(names) took shares from before an imported history began; their gains leave that cost out"
            : "the profit of \(names) count\(tickers.count == 1 ? "s" : "") shares held before an imported history began at no cost"
        return "Cost unknown: \(what). Set it: invest list --ticker \(ticker) --type buy, then invest edit ID --sum COST.\n"
    }

    /// The totals above are the holdings'; with cash tracked, what it adds; with holdings in other
    /// currencies, how much of the unrealized profit the currencies made.
    func cashLine(_ report: PortfolioReport) -> String {
        let split = report.currencyGains.isEmpty ? "" : "Unrealized profit from prices \(signed(report.summary.totalUnrealizedProfit - report.totalCurrencyGain)), "
            + "from currencies \(signed(report.totalCurrencyGain))\n"
        guard let cash = report.cash, let total = report.valueWithCash else { return split }
        return split + "Cash \(money(cash)); holdings and cash \(money(total))\n"
    }

    func warnings(mode: PriceMode, results: PriceResults) -> [String] {
        var warnings: [String] = []
        // Said while a sample price is shown, or one is missing; not when every price is real.
        let allReal = results.values.allSatisfy { (try? $0.get()).map { $0.source != .sample } ?? false }
        if mode == .sample, !allReal { warnings.append(RemoteServices.samplePricesWarning) }
        let cached = results.values.compactMap { try? $0.get() }.filter { $0.source == .cached }
        if !cached.isEmpty, mode != .offline {
            warnings.append("prices for \(Plural.brief(cached.map(\.price.ticker).sorted())) are cached, not live; their age is shown.")
        }
        var failures: [String: [String]] = [:]
        for (ticker, result) in results { if case let .failure(error) = result { failures[error.userMessage, default: []].append(ticker) } }
        for (reason, tickers) in failures.sorted(by: { $0.key < $1.key }) {
            warnings.append("no price for \(Plural.brief(tickers.sorted())): \(reason).")
        }
        return warnings
    }

    /// A price is as the service quotes it; with `units` (a security's, such as `GBp`), its unit is
    /// shown beside it, so 72.50 in pence is never read as pounds.
    func quoteReport(tickers: [String], results: [String: Result<LoadedPrice, PriceLoadingError>], units: [String: String] = [:]) -> Report {
        var report = Report(columns: [
            .init(title: "TICKER", key: "ticker", alignment: .left), .init(title: "PRICE", key: "price", alignment: .right),
            .init(title: "CHANGE", key: "change", alignment: .right), .init(title: "CHANGE %", key: "changePercent", alignment: .right),
            .init(title: "", key: "direction", alignment: .left), .init(title: "SOURCE", key: "priceSource", alignment: .left),
            .init(title: "PRICE TIME", key: "priceTime", alignment: .left, visibility: .machineOnly),
            .init(title: "PRICE PROBLEM", key: "priceProblem", alignment: .left, visibility: .machineOnly),
        ])
        for ticker in tickers {
            switch results[ticker] {
            case let .success(loaded)?:
                let change = loaded.price.dayChange
                let direction = change.isNegative ? "down" : (change.isZero ? "unchanged" : "up")
                let price = loaded.price.price
                report.rows.append([.text(ticker), units[ticker].map { .decimal(price, shown: "\(Formatted.money(price)) \($0)") } ?? .money(price),
                                    .profit(change, shown: signed(change)),
                                    .profitPercent(loaded.price.dayChangePercent),
                                    Cell(shown: change.isNegative ? "↓" : (change.isZero ? "" : "↑"), value: .string(direction)),
                                    Cell(shown: source(loaded), value: .string(Self.sourceName(loaded.source))),
                                    .time(loaded.price.fetchedAt, shown: ""), .text(nil)])
            case let failure:
                let problem: String = if case let .failure(error)? = failure { error.userMessage } else { "not loaded" }
                report.rows.append([.text(ticker), .text(nil), .text(nil), .text(nil), .text(nil),
                                    Cell(shown: "unavailable: \(problem)", value: .null), .time(nil, shown: ""), .text(problem)])
            }
        }
        if tickers.contains(where: { units[$0] != nil }) {
            report.append(.init(title: "UNIT", key: "unit", alignment: .left, visibility: .machineOnly), cells: report.rows.map { .text(units[$0[0].shown]) })
        }
        return report
    }

    func source(_ loaded: LoadedPrice?) -> String {
        guard let loaded else { return "price unavailable" }
        switch loaded.source {
        case .live: return "live"
        case .sample: return "sample prices"
        case .manual: return "manual \(Timestamp.iso8601(loaded.price.quoteTime).prefix(10))"
        case .keptClose: return "close \(Timestamp.iso8601(loaded.price.quoteTime).prefix(10))"
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
