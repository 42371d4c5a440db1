import TerminalKit
import CurrentPrices
import Ledger

extension ManualPriceError {
    /// The clients' words for it, with what to do.
    public var userMessage: String {
        switch self {
        case let .invalidTicker(ticker): return "'\(ticker.escapedForTerminal)' is not a ticker: 1 to \(TickerSymbol.maximumLength) characters, a letter or digit first, then letters, digits, '.' or '-'."
        case let .invalidPrice(text): return "'\(text.escapedForTerminal)' is not a price: give a number above 0 with at most 8 decimals."
        case let .invalidDate(day): return "--date '\(day.escapedForTerminal)' is not a date: use YYYY-MM-DD, today, yesterday or -Nd."
        case let .futureDate(day, today): return "\(day) is in the future (today is \(today)); a price is for a day that has come."
        case let .notSet(ticker): return "\(ticker.escapedForTerminal) has no manual price. 'invest price list' shows those set."
        case let .store(error): return error.userMessage
        case let .unreadable(error): return error.userMessage
        }
    }

    /// Whether the input, not the machine, was wrong.
    public var isUsageError: Bool {
        switch self {
        case .invalidTicker, .invalidPrice, .invalidDate, .futureDate, .notSet: return true
        case .store, .unreadable: return false
        }
    }
}

extension KeptClosesError {
    /// The clients' words for it.
    public var userMessage: String {
        switch self {
        case let .store(failure): return failure.userMessage
        case let .unreadable(failure): return failure.userMessage
        }
    }
}
