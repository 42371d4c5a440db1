import Foundation
import Ledger

/// Securities on the ledger: kind `security`, schema 1, one entry per ticker, with the payload
/// `currency=UNIT  source=user|provider  ticker=TICKER`, where UNIT is a currency code or a minor
/// unit as providers write it (`GBp`). The id is derived from the ticker, so setting it again
/// replaces it on every device.
public enum SecuritiesLedgerCodec: LedgerCodec {
    public static let kind = LedgerKind("security", schema: 1)
    public static let kinds = [kind]

    public static func id(for ticker: String) -> String {
        "security-" + TickerSymbol.idComponent(ticker)
    }

    public static func entry(for security: Security, updatedAt: Int64) -> LedgerEntry {
        LedgerEntry(id: id(for: security.ticker), kind: kind.name, schema: kind.schema, updatedAt: updatedAt,
                    payload: LedgerPayload([("currency", security.unit.name), ("source", security.source.rawValue), ("ticker", security.ticker)]))
    }

    public static func record(from entry: LedgerEntry) throws(LedgerDecodingError) -> Security? {
        guard entry.kind == kind.name, !entry.isDeleted else { return nil }
        guard entry.schema <= kind.schema else { throw .newerSchema(id: entry.id, kind: entry.kind, schema: entry.schema, supported: kind.schema) }
        func invalid(_ field: String) -> LedgerDecodingError { .invalidField(id: entry.id, kind: entry.kind, field: field) }
        let payload = entry.payload
        guard let ticker = payload["ticker"], TickerSymbol.isTicker(ticker), id(for: ticker) == entry.id else { throw invalid("ticker") }
        guard let unit = payload["currency"].flatMap(PriceUnit.init) else { throw invalid("currency") }
        guard let source = payload["source"].flatMap(Security.Source.init(rawValue:)) else { throw invalid("source") }
        return Security(ticker: ticker, unit: unit, source: source)
    }
}
