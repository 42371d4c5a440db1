import Foundation
import FixedPoint

/// The validated content of a draft, ready to become a `Transaction`.
public struct ValidTransactionFields: Equatable, Sendable {
    public let date: CalendarDay
    public let type: TransactionType
    public let ticker: String
    public let quantity: FixedDecimal
    public let sum: FixedDecimal
    public let note: String?
}

extension Transaction {
    public init(id: String, fields: ValidTransactionFields, updatedAt: Date) {
        self.init(id: id, date: fields.date, type: fields.type, ticker: fields.ticker,
                  quantity: fields.quantity, sum: fields.sum, note: fields.note, updatedAt: updatedAt)
    }
}

/// Seed 002: "the system does not save until all fields are correct", so every field is checked
/// and all errors are returned together.
public enum TransactionValidator {
    /// Large enough for any real position, small enough that products of two values can't overflow.
    public static let maximumValue = FixedDecimal(1_000_000_000_000)
    public static let maximumTickerLength = 10

    /// - Parameter latestDate: the user's today; later dates are in the future.
    public static func validate(_ draft: TransactionDraft, latestDate: CalendarDay) -> Result<ValidTransactionFields, ValidationError> {
        var errors: [FieldError] = []
        let date = validateDate(draft.date, latestDate: latestDate, errors: &errors)
        let type = validateType(draft.type, errors: &errors)
        let ticker = validateTicker(draft.ticker, errors: &errors)
        let quantity = validatePositive(draft.quantity, field: .quantity, errors: &errors)
        let sum = validatePositive(draft.sum, field: .sum, errors: &errors)
        guard let date, let type, let ticker, let quantity, let sum, errors.isEmpty else {
            return .failure(ValidationError(errors: errors))
        }
        let note = draft.note.flatMap { $0.isEmpty ? nil : $0 }
        return .success(ValidTransactionFields(date: date, type: type, ticker: ticker, quantity: quantity, sum: sum, note: note))
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
            errors.append(FieldError(field: .type, message: "is required: buy or sell"))
            return nil
        }
        guard let type = TransactionType(rawValue: text.lowercased()) else {
            errors.append(FieldError(field: .type, message: "'\(text)' is not one of: buy, sell"))
            return nil
        }
        return type
    }

    /// 1–10 characters, a letter first, then letters, digits, '.' or '-': F, GOOGL, BRK.B, VOD.L.
    public static func normalizedTicker(_ text: String) -> String? {
        let ticker = text.utf8.contains(where: { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }) ? text.uppercased() : text
        guard (1...maximumTickerLength).contains(ticker.count), let first = ticker.unicodeScalars.first,
              isASCIILetter(first),
              ticker.unicodeScalars.allSatisfy({ isASCIILetter($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-" })
        else { return nil }
        return ticker
    }

    private static func validateTicker(_ text: String?, errors: inout [FieldError]) -> String? {
        guard let text = nonEmpty(text) else {
            errors.append(FieldError(field: .ticker, message: "is required, e.g. AAPL"))
            return nil
        }
        guard let ticker = normalizedTicker(text) else {
            errors.append(FieldError(field: .ticker, message: "'\(text)' must be 1-10 characters: a letter, then letters, digits, '.' or '-' (e.g. AAPL, BRK.B, VOD.L)"))
            return nil
        }
        return ticker
    }

    private static func validatePositive(_ text: String?, field: TransactionField, errors: inout [FieldError]) -> FixedDecimal? {
        guard let text = nonEmpty(text) else {
            errors.append(FieldError(field: field, message: "is required and must be greater than 0"))
            return nil
        }
        guard let value = FixedDecimal(text) else {
            errors.append(FieldError(field: field, message: "'\(text)' is not a number (use digits and '.', at most 8 decimal places)"))
            return nil
        }
        guard value > .zero else {
            errors.append(FieldError(field: field, message: "must be greater than 0, got \(text)"))
            return nil
        }
        guard value <= maximumValue else {
            errors.append(FieldError(field: field, message: "\(text) is larger than the maximum of \(maximumValue)"))
            return nil
        }
        return value
    }

    /// Trimmed, or nil when empty. Checks the ends first: Foundation's trimming is slow, and an
    /// import calls this for every field of every row.
    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        guard text.first!.isWhitespace || text.last!.isWhitespace else { return text }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar)
    }
}

public struct ValidationError: Error, Equatable, Sendable, CustomStringConvertible {
    public let errors: [FieldError]

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
