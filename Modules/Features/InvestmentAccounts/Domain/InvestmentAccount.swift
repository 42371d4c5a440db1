import Foundation

/// What sort of account: taxes and contribution rules differ, so a user tells them apart.
public enum AccountKind: String, CaseIterable, Sendable {
    case taxable, isa, ira, k401 = "401k", pension, other

    public var label: String {
        switch self {
        case .taxable: return "taxable"
        case .isa: return "ISA"
        case .ira: return "IRA"
        case .k401: return "401(k)"
        case .pension: return "pension"
        case .other: return "other"
        }
    }
}

/// An account transactions belong to: a broker's taxable account, an ISA, an IRA, a pension.
/// Transactions name it by its id, so a rename changes no transaction; one without an account
/// belongs to the default account, which every history has.
public struct InvestmentAccount: Equatable, Sendable {
    /// Nil for the default account.
    public let id: String?
    public let name: String
    public let kind: AccountKind
    /// A closed account keeps its history and takes no new transactions.
    public let closedAt: Date?

    public init(id: String?, name: String, kind: AccountKind, closedAt: Date? = nil) {
        self.id = id
        self.name = name
        self.kind = kind
        self.closedAt = closedAt
    }

    public static let defaultName = "default"
    public static let `default` = InvestmentAccount(id: nil, name: defaultName, kind: .taxable)

    public var isDefault: Bool { id == nil }
    public var isClosed: Bool { closedAt != nil }

    /// The account `name` names among `accounts`, in any case and without its spaces at either
    /// end; `default` is the default account.
    public static func named(_ name: String, in accounts: [InvestmentAccount]) -> InvestmentAccount? {
        let wanted = name.trimmingCharacters(in: .whitespaces).lowercased()
        if wanted == defaultName { return .default }
        return accounts.first { $0.name.lowercased() == wanted }
    }

    /// 1 to 40 characters, no control character, no space at either end, not `default`.
    public static func isName(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 40 && text == text.trimmingCharacters(in: .whitespaces)
            && !text.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }
    }
}
