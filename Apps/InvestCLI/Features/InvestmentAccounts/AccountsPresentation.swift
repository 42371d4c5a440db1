import TerminalKit
import ClientComposition
import InvestmentAccounts

enum AccountsPresentation {
    static func cliError(_ error: AccountsError) -> CLIError {
        switch error {
        case let .invalidName(name):
            return .usage("'\(name.escapedForTerminal)' can't name an account: use 1 to 40 characters, without control characters or spaces at either end.")
        case let .nameTaken(name): return .usage("there is already an account named '\(name.escapedForTerminal)'.")
        case let .noSuchAccount(name, known):
            return .usage("there is no account named '\(name.escapedForTerminal)'."
                + ArgumentParser.suggestion(for: name, among: known) + " 'invest account list' lists them; 'invest account add NAME' adds one.")
        case .defaultAccount: return .usage("the default account is always there, under that name: it can't be added, renamed or closed.")
        case let .closed(name): return .usage("the account '\(name.escapedForTerminal)' is closed already.")
        case let .store(failure): return .runtime("the accounts could not be read or saved: \(failure.userMessage)")
        case let .unreadable(failure): return .runtime("the accounts could not be read: \(failure.userMessage)")
        }
    }
}
