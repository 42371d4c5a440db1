import TerminalKit
import Currencies
import NetWorth
import Portfolio
import Savings

/// How both clients word the currency features' errors.
public enum CurrenciesPresentation {
    public static func ratesError(_ error: ExchangeRatesError) -> CLIError {
        switch error {
        case let .unavailable(host, reason):
            return .runtime("the exchange rates could not be fetched from \(host): \(reason). Nothing was kept; try again later.")
        case let .noRatesPublished(from, to):
            return .runtime("the ECB publishes no rate of \(from) into \(to) for those days; a currency it doesn't follow, or days before 1999.")
        case let .store(failure): return .runtime("the exchange rates could not be read or saved: \(failure.userMessage)")
        case let .unreadable(failure): return .runtime("the exchange rates could not be read: \(failure.userMessage)")
        }
    }

    public static func securitiesError(_ error: SecuritiesError) -> CLIError {
        switch error {
        case let .invalidTicker(text): return .usage("'\(text.escapedForTerminal)' is not a ticker symbol.")
        case let .invalidCurrency(text):
            return .usage("'\(text.escapedForTerminal)' is not a currency: use an ISO 4217 code (USD, GBP, EUR) or a minor unit (GBp, GBX, ILA, ZAc).")
        case let .store(failure): return .runtime("the securities could not be read or saved: \(failure.userMessage)")
        case let .unreadable(failure): return .runtime("the securities could not be read: \(failure.userMessage)")
        }
    }
}

extension NetWorthError {
    public var cliError: CLIError {
        switch self {
        case let .transactions(failure): return .runtime("could not read your transactions: \(failure.userMessage)")
        case let .securities(failure): return CurrenciesPresentation.securitiesError(failure)
        case let .rates(failure): return CurrenciesPresentation.ratesError(failure)
        case let .savings(.store(failure)): return .runtime("could not read your savings: \(failure.userMessage)")
        case let .savings(.unreadable(failure)): return .runtime("could not read your savings: \(failure.userMessage)")
        case let .savings(failure): return .runtime("could not read your savings: \(failure)")
        case let .closes(failure): return .runtime("could not read the kept closes: \(failure.userMessage)")
        case let .manualPrices(failure): return .runtime("could not read your manual prices: \(failure.userMessage)")
        }
    }
}

extension CurrencyConversionError {
    public var cliError: CLIError {
        switch self {
        case let .noRate(currency, day):
            return .runtime("no \(currency) rate into the base currency is kept for \(day.iso) or before; "
                + "run 'invest rate fetch \(currency) --from \(day.iso)' online (or leave out --offline).")
        case let .rates(failure): return CurrenciesPresentation.ratesError(failure)
        case let .securities(failure): return CurrenciesPresentation.securitiesError(failure)
        }
    }
}
