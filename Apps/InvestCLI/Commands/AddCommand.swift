import Foundation
import AppSupport
import Transactions

struct AddCommand: Command {
    let save: () throws -> TransactionSaving
    let spec = CommandSpec(
        name: "add", summary: "Add a buy or sell; the price is calculated from quantity and sum",
        usage: "add --type buy|sell --ticker T --quantity Q --sum S [--date YYYY-MM-DD] [--note TEXT]",
        options: [.value("type", "buy|sell", "Buy or sell"), .value("ticker", "T", "Ticker symbol, e.g. AAPL, BRK.B, VOD.L"),
                  .value("quantity", "Q", "Number of shares (> 0)"), .value("sum", "S", "Total money paid or received (> 0)"),
                  .value("date", "YYYY-MM-DD", "Trade date (default: today)"), .value("note", "TEXT", "Free-form note"),
                  .flag("yes", "Save without asking for confirmation when prompting")],
        positionals: 0...0)

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        var draft = TransactionDraft(date: arguments.value("date") ?? io.today.iso, type: arguments.value("type"),
                                     ticker: arguments.value("ticker"), quantity: arguments.value("quantity"),
                                     sum: arguments.value("sum"), note: arguments.value("note"))
        let console = io.console
        let prompted = console.isInteractive && Self.askForMissingFields(&draft, console: console)
        if prompted {
            console.write("\n  \(draft.type ?? "") \(draft.quantity ?? "") \(draft.ticker?.uppercased() ?? "") for \(draft.sum ?? "") on \(draft.date ?? "")\n")
            let answer = console.readLine(prompt: "Save this transaction? [y/N] ")?.trimmingCharacters(in: .whitespaces).lowercased()
            guard answer == "y" || answer == "yes" || arguments.has("yes") else {
                console.writeError("Cancelled; nothing was saved.\n")
                return
            }
        }
        do {
            let saved = try save().save(draft, replacing: nil)
            console.write("Saved \(TransactionPresentation.summary(saved))\n")
        } catch {
            throw TransactionPresentation.error(error)
        }
    }

    /// Asks for each missing field; returns whether anything was asked.
    private static func askForMissingFields(_ draft: inout TransactionDraft, console: Console) -> Bool {
        let questions: [(WritableKeyPath<TransactionDraft, String?>, String)] = [
            (\.type, "Type (buy/sell): "), (\.ticker, "Ticker: "), (\.quantity, "Quantity: "), (\.sum, "Sum: "),
        ]
        var asked = false
        for (field, prompt) in questions where (draft[keyPath: field] ?? "").isEmpty {
            asked = true
            draft[keyPath: field] = console.readLine(prompt: prompt)
        }
        return asked
    }
}
