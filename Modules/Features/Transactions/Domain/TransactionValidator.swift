import Foundation
import FixedPoint
import Ledger

/// The validated content of a draft, ready to become a `Transaction`.
public struct ValidTransactionFields: Equatable, Sendable {
    public let date: CalendarDay
    public let type: TransactionType
    public let ticker: String
    public let quantity: FixedDecimal
    public let sum: FixedDecimal
    public let ratio: SplitRatio?
    public let note: String?
    public let account: String?
    public let currency: String?
    public let toSum: FixedDecimal?
    public let toCurrency: String?
    public let toAccount: String?
    public let fee: FixedDecimal?
    public let costUnknown: Bool
    public let otherFields: [String: String]
}

extension Transaction {
    public init(id: String, fields: ValidTransactionFields, updatedAt: Date) {
        self.init(id: id, date: fields.date, type: fields.type, ticker: fields.ticker,
                  quantity: fields.quantity, sum: fields.sum, ratio: fields.ratio, note: fields.note, account: fields.account,
                  currency: fields.currency, toSum: fields.toSum, toCurrency: fields.toCurrency, toAccount: fields.toAccount,
                  fee: fields.fee, costUnknown: fields.costUnknown, otherFields: fields.otherFields, updatedAt: updatedAt)
    }
}

/// Nothing is saved until all fields are correct, so every field is checked
/// and all errors are returned together. Which fields a draft needs depends on its type
/// (`TransactionType.ticker` and the like); a draft without a valid type is judged as a buy.
public enum TransactionValidator {
    /// Large enough for any real position, small enough that products of two values can't overflow.
    public static let maximumValue = FixedDecimal(1_000_000_000_000)
    public static let maximumTickerLength = TickerSymbol.maximumLength

    /// - Parameter latestDate: the user's today; later dates are in the future.
    public static func validate(_ draft: TransactionDraft, latestDate: CalendarDay) -> Result<ValidTransactionFields, ValidationError> {
        var errors: [FieldError] = []
        let date = validateDate(draft.date, latestDate: latestDate, errors: &errors)
        let type = validateType(draft.type, errors: &errors)
        let kind = type ?? .buy
        func check<T>(_ field: TransactionField, _ text: String?, _ use: FieldUse, _ parse: (String?, inout [FieldError]) -> T?) -> T? {
            switch use {
            case .required:
                return parse(text, &errors)
            case .optional:
                return nonEmpty(text) == nil ? nil : parse(text, &errors)
            case .unused:
                if nonEmpty(text) != nil, type != nil {
                    errors.append(FieldError(field: field, message: "\(kind.withArticle) takes no \(field.rawValue) (\(requirement(of: kind)))"))
                }
                return nil
            }
        }
        let ticker = check(.ticker, draft.ticker, kind.ticker) { validateTicker($0, kind: kind, errors: &$1) }
        let quantity = check(.quantity, draft.quantity, kind.quantity) { validatePositive($0, field: .quantity, kind: kind, errors: &$1) }
        // Shares can come free (a stock dividend, a spin-off's shares): a buy may cost nothing.
        let sum = check(.sum, draft.sum, kind.sum) { validatePositive($0, field: .sum, kind: kind, orZero: kind == .buy, errors: &$1) }
        let fee = check(.fee, draft.fee, kind.fee) { validatePositive($0, field: .fee, kind: kind, orZero: true, errors: &$1) }
        let ratio = check(.ratio, draft.ratio, kind.ratio) { validateRatio($0, kind: kind, errors: &$1) }
        let currency = check(.currency, draft.currency, .optional) { validateCurrency($0, field: .currency, errors: &$1) }
        let toSum = check(.toSum, draft.toSum, kind.toSum) { validatePositive($0, field: .toSum, kind: kind, errors: &$1) }
        let toCurrency = check(.toCurrency, draft.toCurrency, kind.toCurrency) { validateCurrency($0, field: .toCurrency, errors: &$1) }
        let account = draft.account.flatMap { $0.isEmpty ? nil : $0 }
        if kind.toAccount == .unused, draft.toAccount != nil, type != nil {
            errors.append(FieldError(field: .toAccount, message: "\(kind.withArticle) takes no destination account; only a transfer does"))
        }
        if type == .fx, toCurrency == currency, !errors.contains(where: { $0.field == .currency || $0.field == .toCurrency }) {
            errors.append(FieldError(field: .toCurrency, message: "is \(toCurrency ?? "the base currency"), the currency paid: an exchange is between two currencies"))
        }
        // A sale's fee comes out of its proceeds; one larger than the sale would be a sale that paid out.
        if type == .sell, let fee, let sum, fee > sum {
            errors.append(FieldError(field: .fee, message: "\(fee) is more than the sale's sum of \(sum): a sell's sum is what the shares sold for, before the fee"))
        }
        if type == .transfer {
            validateTransfer(ticker: ticker, quantity: quantity, sum: sum, from: account, to: draft.toAccount, errors: &errors)
        }
        guard let date, let type, errors.isEmpty else {
            return .failure(ValidationError(errors: errors))
        }
        let note = draft.note.flatMap { $0.isEmpty ? nil : $0 }
        return .success(ValidTransactionFields(date: date, type: type, ticker: ticker ?? "", quantity: quantity ?? .zero, sum: sum ?? .zero,
                                               ratio: ratio, note: note, account: account, currency: currency, toSum: toSum, toCurrency: toCurrency,
                                               toAccount: type == .transfer ? draft.toAccount.flatMap { $0.isEmpty ? nil : $0 } : nil,
                                               fee: fee.flatMap { $0.isZero ? nil : $0 },
                                               costUnknown: draft.costUnknown && type == .buy && sum?.isZero == true, otherFields: draft.otherFields))
    }

    /// Shares (a ticker and a quantity) or cash (a sum), never both, into another account.
    private static func validateTransfer(ticker: String?, quantity: FixedDecimal?, sum: FixedDecimal?, from: String?, to: String?, errors: inout [FieldError]) {
        if ticker != nil, quantity == nil, !errors.contains(where: { $0.field == .quantity }) {
            errors.append(FieldError(field: .quantity, message: "is required to transfer shares: how many of the ticker's shares move"))
        }
        if ticker == nil, quantity != nil {
            errors.append(FieldError(field: .ticker, message: "is required with a quantity: which shares move"))
        }
        if ticker != nil, sum != nil {
            errors.append(FieldError(field: .sum, message: "a transfer moves shares or cash, not both: give a ticker and quantity, or a sum"))
        }
        if ticker == nil, quantity == nil, sum == nil, !errors.contains(where: { $0.field == .sum || $0.field == .ticker }) {
            errors.append(FieldError(field: .sum, message: "is required to transfer cash (or give a ticker and quantity to transfer shares)"))
        }
        guard let to else {
            errors.append(FieldError(field: .toAccount, message: "is required: the account the transfer goes to"))
            return
        }
        if (to.isEmpty ? nil : to) == from {
            errors.append(FieldError(field: .toAccount, message: "is the account the transfer comes from; a transfer is between two accounts"))
        }
    }

    /// Three letters, as ISO 4217 writes them; uppercased.
    private static func validateCurrency(_ text: String?, field: TransactionField, errors: inout [FieldError]) -> String? {
        guard let text = nonEmpty(text) else {
            errors.append(FieldError(field: field, message: "is required: an ISO 4217 code such as USD, EUR or GBP"))
            return nil
        }
        let code = text.uppercased()
        guard code.utf8.count == 3, code.utf8.allSatisfy({ (65...90).contains($0) }) else {
            errors.append(FieldError(field: field, message: "'\(text)' is not a currency: use its three-letter ISO 4217 code, such as USD, EUR or GBP"))
            return nil
        }
        return code
    }

    /// "a dividend needs date, ticker and sum", for messages that say what a type takes.
    public static func requirement(of type: TransactionType) -> String {
        var needs = ["date"], may: [String] = []
        if type == .transfer { return "a transfer needs date and a destination account, and a ticker and quantity (shares) or a sum (cash)" }
        for (field, use) in [("ticker", type.ticker), ("quantity", type.quantity), ("sum", type.sum), ("fee", type.fee), ("ratio", type.ratio),
                             ("to-sum", type.toSum), ("to-currency", type.toCurrency)] {
            if use == .required { needs.append(field) } else if use == .optional { may.append(field) }
        }
        let list = needs.dropLast().joined(separator: ", ") + " and " + needs.last!
        return "\(type.withArticle) needs \(list)" + (may.isEmpty ? "" : ", and may name a \(may.joined(separator: ", "))")
    }

    /// What is wrong with one field of `draft`, so a prompt can ask for it again at once.
    public static func errors(in field: TransactionField, of draft: TransactionDraft, latestDate: CalendarDay) -> [FieldError] {
        guard case let .failure(error) = validate(draft, latestDate: latestDate) else { return [] }
        return error.errors.filter { $0.field == field }
    }

    private static func validateDate(_ text: String?, latestDate: CalendarDay, errors: inout [FieldError]) -> CalendarDay? {
        guard let text = nonEmpty(text) else {
            errors.append(FieldError(field: .date, message: "is required (YYYY-MM-DD)"))
            return nil
        }
        guard let day = CalendarDay(iso: text) else {
            errors.append(FieldError(field: .date, message: "'\(text)' is not a real date in the form YYYY-MM-DD"))
            return nil
        }
        guard day <= latestDate else {
            errors.append(FieldError(field: .date, message: "\(day.iso) is in the future (today is \(latestDate.iso))"))
            return nil
        }
        return day
    }

    private static func validateType(_ text: String?, errors: inout [FieldError]) -> TransactionType? {
        guard let text = nonEmpty(text) else {
            errors.append(FieldError(field: .type, message: "is required: \(typeNames)"))
            return nil
        }
        guard let type = TransactionType(rawValue: text) ?? TransactionType(rawValue: text.lowercased()) else {
            errors.append(FieldError(field: .type, message: "'\(text)' is not one of: \(typeNames)"))
            return nil
        }
        return type
    }

    /// `TickerSymbol`'s rule: F, GOOGL, BRK.B, VOD.L, 7203.T, 0700.HK, ^GSPC.
    public static func normalizedTicker(_ text: String) -> String? {
        TickerSymbol.normalized(text)
    }

    private static let typeNames = TransactionType.allCases.map(\.rawValue).joined(separator: ", ")

    private static func missing(for kind: TransactionType) -> String {
        kind.isTrade ? "" : " for \(kind.withArticle) (\(requirement(of: kind)))"
    }

    private static func validateTicker(_ text: String?, kind: TransactionType, errors: inout [FieldError]) -> String? {
        guard let text = nonEmpty(text) else {
            errors.append(FieldError(field: .ticker, message: "is required\(missing(for: kind)), e.g. AAPL"))
            return nil
        }
        guard let ticker = normalizedTicker(text) else {
            errors.append(FieldError(field: .ticker, message: "'\(text)' must be 1-\(TickerSymbol.maximumLength) characters: a letter or digit (or ^ and a letter, for an index), then letters, digits, '.' or '-' (e.g. AAPL, BRK.B, VOD.L, 7203.T, ^GSPC)"))
            return nil
        }
        return ticker
    }

    private static func validateRatio(_ text: String?, kind: TransactionType, errors: inout [FieldError]) -> SplitRatio? {
        guard let text = nonEmpty(text) else {
            errors.append(FieldError(field: .ratio, message: "is required\(missing(for: kind)), e.g. 4:1 (four shares for each one) or 1:10"))
            return nil
        }
        guard let ratio = SplitRatio(text) else {
            errors.append(FieldError(field: .ratio, message: "'\(text)' is not a ratio: use AFTER:BEFORE in whole numbers from 1 to \(SplitRatio.maximumTerm), e.g. 4:1 or 1:10"))
            return nil
        }
        guard ratio.after != ratio.before else {
            errors.append(FieldError(field: .ratio, message: "\(text) changes nothing; a split's two numbers differ, e.g. 4:1 or 1:10"))
            return nil
        }
        return ratio
    }

    private static func validatePositive(_ text: String?, field: TransactionField, kind: TransactionType, orZero: Bool = false,
                                         errors: inout [FieldError]) -> FixedDecimal? {
        guard let text = nonEmpty(text) else {
            errors.append(FieldError(field: field, message: "is required\(missing(for: kind)) and must be greater than 0"))
            return nil
        }
        guard let value = FixedDecimal(text) else {
            errors.append(FieldError(field: field, message: "'\(text)' is not a number (use digits and '.', at most 8 decimal places)"))
            return nil
        }
        guard value > .zero || (orZero && value.isZero) else {
            errors.append(FieldError(field: field, message: "must be \(orZero ? "0 or more" : "greater than 0"), got \(text)"))
            return nil
        }
        guard value <= maximumValue else {
            errors.append(FieldError(field: field, message: "\(text) is larger than the maximum of \(maximumValue)"))
            return nil
        }
        return value
    }

    /// Trimmed, or nil when nothing is left. `trimmedSpaces` settles a field with visible ASCII at
    /// both ends, as nearly every field has, without a Unicode property lookup: an import of a
    /// million rows made five million of them.
    private static func nonEmpty(_ text: String?) -> String? {
        guard let trimmed = text?.trimmedSpaces, !trimmed.isEmpty else { return nil }
        return trimmed
    }
}

extension TransactionType {
    /// "a buy", "an interest payment": for sentences about a type.
    public var withArticle: String {
        switch self {
        case .interest: return "an interest payment"
        case .fx: return "an fx"
        default: return (rawValue.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + rawValue
        }
    }
}

public struct ValidationError: Error, Equatable, Sendable, CustomStringConvertible {
    public let errors: [FieldError]

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
