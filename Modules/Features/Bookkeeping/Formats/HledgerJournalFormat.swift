/// A `Journal` in hledger's journal syntax (hledger 1.25 and later read it): each trade's shares
/// at their total cost (`@@`), each exchange at what it cost in the other currency, and `P`
/// directives for closes, quotes and rates, so `hledger bal -V` values holdings at the prices
/// `portfolio` uses and `-X BASE` follows the rate on to the base currency.
public enum HledgerJournalFormat {
    public static func text(of journal: Journal) -> String {
        var lines = ["; Written by 'invest export --format hledger'. Base currency \(journal.baseCurrency).",
                     "; Shares carry their cost (@@); value them with: hledger bal -V, or -X \(journal.baseCurrency).", ""]
        // Money shown to the cent, as the balances are kept, not to a rate's five decimals.
        let currencies = Set(journal.entries.flatMap { $0.postings.map(\.weight) }.map(\.commodity) + journal.prices.map(\.price.commodity))
        lines += currencies.sorted().map { "commodity 1000.00 \($0)" } + [""]
        for entry in journal.entries {
            lines.append("\(entry.date.iso) * \(description(entry.narration))  ; id:\(description(entry.transactionID))")
            for posting in entry.postings {
                var amount = amountText(posting.amount)
                if let total = posting.cost ?? posting.price { amount += " @@ \(amountText(total))" }
                lines.append("    \(JournalText.account(posting.account))  \(amount)")
            }
            lines.append("")
        }
        for price in journal.prices {
            lines.append("P \(price.date.iso) \(commodity(price.commodity, isShares: price.isShares)) \(price.price.quantity) \(price.price.commodity)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func amountText(_ amount: JournalAmount) -> String {
        "\(JournalText.number(amount)) \(commodity(amount.commodity, isShares: amount.isShares))"
    }

    /// A ticker in quotes: hledger reads an unquoted symbol only if it is letters alone, and
    /// `VOD.L` or `BRK.B` are not.
    private static func commodity(_ name: String, isShares: Bool) -> String {
        isShares ? "\"\(name.filter { $0 != "\"" })\"" : name
    }

    /// A description ends at a `;`, which starts a comment.
    private static func description(_ text: String) -> String {
        JournalText.oneLine(text).replacingOccurrences(of: ";", with: ",")
    }
}
