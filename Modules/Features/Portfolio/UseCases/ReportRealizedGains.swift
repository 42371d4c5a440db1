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

    public init(method: CostBasisMethod, sells: RealizedGainList, yearlyTotals: [YearlyGains], currencyGains: [String: FixedDecimal] = [:]) {
        self.method = method
        self.sells = sells
        self.yearlyTotals = yearlyTotals
        self.currencyGains = currencyGains
    }
}


public protocol RealizedGainsReporting {
    func gains(year: Int?, method: CostBasisMethod) throws(DisplayPortfolioError) -> RealizedGainsReport
}

public final class ReportRealizedGainsUseCase: RealizedGainsReporting {
    private let projections: RealizedGainsProjecting
    private let scope: AccountScope
    private let converter: BaseCurrencyConverting?

    /// The gains come from the history's projections, kept up to date without reading it. With a
    /// `converter`, they are in the base currency: each sell's proceeds at its day's rate, less
    /// the cost at the rates of the buys'.
    public init(projections: RealizedGainsProjecting, scope: AccountScope = .all, converter: BaseCurrencyConverting? = nil) {
        self.projections = projections
        self.scope = scope
        self.converter = converter
    }

    /// Works out the whole history of every account, whatever the year and the scope asked for:
    /// a sell in one year takes lots bought in earlier ones, maybe in another account.
    public func gains(year: Int?, method: CostBasisMethod) throws(DisplayPortfolioError) -> RealizedGainsReport {
        let projection: RealizedGainsProjection
        do { projection = try projections.gains(method: method) } catch { throw .retrieval(error) }
        guard let converter, projection.namesAnotherCurrency, let base = CurrencyCode(projection.base) else {
            return Self.report(projection.gains(in: scope, year: year), method: method)
        }
        let rates = try converter.ratesConvertingEvery(from: projection.currencyFirstDays, into: base)
        let inBase: PortfolioInBaseProjection
        do { inBase = try projections.gainsInBase(method: method, base: base, rates: rates) } catch { throw .retrieval(error) }
        let sells: RealizedGainList
        do { sells = try inBase.realizedGains(in: scope, year: year) } catch { throw .conversion(error) }
        var report = Self.report(sells, method: method)
        report.currencyGains = sells.currencyGains
        return report
    }

    private static func report(_ sells: RealizedGainList, method: CostBasisMethod) -> RealizedGainsReport {
        RealizedGainsReport(method: method, sells: sells, yearlyTotals: YearlyGains.totals(of: sells))
    }
}
