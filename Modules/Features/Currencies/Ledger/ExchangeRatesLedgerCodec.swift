import Foundation
import FixedPoint
import Ledger

/// Reference rates on the ledger, kind `fx-rate`, schema 1, one entry per pair and day:
/// `date=YYYY-MM-DD  from=USD  rate=DECIMAL  to=GBP`. The id is derived from the three, so a rate
/// fetched again on any device replaces the one before.
public enum ExchangeRatesLedgerCodec: LedgerCodec {
    public static let kind = LedgerKind("fx-rate", schema: 1)
    public static let kinds = [kind]
    /// Far beyond any currency pair's rate (the widest, a dinar in Iranian rials, is under a million).
    public static let maximumRate: FixedDecimal = 1_000_000_000

    public static func id(from: CurrencyCode, to: CurrencyCode, day: CalendarDay) -> String {
        "fx-" + from.code.lowercased() + to.code.lowercased() + "-" + String(day.daysSinceEpoch)
    }

    public static func entry(for rate: ExchangeRate, updatedAt: Int64) -> LedgerEntry {
        LedgerEntry(id: id(from: rate.from, to: rate.to, day: rate.day), kind: kind.name, schema: kind.schema, updatedAt: updatedAt,
                    payload: LedgerPayload([("date", rate.day.iso), ("from", rate.from.code), ("rate", rate.rate.description), ("to", rate.to.code)]))
    }

    public static func record(from entry: LedgerEntry) throws(LedgerDecodingError) -> ExchangeRate? {
        guard entry.kind == kind.name, !entry.isDeleted else { return nil }
        guard entry.schema <= kind.schema else { throw .newerSchema(id: entry.id, kind: entry.kind, schema: entry.schema, supported: kind.schema) }
        func invalid(_ field: String) -> LedgerDecodingError { .invalidField(id: entry.id, kind: entry.kind, field: field) }
        let payload = entry.payload
        guard let from = payload["from"].flatMap(CurrencyCode.init) else { throw invalid("from") }
        guard let to = payload["to"].flatMap(CurrencyCode.init), to != from else { throw invalid("to") }
        guard let day = payload["date"].flatMap({ CalendarDay(iso: $0) }), id(from: from, to: to, day: day) == entry.id else { throw invalid("date") }
        guard let rate = payload["rate"].flatMap({ FixedDecimal($0) }), rate > .zero, rate <= maximumRate else { throw invalid("rate") }
        return ExchangeRate(from: from, to: to, day: day, rate: rate)
    }
}

/// The days asked of the provider per pair, kind `fx-coverage`, schema 1, one entry per pair:
/// `first=YYYY-MM-DD  from=USD  last=YYYY-MM-DD  to=GBP`. Kept on the ledger so every device
/// knows a holiday has no rate to fetch.
public enum RatesCoverageLedgerCodec: LedgerCodec {
    public static let kind = LedgerKind("fx-coverage", schema: 1)
    public static let kinds = [kind]

    public static func id(from: CurrencyCode, to: CurrencyCode) -> String {
        "fxcover-" + from.code.lowercased() + to.code.lowercased()
    }

    public static func entry(for coverage: RatesCoverage, updatedAt: Int64) -> LedgerEntry {
        LedgerEntry(id: id(from: coverage.from, to: coverage.to), kind: kind.name, schema: kind.schema, updatedAt: updatedAt,
                    payload: LedgerPayload([("first", coverage.first.iso), ("from", coverage.from.code), ("last", coverage.last.iso), ("to", coverage.to.code)]))
    }

    public static func record(from entry: LedgerEntry) throws(LedgerDecodingError) -> RatesCoverage? {
        guard entry.kind == kind.name, !entry.isDeleted else { return nil }
        guard entry.schema <= kind.schema else { throw .newerSchema(id: entry.id, kind: entry.kind, schema: entry.schema, supported: kind.schema) }
        func invalid(_ field: String) -> LedgerDecodingError { .invalidField(id: entry.id, kind: entry.kind, field: field) }
        let payload = entry.payload
        guard let from = payload["from"].flatMap(CurrencyCode.init) else { throw invalid("from") }
        guard let to = payload["to"].flatMap(CurrencyCode.init), to != from, id(from: from, to: to) == entry.id else { throw invalid("to") }
        guard let first = payload["first"].flatMap({ CalendarDay(iso: $0) }) else { throw invalid("first") }
        guard let last = payload["last"].flatMap({ CalendarDay(iso: $0) }), first <= last else { throw invalid("last") }
        return RatesCoverage(from: from, to: to, first: first, last: last)
    }
}
