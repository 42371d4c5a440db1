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
    /// The base currency's cash, when the history tracks cash (it has a deposit); the holdings'
    /// totals leave it out.
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
    case conversion(CurrencyConversionError)
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

/// Every account's history is read, whatever the scope: shares transferred into an account
/// bring their cost from the one they left. With a `converter`, every figure is in the base
/// currency.
public final class DisplayPortfolioUseCase: PortfolioDisplaying {
    private let transactions: TransactionsRetrieving
    private let prices: PricesLoading
    private let scope: AccountScope
    private let converter: BaseCurrencyConverting?

    public init(transactions: TransactionsRetrieving, prices: PricesLoading, scope: AccountScope = .all, converter: BaseCurrencyConverting? = nil) {
        self.transactions = transactions
        self.prices = prices
        self.scope = scope
        self.converter = converter
    }

    public func display(sort: PortfolioSort, costBasis: CostBasisMethod) throws(DisplayPortfolioError) -> PortfolioReport {
        let history = try transactions.history()
        // Only what is still held needs a price: sold-out tickers are never fetched.
        let positions = PortfolioCalculator.positions(of: try inBase(history), method: costBasis)
        let held = PortfolioCalculator.heldTickers(in: positions, scope: scope)
        let results = try inBase(held.isEmpty ? [:] : prices.loadPrices(for: held), history: history)
        return try report(history, positions, results, sort: sort, scope: scope)
    }

    public func displayByAccount(sort: PortfolioSort, costBasis: CostBasisMethod) throws(DisplayPortfolioError) -> [(account: String?, report: PortfolioReport)] {
        let history = try transactions.history()
        let accounts = Set(history.flatMap { [$0.account] + ($0.type == .transfer ? [$0.toAccount] : []) }).filter(scope.includes)
            .sorted { ($0 ?? "") < ($1 ?? "") }
        let positions = PortfolioCalculator.positions(of: try inBase(history), method: costBasis)
        let held = PortfolioCalculator.heldTickers(in: positions, scope: scope)
        let results = try inBase(held.isEmpty ? [:] : prices.loadPrices(for: held), history: history)
        return try accounts.map { account throws(DisplayPortfolioError) in
            let own = Set(PortfolioCalculator.heldTickers(in: positions, scope: .only(account)))
            return (account, try report(history, positions, results.filter { own.contains($0.key) }, sort: sort, scope: .only(account)))
        }
    }

    private func inBase(_ history: [Transaction]) throws(DisplayPortfolioError) -> [Transaction] {
        guard let converter else { return history }
        do { return try converter.historyInBase(history) } catch { throw .conversion(error) }
    }

    private func inBase(_ prices: [String: Result<LoadedPrice, PriceLoadingError>], history: [Transaction]) throws(DisplayPortfolioError) -> [String: Result<LoadedPrice, PriceLoadingError>] {
        guard let converter, !prices.isEmpty else { return prices }
        do { return try converter.pricesInBase(prices, history: history) } catch { throw .conversion(error) }
    }

    /// Cash counts once its account has a deposit: without a converter, the base currency's;
    /// with one, every currency's at today's rate.
    private func report(_ history: [Transaction], _ positions: PortfolioCalculator.Positions,
                        _ results: [String: Result<LoadedPrice, PriceLoadingError>], sort: PortfolioSort, scope: AccountScope) throws(DisplayPortfolioError) -> PortfolioReport {
        let loaded = results.compactMapValues { try? $0.get() }
        let tracked = CashPolicy.trackedAccounts(in: history)
        let balances = CashPolicy.balances(of: history, in: scope).filter { tracked.contains($0.key.account) }
        let cash: FixedDecimal
        if let converter {
            do { cash = try converter.cashInBase(balances) } catch { throw .conversion(error) }
        } else {
            cash = balances.reduce(FixedDecimal.zero) { $0 + ($1.key.currency == nil ? $1.value : .zero) }
        }
        return PortfolioReport(summary: PortfolioCalculator.summarize(positions, prices: loaded, sort: sort, scope: scope), prices: results,
                               cash: tracked.contains(where: scope.includes) ? cash : nil)
    }
}

extension TransactionsRetrieving {
    func history() throws(DisplayPortfolioError) -> [Transaction] {
        do throws(RetrieveTransactionsError) {
            return try retrieve(.all, order: .unspecified)
        } catch {
            switch error {
            case let .retrieval(failure): throw DisplayPortfolioError.retrieval(failure)
            }
        }
    }
}
