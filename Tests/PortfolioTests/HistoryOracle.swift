import FixedPoint
import Transactions
import CurrentPrices
import Currencies
import Portfolio

/// The portfolio and the gains worked out straight from a whole history, as the README defines
/// them, with none of the projections' folds: what every answer from a projection must equal.
enum HistoryOracle {
    static func report(of history: [Transaction], prices: PricesLoading, scope: AccountScope, method: CostBasisMethod,
                       sort: PortfolioSort = .value, converter: BaseCurrencyConverting? = nil) throws -> PortfolioReport {
        let inBase = try converter?.historyInBase(history) ?? history
        let positions = PortfolioCalculator.positions(of: inBase, method: method)
        let own = converter != nil && history.contains(where: \.namesAnotherCurrency) ? PortfolioCalculator.positions(of: history, method: method) : nil
        let held = PortfolioCalculator.heldTickers(in: positions, scope: scope)
        let loaded = held.isEmpty ? [:] : prices.loadPrices(for: held)
        let converted = try converter.map { try $0.pricesInBase(loaded, tickers: TickerUnits(history: history)) } ?? ConvertedPrices(prices: loaded, rates: [:])
        let tracked = CashPolicy.trackedAccounts(in: history)
        var cash: FixedDecimal?, cashByCurrency: [String: FixedDecimal] = [:]
        if tracked.contains(where: scope.includes) {
            let balances = CashPolicy.balances(of: history, in: scope).filter { tracked.contains($0.key.account) }
            if let converter {
                cashByCurrency = try converter.cashInBase(balances)
                cash = cashByCurrency.values.reduce(.zero, +)
            } else {
                cash = balances.reduce(FixedDecimal.zero) { $0 + ($1.key.currency == nil ? $1.value : .zero) }
            }
        }
        let summary = PortfolioCalculator.summarize(positions, prices: converted.prices.compactMapValues { try? $0.get() }, sort: sort, scope: scope)
        var report = PortfolioReport(summary: summary, prices: converted.prices, cash: cash,
                                     currencyGains: own.map { PortfolioReport.currencyGains(summary, own: $0, rates: converted.rates, scope: scope) } ?? [:])
        report.holdingCurrencies = converted.currencies
        report.cashByCurrency = cashByCurrency
        return report
    }

    /// Every account a history names (a transfer's two).
    static func accounts(of history: [Transaction]) -> Set<String?> {
        Set(history.flatMap { [$0.account] + ($0.type == .transfer ? [$0.toAccount] : []) })
    }

    static func gains(of raw: [Transaction], scope: AccountScope, year: Int?, method: CostBasisMethod,
                      converter: KeptRates? = nil) throws -> RealizedGainsReport {
        let history = try converter?.historyInBase(raw) ?? raw
        let all = PortfolioCalculator.realizedGains(of: history, method: method, in: scope)
        let sells = RealizedGainList(year.map { year in all.filter { $0.date.components.year == year } } ?? all)
        var report = RealizedGainsReport(method: method, sells: sells, yearlyTotals: YearlyGains.totals(of: sells))
        guard let converter, history != raw else { return report }
        let currencies = Dictionary(raw.compactMap { transaction in transaction.currency.map { (transaction.id, $0) } }) { first, _ in first }
        let ownCosts = Dictionary(PortfolioCalculator.realizedGains(of: raw, method: method, in: scope).map { ($0.transactionID, $0.cost) }) { first, _ in first }
        for sell in report.sells {
            guard let currency = currencies[sell.transactionID], let ownCost = ownCosts[sell.transactionID],
                  let atSale = ownCost.multiplied(by: try converter.rate(of: currency, on: sell.date)) else { continue }
            report.currencyGains[sell.transactionID] = atSale - sell.cost
        }
        return report
    }
}
