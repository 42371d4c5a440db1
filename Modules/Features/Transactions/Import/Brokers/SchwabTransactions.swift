import FixedPoint
import Ledger

/// Charles Schwab's brokerage "Transaction History" export (Accounts › Transaction History ›
/// Export › CSV): `Date,Action,Symbol,Description,Quantity,Price,Fees & Comm,Amount`, dates as
/// `MM/DD/YYYY` (or `MM/DD/YYYY as of MM/DD/YYYY`, the later posting first), amounts as
/// `-$1,742.60`, in dollars, newest first, ending with a "Transactions Total" line.
///
/// Buys and reinvested shares cost the amount paid and a sell brings what the amount says, the
/// Fees & Comm kept as the trade's fee; every kind of dividend or capital-gain distribution is a dividend, reinvested
/// ones too (their shares are the "Reinvest Shares" row beside them); interest is interest;
/// fees and foreign tax withheld are fees of their symbol; money wired, moved by MoneyLink or
/// journaled is a deposit or a withdrawal by its sign. A Stock Split gives the shares it added:
/// its ratio comes from the shares the file held before it (`SplitsFromHoldings`). Other
/// corporate actions (reverse splits, mergers, spin-offs, name changes, shares journaled in)
/// give shares without their ratio or cost, so they are named, to be entered by hand.
public struct SchwabTransactions: BrokerRowPreset {
    public let name = "schwab"
    public let title = "Charles Schwab transactions"

    private static let columns = ["date", "action", "symbol", "description", "quantity", "price", "fees & comm", "amount"]

    public init() {}

    public func reader(header: [String]) -> BrokerFileReader { SplitsFromHoldings(rowByRowReader(header: header)) }

    public func reads(header: [String]) -> Bool {
        header.map { $0.trimmedSpaces.lowercased() } == Self.columns
    }

    /// Its columns are in a fixed order: nothing to read from the header.
    public func layout(of header: [String]) {}

    public func drafts(from record: [String], layout: Void) -> Result<[TransactionDraft], BrokerRowProblem> {
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
        let action = cell(1), description = cell(3)
        return BrokerRow(date: date, action: action, kind: Self.kind(of: action), symbol: cell(2), quantity: BrokerNumber.parse(cell(4)),
                         amount: BrokerNumber.parse(cell(7)), fee: BrokerNumber.parse(cell(6)), note: "Schwab: \(action)" + (description.isEmpty ? "" : " — \(description)"), currency: "USD").drafts
    }

    private static func kind(of action: String) -> BrokerRow.Kind? {
        let action = action.lowercased()
        switch action {
        case "buy", "reinvest shares", "buy to open", "buy to close": return .buy
        case "sell", "sell to close", "sell to open", "sell short": return .sell
        case "credit interest", "bond interest", "bank interest", "margin interest": return .interest
        case "advisor fee", "adr mgmt fee", "service fee", "foreign tax paid", "nra tax adj", "misc cash entry": return .fee
        case "wire sent", "wire received", "wire funds", "wire funds received", "moneylink transfer", "moneylink deposit", "internal transfer",
             "funds received", "journal", "bank transfer": return .cash
        // Cash for a fraction of a share a corporate action would have left: what the security paid.
        case "cash in lieu": return .dividend
        case "stock split": return .splitAdding
        case "reverse split", "journaled shares", "stock div dist", "spin-off", "stock merger", "name change", "conversion",
             "security transfer": return .corporateAction
        default:
            return action.contains("div") || action.contains("cap gain") ? .dividend : nil
        }
    }
}
