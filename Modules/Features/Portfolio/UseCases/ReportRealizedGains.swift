import Foundation
import Transactions

/// Realized gains per sell and per year: what a tax return asks for.
public struct RealizedGainsReport: Equatable, Sendable {
    public let method: CostBasisMethod
    /// The sells of the year asked for (every year without one), in date order.
    public let sells: [RealizedGain]
    public let yearlyTotals: [YearlyGains]
}

public protocol RealizedGainsReporting {
    func gains(year: Int?, method: CostBasisMethod) throws(DisplayPortfolioError) -> RealizedGainsReport
}

public final class ReportRealizedGainsUseCase: RealizedGainsReporting {
    private let transactions: TransactionsRetrieving
    private let scope: AccountScope
    private let converter: BaseCurrencyConverting?

    /// With a `converter`, gains are in the base currency: each sell's proceeds at its day's
    /// rate, less the cost at the rates of the buys'.
    public init(transactions: TransactionsRetrieving, scope: AccountScope = .all, converter: BaseCurrencyConverting? = nil) {
        self.transactions = transactions
        self.scope = scope
        self.converter = converter
    }

    /// Works out the whole history of every account, whatever the year and the scope asked for:
    /// a sell in one year takes lots bought in earlier ones, maybe in another account.
    public func gains(year: Int?, method: CostBasisMethod) throws(DisplayPortfolioError) -> RealizedGainsReport {
        var history = try transactions.history()
        if let converter {
            do { history = try converter.historyInBase(history) } catch { throw .conversion(error) }
        }
        let all = PortfolioCalculator.realizedGains(of: history, method: method, in: scope)
        let sells = year.map { year in all.filter { $0.date.components.year == year } } ?? all
        return RealizedGainsReport(method: method, sells: sells, yearlyTotals: YearlyGains.totals(of: sells))
    }
}
