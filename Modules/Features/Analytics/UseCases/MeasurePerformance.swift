import Foundation
import FixedPoint
import Transactions
import CurrentPrices
import Currencies
import Portfolio
import Ledger

public enum MeasurePerformanceError: Error, Equatable {
    case transactions(RetrieveTransactionsError)
    case prices(PriceHistoryError)
    case manualPrices(ManualPriceError)
    case conversion(CurrencyConversionError)
}

public protocol PerformanceMeasuring {
    /// The portfolio day by day from `from` (default: the first transaction) to `to`.
    func series(from: CalendarDay?, to: CalendarDay) throws(MeasurePerformanceError) -> PerformanceSeries
}

public final class MeasurePerformanceUseCase: PerformanceMeasuring {
    private let transactions: TransactionsRetrieving
    private let prices: PriceHistoryManaging
    private let manualPrices: ManualPricesStore?
    private let today: (prices: PricesLoading, day: () -> CalendarDay)?
    private let converter: BaseCurrencyConverting?
    private let scope: AccountScope

    /// - Parameters:
    ///   - manualPrices: a price the user set counts as its day's close, over a kept one for the
    ///     same day, as everywhere else a manual price stands in for a quote.
    ///   - today: what values today's holdings, as the portfolio values them (the quote, else a
    ///     manual price, else the latest close), for a window that ends today; nil values today
    ///     by the kept closes alone.
    ///   - converter: puts every figure into the base currency: each flow at its day's rate, each
    ///     close at its day's.
    ///   - scope: the accounts counted, `transactions` being theirs and the transfers into them.
    public init(transactions: TransactionsRetrieving, prices: PriceHistoryManaging, manualPrices: ManualPricesStore? = nil,
                today: (prices: PricesLoading, day: () -> CalendarDay)? = nil, converter: BaseCurrencyConverting? = nil, scope: AccountScope = .all) {
        self.transactions = transactions
        self.prices = prices
        self.manualPrices = manualPrices
        self.today = today
        self.converter = converter
        self.scope = scope
    }

    public func series(from: CalendarDay?, to: CalendarDay) throws(MeasurePerformanceError) -> PerformanceSeries {
        let history: [Transaction]
        do throws(RetrieveTransactionsError) {
            history = try transactions.retrieve(.all, order: .unspecified)
        } catch {
            throw .transactions(error)
        }
        let closes: PriceHistory
        do throws(PriceHistoryError) {
            closes = try prices.history()
        } catch {
            throw .prices(error)
        }
        let manual: [String: ManualPrice]
        do throws(ManualPriceError) {
            manual = try manualPrices?.prices() ?? [:]
        } catch {
            throw .manualPrices(error)
        }
        let prices = closes.adding(manual.values.sorted { $0.ticker < $1.ticker }).adding(todaysPrices(history, to: to))
        guard let converter else { return PerformanceSeries.build(history, history: prices, from: from, to: to, scope: scope) }
        do throws(CurrencyConversionError) {
            return PerformanceSeries.build(try converter.historyInBase(history), history: try converter.closesInBase(prices, history: history),
                                           from: from, to: to, scope: scope)
        } catch {
            throw .conversion(error)
        }
    }

    /// Each holding's price now, as today's close, when the window ends today.
    private func todaysPrices(_ history: [Transaction], to: CalendarDay) -> [DailyClose] {
        guard let today, to >= today.day() else { return [] }
        let held = PortfolioCalculator.heldTickers(in: PortfolioCalculator.positions(of: history))
        guard !held.isEmpty else { return [] }
        return today.prices.loadPrices(for: held).compactMap { ticker, result in
            guard case let .success(loaded) = result, loaded.source != .keptClose else { return nil }
            return DailyClose(ticker: ticker, day: to, close: loaded.price.price)
        }.sorted { $0.ticker < $1.ticker }
    }
}

/// Why the money-weighted return differs from the time-weighted one, for one history: the
/// time-weighted return ignores when money arrived, the money-weighted one weighs each stretch
/// by the money invested during it. So the gap comes from how the returns before and after the
/// day most money had arrived by compare.
public struct ReturnGap: Equatable, Sendable {
    /// The day by which half the money in had arrived.
    public let midpoint: CalendarDay
    /// The time-weighted return up to and after `midpoint`.
    public let before: Double
    public let after: Double
    /// XIRR − annualized TWR, in fractions.
    public let difference: Double

    public static func of(_ returns: Returns) -> ReturnGap? {
        guard let xirr = returns.xirr, let twr = returns.annualizedTWR else { return nil }
        let inflows = returns.flows.dropLast().filter { $0.amount < .zero }
        let total = inflows.reduce(FixedDecimal.zero) { $0 - $1.amount }
        guard total > .zero else { return nil }
        var arrived = FixedDecimal.zero
        var midpoint = returns.from
        for flow in inflows {
            arrived -= flow.amount
            midpoint = flow.day
            if arrived + arrived >= total { break }
        }
        let level = returns.index.last { $0.day <= midpoint }?.value ?? 1
        let end = returns.index.last?.value ?? 1
        return ReturnGap(midpoint: midpoint, before: level - 1, after: level > 0 ? end / level - 1 : 0, difference: xirr - twr)
    }
}
