import Foundation
import FixedPoint
import Ledger
import Transactions

public enum AlertsError: LedgerFeatureError, Equatable {
    case invalidTicker(String)
    case invalidThreshold(String)
    case notFound(id: String)
    case store(StoreError)
    case unreadable(LedgerDecodingError)
}

public protocol AlertsManaging {
    @discardableResult
    func add(ticker: String, condition: String, threshold: String, repeats: Bool) throws(AlertsError) -> PriceAlert
    func remove(id: String) throws(AlertsError)
    @discardableResult
    func rearm(id: String) throws(AlertsError) -> PriceAlert
    /// Oldest first.
    func all() throws(AlertsError) -> [PriceAlert]
    /// Saves alerts as they are now, fired or not, as one unit.
    func save(_ alerts: [PriceAlert]) throws(AlertsError)
}

public final class ManageAlertsUseCase: AlertsManaging {
    private let store: AlertsStore
    private let now: () -> Date
    private let makeID: () -> String

    public init(store: AlertsStore, now: @escaping () -> Date, makeID: @escaping () -> String) {
        self.store = store
        self.now = now
        self.makeID = makeID
    }

    public func add(ticker tickerText: String, condition name: String, threshold thresholdText: String, repeats: Bool) throws(AlertsError) -> PriceAlert {
        guard let ticker = TransactionValidator.normalizedTicker(tickerText) else { throw .invalidTicker(tickerText) }
        guard let threshold = FixedDecimal(thresholdText.trimmingCharacters(in: .whitespaces)), threshold > .zero,
              threshold <= AlertsLedgerCodec.maximumThreshold, let condition = AlertCondition(name: name, threshold: threshold) else {
            throw .invalidThreshold(thresholdText)
        }
        let alert = PriceAlert(id: makeID(), ticker: ticker, condition: condition, repeats: repeats, createdAt: now(), fired: nil)
        try save([alert])
        return alert
    }

    public func remove(id: String) throws(AlertsError) {
        let alert = try find(id)
        try store.remove(id: alert.id, at: now())
    }

    public func rearm(id: String) throws(AlertsError) -> PriceAlert {
        let alert = try find(id).firing(nil)
        try save([alert])
        return alert
    }

    public func all() throws(AlertsError) -> [PriceAlert] {
        try store.alerts().sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    public func save(_ alerts: [PriceAlert]) throws(AlertsError) {
        try store.save(alerts, at: now())
    }

    /// The alert with this id, or the only one whose id starts with it.
    private func find(_ id: String) throws(AlertsError) -> PriceAlert {
        let alerts = try all()
        if let exact = alerts.first(where: { $0.id == id }) { return exact }
        let matches = alerts.filter { $0.id.hasPrefix(id.lowercased()) }
        guard matches.count == 1, !id.isEmpty else { throw .notFound(id: id) }
        return matches[0]
    }

}
