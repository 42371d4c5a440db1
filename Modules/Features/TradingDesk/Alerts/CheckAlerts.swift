import Foundation
import FixedPoint
import Transactions
import CurrentPrices
import Currencies
import Portfolio

public struct AlertCheck: Equatable, Sendable {
    public struct Unchecked: Equatable, Sendable {
        public enum Reason: Equatable, Sendable {
            /// No price could be had.
            case noPrice(PriceLoadingError)
            /// Only a price not from the market now (cached, manual, or sample), which never
            /// fires an alert.
            case notLive(PriceSource)
        }

        public let alert: PriceAlert
        public let reason: Reason
    }

    /// As saved: each with the firing that just happened.
    public let fired: [PriceAlert]
    public let unchecked: [Unchecked]
    /// How many armed alerts were looked at.
    public let armed: Int
}

public enum CheckAlertsError: Error, Equatable {
    case alerts(AlertsError)
    case retrieval(RetrieveTransactionsError)
    case conversion(CurrencyConversionError)
}

public protocol AlertsChecking {
    func check() throws(CheckAlertsError) -> AlertCheck
}

/// Evaluates every armed alert against current prices and saves what fired. Only a live price
/// from the market is judged: a cached or manual price may be hours old and a sample price is
/// made up, and an alert that fires on one would be a false alarm.
public final class CheckAlertsUseCase: AlertsChecking {
    private let alerts: AlertsManaging
    private let prices: PricesLoading
    private let transactions: TransactionsRetrieving
    private let now: () -> Date
    private let converter: BaseCurrencyConverting?

    /// - Parameter converter: values positions (a loss, a weight) in the base currency, as the
    ///   portfolio does; a price condition is always on the quote as it is.
    public init(alerts: AlertsManaging, prices: PricesLoading, transactions: TransactionsRetrieving, now: @escaping () -> Date,
                converter: BaseCurrencyConverting? = nil) {
        self.alerts = alerts
        self.prices = prices
        self.transactions = transactions
        self.now = now
        self.converter = converter
    }

    /// The positions alerts on a loss or a weight measure, in the base currency with a converter.
    private func summarized(_ history: [Transaction], _ market: [String: LoadedPrice]) throws(CheckAlertsError) -> PortfolioSummary {
        guard let converter else { return PortfolioCalculator.summarize(history, prices: market) }
        do throws(CurrencyConversionError) {
            let prices = try converter.pricesInBase(market.mapValues { .success($0) }, tickers: TickerUnits(history: history)).prices.compactMapValues { try? $0.get() }
            return PortfolioCalculator.summarize(try converter.historyInBase(history), prices: prices)
        } catch {
            throw .conversion(error)
        }
    }

    public func check() throws(CheckAlertsError) -> AlertCheck {
        let armed: [PriceAlert]
        do throws(AlertsError) {
            armed = try alerts.all().filter(\.isArmed)
        } catch {
            throw .alerts(error)
        }
        guard !armed.isEmpty else { return AlertCheck(fired: [], unchecked: [], armed: 0) }
        let needsPortfolio = armed.contains { if case .loss = $0.condition { return true }; if case .weight = $0.condition { return true }; return false }
        var history: [Transaction] = []
        if needsPortfolio {
            do throws(RetrieveTransactionsError) {
                history = try transactions.retrieve(.all, order: .unspecified)
            } catch {
                throw .retrieval(error)
            }
        }
        // A weight needs every holding's value, not only the alerted ones'.
        let held = needsPortfolio ? PortfolioCalculator.heldTickers(in: history) : []
        let results = prices.loadPrices(for: Array(Set(armed.map(\.ticker) + held)))
        let market = results.compactMapValues { result -> LoadedPrice? in
            guard case let .success(price) = result, price.source == .live else { return nil }
            return price
        }
        let summary = needsPortfolio ? try summarized(history, market) : nil
        var fired: [PriceAlert] = []
        var unchecked: [AlertCheck.Unchecked] = []
        let time = now()
        for alert in armed {
            guard let loaded = market[alert.ticker] else {
                let reason: AlertCheck.Unchecked.Reason
                switch results[alert.ticker] {
                case let .success(price)?: reason = .notLive(price.source)
                case let .failure(error)?: reason = .noPrice(error)
                case nil: reason = .noPrice(.unknownSymbol)
                }
                unchecked.append(AlertCheck.Unchecked(alert: alert, reason: reason))
                continue
            }
            let price = loaded.price
            let position = summary.flatMap { summary in
                summary.holdings.first { $0.ticker == alert.ticker }.flatMap { holding in
                    holding.value.map { AlertPolicy.Position(value: $0, costBasis: holding.costBasis, portfolioValue: summary.totalValue) }
                }
            }
            if let measured = AlertPolicy.measure(alert.condition, price: price.price, previousClose: price.previousClose, position: position) {
                fired.append(alert.firing(PriceAlert.Firing(at: time, price: price.price, measured: measured)))
            }
        }
        if !fired.isEmpty {
            do throws(AlertsError) {
                try alerts.save(fired)
            } catch {
                throw .alerts(error)
            }
        }
        return AlertCheck(fired: fired, unchecked: unchecked, armed: armed.count)
    }
}
