import TerminalKit
import ClientComposition
import Transactions
import Ledger

struct EditCommand: Command {
    let retrieve: () throws -> TransactionsRetrieving
    let save: () throws -> TransactionSaving
    let accounts: () throws -> AccountsView
    let spec = CommandSpec(
        name: "edit", summary: "Change fields of a transaction (a unique id prefix is enough)",
        options: [Self.date, Self.type] + Self.fields.map(\.option) + [Self.format],
        arguments: [.required("ID")])
    static let date = CommandSpec.Value<String>("date", "D", "New date: YYYY-MM-DD, today, yesterday or -Nd")
    static let type = CommandSpec.Value<String>("type", TransactionPresentation.typeChoices, "New type (fields it doesn't use are dropped)")
    /// The fields taken as typed, in the order they are applied, after the date and the type.
    static let fields: [(option: CommandSpec.Value<String>, field: WritableKeyPath<TransactionDraft, String?> & Sendable)] = [
        (CommandSpec.Value("ticker", "T", "New ticker ('' clears a fee's)"), \.ticker),
        (CommandSpec.Value("quantity", "Q", "New quantity"), \.quantity),
        (CommandSpec.Value("sum", "S", "New sum"), \.sum),
        (CommandSpec.Value("fee", "S", "New commission of a trade ('' or 0 removes it)"), \.fee),
        (CommandSpec.Value("ratio", "A:B", "New split ratio"), \.ratio),
        (CommandSpec.Value("note", "TEXT", "New note ('' clears it)"), \.note),
        (CommandSpec.Value("currency", "C", "New currency of the sum ('' for the base currency)"), \.currency),
        (CommandSpec.Value("to-sum", "S", "New proceeds of an fx exchange"), \.toSum),
        (CommandSpec.Value("to-currency", "C", "New currency an fx exchange buys ('' for the base currency)"), \.toCurrency),
    ]
    static let format = CommandSpec.Value<OutputFormat>.format("How to print the changed transaction (default: a sentence)")

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try arguments[Self.format] ?? .table
        guard arguments.isGiven(Self.date) || arguments.isGiven(Self.type) || Self.fields.contains(where: { arguments.isGiven($0.option) }) else { throw CLIError.usage("nothing to change: give at least one of --date, --type, --ticker, --quantity, --sum, --fee, --ratio, --note, --currency, --to-sum, --to-currency.") }
        let existing = try TransactionPresentation.resolveID(arguments.positionals[0], from: retrieve())
        var draft = TransactionDraft(existing)
        draft.date = try arguments[Self.date].map { RelativeDate.resolve($0, today: io.today) } ?? draft.date
        if let type = try arguments[Self.type] {
            // Only `transfer` names the account a transfer goes to.
            if type.lowercased() == TransactionType.transfer.rawValue, existing.type != .transfer {
                throw CLIError.usage("a transfer moves shares or cash between two accounts: delete this \(existing.type.rawValue) and use \(TransactionPresentation.transferCommand).")
            }
            draft.type = type
            // What the old type used and the new one doesn't is dropped, not refused.
            if let newType = TransactionType(rawValue: type.lowercased()) { draft = draft.keepingFields(of: newType) }
        }
        for (option, field) in Self.fields {
            if let value = try arguments[option] { draft[keyPath: field] = value }
        }
        do {
            let saved = try save().save(draft, replacing: existing.id)
            io.console.write(try TransactionPresentation.result("Updated", saved, format: format, accounts: accounts))
        } catch {
            throw TransactionPresentation.error(error)
        }
    }
}

struct DeleteCommand: Command {
    let retrieve: () throws -> TransactionsRetrieving
    let delete: () throws -> TransactionDeleting
    let accounts: () throws -> AccountsView
    let removeUnreadable: () throws -> RemoveUnreadableRecordUseCase
    let spec = CommandSpec(name: "delete", summary: "Delete a transaction (a unique id prefix is enough)",
                           discussion: "Given the full id of a record of any kind that can't be read (a message names it), deletes that record.",
                           options: [Self.yes, Self.format], arguments: [.required("ID")])
    static let yes = CommandSpec.Flag("yes", "Delete without asking, even at a terminal", short: "y")
    static let format = CommandSpec.Value<OutputFormat>.format("How to print the deleted transaction (default: a sentence)")

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try arguments[Self.format] ?? .table
        let id = arguments.positionals[0]
        let existing: Transaction
        do {
            existing = try TransactionPresentation.resolveID(id, from: retrieve())
        } catch let failure {
            // Not a transaction, or the transactions can't be read: maybe the record that can't.
            try removeUnreadableRecord(id, otherwise: failure, arguments: arguments, io: io)
            return
        }
        guard confirmed("Delete \(TransactionPresentation.summary(existing))?", arguments, io: io) else { return }
        do {
            try delete().delete(id: existing.id)
            io.console.write(try TransactionPresentation.result("Deleted", existing, format: format, accounts: accounts))
        } catch {
            throw TransactionPresentation.error(error)
        }
    }

    private func removeUnreadableRecord(_ id: String, otherwise failure: Error, arguments: ParsedArguments, io: CommandIO) throws {
        let remover = try removeUnreadable()
        do throws(RemoveUnreadableRecordError) {
            let found = try remover.unreadableRecord(id: id)
            guard confirmed("Delete the \(found.record.kind.escapedForTerminal) \(id.escapedForTerminal), which can't be read?", arguments, io: io) else { return }
            let (record, reasons) = try remover.remove(id: id)
            io.console.write("Deleted the \(record.kind.escapedForTerminal) \(record.id.escapedForTerminal), which could not be read "
                + "(\(reasons.joined(separator: "; ").escapedForTerminal)).\n")
        } catch .notFound, .readable {
            throw failure
        } catch let .store(error) {
            throw CLIError.runtime(error.userMessage)
        }
    }

    /// At a terminal, unless --yes: the question answered yes.
    private func confirmed(_ question: String, _ arguments: ParsedArguments, io: CommandIO) -> Bool {
        guard io.console.isInteractive, !arguments[Self.yes] else { return true }
        guard Confirmation.isYes(io.console.readLine(prompt: question + " [y/N] ")) else {
            io.console.writeError("Cancelled; nothing was deleted.\n")
            return false
        }
        return true
    }
}
