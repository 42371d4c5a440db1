import FixedPoint

/// What a person typed, before validation: every field is raw text so that every mistake can be
/// reported at once instead of failing on the first unparsable value.
public struct TransactionDraft: Equatable, Sendable {
    public var date: String?
    public var type: String?
    public var ticker: String?
    public var quantity: String?
    public var sum: String?
    /// A split's ratio, such as 4:1.
    public var ratio: String?
    public var note: String?
    /// The account's id, already resolved from its name; nil for the default account.
    public var account: String?
    /// An ISO 4217 code; nil or empty for the base currency.
    public var currency: String?
    /// An exchange's proceeds and their currency.
    public var toSum: String?
    public var toCurrency: String?
    /// A transfer's destination, resolved from its name: an account's id, "" for the default
    /// account, nil when not given.
    public var toAccount: String?
    /// A trade's commission, in its currency.
    public var fee: String?
    /// A buy of shares held before the history begins, its cost not known yet (see
    /// `Transaction.costUnknown`); any sum but 0 makes it known.
    public var costUnknown = false
    /// A newer release's fields, carried through an edit unchanged.
    public var otherFields: [String: String] = [:]

    public init(date: String? = nil, type: String? = nil, ticker: String? = nil,
                quantity: String? = nil, sum: String? = nil, ratio: String? = nil, note: String? = nil, account: String? = nil) {
        self.date = date
        self.type = type
        self.ticker = ticker
        self.quantity = quantity
        self.sum = sum
        self.ratio = ratio
        self.note = note
        self.account = account
    }

    /// The draft that reproduces `transaction`, for edits that change only some fields: only the
    /// fields its type uses.
    public init(_ transaction: Transaction) {
        let type = transaction.type
        // A transfer moves shares (a quantity, no sum) or cash (a sum, no quantity), never both.
        let movesShares = type == .transfer && !transaction.ticker.isEmpty
        self.init(date: transaction.date.iso, type: type.rawValue, ticker: transaction.ticker.isEmpty ? nil : transaction.ticker,
                  quantity: type.quantity == .unused || (type == .transfer && !movesShares) ? nil : transaction.quantity.description,
                  sum: type.sum == .unused || movesShares ? nil : transaction.sum.description,
                  ratio: transaction.ratio?.description, note: transaction.note, account: transaction.account)
        currency = transaction.currency
        toSum = transaction.toSum?.description
        toCurrency = transaction.toCurrency
        toAccount = type == .transfer ? transaction.toAccount ?? "" : nil
        fee = transaction.fee?.description
        costUnknown = transaction.costUnknown
        otherFields = transaction.otherFields
    }

    /// The draft with the fields `type` doesn't use cleared: what an edit that changes the type keeps.
    public func keepingFields(of type: TransactionType) -> TransactionDraft {
        var draft = self
        if type.ticker == .unused { draft.ticker = nil }
        if type.quantity == .unused { draft.quantity = nil }
        if type.sum == .unused { draft.sum = nil }
        if type.ratio == .unused { draft.ratio = nil }
        if type.toSum == .unused { draft.toSum = nil }
        if type.toCurrency == .unused { draft.toCurrency = nil }
        if type.toAccount == .unused { draft.toAccount = nil }
        if type.fee == .unused { draft.fee = nil }
        return draft
    }
}

public enum TransactionField: String, Sendable, CaseIterable {
    case date, type, ticker, quantity, sum, fee, ratio, currency, toSum, toCurrency, toAccount
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
