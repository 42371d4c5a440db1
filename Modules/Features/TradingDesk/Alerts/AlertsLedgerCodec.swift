import Foundation
import FixedPoint
import Ledger
import Transactions

/// Alerts on the ledger: kind `alert`, schema 1, with the payload
///
///     condition=above|below|move|loss|weight  created=EPOCH-MS  fired=EPOCH-MS (once fired)
///     fired-measured=DECIMAL  fired-price=DECIMAL  repeat=1 (only when it repeats)
///     threshold=DECIMAL  ticker=TICKER
///
/// Firing rewrites the entry, so the state syncs like any edit.
public enum AlertsLedgerCodec: LedgerCodec {
    public static let kind = LedgerKind("alert", schema: 1)
    public static let kinds = [kind]
    /// Large enough for any price, small enough that no comparison overflows.
    public static let maximumThreshold = TransactionValidator.maximumValue

    public static func entry(for alert: PriceAlert, updatedAt: Int64) -> LedgerEntry {
        var fields: [(name: String, value: String)] = [
            ("ticker", alert.ticker), ("condition", alert.condition.name), ("threshold", alert.condition.threshold.description),
            ("created", String(alert.createdAt.millisecondsSince1970))]
        if alert.repeats { fields.append(("repeat", "1")) }
        if let fired = alert.fired {
            fields += [("fired", String(fired.at.millisecondsSince1970)), ("fired-price", fired.price.description),
                       ("fired-measured", fired.measured.description)]
        }
        return LedgerEntry(id: alert.id, kind: kind.name, schema: kind.schema, updatedAt: updatedAt, payload: LedgerPayload(fields))
    }

    public static func record(from entry: LedgerEntry) throws(LedgerDecodingError) -> PriceAlert? {
        guard entry.kind == kind.name, !entry.isDeleted else { return nil }
        guard entry.schema <= kind.schema else { throw .newerSchema(id: entry.id, kind: entry.kind, schema: entry.schema, supported: kind.schema) }
        let payload = entry.payload
        func invalid(_ field: String) -> LedgerDecodingError { .invalidField(id: entry.id, kind: entry.kind, field: field) }
        guard let ticker = payload["ticker"], TransactionValidator.normalizedTicker(ticker) == ticker else { throw invalid("ticker") }
        guard let threshold = payload["threshold"].flatMap({ FixedDecimal($0) }), threshold > .zero, threshold <= maximumThreshold else {
            throw invalid("threshold")
        }
        guard let condition = payload["condition"].flatMap({ AlertCondition(name: $0, threshold: threshold) }) else { throw invalid("condition") }
        let created = try payload["created"].map { text throws(LedgerDecodingError) in
            guard let time = LedgerClock.time(text) else { throw invalid("created") }
            return time
        } ?? entry.updatedAt
        var fired: PriceAlert.Firing?
        if let at = payload["fired"] {
            guard let at = LedgerClock.time(at), let price = payload["fired-price"].flatMap({ FixedDecimal($0) }),
                  let measured = payload["fired-measured"].flatMap({ FixedDecimal($0) }) else { throw invalid("fired") }
            fired = PriceAlert.Firing(at: Date(millisecondsSince1970: at), price: price, measured: measured)
        }
        return PriceAlert(id: entry.id, ticker: ticker, condition: condition, repeats: payload["repeat"] == "1",
                          createdAt: Date(millisecondsSince1970: created), fired: fired)
    }
}

/// Watches and alerts from another device are read as this one would read its own; one it
/// can't read is refused, never stored.
extension DecodingEntryValidator {
    public static var tradingDesk: DecodingEntryValidator {
        DecodingEntryValidator(decoders(WatchlistLedgerCodec.self) + decoders(AlertsLedgerCodec.self))
    }
}
