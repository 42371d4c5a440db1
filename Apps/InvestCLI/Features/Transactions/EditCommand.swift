import TerminalKit
import ClientComposition
import Transactions
import Ledger

struct EditCommand: Command {
    let retrieve: () throws -> TransactionsRetrieving
    let save: () throws -> TransactionSaving
    let spec = CommandSpec(
        name: "edit", summary: "Change fields of a transaction (a unique id prefix is enough)",
        usage: "edit ID [--date D] [--type TYPE] [--ticker T] [--quantity Q] [--sum S] [--ratio A:B] [--note TEXT] [--currency C] [--to-sum S] [--to-currency C] "
            + "[--format table|json|csv]",
        options: [.value("date", "D", "New date: YYYY-MM-DD, today, yesterday or -Nd"), .value("type", TransactionPresentation.typeChoices, "New type (fields it doesn't use are dropped)"),
                  .value("ticker", "T", "New ticker ('' clears a fee's)"), .value("quantity", "Q", "New quantity"), .value("sum", "S", "New sum"),
                  .value("ratio", "A:B", "New split ratio"), .value("note", "TEXT", "New note ('' clears it)"),
                  .value("currency", "C", "New currency of the sum ('' for the base currency)"), .value("to-sum", "S", "New proceeds of an fx exchange"),
                  .value("to-currency", "C", "New currency an fx exchange buys ('' for the base currency)"),
                  .value("format", "table|json|csv", "How to print the changed transaction (default: a sentence)")],
        arguments: [.required("ID")])

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try OutputFormat.parse(arguments.value("format"))
        let changes = ["date", "type", "ticker", "quantity", "sum", "ratio", "note", "currency", "to-sum", "to-currency"].filter { arguments.value($0) != nil }
        guard !changes.isEmpty else { throw CLIError.usage("nothing to change: give at least one of --date, --type, --ticker, --quantity, --sum, --ratio, --note.") }
        let existing = try TransactionPresentation.resolveID(arguments.positionals[0], from: retrieve())
        var draft = TransactionDraft(existing)
        draft.date = arguments.value("date").map { RelativeDate.resolve($0, today: io.today) } ?? draft.date
        if let type = arguments.value("type") {
            // Only `transfer` names the account a transfer goes to.
            if type.lowercased() == TransactionType.transfer.rawValue, existing.type != .transfer {
                throw CLIError.usage("a transfer moves shares or cash between two accounts: delete this \(existing.type.rawValue) and use \(TransactionPresentation.transferCommand).")
            }
            draft.type = type
            // What the old type used and the new one doesn't is dropped, not refused.
            if let newType = TransactionType(rawValue: type.lowercased()) { draft = draft.keepingFields(of: newType) }
        }
        draft.ticker = arguments.value("ticker") ?? draft.ticker
        draft.quantity = arguments.value("quantity") ?? draft.quantity
        draft.sum = arguments.value("sum") ?? draft.sum
        draft.ratio = arguments.value("ratio") ?? draft.ratio
        draft.note = arguments.value("note") ?? draft.note
        draft.currency = arguments.value("currency") ?? draft.currency
        draft.toSum = arguments.value("to-sum") ?? draft.toSum
        draft.toCurrency = arguments.value("to-currency") ?? draft.toCurrency
        do {
            let saved = try save().save(draft, replacing: existing.id)
            io.console.write(TransactionPresentation.result("Updated", saved, format: format))
        } catch {
            throw TransactionPresentation.error(error)
        }
    }
}

struct DeleteCommand: Command {
    let retrieve: () throws -> TransactionsRetrieving
    let delete: () throws -> TransactionDeleting
    let removeUnreadable: () throws -> RemoveUnreadableRecordUseCase
    let spec = CommandSpec(name: "delete", summary: "Delete a transaction (a unique id prefix is enough)", usage: "delete ID [--yes] [--format table|json|csv]",
                           discussion: "Given the full id of a record of any kind that can't be read (a message names it), deletes that record.",
                           options: [.flag("yes", "Delete without asking, even at a terminal", short: "y"),
                                     .value("format", "table|json|csv", "How to print the deleted transaction (default: a sentence)")],
                           arguments: [.required("ID")])

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try OutputFormat.parse(arguments.value("format"))
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
            io.console.write(TransactionPresentation.result("Deleted", existing, format: format))
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
        guard io.console.isInteractive, !arguments.has("yes") else { return true }
        guard Confirmation.isYes(io.console.readLine(prompt: question + " [y/N] ")) else {
            io.console.writeError("Cancelled; nothing was deleted.\n")
            return false
        }
        return true
    }
}
