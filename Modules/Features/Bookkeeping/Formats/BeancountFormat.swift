/// A `Journal` in beancount's syntax (v2 and v3): every account opened on its first day, each
/// security a commodity (its ticker kept as `name`), each lot at its total cost (`{{…}}`), and
/// `price` directives for closes, quotes and rates.
///
/// Holdings are booked `"NONE"`: beancount has no moving-average booking (its AVERAGE is
/// disabled), so every sell takes out exactly the cost this tool's calculator gave it, under
/// either method, and the books' cost basis is `portfolio`'s.
public enum BeancountFormat {
    public static func text(of journal: Journal) -> String {
        let commodities = commodityNames(journal)
        func amount(_ amount: JournalAmount) -> String {
            "\(JournalText.number(amount)) \(amount.isShares ? commodities[amount.commodity]! : amount.commodity)"
        }
        var lines = ["; Written by 'invest export --format beancount'. Check it with: bean-check FILE",
                     "option \"title\" \"Investments\"", "option \"operating_currency\" \"\(journal.baseCurrency)\"", ""]
        var firstUse: [String: String] = [:]
        for (account, day) in journal.accounts.sorted(by: { ($0.value, $0.key) < ($1.value, $1.key) }) {
            if let ticker = account.holds {
                lines.append("\(day.iso) open \(JournalText.account(account)) \(commodities[ticker]!) \"NONE\"")
                firstUse[ticker] = min(firstUse[ticker] ?? day.iso, day.iso)
            } else {
                lines.append("\(day.iso) open \(JournalText.account(account))")
            }
        }
        for ticker in firstUse.keys.sorted() {
            lines.append("\(firstUse[ticker]!) commodity \(commodities[ticker]!)")
            lines.append("  name: \(quoted(ticker))")
        }
        lines.append("")
        for entry in journal.entries {
            lines.append("\(entry.date.iso) * \(quoted(entry.narration))")
            lines.append("  id: \(quoted(entry.transactionID))")
            for posting in entry.postings {
                var text = amount(posting.amount)
                if let cost = posting.cost { text += " {{\(amount(cost))}}" }
                if let price = posting.price { text += " @@ \(amount(price))" }
                lines.append("  \(JournalText.account(posting.account))  \(text)")
            }
            lines.append("")
        }
        for price in journal.prices where !price.isShares || commodities[price.commodity] != nil {
            let name = price.isShares ? commodities[price.commodity]! : price.commodity
            lines.append("\(price.date.iso) price \(name) \(price.price.quantity) \(price.price.commodity)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Each ticker as a commodity beancount reads: a capital first, a capital or digit last,
    /// capitals, digits and `'._-` between, and no two tickers alike (`F` becomes `F-X`).
    public static func commodityNames(_ journal: Journal) -> [String: String] {
        var tickers = Set<String>()
        for entry in journal.entries {
            for posting in entry.postings where posting.amount.isShares { tickers.insert(posting.amount.commodity) }
        }
        var names: [String: String] = [:], taken = Set<String>()
        for ticker in tickers.sorted() {
            var name = String(ticker.uppercased().map { $0.isASCII && ($0.isLetter || $0.isNumber || "'._-".contains($0)) ? $0 : "-" })
            if !(name.first?.isLetter ?? false) { name = "X" + name }
            if name.count < 2 || !(name.last!.isLetter || name.last!.isNumber) { name += "-X" }
            var unique = name, counter = 2
            while taken.contains(unique) { unique = "\(name)-\(counter)"; counter += 1 }
            taken.insert(unique)
            names[ticker] = unique
        }
        return names
    }

    private static func quoted(_ text: String) -> String {
        "\"" + JournalText.oneLine(text).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
