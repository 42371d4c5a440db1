import Foundation

/// An entry from outside that may not be stored, and why: a sync's pull is checked as local input is.
public struct LedgerRejection: Equatable, Sendable {
    public let id: String
    public let kind: String
    public let reasons: [String]

    public init(id: String, kind: String, reasons: [String]) {
        self.id = id
        self.kind = kind
        self.reasons = reasons
    }
}

/// Checks entries arriving from outside against what is held locally. Each feature checks its own
/// kinds; entries of kinds nobody registered pass, to be kept unchanged.
public protocol LedgerEntryValidating {
    /// The entries of `incoming` that may not be stored over `current` (the live local entries).
    func rejections(of incoming: [LedgerEntry], over current: [LedgerEntry]) -> [LedgerRejection]
    /// The same rejections, told without the live entries (no rule looks at them, or a checkpoint
    /// answers for them), so a small change is checked without reading the history; nil when
    /// only `rejections(of:over:)` can tell.
    func rejectionsWithoutLiveEntries(of incoming: [LedgerEntry]) -> [LedgerRejection]?
}

extension LedgerEntryValidating {
    public func rejectionsWithoutLiveEntries(of incoming: [LedgerEntry]) -> [LedgerRejection]? { nil }
}

/// A validator whose rules look at each incoming entry alone, never at the live ones.
public protocol EntryByEntryValidating: LedgerEntryValidating {}

extension EntryByEntryValidating {
    public func rejectionsWithoutLiveEntries(of incoming: [LedgerEntry]) -> [LedgerRejection]? {
        rejections(of: incoming, over: [])
    }
}

/// Every feature's validator, and the ledger's own rule for ids and kind names.
public struct CompositeLedgerValidator: LedgerEntryValidating {
    private let validators: [LedgerEntryValidating]

    public init(_ validators: [LedgerEntryValidating]) {
        self.validators = validators
    }

    public func rejections(of incoming: [LedgerEntry], over current: [LedgerEntry]) -> [LedgerRejection] {
        rejections(of: incoming) { $0.rejections(of: $1, over: current) } ?? []
    }

    /// Told without the live entries only when every validator can tell.
    public func rejectionsWithoutLiveEntries(of incoming: [LedgerEntry]) -> [LedgerRejection]? {
        rejections(of: incoming) { $0.rejectionsWithoutLiveEntries(of: $1) }
    }

    /// The ledger's own rule first, then each validator's on the entries that pass it; nil as
    /// soon as one validator can't tell.
    private func rejections(of incoming: [LedgerEntry],
                            by validate: (LedgerEntryValidating, [LedgerEntry]) -> [LedgerRejection]?) -> [LedgerRejection]? {
        var reasons: [String: (kind: String, reasons: [String])] = [:]
        var order: [String] = []
        func add(_ rejection: LedgerRejection) {
            if reasons[rejection.id] == nil { order.append(rejection.id) }
            reasons[rejection.id, default: (rejection.kind, [])].reasons += rejection.reasons
        }
        for entry in incoming where !LedgerIdentifier.isValid(entry.id) || !LedgerIdentifier.isValidKind(entry.kind) {
            add(LedgerRejection(id: entry.id, kind: entry.kind, reasons: [
                LedgerIdentifier.isValid(entry.id) ? "the kind name is not 1-32 lower-case letters, digits or '-'"
                                                   : "the id is not 1-\(LedgerIdentifier.maximumLength) letters, digits, '-' or '_'"]))
        }
        let named = incoming.filter { reasons[$0.id] == nil }
        for validator in validators {
            guard let rejections = validate(validator, named) else { return nil }
            rejections.forEach(add)
        }
        return order.map { LedgerRejection(id: $0, kind: reasons[$0]!.kind, reasons: reasons[$0]!.reasons) }
    }
}

/// Entries of the given kinds, in a schema this release reads, are refused when their codec
/// can't read them: what a feature would refuse to read, it refuses to store.
public struct DecodingEntryValidator: EntryByEntryValidating {
    public typealias Decode = (LedgerEntry) throws(LedgerDecodingError) -> Void
    private let decoders: [String: (schema: Int, decode: Decode)]

    public init(_ decoders: [(kind: LedgerKind, decode: Decode)]) {
        self.decoders = Dictionary(uniqueKeysWithValues: decoders.map { ($0.kind.name, ($0.kind.schema, $0.decode)) })
    }

    /// Each of `codec`'s kinds, read with `codec`.
    public static func decoders<Codec: LedgerCodec>(_ codec: Codec.Type) -> [(kind: LedgerKind, decode: Decode)] {
        Codec.kinds.map { kind in (kind, { entry throws(LedgerDecodingError) in _ = try Codec.record(from: entry) }) }
    }

    public func rejections(of incoming: [LedgerEntry], over current: [LedgerEntry]) -> [LedgerRejection] {
        incoming.compactMap { entry in
            guard let decoder = decoders[entry.kind], entry.schema <= decoder.schema else { return nil }
            do throws(LedgerDecodingError) {
                try decoder.decode(entry)
                return nil
            } catch {
                guard case let .invalidField(_, _, field) = error else { return nil }
                return LedgerRejection(id: entry.id, kind: entry.kind, reasons: ["\(field) is not valid"])
            }
        }
    }
}
