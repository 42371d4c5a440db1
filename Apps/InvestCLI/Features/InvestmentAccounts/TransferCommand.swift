import TerminalKit
import ClientComposition
import Transactions
import InvestmentAccounts

/// `invest transfer`: shares or cash from one account to another. Shares take their cost basis
/// and lots with them and realize nothing; cash stays in its currency.
struct TransferCommand: Command {
    let accounts: () throws -> AccountsView
    let save: () throws -> TransactionSaving
    let spec = CommandSpec(
        name: "transfer", summary: "Move shares (with their cost basis) or cash from one account to another",
        usage: "transfer --to ACCOUNT [--from ACCOUNT] (--ticker T --quantity Q | --sum S [--currency C]) [--date D] [--note TEXT] [--format table|json|csv]",
        discussion: "Shares keep what they cost and when they were bought (their FIFO lots too): nothing is sold, so no gain is realized. "
            + "The source is --from, else 'invest --account NAME', else the default account.",
        options: [.value("to", "ACCOUNT", "The account that receives (see 'invest account list')"),
                  .value("from", "ACCOUNT", "The account that gives (default: --account's, else 'default')"),
                  .value("ticker", "T", "The shares to move"), .value("quantity", "Q", "How many shares (> 0)"),
                  .value("sum", "S", "Cash to move instead (> 0)"), .value("currency", "C", "The cash's currency (default: the base currency)"),
                  .value("date", "D", "YYYY-MM-DD, today, yesterday or -Nd (default: today)"), .value("note", "TEXT", "Free-form note"),
                  .value("format", "table|json|csv", "How to print the saved transfer (default: a sentence)")],
        positionals: 0...0)

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try OutputFormat.parse(arguments.value("format"))
        guard let toName = arguments.value("to") else { throw CLIError.usage("transfer needs --to ACCOUNT: the account that receives. See 'invest account list'.") }
        let view = try accounts()
        let destination = try Self.open(toName, in: view)
        let source = try arguments.value("from").map { name in
            let account = try Self.open(name, in: view)
            if let selected = view.selected, selected.id != account.id {
                throw CLIError.usage("--from '\(name.escapedForTerminal)' and --account '\(selected.name.escapedForTerminal)' name two accounts; give one.")
            }
            return account
        } ?? view.selected
        var draft = TransactionDraft(date: arguments.value("date").map { RelativeDate.resolve($0, today: io.today) } ?? io.today.iso,
                                     type: TransactionType.transfer.rawValue, ticker: arguments.value("ticker"), quantity: arguments.value("quantity"),
                                     sum: arguments.value("sum"), note: arguments.value("note"), account: source?.id)
        draft.currency = arguments.value("currency")
        draft.toAccount = destination.id ?? ""
        do {
            let saved = try save().save(draft, replacing: nil)
            if format == .table {
                io.console.write("Transferred \(TransactionPresentation.what(saved).dropFirst("transfer ".count)) from '\(view.name(of: saved.account).escapedForTerminal)' "
                    + "to '\(view.name(of: saved.toAccount).escapedForTerminal)' on \(saved.date.iso) (id \(saved.id.prefix(TransactionPresentation.shortIDLength))).\n")
            } else {
                io.console.write(TransactionPresentation.result("Saved", saved, format: format))
            }
        } catch {
            throw TransactionPresentation.error(error)
        }
    }

    private static func open(_ name: String, in view: AccountsView) throws -> InvestmentAccount {
        guard let account = InvestmentAccount.named(name, in: view.all) else {
            throw AccountsPresentation.cliError(.noSuchAccount(name, known: view.all.map(\.name)))
        }
        guard !account.isClosed else {
            throw CLIError.usage("the account '\(account.name.escapedForTerminal)' is closed; its history stays, but it takes no new transactions.")
        }
        return account
    }
}
