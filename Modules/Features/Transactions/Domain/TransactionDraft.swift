import FixedPoint

/// What a person typed, before validation: every field is raw text so that every mistake can be
/// reported at once instead of failing on the first unparsable value.
public struct TransactionDraft: Equatable, Sendable {
    public var date: String?
    public var type: String?
    public var ticker: String?
    public var quantity: String?
    public var sum: String?
    public var note: String?

    public init(date: String? = nil, type: String? = nil, ticker: String? = nil,
                quantity: String? = nil, sum: String? = nil, note: String? = nil) {
        self.date = date
        self.type = type
        self.ticker = ticker
        self.quantity = quantity
        self.sum = sum
        self.note = note
    }

    /// The draft that reproduces `transaction`, for edits that change only some fields.
    public init(_ transaction: Transaction) {
        self.init(date: transaction.date.iso, type: transaction.type.rawValue, ticker: transaction.ticker,
                  quantity: transaction.quantity.description, sum: transaction.sum.description, note: transaction.note)
    }
}

public enum TransactionField: String, Sendable, CaseIterable {
    case date, type, ticker, quantity, sum
}

public struct FieldError: Equatable, Sendable, CustomStringConvertible {
    public let field: TransactionField
    public let message: String

    public init(field: TransactionField, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field.rawValue): \(message)" }
}
