import Foundation
import TerminalKit
import ClientComposition
import Transactions
import Ledger

struct AddCommand: Command {
    let save: () throws -> TransactionSaving
    let accounts: () throws -> AccountsView
    let spec = CommandSpec(
        name: "add", summary: "Add a buy, sell, deposit, withdrawal, interest, dividend, fee, split or fx exchange; a trade's price is sum ÷ quantity",
        discussion: """
        A trade is in its security's currency (see 'invest security'), else the base currency (INVEST_BASE_CURRENCY), unless --currency says
        otherwise; cash is kept per currency, and a buy draws on the cash of its own. An fx exchange pays --sum in --currency for --to-sum in
        --to-currency (either may be the base currency, left out). Moving shares or cash to another account is 'invest transfer'.
        """,
        options: [Self.type, Self.ticker, Self.quantity, Self.sum, Self.fee, Self.ratio, Self.currency, Self.toSum, Self.toCurrency, Self.date, Self.note, Self.yes, Self.format],
        positionals: 0...0)
    // Kept as typed: the use case checks every field together and names each problem.
    static let type = CommandSpec.Value<String>("type", TransactionPresentation.typeChoices,
                                                "buy or sell (ticker, quantity, sum); deposit, withdrawal or interest (sum); dividend (ticker, sum); "
                                                    + "fee (sum, maybe a ticker); split (ticker, ratio); fx (sum, to-sum, and a currency or to-currency)")
    static let ticker = CommandSpec.Value<String>("ticker", "T", "Ticker symbol, e.g. AAPL, BRK.B, VOD.L")
    static let quantity = CommandSpec.Value<String>("quantity", "Q", "Number of shares (> 0)")
    static let sum = CommandSpec.Value<String>("sum", "S", "Total money paid or received (> 0)")
    static let fee = CommandSpec.Value<String>("fee", "S", "A trade's commission, in its currency: paid on top of a buy's sum, out of a sell's (≥ 0)")
    static let ratio = CommandSpec.Value<String>("ratio", "A:B", "A split's shares after for shares before: 4:1, or 1:10 for a reverse split")
    static let currency = CommandSpec.Value<String>("currency", "C", "The ISO 4217 currency of --sum (default: the security's, else the base currency)")
    static let toSum = CommandSpec.Value<String>("to-sum", "S", "An fx exchange's proceeds, in --to-currency")
    static let toCurrency = CommandSpec.Value<String>("to-currency", "C", "The currency an fx exchange buys (default: the base currency)")
    static let date = CommandSpec.Value<String>("date", "D", "Trade date: YYYY-MM-DD, today, yesterday or -Nd (default: today)")
    static let note = CommandSpec.Value<String>("note", "TEXT", "Free-form note")
    static let yes = CommandSpec.Flag("yes", "Never ask anything: save what is given, or say what is missing", short: "y")
    static let format = CommandSpec.Value<OutputFormat>.format("How to print the saved transaction (default: a sentence)")

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let format = try arguments[Self.format] ?? .table
        var draft = TransactionDraft(date: try arguments[Self.date].map { RelativeDate.resolve($0, today: io.today) }, type: try arguments[Self.type],
                                     ticker: try arguments[Self.ticker], quantity: try arguments[Self.quantity],
                                     sum: try arguments[Self.sum], ratio: try arguments[Self.ratio], note: try arguments[Self.note])
        (draft.currency, draft.toSum, draft.toCurrency) = (try arguments[Self.currency], try arguments[Self.toSum], try arguments[Self.toCurrency])
        draft.fee = try arguments[Self.fee]
        if draft.type?.lowercased() == TransactionType.transfer.rawValue {
            throw CLIError.usage("a transfer moves shares or cash between two accounts: use \(TransactionPresentation.transferCommand).")
        }
        let console = io.console
        let missing = Self.questions.filter { (draft[keyPath: $0.field] ?? "").isEmpty }
        // Only a missing required field makes it ask (then also the date and the note), and only a
        // person at a terminal who didn't say --yes: a complete or pasted command never waits.
        if console.isInteractive, !arguments[Self.yes], missing.contains(where: { $0.isRequired(for: draft) }) {
            // What was typed on the command line is checked before anything is asked.
            let given = TransactionField.allCases.filter { field in !missing.contains { $0.checks == field } }
                .flatMap { TransactionValidator.errors(in: $0, of: draft, latestDate: io.today) }
            guard given.isEmpty else { throw TransactionPresentation.invalidFields(given) }
            guard try Self.ask(missing, into: &draft, io: io) else { return console.writeError("Cancelled; nothing was saved.\n") }
            console.write("\n  " + [draft.type, draft.quantity, draft.ticker?.uppercased(), draft.ratio, draft.sum.map { "for \($0)" }, draft.currency?.uppercased(),
                                    draft.fee.flatMap { $0.isEmpty ? nil : "+ fee \($0)" },
                                    draft.toSum.map { "→ \($0)" }, draft.toCurrency?.uppercased(), draft.date.map { "on \($0)" }]
                .compactMap { $0.flatMap { $0.isEmpty ? nil : $0 } }.joined(separator: " ").escapedForTerminal + "\n")
            guard Confirmation.isYes(console.readLine(prompt: "Save this transaction? [y/N] ")) else {
                return console.writeError("Cancelled; nothing was saved.\n")
            }
        }
        draft.date = draft.date ?? io.today.iso
        do {
            let saved = try save().save(draft, replacing: nil)
            console.write(try TransactionPresentation.result("Saved", saved, format: format, accounts: accounts))
        } catch {
            throw TransactionPresentation.error(error)
        }
    }

    private struct Question {
        let field: WritableKeyPath<TransactionDraft, String?>
        /// The field whose rules judge the answer; nil for the note, which any text fits.
        let checks: TransactionField?
        /// Whether the type asks this at all; nil for the type itself and the fields every type has.
        var use: ((TransactionType) -> FieldUse)?
        let prompt: (CalendarDay) -> String
        var defaultAnswer: (CalendarDay) -> String? = { _ in nil }

        /// Whether the transaction can't be saved without it: the type, and what the type needs
        /// that has no default (the date is today, the note empty).
        func isRequired(for draft: TransactionDraft) -> Bool {
            guard checks != .type else { return true }
            guard defaultAnswer(CalendarDay(daysSinceEpoch: 0)) == nil else { return false }
            guard let type = draft.type.flatMap({ TransactionType(rawValue: $0.lowercased()) }) else { return true }
            return (use?(type) ?? .required) == .required
        }
    }

    private static var questions: [Question] { [
        Question(field: \.type, checks: .type, prompt: { _ in "Type (\(TransactionType.allCases.filter { $0 != .transfer }.map(\.rawValue).joined(separator: "/"))): " }),
        Question(field: \.ticker, checks: .ticker, use: \.ticker, prompt: { _ in "Ticker: " }),
        Question(field: \.quantity, checks: .quantity, use: \.quantity, prompt: { _ in "Quantity: " }),
        Question(field: \.sum, checks: .sum, use: \.sum, prompt: { _ in "Sum: " }),
        Question(field: \.ratio, checks: .ratio, use: \.ratio, prompt: { _ in "Ratio (shares after:before, e.g. 4:1): " }),
        // An exchange's two currencies; every other type takes its security's, or --currency.
        Question(field: \.currency, checks: .currency, use: { $0 == .fx ? .optional : .unused }, prompt: { _ in "Currency paid (e.g. GBP; empty for the base): " }),
        Question(field: \.toSum, checks: .toSum, use: \.toSum, prompt: { _ in "Received (in the other currency): " }),
        Question(field: \.toCurrency, checks: .toCurrency, use: \.toCurrency, prompt: { _ in "Currency received (e.g. USD; empty for the base): " }),
        Question(field: \.date, checks: .date, prompt: { "Date [\($0.iso)]: " }, defaultAnswer: { $0.iso }),
        Question(field: \.note, checks: nil, prompt: { _ in "Note (optional): " }, defaultAnswer: { _ in "" }),
    ] }

    /// Asks each question the type needs until its answer is right; false when input ends
    /// (Ctrl-D), which cancels. An optional field (a fee's ticker) may be left empty.
    private static func ask(_ questions: [Question], into draft: inout TransactionDraft, io: CommandIO) throws -> Bool {
        for question in questions {
            let type = draft.type.flatMap { TransactionType(rawValue: $0.lowercased()) } ?? .buy
            let use = question.use?(type) ?? .required
            if use == .unused { continue }
            while true {
                guard let typed = io.console.readLine(prompt: question.prompt(io.today)) else { return false }
                let answer = typed.trimmingCharacters(in: .whitespaces)
                draft[keyPath: question.field] = answer.isEmpty ? question.defaultAnswer(io.today) : RelativeDate.resolve(answer, today: io.today)
                guard let field = question.checks, !(use == .optional && answer.isEmpty) else { break }
                let problems = TransactionValidator.errors(in: field, of: draft, latestDate: io.today)
                if problems.isEmpty { break }
                for problem in problems { io.console.writeError("  \(problem.description.escapedForTerminal); try again.\n") }
            }
        }
        return true
    }
}
