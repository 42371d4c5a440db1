import FixedPoint
import Ledger

/// Fidelity's brokerage "History" export (Activity & Orders › Download, `History_for_Account_….csv`):
/// blank lines, then `Run Date,Action,Symbol,Security Description,Security Type,Quantity,
/// Price ($),Commission ($),Fees ($),Accrued Interest ($),Amount ($),Settlement Date` (some
/// exports say `Description`, `Type`, and add `Cash Balance ($)`), each field often after a
/// space, dates `MM/DD/YYYY`, newest first, then a footer of disclaimers, one field a line.
///
/// The action is a sentence: "YOU BOUGHT …" and "REINVESTMENT …" are buys at the amount paid,
/// "YOU SOLD …" a sell at its net amount, "DIVIDEND RECEIVED …" and capital-gain distributions
/// dividends, "INTEREST EARNED …" interest, "FOREIGN TAX PAID …" and "FEE CHARGED …" fees of
/// their symbol, money transferred, contributed or deposited a deposit or a withdrawal by its
/// sign. Moves into and out of the core money-market position are cash to this ledger, so left
/// out. Corporate actions carry no ratio or cost, and are named.
public struct FidelityHistory: BrokerPreset {
    public let name = "fidelity"
    public let title = "Fidelity account history"

    public init() {}

    public func reads(header: [String]) -> Bool {
        let names = Set(header.map(Self.columnName))
        return ["run date", "action", "symbol", "quantity", "amount"].allSatisfy(names.contains)
    }

    public func drafts(from record: [String], header: [String]) -> Result<[TransactionDraft], BrokerRowProblem> {
        // The footer's disclaimers and the blank lines around them hold no transaction.
        if record.count < 2 || record.allSatisfy({ $0.trimmedSpaces.isEmpty }) { return .success([]) }
        guard record.count == header.count else { return .failure(BrokerRowProblem("expected \(header.count) fields, found \(record.count)")) }
        let columns = Dictionary(header.enumerated().map { (Self.columnName($0.element), $0.offset) }) { first, _ in first }
        let cell = { (name: String) in columns[name].map { record[$0].trimmedSpaces } ?? "" }
        guard let date = BrokerNumber.usDate(cell("run date")) else {
            return .failure(BrokerRowProblem("Run Date: '\(cell("run date"))' is not MM/DD/YYYY"))
        }
        let action = cell("action"), symbol = cell("symbol")
        let amount = BrokerNumber.parse(cell("amount")), quantity = BrokerNumber.parse(cell("quantity"))
        let description = cell("security description").isEmpty ? cell("description") : cell("security description")
        func draft(_ type: TransactionType, ticker: String? = nil, quantity: FixedDecimal? = nil, sum: FixedDecimal?) -> TransactionDraft {
            var draft = TransactionDraft(date: date, type: type.rawValue, ticker: ticker, quantity: quantity.map { BrokerNumber.magnitude($0).description },
                                         sum: sum.map { BrokerNumber.magnitude($0).description },
                                         note: "Fidelity: \(action)" + (description.isEmpty || action.contains(description) ? "" : " — \(description)"))
            draft.currency = "USD"
            return draft
        }
        func needing(_ what: String) -> Result<[TransactionDraft], BrokerRowProblem> {
            .failure(BrokerRowProblem("\(action): \(what)"))
        }
        switch Self.kind(of: action) {
        case .buy:
            guard let quantity, let amount else { return needing("a buy needs its Quantity and Amount") }
            return .success([draft(.buy, ticker: symbol, quantity: quantity, sum: amount)])
        case .sell:
            guard let quantity, let amount else { return needing("a sell needs its Quantity and Amount") }
            return .success([draft(.sell, ticker: symbol, quantity: quantity, sum: amount)])
        case .dividend:
            guard let amount, !symbol.isEmpty else { return needing("a dividend needs its Symbol and Amount") }
            return .success([draft(.dividend, ticker: symbol, sum: amount)])
        case .interest:
            guard let amount else { return needing("interest needs its Amount") }
            return .success([draft(amount.isNegative ? .fee : .interest, sum: amount)])
        case .fee:
            guard let amount, amount.isNegative else { return needing("a fee needs a negative Amount (a refund this import doesn't map; add it by hand)") }
            return .success([draft(.fee, ticker: symbol.isEmpty ? nil : symbol, sum: amount)])
        case .cash:
            guard let amount, !amount.isZero else { return needing("moving money needs its Amount") }
            return .success([draft(amount.isNegative ? .withdrawal : .deposit, sum: amount)])
        case .coreSweep:
            return .success([])
        case .corporateAction:
            return needing("a corporate action gives shares without their ratio or cost; leave the row out and add it by hand")
        case nil:
            return needing("not an action this import knows; leave the row out and add it by hand")
        }
    }

    private enum Kind {
        case buy, sell, dividend, interest, fee, cash, coreSweep, corporateAction
    }

    private static func kind(of action: String) -> Kind? {
        let action = action.uppercased()
        func has(_ words: String...) -> Bool { words.contains { action.contains($0) } }
        if has("CORE ACCOUNT") { return .coreSweep }
        if has("YOU BOUGHT", "REINVESTMENT") { return .buy }
        if has("YOU SOLD") { return .sell }
        if has("DIVIDEND RECEIVED", "CAP GAIN") { return .dividend }
        if has("INTEREST EARNED") { return .interest }
        if has("FOREIGN TAX PAID", "FEE CHARGED", "ADVISORY FEE") { return .fee }
        if has("ELECTRONIC FUNDS TRANSFER", "CASH CONTRIBUTION", "DIRECT DEPOSIT", "TRANSFERRED FROM", "TRANSFERRED TO", "WIRE TRANSFER",
               "CHECK RECEIVED", "PARTIC CONTR") { return .cash }
        if has("SPLIT", "DISTRIBUTION", "MERGER", "SPIN", "NAME CHANGE", "EXCHANGED") { return .corporateAction }
        return nil
    }

    /// Lower-cased, without a ` ($)` suffix: `Amount ($)` and `Amount` are one column.
    private static func columnName(_ text: String) -> String {
        var name = text.trimmedSpaces.lowercased()
        if name.hasSuffix("($)") { name = String(name.dropLast(3)).trimmedSpaces }
        return name
    }
}
