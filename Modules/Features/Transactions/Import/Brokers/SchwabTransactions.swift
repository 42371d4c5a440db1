import FixedPoint
import Ledger

/// Charles Schwab's brokerage "Transaction History" export (Accounts › Transaction History ›
/// Export › CSV): `Date,Action,Symbol,Description,Quantity,Price,Fees & Comm,Amount`, dates as
/// `MM/DD/YYYY` (or `MM/DD/YYYY as of MM/DD/YYYY`, the later posting first), amounts as
/// `-$1,742.60`, in dollars, newest first, ending with a "Transactions Total" line.
///
/// Buys and reinvested shares cost the amount paid (fees included); a sell brings what the
/// amount says; every kind of dividend or capital-gain distribution is a dividend, reinvested
/// ones too (their shares are the "Reinvest Shares" row beside them); interest is interest;
/// fees and foreign tax withheld are fees of their symbol; money wired, moved by MoneyLink or
/// journaled is a deposit or a withdrawal by its sign. Corporate actions (splits, mergers,
/// spin-offs, name changes, shares journaled in) give shares without their ratio or cost, so
/// they are named, to be entered by hand (`invest add --type split`).
public struct SchwabTransactions: BrokerPreset {
    public let name = "schwab"
    public let title = "Charles Schwab transactions"

    private static let columns = ["date", "action", "symbol", "description", "quantity", "price", "fees & comm", "amount"]

    public init() {}

    public func reads(header: [String]) -> Bool {
        header.map { $0.trimmedSpaces.lowercased() } == Self.columns
    }

    public func drafts(from record: [String], header: [String]) -> Result<[TransactionDraft], BrokerRowProblem> {
        guard record.count == Self.columns.count else {
            // The closing total has its own shape.
            if record.first?.trimmedSpaces.lowercased().hasPrefix("transactions total") == true { return .success([]) }
            return .failure(BrokerRowProblem("expected \(Self.columns.count) fields, found \(record.count)"))
        }
        let cell = { (index: Int) in record[index].trimmedSpaces }
        if cell(0).lowercased().hasPrefix("transactions total") { return .success([]) }
        // `MM/DD/YYYY as of MM/DD/YYYY`: the posting, first.
        guard let date = BrokerNumber.usDate(cell(0).split(separator: " ").first.map(String.init) ?? "") else {
            return .failure(BrokerRowProblem("Date: '\(cell(0))' is not MM/DD/YYYY"))
        }
        let action = cell(1), symbol = cell(2), description = cell(3)
        let amount = BrokerNumber.parse(cell(7)), quantity = BrokerNumber.parse(cell(4))
        func draft(_ type: TransactionType, ticker: String? = nil, quantity: FixedDecimal? = nil, sum: FixedDecimal?) -> TransactionDraft {
            var draft = TransactionDraft(date: date, type: type.rawValue, ticker: ticker, quantity: quantity.map { BrokerNumber.magnitude($0).description },
                                         sum: sum.map { BrokerNumber.magnitude($0).description }, note: "Schwab: \(action)" + (description.isEmpty ? "" : " — \(description)"))
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
            guard let amount else { return needing("a dividend needs its Amount") }
            guard !symbol.isEmpty else { return needing("a dividend without a Symbol can't be told apart from interest; add it by hand") }
            return .success([draft(.dividend, ticker: symbol, sum: amount)])
        case .interest:
            guard let amount else { return needing("interest needs its Amount") }
            return .success([draft(amount.isNegative ? .fee : .interest, sum: amount)])
        case .fee:
            guard let amount else { return needing("a fee needs its Amount") }
            guard amount.isNegative else { return needing("a fee of \(cell(7)) is money in: a refund this import doesn't map; add it by hand") }
            return .success([draft(.fee, ticker: symbol.isEmpty ? nil : symbol, sum: amount)])
        case .cash:
            guard let amount, !amount.isZero else { return needing("moving money needs its Amount") }
            return .success([draft(amount.isNegative ? .withdrawal : .deposit, sum: amount)])
        case .corporateAction:
            return needing("a corporate action gives shares without their ratio or cost; leave the row out and add it by hand "
                + "(a split: invest add --type split --ticker \(symbol.isEmpty ? "T" : symbol) --ratio A:B)")
        case nil:
            return needing("not an action this import knows; leave the row out and add it by hand")
        }
    }

    private enum Kind {
        case buy, sell, dividend, interest, fee, cash, corporateAction
    }

    private static func kind(of action: String) -> Kind? {
        let action = action.lowercased()
        switch action {
        case "buy", "reinvest shares", "buy to open", "buy to close": return .buy
        case "sell", "sell to close", "sell to open", "sell short": return .sell
        case "credit interest", "bond interest", "bank interest", "margin interest": return .interest
        case "advisor fee", "adr mgmt fee", "service fee", "foreign tax paid", "nra tax adj", "misc cash entry": return .fee
        case "wire sent", "wire received", "wire funds", "wire funds received", "moneylink transfer", "moneylink deposit", "internal transfer",
             "funds received", "journal", "bank transfer", "cash in lieu": return .cash
        case "stock split", "reverse split", "journaled shares", "stock div dist", "spin-off", "stock merger", "name change", "conversion",
             "security transfer": return .corporateAction
        default:
            return action.contains("div") || action.contains("cap gain") ? .dividend : nil
        }
    }
}
