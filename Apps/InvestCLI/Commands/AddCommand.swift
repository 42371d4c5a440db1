import Foundation
import AppSupport
import Transactions

struct AddCommand: Command {
    let save: () throws -> TransactionSaving
    let spec = CommandSpec(
        name: "add", summary: "Add a buy or sell; the price is calculated from quantity and sum",
        usage: "add --type buy|sell --ticker T --quantity Q --sum S [--date D] [--note TEXT] [--yes] [--format table|json|csv]",
        options: [.value("type", "buy|sell", "Buy or sell"), .value("ticker", "T", "Ticker symbol, e.g. AAPL, BRK.B, VOD.L"),
                  .value("quantity", "Q", "Number of shares (> 0)"), .value("sum", "S", "Total money paid or received (> 0)"),
                  .value("date", "D", "Trade date: YYYY-MM-DD, today, yesterday or -Nd (default: today)"),
                  .value("note", "TEXT", "Free-form note"),
                  .flag("yes", "Save without asking for confirmation when prompting", short: "y"),
                  .value("format", "table|json|csv", "How to print the saved transaction (default: a sentence)")],
        positionals: 0...0)

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try OutputFormat.parse(arguments.value("format"))
        var draft = TransactionDraft(date: arguments.value("date").map { RelativeDate.resolve($0, today: io.today) }, type: arguments.value("type"),
                                     ticker: arguments.value("ticker"), quantity: arguments.value("quantity"),
                                     sum: arguments.value("sum"), note: arguments.value("note"))
        let console = io.console
        let missing = Self.questions.filter { (draft[keyPath: $0.field] ?? "").isEmpty }
        if console.isInteractive, !missing.isEmpty {
            // What was typed on the command line is checked before anything is asked.
            let given = TransactionField.allCases.filter { field in !missing.contains { $0.checks == field } }
                .flatMap { TransactionValidator.errors(in: $0, of: draft, latestDate: io.today) }
            guard given.isEmpty else { throw TransactionPresentation.invalidFields(given) }
            guard try Self.ask(missing, into: &draft, io: io) else { return console.writeError("Cancelled; nothing was saved.\n") }
            console.write("\n  \(draft.type ?? "") \(draft.quantity ?? "") \(draft.ticker?.uppercased() ?? "") for \(draft.sum ?? "") on \(draft.date ?? "")\n")
            guard arguments.has("yes") || Confirmation.isYes(console.readLine(prompt: "Save this transaction? [y/N] ")) else {
                return console.writeError("Cancelled; nothing was saved.\n")
            }
        }
        draft.date = draft.date ?? io.today.iso
        do {
            let saved = try save().save(draft, replacing: nil)
            console.write(TransactionPresentation.result("Saved", saved, format: format))
        } catch {
            throw TransactionPresentation.error(error)
        }
    }

    private struct Question {
        let field: WritableKeyPath<TransactionDraft, String?>
        /// The field whose rules judge the answer; nil for the note, which any text fits.
        let checks: TransactionField?
        let prompt: (CalendarDay) -> String
        var defaultAnswer: (CalendarDay) -> String? = { _ in nil }
    }

    private static var questions: [Question] { [
        Question(field: \.type, checks: .type, prompt: { _ in "Type (buy/sell): " }),
        Question(field: \.ticker, checks: .ticker, prompt: { _ in "Ticker: " }),
        Question(field: \.quantity, checks: .quantity, prompt: { _ in "Quantity: " }),
        Question(field: \.sum, checks: .sum, prompt: { _ in "Sum: " }),
        Question(field: \.date, checks: .date, prompt: { "Date [\($0.iso)]: " }, defaultAnswer: { $0.iso }),
        Question(field: \.note, checks: nil, prompt: { _ in "Note (optional): " }, defaultAnswer: { _ in "" }),
    ] }

    /// Asks each question until its answer is right; false when input ends (Ctrl-D), which cancels.
    private static func ask(_ questions: [Question], into draft: inout TransactionDraft, io: CommandIO) throws -> Bool {
        for question in questions {
            while true {
                guard let typed = io.console.readLine(prompt: question.prompt(io.today)) else { return false }
                let answer = typed.trimmingCharacters(in: .whitespaces)
                draft[keyPath: question.field] = answer.isEmpty ? question.defaultAnswer(io.today) : RelativeDate.resolve(answer, today: io.today)
                guard let field = question.checks else { break }
                let problems = TransactionValidator.errors(in: field, of: draft, latestDate: io.today)
                if problems.isEmpty { break }
                for problem in problems { io.console.writeError("  \(problem.description.escapedForTerminal); try again.\n") }
            }
        }
        return true
    }
}
