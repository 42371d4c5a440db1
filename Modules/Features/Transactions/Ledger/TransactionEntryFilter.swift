import Ledger

/// What a `TransactionFilter` asks of a ticker, a type and a date, told from an entry's kind and
/// its raw fields, before the entry is decoded: a filtered list of a long history decodes the
/// few transactions that may match instead of every one. Never says no to an entry whose
/// transaction the filter matches; the filter still has the last word on those it lets through.
public struct TransactionEntryFilter: Sendable {
    private let kind: String?
    /// The ticker as the codec writes it, escaped.
    private let ticker: [UInt8]?
    private let tickerText: String?
    private let from: CalendarDay?
    private let to: CalendarDay?

    public init(_ filter: TransactionFilter) {
        kind = filter.type.map { TransactionsLedgerCodec.kind(of: $0).name }
        tickerText = filter.ticker
        ticker = filter.ticker.map { ticker in
            var bytes: [UInt8] = []
            LedgerEscaping.escape(ticker, into: &bytes, escapingEquals: false)
            return bytes
        }
        from = filter.from
        to = filter.to
    }

    /// Whether the filter asks anything this can tell before decoding.
    public var narrows: Bool { kind != nil || ticker != nil || from != nil || to != nil }

    /// False only for an entry of a transaction kind the codec reads (schema 1) whose type,
    /// ticker or date the filter rules out; an entry the codec would refuse is let through, so
    /// reading it fails as it did.
    public func mayMatch(_ entry: LedgerEntry) -> Bool {
        guard narrows, !entry.isDeleted, entry.schema <= 1, TransactionsLedgerCodec.kinds.contains(where: { $0.name == entry.kind }) else { return true }
        if let kind, entry.kind != kind { return false }
        guard ticker != nil || from != nil || to != nil else { return true }
        var tickerMatches = ticker == nil ? true : tickerText == "", datePasses = true
        entry.payload.withFields { fields in
            fields.forEach { name, value in
                if ticker != nil, LedgerFields.name(name, is: "ticker") {
                    tickerMatches = sameTicker(value)
                } else if from != nil || to != nil, LedgerFields.name(name, is: "date") {
                    // As the codec: the last date counts, and one it can't read is let through to fail there.
                    datePasses = CalendarDay.parse(value).map { date in (from.map { date >= $0 } ?? true) && (to.map { date <= $0 } ?? true) } ?? true
                }
            }
        }
        return tickerMatches && datePasses
    }

    /// Byte for byte, the way the codec writes it; a ticker with other bytes than ASCII, or an
    /// escape another writer chose, is compared as the decoded string is, where two spellings of
    /// one character are equal.
    private func sameTicker(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let ticker, let tickerText else { return true }
        if value.elementsEqual(ticker) { return true }
        guard !Self.isPlain(value) || !Self.isPlain(tickerText.utf8) else { return false }
        return LedgerEscaping.unescape(value) == tickerText
    }

    /// ASCII without an escape: text no other bytes spell.
    private static func isPlain(_ bytes: some Sequence<UInt8>) -> Bool {
        bytes.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "\\") }
    }
}
