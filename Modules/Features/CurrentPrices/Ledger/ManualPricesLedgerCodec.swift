import Foundation
import FixedPoint
import Ledger

/// Manual prices on the ledger: kind `manual-price`, schema 1, one entry per ticker, with the
/// payload `date=YYYY-MM-DD  price=DECIMAL  ticker=TICKER`. The id is derived from the ticker,
/// so setting a price again replaces it on every device.
public enum ManualPricesLedgerCodec: LedgerCodec {
    public static let kind = LedgerKind("manual-price", schema: 1)
    public static let kinds = [kind]

    /// `price-` and the ticker, `.` written `_`: tickers never hold `_`, so no two collide.
    public static func id(for ticker: String) -> String {
        "price-" + TickerSymbol.idComponent(ticker)
    }

    public static func entry(for price: ManualPrice, updatedAt: Int64) -> LedgerEntry {
        LedgerEntry(id: id(for: price.ticker), kind: kind.name, schema: kind.schema, updatedAt: updatedAt,
                    payload: LedgerPayload([("date", price.day), ("price", price.price.description), ("ticker", price.ticker)]))
    }

    public static func record(from entry: LedgerEntry) throws(LedgerDecodingError) -> ManualPrice? {
        guard entry.kind == kind.name, !entry.isDeleted else { return nil }
        guard entry.schema <= kind.schema else { throw .newerSchema(id: entry.id, kind: entry.kind, schema: entry.schema, supported: kind.schema) }
        let payload = entry.payload
        func invalid(_ field: String) -> LedgerDecodingError { .invalidField(id: entry.id, kind: entry.kind, field: field) }
        guard let ticker = payload["ticker"], id(for: ticker) == entry.id, ManualPrices.isTicker(ticker) else { throw invalid("ticker") }
        guard let price = payload["price"].flatMap({ FixedDecimal($0) }), price > .zero, price <= ManualPrices.maximumPrice else {
            throw invalid("price")
        }
        guard let day = payload["date"], ManualPrice.startOfDay(day) != nil else { throw invalid("date") }
        return ManualPrice(ticker: ticker, price: price, day: day, setAt: Date(millisecondsSince1970: entry.updatedAt))
    }
}
