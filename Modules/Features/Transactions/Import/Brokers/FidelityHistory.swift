import FixedPoint
import Ledger

/// Fidelity's brokerage "History" export (Activity & Orders › Download, `History_for_Account_….csv`):
/// blank lines, then `Run Date,Action,Symbol,Security Description,Security Type,Quantity,
/// Price ($),Commission ($),Fees ($),Accrued Interest ($),Amount ($),Settlement Date` (some
/// exports say `Description`, `Type`, and add `Cash Balance ($)`), each field often after a
/// space, dates `MM/DD/YYYY`, newest first, then a footer of disclaimers, one field a line.
///
/// The action is a sentence: "YOU BOUGHT …" and "REINVESTMENT …" are buys at the amount paid,
/// "YOU SOLD …" a sell at its net amount, their commission and fees kept as the trade's fee, "DIVIDEND RECEIVED …" and capital-gain distributions
/// dividends, "INTEREST EARNED …" interest, "FOREIGN TAX PAID …" and "FEE CHARGED …" fees of
/// their symbol, money transferred, contributed or deposited a deposit or a withdrawal by its
/// sign. Moves into and out of the core money-market position are cash to this ledger, so left
/// out. Corporate actions carry no ratio or cost, and are named.
public struct FidelityHistory: BrokerRowPreset {
    public let name = "fidelity"
    public let title = "Fidelity account history"

    public init() {}

    public func reads(header: [String]) -> Bool {
        let names = Set(header.map(Self.columnName))
        return ["run date", "action", "symbol", "quantity", "amount"].allSatisfy(names.contains)
    }

    public func layout(of header: [String]) -> BrokerColumns { BrokerColumns(header, naming: Self.columnName) }

    public func drafts(from record: [String], layout columns: BrokerColumns) -> Result<[TransactionDraft], BrokerRowProblem> {
        // The footer's disclaimers and the blank lines around them hold no transaction.
        if record.count < 2 || record.allSatisfy({ $0.trimmedSpaces.isEmpty }) { return .success([]) }
        guard record.count == columns.header.count else { return .failure(BrokerRowProblem("expected \(columns.header.count) fields, found \(record.count)")) }
        let cell = { (name: String) in columns.cell(name, in: record) }
        guard let date = BrokerNumber.usDate(cell("run date")) else {
            return .failure(BrokerRowProblem("Run Date: '\(cell("run date"))' is not MM/DD/YYYY"))
        }
        let action = cell("action")
        let description = cell("security description").isEmpty ? cell("description") : cell("security description")
        return BrokerRow(date: date, action: action, kind: Self.kind(of: action), symbol: cell("symbol"), quantity: BrokerNumber.parse(cell("quantity")),
                         amount: BrokerNumber.parse(cell("amount")), fee: Self.commission(cell("commission"), cell("fees")),
                         note: "Fidelity: \(action)" + (description.isEmpty || action.contains(description) ? "" : " — \(description)"), currency: "USD").drafts
    }

    private static func kind(of action: String) -> BrokerRow.Kind? {
        let action = action.uppercased()
        func has(_ words: String...) -> Bool { words.contains { action.contains($0) } }
        if has("CORE ACCOUNT") { return .ignored }
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

    /// A trade's commission and fees together, nil when it has neither.
    private static func commission(_ texts: String...) -> FixedDecimal? {
        let amounts = texts.compactMap { BrokerNumber.parse($0) }.map(BrokerNumber.magnitude)
        // Each is a cell of one row: far below the largest amount, so the sum fits.
        guard !amounts.isEmpty, amounts.allSatisfy({ $0 <= TransactionValidator.maximumValue }) else { return nil }
        return amounts.reduce(FixedDecimal.zero, +)
    }

    /// Lower-cased, without a ` ($)` suffix: `Amount ($)` and `Amount` are one column.
    private static func columnName(_ text: String) -> String {
        var name = text.trimmedSpaces.lowercased()
        if name.hasSuffix("($)") { name = String(name.dropLast(3)).trimmedSpaces }
        return name
    }
}
