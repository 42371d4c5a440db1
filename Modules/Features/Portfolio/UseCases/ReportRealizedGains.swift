import Foundation
import Transactions
import Currencies
import FixedPoint

/// Realized gains per sell and per year: what a tax return asks for.
public struct RealizedGainsReport: Equatable, Sendable {
    public let method: CostBasisMethod
    /// The sells of the year asked for (every year without one), in date order.
    public let sells: RealizedGainList
    public let yearlyTotals: [YearlyGains]
    /// In the base currency, of each sell in another (by its transaction's id): how much of its
    /// gain the currency made, the cost in its own currency at the sale's rate less the cost at
    /// the buys'; the rest is the price's. Empty when every sell is in the base currency.
    public var currencyGains: [String: FixedDecimal] = [:]
}

public protocol RealizedGainsReporting {
    func gains(year: Int?, method: CostBasisMethod) throws(DisplayPortfolioError) -> RealizedGainsReport
}

public final class ReportRealizedGainsUseCase: RealizedGainsReporting {
    private let transactions: TransactionsRetrieving
    private let scope: AccountScope
    private let converter: BaseCurrencyConverting?
    private let projections: RealizedGainsProjecting?

    /// With a `converter`, gains are in the base currency: each sell's proceeds at its day's
    /// rate, less the cost at the rates of the buys'. With `projections`, the gains come from
    /// the history's projections, kept up to date without reading it: in the base, at the rates
    /// the converter keeps.
    public init(transactions: TransactionsRetrieving, scope: AccountScope = .all, converter: BaseCurrencyConverting? = nil,
                projections: RealizedGainsProjecting? = nil) {
        self.transactions = transactions
        self.scope = scope
        self.converter = converter
        self.projections = projections
    }

    /// Works out the whole history of every account, whatever the year and the scope asked for:
    /// a sell in one year takes lots bought in earlier ones, maybe in another account.
    public func gains(year: Int?, method: CostBasisMethod) throws(DisplayPortfolioError) -> RealizedGainsReport {
        if let projections {
            let projection: RealizedGainsProjection
            do { projection = try projections.gains(method: method) } catch { throw .retrieval(error) }
            guard let converter, projection.namesAnotherCurrency else { return Self.report(projection.gains(in: scope, year: year), method: method) }
            if let report = try reportInBase(of: projection, from: projections, converter: converter, year: year) { return report }
        }
        let raw = try transactions.history()
        guard let converter else { return Self.report(PortfolioCalculator.realizedGains(of: raw, method: method, in: scope), year: year, method: method) }
        do throws(CurrencyConversionError) {
            let history = try converter.historyInBase(raw)
            var report = Self.report(PortfolioCalculator.realizedGains(of: history, method: method, in: scope), year: year, method: method)
            guard history != raw else { return report }
            let currencies = Dictionary(raw.compactMap { transaction in transaction.currency.map { (transaction.id, $0) } }) { first, _ in first }
            let ownCosts = Dictionary(PortfolioCalculator.realizedGains(of: raw, method: method, in: scope).map { ($0.transactionID, $0.cost) }) { first, _ in first }
            for sell in report.sells {
                guard let currency = currencies[sell.transactionID], let ownCost = ownCosts[sell.transactionID],
                      let atSale = ownCost.multiplied(by: try converter.rate(of: currency, on: sell.date)) else { continue }
                report.currencyGains[sell.transactionID] = atSale - sell.cost
            }
            return report
        } catch {
            throw .conversion(error)
        }
    }

    /// The gains in the base from their projection; nil where a trade has no rate, which the
    /// history's conversion names.
    private func reportInBase(of projection: RealizedGainsProjection, from projections: RealizedGainsProjecting,
                              converter: BaseCurrencyConverting, year: Int?) throws(DisplayPortfolioError) -> RealizedGainsReport? {
        guard let (base, rates) = try converter.ratesConvertingEvery(from: projection.currencyFirstDays, into: projection.base) else { return nil }
        let inBase: PortfolioInBaseProjection
        do { inBase = try projections.gainsInBase(method: projection.method, base: base, rates: rates) } catch { throw .retrieval(error) }
        guard let sells = inBase.realizedGains(in: scope, year: year) else { return nil }
        var report = Self.report(sells, method: projection.method)
        report.currencyGains = sells.currencyGains
        return report
    }

    private static func report(_ all: [RealizedGain], year: Int?, method: CostBasisMethod) -> RealizedGainsReport {
        report(RealizedGainList(year.map { year in all.filter { $0.date.components.year == year } } ?? all), method: method)
    }

    private static func report(_ sells: RealizedGainList, method: CostBasisMethod) -> RealizedGainsReport {
        RealizedGainsReport(method: method, sells: sells, yearlyTotals: YearlyGains.totals(of: sells))
    }
}
