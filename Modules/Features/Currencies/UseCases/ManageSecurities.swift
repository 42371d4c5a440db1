import Foundation
import Ledger

public enum SecuritiesError: LedgerFeatureError, Equatable {
    case store(StoreError)
    case unreadable(LedgerDecodingError)
    case invalidTicker(String)
    /// Neither an ISO 4217 code nor a minor unit (`GBp`, `GBX`, `ILA`, `ZAc`).
    case invalidCurrency(String)
}

public protocol SecuritiesManaging {
    /// The user's word on a security's currency, kept over any provider's.
    func setCurrency(_ currency: String, of ticker: String) throws(SecuritiesError) -> Security
    /// A provider's word, kept unless the user has said otherwise; nil when it was not kept.
    func recordProviderCurrency(_ currency: String, of ticker: String) throws(SecuritiesError) -> Security?
    func all() throws(SecuritiesError) -> [Security]
}

public final class ManageSecuritiesUseCase: SecuritiesManaging {
    private let store: SecuritiesStore
    private let now: () -> Date

    public init(store: SecuritiesStore, now: @escaping () -> Date) {
        self.store = store
        self.now = now
    }

    public func setCurrency(_ currency: String, of ticker: String) throws(SecuritiesError) -> Security {
        let security = Security(ticker: try Self.ticker(ticker), unit: try Self.unit(currency), source: .user)
        try store.save(security, at: now())
        return security
    }

    public func recordProviderCurrency(_ currency: String, of ticker: String) throws(SecuritiesError) -> Security? {
        let security = Security(ticker: try Self.ticker(ticker), unit: try Self.unit(currency), source: .provider)
        let kept = try store.securities().first { $0.ticker == security.ticker }
        guard kept?.source != .user, kept != security else { return nil }
        try store.save(security, at: now())
        return security
    }

    public func all() throws(SecuritiesError) -> [Security] {
        try store.securities().sorted { $0.ticker < $1.ticker }
    }

    private static func ticker(_ text: String) throws(SecuritiesError) -> String {
        guard let ticker = TickerSymbol.normalized(text.trimmedSpaces) else { throw .invalidTicker(text) }
        return ticker
    }

    private static func unit(_ text: String) throws(SecuritiesError) -> PriceUnit {
        guard let unit = PriceUnit(text.trimmedSpaces) ?? PriceUnit(text.trimmedSpaces.uppercased()) else { throw .invalidCurrency(text) }
        return unit
    }
}
