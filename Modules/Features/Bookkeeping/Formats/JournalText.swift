import FixedPoint

/// What hledger's and beancount's syntaxes share.
enum JournalText {
    /// A sum of money with at least two decimals: both tools infer a balance's tolerance from the
    /// decimals written, and a whole number would allow none at all.
    static func number(_ amount: JournalAmount) -> String {
        amount.isShares ? amount.quantity.description : money(amount.quantity)
    }

    static func money(_ quantity: FixedDecimal) -> String {
        let text = quantity.description
        guard let dot = text.firstIndex(of: ".") else { return text + ".00" }
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        return decimals >= 2 ? text : text + String(repeating: "0", count: 2 - decimals)
    }

    static func account(_ account: JournalAccount) -> String {
        ([account.root.rawValue] + account.names).joined(separator: ":")
    }

    /// Outside text (a note) on one line, with no control character.
    static func oneLine(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" ? " " : Character($0) })
    }
}
