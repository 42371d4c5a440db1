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
        discussion: "Shares keep what they cost and when they were bought (their FIFO lots too): nothing is sold, so no gain is realized. "
            + "The source is --from, else 'invest --account NAME', else the default account. "
            + "Move shares with --ticker and --quantity, or cash with --sum (and --currency).",
        options: [Self.to, Self.from, Self.ticker, Self.quantity, Self.sum, Self.currency, Self.date, Self.note, Self.format],
        positionals: 0...0)
    static let to = CommandSpec.Value<String>("to", "ACCOUNT", "The account that receives (see 'invest account list')").required()
    static let from = CommandSpec.Value<String>("from", "ACCOUNT", "The account that gives (default: --account's, else 'default')")
    static let ticker = CommandSpec.Value<String>("ticker", "T", "The shares to move", completes: .ticker)
    static let quantity = CommandSpec.Value<String>("quantity", "Q", "How many shares (> 0)")
    static let sum = CommandSpec.Value<String>("sum", "S", "Cash to move instead (> 0)")
    static let currency = CommandSpec.Value<String>("currency", "C", "The cash's currency (default: the base currency)")
    static let date = CommandSpec.Value<String>("date", "D", "YYYY-MM-DD, today, yesterday or -Nd (default: today)")
    static let note = CommandSpec.Value<String>("note", "TEXT", "Free-form note")
    static let format = CommandSpec.Value<OutputFormat>.format("How to print the saved transfer (default: a sentence)")

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try arguments[Self.format] ?? .table
        let toName = try arguments[required: Self.to]
        let view = try accounts()
        let destination = try Self.open(toName, in: view)
        let source = try arguments[Self.from].map { name in
            let account = try Self.open(name, in: view)
            if let selected = view.selected, selected.id != account.id {
                throw CLIError.usage("--from '\(name.escapedForTerminal)' and --account '\(selected.name.escapedForTerminal)' name two accounts; give one.")
            }
            return account
        } ?? view.selected
        var draft = TransactionDraft(date: try arguments[Self.date].map { RelativeDate.resolve($0, today: io.today) } ?? io.today.iso,
                                     type: TransactionType.transfer.rawValue, ticker: try arguments[Self.ticker], quantity: try arguments[Self.quantity],
                                     sum: try arguments[Self.sum], note: try arguments[Self.note], account: source?.id)
        draft.currency = try arguments[Self.currency]
        draft.toAccount = destination.id ?? ""
        do {
            let saved = try save().save(draft, replacing: nil)
            if format == .table {
                io.console.write("Transferred \(TransactionPresentation.what(saved).dropFirst("transfer ".count)) from '\(view.name(of: saved.account).escapedForTerminal)' "
                    + "to '\(view.name(of: saved.toAccount).escapedForTerminal)' on \(saved.date.iso) (id \(saved.id.prefix(TransactionPresentation.shortIDLength))).\n")
            } else {
                io.console.write(try TransactionPresentation.result("Saved", saved, format: format, accounts: { view }))
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
