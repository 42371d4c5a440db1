import Foundation
import TerminalKit
import ClientComposition
import FixedPoint
import CurrentPrices
import Transactions
import TradingDesk

/// How the trading desk's orders, watches, alerts and errors read to a person.
struct DeskPresentation {
    let now: Date
    let localTime: LocalTime

    /// "buy 1 AAPL at 174.26 (live, 2024-07-03 14:05) = 174.26; cash after 825.74"
    func orderLine(_ order: MarketOrder) -> String {
        let price = order.price.price
        let source = order.isStale ? "stale, \(age(order)) old" : PricePresentation.sourceName(order.price.source)
        let unit = order.currency.map { " \($0)" } ?? ""
        let cash = order.cashAfter.map { "; cash after \($0.formatted(fractionDigits: 2))\(unit)" } ?? ""
        return "\(order.side.rawValue) \(order.quantity) \(order.ticker) at \(price.price.formatted(fractionDigits: 2)) "
            + "(\(source), \(localTime.dateAndTime(price.quoteTime))) = \(order.sum.formatted(fractionDigits: 2))\(unit)\(cash)"
    }

    func age(_ order: MarketOrder) -> String {
        PricePresentation(now: now).age(since: order.price.price.fetchedAt)
    }

    func error(_ error: MarketOrderError) -> CLIError {
        switch error {
        case let .invalidQuantity(text):
            return .usage("quantity '\(text.escapedForTerminal)' must be a number greater than 0 and at most \(PlaceMarketOrderUseCase.maximumQuantity). Nothing was traded.")
        case let .invalidTicker(text):
            return .usage("'\(text.escapedForTerminal)' is not a ticker symbol (e.g. AAPL, BRK.B). Nothing was traded.")
        case let .unknownSymbol(ticker):
            return .usage("no stock has the symbol \(ticker); search with 'invest stock search \(ticker)'. Nothing was traded.")
        case let .priceUnavailable(failure):
            return .runtime("no price for the order: \(failure.userMessage), and none is cached. Nothing was traded.")
        case let .stalePrice(order):
            return .usage("the only price for \(order.ticker) is stale, so the order was not placed. Pass --allow-stale to trade at it anyway.")
        case let .wouldOversell(held, order):
            return .usage("you hold \(held) \(order.ticker), so you can't sell \(order.quantity). Nothing was traded.")
        case let .insufficientCash(available, order):
            let unit = order.currency.map { " \($0)" } ?? ""
            return .usage("insufficient cash: the order costs \(order.sum.formatted(fractionDigits: 2))\(unit) and \(available.formatted(fractionDigits: 2))\(unit) is available. "
                + "Add a deposit with 'invest add --type deposit --sum S'. Nothing was traded.")
        case let .retrieval(failure):
            return TransactionPresentation.error(failure)
        case let .saving(failure):
            return TransactionPresentation.error(failure)
        }
    }
}

extension DeskPresentation {
    /// "above 200.00", "move ±5%", with its state: "armed", or when and at what price it fired.
    func alertSummary(_ alert: PriceAlert) -> String {
        "\(alert.ticker) \(Self.condition(alert.condition)) (\(state(alert)))"
    }

    static func condition(_ condition: AlertCondition) -> String {
        let value = condition.threshold
        switch condition {
        case .above: return "above \(value.formatted(fractionDigits: 2))"
        case .below: return "below \(value.formatted(fractionDigits: 2))"
        case .move: return "moves ±\(value)%"
        case .loss: return "loss ≥ \(value)%"
        case .weight: return "weight ≥ \(value)%"
        }
    }

    func state(_ alert: PriceAlert) -> String {
        guard let fired = alert.fired else { return "armed" }
        let when = "fired \(localTime.dateAndTime(fired.at)) at \(fired.price.formatted(fractionDigits: 2))"
        return alert.repeats ? "repeats; last \(when)" : when
    }

    static func describe(_ failure: SymbolSearchError) -> String {
        switch failure {
        case .connectivity: return "no connection"
        case .unauthorized: return "the API key was refused"
        case .rateLimited: return "too many requests; try again in a minute"
        case .invalidData: return "its answer could not be read"
        }
    }

    static func watching<T>(_ body: () throws(WatchlistError) -> T) throws -> T {
        do throws(WatchlistError) {
            return try body()
        } catch {
            switch error {
            case let .invalidTicker(text): throw CLIError.usage("'\(text.escapedForTerminal)' is not a ticker symbol (e.g. AAPL, BRK.B).")
            case let .invalidTarget(text): throw CLIError.usage("--target '\(text.escapedForTerminal)' must be a price greater than 0.")
            case let .notWatched(ticker): throw CLIError.usage("\(ticker.escapedForTerminal) is not on your watchlist; 'invest watch' lists it.")
            case let .store(failure): throw CLIError.runtime("the watchlist could not be read or saved: \(failure.userMessage)")
            case let .unreadable(failure): throw CLIError.runtime("the watchlist could not be read: \(failure.userMessage)")
            }
        }
    }

    static func alerting<T>(_ body: () throws(AlertsError) -> T) throws -> T {
        do throws(AlertsError) {
            return try body()
        } catch {
            throw cliError(error)
        }
    }

    static func cliError(_ error: AlertsError) -> CLIError {
        switch error {
        case let .invalidTicker(text): return .usage("'\(text.escapedForTerminal)' is not a ticker symbol (e.g. AAPL, BRK.B).")
        case let .invalidThreshold(text): return .usage("'\(text.escapedForTerminal)' must be a number greater than 0.")
        case let .notFound(id): return .usage("no alert id starts with '\(id.escapedForTerminal)'; 'invest alert list' lists them.")
        case let .store(failure): return .runtime("the alerts could not be read or saved: \(failure.userMessage)")
        case let .unreadable(failure): return .runtime("the alerts could not be read: \(failure.userMessage)")
        }
    }

    static func watchlist(_ make: () throws -> WatchlistManaging) throws -> [Watch] {
        let watchlist = try make()
        return try watching { () throws(WatchlistError) in try watchlist.all() }
    }

    static func alerts(_ make: () throws -> AlertsManaging) throws -> [PriceAlert] {
        let alerts = try make()
        return try alerting { () throws(AlertsError) in try alerts.all() }
    }
}
