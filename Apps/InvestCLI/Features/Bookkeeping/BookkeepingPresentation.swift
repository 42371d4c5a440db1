import Bookkeeping
import Transactions
import TerminalKit
import ClientComposition

extension BookkeepingError {
    var cliError: CLIError {
        switch self {
        case let .transactions(failure): return .runtime("could not read your transactions: \(failure.userMessage)")
        case let .securities(failure): return CurrenciesPresentation.securitiesError(failure)
        case let .rates(failure): return CurrenciesPresentation.ratesError(failure)
        case let .closes(failure): return .runtime("could not read the kept closes: \(failure.userMessage)")
        case let .manualPrices(failure): return .runtime("could not read your manual prices: \(failure.userMessage)")
        }
    }
}

/// The plain-text accounting formats `export` writes, and `--accounts-prefix`'s rule.
enum JournalFormatOption: String, CaseIterable {
    case hledger, beancount

    func text(of journal: Journal) -> String {
        switch self {
        case .hledger: return HledgerJournalFormat.text(of: journal)
        case .beancount: return BeancountFormat.text(of: journal)
        }
    }

    /// `Invest`, `Broker:Schwab`: names each tool reads under any root, each a capital or a digit
    /// first, then letters, digits or dashes.
    static func prefix(_ text: String?) throws -> [String] {
        guard let text else { return ["Invest"] }
        let names = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let valid = names.allSatisfy { name in
            guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) || ("0"..."9").contains(first) else { return false }
            return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }
        }
        guard valid else {
            throw CLIError.usage("--accounts-prefix '\(text.escapedForTerminal)' is not an account name both tools read: "
                + "give names joined by ':', each starting with a capital or a digit, then letters, digits or '-' (for example Broker:Schwab).")
        }
        return names
    }
}
