import Foundation
import Ledger

/// What a `TransactionFilter` asks of a ticker, a type, a date and a search, told from an entry's
/// kind and its raw fields, before the entry is decoded: a filtered list of a long history
/// decodes the few transactions that may match instead of every one. Never says no to an entry
/// whose transaction the filter matches; the filter still has the last word on those it lets
/// through.
public struct TransactionEntryFilter: Sendable {
    private let kind: String?
    /// The ticker as the codec writes it, escaped.
    private let ticker: [UInt8]?
    private let tickerText: String?
    /// Whether the ticker is ASCII without an escape: then only its own bytes spell it.
    private let tickerIsPlain: Bool
    private let from: CalendarDay?
    private let to: CalendarDay?
    /// The search in lower case, when it is plain ASCII: then ASCII text holds it, in any case,
    /// exactly when the filter's search finds it.
    private let search: [UInt8]?
    /// The tickers whose stock's name holds the search.
    private let namedTickers: Set<String>

    public init(_ filter: TransactionFilter) {
        kind = filter.type.map { TransactionsLedgerCodec.kind(of: $0).name }
        tickerText = filter.ticker
        tickerIsPlain = filter.ticker.map { $0.withUTF8Bytes(Self.isPlain) } ?? true
        ticker = filter.ticker.map { ticker in
            var bytes: [UInt8] = []
            LedgerEscaping.escape(ticker, into: &bytes, escapingEquals: false)
            return bytes
        }
        from = filter.from
        to = filter.to
        let text = filter.search ?? ""
        search = !text.isEmpty && Self.isPlain(text.utf8) ? text.utf8.map(Self.lowercased) : nil
        namedTickers = search == nil ? [] : Set(filter.names.filter { $0.value.range(of: text, options: .caseInsensitive) != nil }.keys)
    }

    /// Whether the filter asks anything this can tell before decoding.
    public var narrows: Bool { kind != nil || ticker != nil || from != nil || to != nil || search != nil }

    /// False only for an entry of a transaction kind the codec reads whose type,
    /// ticker, date or plain text the filter rules out; an entry the codec would refuse is let
    /// through, so reading it fails as it did.
    public func mayMatch(_ entry: LedgerEntry) -> Bool {
        guard narrows, !entry.isDeleted, entry.schema <= TransactionsLedgerCodec.newestSchema, TransactionsLedgerCodec.readsKind(entry.kind) else { return true }
        if let kind, entry.kind != kind { return false }
        guard ticker != nil || from != nil || to != nil || search != nil else { return true }
        var tickerMatches = ticker == nil ? true : tickerText == "", datePasses = true
        // Whether the search is in the ticker and in the note (nil: only decoding can tell); a
        // field that isn't there is "", which holds no search.
        var searched: (ticker: Bool?, note: Bool?) = (false, false)
        entry.payload.withFields { fields in
            fields.forEach { name, value in
                if LedgerFields.name(name, is: "ticker") {
                    if ticker != nil { tickerMatches = sameTicker(value) }
                    if search != nil { searched.ticker = searchFinds(inTicker: value) }
                } else if search != nil, LedgerFields.name(name, is: "note") {
                    searched.note = searchFinds(in: value)
                } else if from != nil || to != nil, LedgerFields.name(name, is: "date") {
                    // As the codec: the last date counts, and one it can't read is let through to fail there.
                    datePasses = CalendarDay.parse(value).map { date in (from.map { date >= $0 } ?? true) && (to.map { date <= $0 } ?? true) } ?? true
                }
            }
        }
        let searchPasses = search == nil || searched.ticker != false || searched.note != false
        return tickerMatches && datePasses && searchPasses
    }

    /// Whether the search is in the ticker or its stock's name; nil when only the decoded
    /// ticker can tell.
    private func searchFinds(inTicker value: UnsafeBufferPointer<UInt8>) -> Bool? {
        let found = searchFinds(in: value)
        if found != false || namedTickers.isEmpty { return found }
        return namedTickers.contains(LedgerEscaping.unescape(value))
    }

    /// Whether plain ASCII `value` holds the search in any case; nil for other text, which only
    /// the decoded string can tell.
    private func searchFinds(in value: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard let search else { return true }
        guard Self.isPlain(value) else { return nil }
        guard value.count >= search.count else { return false }
        for start in 0...(value.count - search.count) where search.indices.allSatisfy({ Self.lowercased(value[start + $0]) == search[$0] }) {
            return true
        }
        return false
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (65...90).contains(byte) ? byte + 32 : byte
    }

    /// Byte for byte, the way the codec writes it; a ticker with other bytes than ASCII, or an
    /// escape another writer chose, is compared as the decoded string is, where two spellings of
    /// one character are equal.
    private func sameTicker(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let ticker, let tickerText else { return true }
        // Asked of every line when a ticker's records are read again: compared as bytes.
        let same = value.count == ticker.count && ticker.withUnsafeBufferPointer { value.isEmpty || memcmp(value.baseAddress!, $0.baseAddress!, value.count) == 0 }
        if same { return true }
        guard !tickerIsPlain || !Self.isPlain(value) else { return false }
        return LedgerEscaping.unescape(value) == tickerText
    }

    /// ASCII without an escape: text no other bytes spell.
    private static func isPlain(_ bytes: some Sequence<UInt8>) -> Bool {
        bytes.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "\\") }
    }
}
