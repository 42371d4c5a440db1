import Foundation
import FixedPoint
import CurrentPrices
import Transactions

/// Seed 002's "Display portfolio": retrieve the transactions, load the prices of what is still
/// held, and calculate. One use case for every client, with one rule for holdings without a
/// price: they are left out of every total and named (`PortfolioSummary.unpricedTickers`),
/// never valued at 0.
public struct PortfolioReport: Equatable, Sendable {
    public let summary: PortfolioSummary
    /// What loading each held ticker's price gave, so a client can say where prices came from.
    public let prices: [String: Result<LoadedPrice, PriceLoadingError>]
    /// The cash balance, when the history tracks cash (it has a deposit); the holdings' totals
    /// leave it out.
    public let cash: FixedDecimal?

    public init(summary: PortfolioSummary, prices: [String: Result<LoadedPrice, PriceLoadingError>], cash: FixedDecimal? = nil) {
        self.summary = summary
        self.prices = prices
        self.cash = cash
    }

    /// The holdings' value and the cash: what the account is worth.
    public var valueWithCash: FixedDecimal? { cash.map { summary.totalValue + $0 } }

    /// Something is held but the price service gave not one price: no total means anything.
    public var isUnvalued: Bool { prices.priceServiceFailed }
}

public enum DisplayPortfolioError: Error, Equatable {
    case retrieval(TransactionsStoreError)
}

public protocol PortfolioDisplaying {
    func display(sort: PortfolioSort, costBasis: CostBasisMethod) throws(DisplayPortfolioError) -> PortfolioReport
    /// One report per account (by id; nil for the default account), in order of id, with the
    /// prices loaded once for them all.
    func displayByAccount(sort: PortfolioSort, costBasis: CostBasisMethod) throws(DisplayPortfolioError) -> [(account: String?, report: PortfolioReport)]
}

public extension PortfolioDisplaying {
    /// Seed 002's moving average.
    func display(sort: PortfolioSort) throws(DisplayPortfolioError) -> PortfolioReport {
        try display(sort: sort, costBasis: .average)
    }
}

public final class DisplayPortfolioUseCase: PortfolioDisplaying {
    private let transactions: TransactionsRetrieving
    private let prices: PricesLoading

    public init(transactions: TransactionsRetrieving, prices: PricesLoading) {
        self.transactions = transactions
        self.prices = prices
    }

    public func display(sort: PortfolioSort, costBasis: CostBasisMethod) throws(DisplayPortfolioError) -> PortfolioReport {
        let history = try transactions.history()
        // Only what is still held needs a price: sold-out tickers are never fetched.
        let positions = PortfolioCalculator.positions(of: history, method: costBasis)
        let held = PortfolioCalculator.heldTickers(in: positions)
        let results = held.isEmpty ? [:] : prices.loadPrices(for: held)
        return Self.report(history, positions, results, sort: sort)
    }

    public func displayByAccount(sort: PortfolioSort, costBasis: CostBasisMethod) throws(DisplayPortfolioError) -> [(account: String?, report: PortfolioReport)] {
        let byAccount = Dictionary(grouping: try transactions.history(), by: \.account)
        let accounts = byAccount.keys.sorted { ($0 ?? "") < ($1 ?? "") }
        let positions = accounts.map { PortfolioCalculator.positions(of: byAccount[$0]!, method: costBasis) }
        let held = Set(positions.flatMap(PortfolioCalculator.heldTickers(in:))).sorted()
        let results = held.isEmpty ? [:] : prices.loadPrices(for: held)
        return zip(accounts, positions).map { account, positions in
            let own = Set(PortfolioCalculator.heldTickers(in: positions))
            return (account, Self.report(byAccount[account]!, positions, results.filter { own.contains($0.key) }, sort: sort))
        }
    }

    private static func report(_ history: [Transaction], _ positions: PortfolioCalculator.Positions,
                               _ results: [String: Result<LoadedPrice, PriceLoadingError>], sort: PortfolioSort) -> PortfolioReport {
        let loaded = results.compactMapValues { try? $0.get() }
        return PortfolioReport(summary: PortfolioCalculator.summarize(positions, prices: loaded, sort: sort), prices: results,
                               cash: CashPolicy.isTracked(in: history) ? CashPolicy.balance(of: history) : nil)
    }
}

extension TransactionsRetrieving {
    func history() throws(DisplayPortfolioError) -> [Transaction] {
        do throws(RetrieveTransactionsError) {
            return try retrieve(.all, order: .unspecified)
        } catch {
            switch error {
            case let .retrieval(failure): throw .retrieval(failure)
            }
        }
    }
}
