import Foundation

/// A kind a feature owns: its name on the ledger and the newest payload layout it writes.
public struct LedgerKind: Hashable, Sendable {
    public let name: String
    public let schema: Int

    public init(_ name: String, schema: Int) {
        precondition(LedgerIdentifier.isValidKind(name), "kind names are lower-case letters, digits and '-'")
        self.name = name
        self.schema = schema
    }
}

/// Why a feature can't read an entry of one of its kinds. The ledger keeps the entry regardless.
public enum LedgerDecodingError: Error, Equatable, Sendable {
    /// A newer release wrote this entry in a layout this one does not know.
    case newerSchema(id: String, kind: String, schema: Int, supported: Int)
    /// A field is missing or unreadable.
    case invalidField(id: String, kind: String, field: String)
}

/// How a feature maps its records to entries and back. The mapping is the feature's own; stores
/// never see it.
public protocol LedgerCodec {
    associatedtype Record
    /// The kinds this codec reads and writes.
    static var kinds: [LedgerKind] { get }
    static func entry(for record: Record, updatedAt: Int64) -> LedgerEntry
    /// The record in `entry`, or nil when the entry is another feature's (or no one's) kind.
    static func record(from entry: LedgerEntry) throws(LedgerDecodingError) -> Record?
}

/// A fold over entries: holdings, a cash balance and a watchlist are all projections.
public protocol LedgerProjection {
    init()
    /// Folds in one live entry; entries of kinds the projection does not use are passed over.
    mutating func apply(_ entry: LedgerEntry) throws(LedgerDecodingError)
}

extension LedgerProjection {
    /// The projection of every live entry, in the order the store keeps them.
    public static func project(_ entries: [LedgerEntry]) throws(LedgerDecodingError) -> Self {
        var projection = Self()
        for entry in entries where !entry.isDeleted { try projection.apply(entry) }
        return projection
    }
}

/// What a client registers, once per feature: the kinds it owns. The stores and the sync need no
/// registration at all; this is what lets a client say which entries it keeps without reading.
public struct LedgerRegistry: Sendable {
    private var kinds: [String: LedgerKind] = [:]

    public init(_ kinds: [LedgerKind] = []) {
        for kind in kinds { register(kind) }
    }

    public mutating func register(_ kind: LedgerKind) {
        precondition(kinds[kind.name] == nil, "two features registered the kind '\(kind.name)'")
        kinds[kind.name] = kind
    }

    public enum Understanding: Equatable, Sendable {
        case understood
        /// A kind no registered feature owns: kept and passed on unchanged.
        case unknownKind
        /// A known kind in a newer layout: kept unchanged; only its feature refuses to work.
        case newerSchema(supported: Int)
    }

    public func understanding(of entry: LedgerEntry) -> Understanding {
        guard let kind = kinds[entry.kind] else { return entry.isDeleted ? .understood : .unknownKind }
        return entry.schema <= kind.schema ? .understood : .newerSchema(supported: kind.schema)
    }

    public var registeredKinds: [LedgerKind] { kinds.values.sorted { $0.name < $1.name } }
}
