import Foundation
import FixedPoint
import Ledger

/// Journal executions on the ledger: kind `journal-execution`, schema 1, one entry per fill, its
/// id derived from the fill (so a statement imported twice adds nothing), with the payload
///
///     at=MS  date=YYYY-MM-DD  effect=OPEN|CLOSE  exp=TEXT  fees=DECIMAL  order=TEXT  price=DECIMAL
///     qty=DECIMAL  side=BUY|SELL  strike=DECIMAL  symbol=TEXT  type=TEXT
public enum JournalLedgerCodec: LedgerCodec {
    public static let execution = LedgerKind("journal-execution", schema: 1)
    public static let kinds = [execution]

    public static func entry(for record: Execution, updatedAt: Int64) -> LedgerEntry {
        var fields: [(name: String, value: String)] = [
            ("at", String(record.execTime.millisecondsSince1970)), ("date", record.tradeDate), ("effect", record.positionEffect.rawValue),
            ("exp", record.expiration), ("fees", record.fees.description), ("order", record.orderType), ("price", record.price.description),
            ("qty", record.quantity.description), ("side", record.side.rawValue), ("strike", record.strike.description), ("symbol", record.symbol),
            ("type", record.type),
        ]
        // Written only for a repeat, so a fill's entry is as it always was.
        if record.occurrence > 1 { fields.append(("n", String(record.occurrence))) }
        return LedgerEntry(id: record.id, kind: execution.name, schema: execution.schema, updatedAt: updatedAt, payload: LedgerPayload(fields))
    }

    public static func record(from entry: LedgerEntry) throws(LedgerDecodingError) -> Execution? {
        guard entry.kind == execution.name, !entry.isDeleted else { return nil }
        guard entry.schema <= execution.schema else { throw .newerSchema(id: entry.id, kind: entry.kind, schema: entry.schema, supported: execution.schema) }
        let payload = entry.payload
        func invalid(_ field: String) -> LedgerDecodingError { .invalidField(id: entry.id, kind: entry.kind, field: field) }
        guard let at = payload["at"].flatMap({ Int64($0) }), (0...LedgerClock.latest).contains(at) else { throw invalid("at") }
        guard let date = payload["date"], date.count == 10 else { throw invalid("date") }
        guard let side = payload["side"].flatMap(Execution.Side.init(rawValue:)) else { throw invalid("side") }
        guard let effect = payload["effect"].flatMap(Execution.PositionEffect.init(rawValue:)) else { throw invalid("effect") }
        guard let quantity = payload["qty"].flatMap(FixedDecimal.init), quantity > .zero, quantity <= Execution.maximumQuantity else { throw invalid("qty") }
        guard let price = payload["price"].flatMap(FixedDecimal.init), !price.isNegative, price <= Execution.maximumPrice else { throw invalid("price") }
        guard let strike = payload["strike"].flatMap(FixedDecimal.init), !strike.isNegative, strike <= Execution.maximumPrice else { throw invalid("strike") }
        guard let fees = payload["fees"].flatMap(FixedDecimal.init), !fees.isNegative, fees <= Execution.maximumFees else { throw invalid("fees") }
        guard let symbol = payload["symbol"], ThinkorswimStatement.isSymbol(symbol) else { throw invalid("symbol") }
        guard let type = payload["type"], !type.isEmpty, type.allSatisfy(\.isLetter) else { throw invalid("type") }
        guard let expiration = payload["exp"], !expiration.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw invalid("exp")
        }
        guard let occurrence = payload["n"].map({ Int($0) }) ?? 1, (1...1_000_000).contains(occurrence) else { throw invalid("n") }
        let order = payload["order"] ?? "N/A"
        return Execution(execTime: Date(millisecondsSince1970: at), tradeDate: date, side: side, quantity: quantity, symbol: symbol, expiration: expiration,
                         strike: strike, price: price, orderType: order.unicodeScalars.contains { $0.properties.generalCategory == .control } ? "N/A" : order,
                         positionEffect: effect, type: type, fees: fees, occurrence: occurrence)
    }
}

/// Executions that come from another device are checked as an imported statement is.
public struct JournalEntryValidator: EntryByEntryValidating {
    private let decoding = DecodingEntryValidator(DecodingEntryValidator.decoders(JournalLedgerCodec.self) + DecodingEntryValidator.decoders(JournalUploadLedgerCodec.self))

    public init() {}

    /// Executions that don't decode, and tags, ratings and notes the journal couldn't read (a
    /// tag with a control character, say): refused at the door, so one record written elsewhere
    /// can't make the journal unreadable here.
    public func rejections(of incoming: [LedgerEntry], over current: [LedgerEntry]) -> [LedgerRejection] {
        decoding.rejections(of: incoming, over: current) + incoming.compactMap { entry in
            var scratch = JournalAnnotations()
            do throws(LedgerDecodingError) {
                try AnnotationsLedgerCodec.apply(entry, to: &scratch)
                return nil
            } catch {
                // What a newer release wrote is kept and passed on, as every store does.
                guard case let .invalidField(_, _, field) = error else { return nil }
                return LedgerRejection(id: entry.id, kind: entry.kind,
                                       reasons: ["its \(field) is not one the journal reads (tags are 1–40 characters with no control characters; ratings 0–5)"])
            }
        }
    }
}
