import Foundation
import FixedPoint
import Ledger

/// Daily closes on the ledger: kind `close`, schema 1, one entry per ticker and day, with the
/// payload `close=DECIMAL  date=YYYY-MM-DD  ticker=TICKER`. The id is derived from both, so a
/// close imported again, or recorded again from a quote, replaces the one before on every device.
public enum ClosesLedgerCodec: LedgerCodec {
    public static let kind = LedgerKind("close", schema: 1)
    public static let kinds = [kind]

    /// `close-`, the ticker with `.` written `_` (tickers never hold `_`), `-` and the day's number.
    public static func id(ticker: String, day: CalendarDay) -> String {
        "close-" + TickerSymbol.idComponent(ticker) + "-" + String(day.daysSinceEpoch)
    }

    public static func entry(for close: DailyClose, updatedAt: Int64) -> LedgerEntry {
        LedgerEntry(id: id(ticker: close.ticker, day: close.day), kind: kind.name, schema: kind.schema, updatedAt: updatedAt,
                    payload: LedgerPayload([("close", close.close.description), ("date", close.day.iso), ("ticker", close.ticker)]))
    }

    public static func record(from entry: LedgerEntry) throws(LedgerDecodingError) -> DailyClose? {
        guard entry.kind == kind.name, !entry.isDeleted else { return nil }
        guard entry.schema <= kind.schema else { throw .newerSchema(id: entry.id, kind: entry.kind, schema: entry.schema, supported: kind.schema) }
        func invalid(_ field: String) -> LedgerDecodingError { .invalidField(id: entry.id, kind: entry.kind, field: field) }
        // One pass over the encoded fields: a chart reads hundreds of thousands of these.
        var ticker: String?, day: CalendarDay?, close: FixedDecimal?
        entry.payload.withFields { fields in
            fields.forEach { name, value in
                switch name.count {
                case 4 where LedgerFields.name(name, is: "date"): day = CalendarDay.parse(value)
                case 5 where LedgerFields.name(name, is: "close"): close = FixedDecimal.parse(value)
                case 6 where LedgerFields.name(name, is: "ticker"): ticker = LedgerEscaping.unescape(value)
                default: break
                }
            }
        }
        guard let ticker, TickerSymbol.normalized(ticker) == ticker else { throw invalid("ticker") }
        guard let day, id(ticker: ticker, day: day) == entry.id else { throw invalid("date") }
        guard let close, close > .zero, close <= ManualPrices.maximumPrice else { throw invalid("close") }
        return DailyClose(ticker: ticker, day: day, close: close)
    }
}
