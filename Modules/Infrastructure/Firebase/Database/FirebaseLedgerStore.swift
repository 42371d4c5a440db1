import Foundation
import Ledger
import Networking
import JSONScanning

/// Who the remote store acts for: the account's uid and a current id token.
public struct RemoteCredentials: Sendable {
    public let uid: String
    public let idToken: String

    public init(uid: String, idToken: String) {
        self.uid = uid
        self.idToken = idToken
    }
}

/// One user's ledger in a Firebase Realtime Database, over its REST API.
///
/// Two collections, so that a client from before the ledger never meets a kind it can't read:
/// `buy` and `sell` entries stay at `users/{uid}/transactions/{id}` in the shape that release
/// reads and writes, and every other kind lives at `users/{uid}/ledger/{id}`. Each entry is
/// written on its own (PUT), or a batch as one multi-path PATCH per collection of just those
/// children: never a whole collection, so two clients can't overwrite each other's entries.
public final class FirebaseLedgerStore: LedgerStore, @unchecked Sendable {
    /// Asked for the credentials before each request; `forceRefresh` after the database refused
    /// the token, so an expired token is replaced once, transparently.
    public typealias CredentialsProvider = (_ forceRefresh: Bool) throws(StoreError) -> RemoteCredentials

    /// A collection is read whole: 128 MB is half a million entries and more; a larger answer is
    /// refused rather than read into memory.
    public static let maximumResponseBytes = 128 << 20

    private let databaseURL: URL
    private let client: HTTPClient
    private let credentials: CredentialsProvider
    private let batchSize: Int

    public init(databaseURL: URL, client: HTTPClient, batchSize: Int = 500, credentials: @escaping CredentialsProvider) {
        self.databaseURL = databaseURL
        self.client = client
        self.batchSize = batchSize
        self.credentials = credentials
    }

    public func retrieveEntries() throws(StoreError) -> [LedgerEntry] {
        let (entries, unreadable) = try retrieveReadableEntries()
        if let first = unreadable.first { throw .malformedResponse(detail: "the entry '\(first.id)' is malformed: \(first.reasons.joined(separator: "; "))") }
        return entries
    }

    public func retrieveReadableEntries() throws(StoreError) -> (entries: [LedgerEntry], unreadable: [LedgerRejection]) {
        var entries: [LedgerEntry] = []
        var unreadable: [LedgerRejection] = []
        for collection in RemoteCollection.allCases {
            let read = try RemoteEntryMapper.entries(from: request("GET", collection: collection, key: nil).body, in: collection)
            entries += read.entries
            unreadable += read.unreadable
        }
        return (entries.filter { !$0.isDeleted } + entries.filter(\.isDeleted), unreadable)
    }

    public func append(_ entry: LedgerEntry) throws(StoreError) {
        let collection = RemoteCollection(for: entry)
        try request("PUT", collection: collection, key: try RemoteEntryMapper.key(entry.id), body: RemoteEntryMapper.json(entry, in: collection))
    }

    /// Each PATCH is atomic in the database; a batch larger than `batchSize` is several of them.
    public func apply(_ entries: [LedgerEntry]) throws(StoreError) {
        for collection in RemoteCollection.allCases {
            let mine = entries.filter { RemoteCollection(for: $0) == collection }
            var start = mine.startIndex
            while start < mine.endIndex {
                let end = min(start + batchSize, mine.endIndex)
                var children: [String: Any] = [:]
                for entry in mine[start..<end] { children[try RemoteEntryMapper.key(entry.id)] = RemoteEntryMapper.json(entry, in: collection) }
                try request("PATCH", collection: collection, key: nil, body: children)
                start = end
            }
        }
    }

    /// With the database's conditional requests. An entry whose id had no version is new (ids
    /// are random), so it goes in a PATCH batch with the others. An entry over an existing version
    /// is read with `X-Firebase-ETag: true`, checked against the version expected, and written
    /// with `if-match`: the database answers 412 if anyone wrote it in between, and nothing is
    /// written over a version this device never saw.
    public func apply(_ entries: [LedgerEntry], expecting expected: [String: Int64]) throws(StoreError) {
        try apply(entries.filter { expected[$0.id] == nil })
        for entry in entries {
            guard let version = expected[entry.id] else { continue }
            let key = try RemoteEntryMapper.key(entry.id)
            // Where the version read is: a record another client wrote where its kind doesn't go
            // (a sell under `ledger`) is written over, or deleted, where it is.
            var collection = RemoteCollection(for: entry)
            var read = try request("GET", collection: collection, key: key, headers: ["X-Firebase-ETag": "true"])
            var current = try RemoteEntryMapper.entry(fromRecord: read.body, id: entry.id, in: collection)
            if current == nil, let other = RemoteCollection.allCases.first(where: { $0 != collection }) {
                let elsewhere = try request("GET", collection: other, key: key, headers: ["X-Firebase-ETag": "true"])
                if let found = try RemoteEntryMapper.entry(fromRecord: elsewhere.body, id: entry.id, in: other) {
                    (collection, read, current) = (other, elsewhere, found)
                }
            }
            guard current?.updatedAt == version, let tag = read.header("ETag") else { throw .changedMeanwhile(id: entry.id) }
            do {
                try request("PUT", collection: collection, key: key, body: RemoteEntryMapper.json(entry, in: collection), headers: ["if-match": tag])
            } catch .remote(.rejected(status: 412, _)) {
                throw .changedMeanwhile(id: entry.id)
            }
        }
    }

    /// The database refuses a whole write for one bad key or value; checked here first, so one
    /// entry can't make every sync's batch fail.
    public func rejections(ofStoring entries: [LedgerEntry]) -> [LedgerRejection] {
        entries.compactMap { entry in
            let reasons = RemoteEntryMapper.limitViolations(entry)
            return reasons.isEmpty ? nil : LedgerRejection(id: entry.id, kind: entry.kind, reasons: reasons)
        }
    }

    /// The database has no locks: concurrent writers are reconciled by last-write-wins instead.
    public func withExclusiveAccess<T, Failure: Error>(_ body: () throws(Failure) -> T, lockFailure: (StoreError) -> Failure) throws(Failure) -> T {
        try body()
    }

    // MARK: - Requests

    @discardableResult
    private func request(_ method: String, collection: RemoteCollection, key: String?, body: Any? = nil,
                         headers: [String: String] = [:]) throws(StoreError) -> HTTPResponse {
        let data = body.flatMap { try? JSONSerialization.data(withJSONObject: $0) }
        var response = try send(method, collection: collection, key: key, body: data, headers: headers, credentials: credentials(false))
        if response.statusCode == 401 {
            response = try send(method, collection: collection, key: key, body: data, headers: headers, credentials: credentials(true))
        }
        try RemoteEntryMapper.check(response, host: host)
        return response
    }

    private var host: String { databaseURL.host ?? "the remote store" }

    private func send(_ method: String, collection: RemoteCollection, key: String?, body: Data?, headers: [String: String],
                      credentials: RemoteCredentials) throws(StoreError) -> HTTPResponse {
        // The token travels in the query, as the REST API wants; no error ever quotes this URL.
        let segments = ["users", credentials.uid, collection.rawValue] + (key.map { [$0] } ?? [])
        let encoded = segments.map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? $0 }
        var components = URLComponents(url: databaseURL, resolvingAgainstBaseURL: false)!
        components.percentEncodedPath = components.percentEncodedPath.trimmingSuffix("/") + "/" + encoded.joined(separator: "/") + ".json"
        components.queryItems = (components.queryItems ?? []).filter { $0.name != "auth" } + [URLQueryItem(name: "auth", value: credentials.idToken)]
        do {
            return try client.send(HTTPRequest(method: method, url: components.url!, headers: headers.merging(["Content-Type": "application/json"]) { $1 },
                                               body: body, maxResponseBytes: Self.maximumResponseBytes))
        } catch {
            switch error {
            case .timeout: throw .unavailable(host: host, reason: .timedOut)
            case .connectivity: throw .unavailable(host: host, reason: .noConnection)
            case let .tooLarge(limit): throw .malformedResponse(detail: "the answer is larger than \(limit >> 20) MB, more than any account's history")
            }
        }
    }
}

/// Where an entry lives remotely: the kinds the release before the ledger knew keep its collection.
enum RemoteCollection: String, CaseIterable {
    case transactions
    case ledger

    static let legacyKinds: Set<String> = ["buy", "sell"]

    init(for entry: LedgerEntry) {
        self = Self.legacyKinds.contains(entry.kind) ? .transactions : .ledger
    }
}

/// The database's DTOs and their mapping, private to this adapter. Values travel as strings, so
/// no JSON parser turns money into binary floats.
///
///     transactions/{id}: {"type": "buy", "updatedAt": 1700000000000, "date": "2024-01-02", "ticker": "AAPL", "quantity": "1.5", "sum": "100", "note": "…"}
///                        {"deleted": true, "type": "buy", "updatedAt": 1700000000000}
///     ledger/{id}:       {"kind": "dividend", "schema": 1, "updatedAt": 1700000000000, "fields": {"ticker": "AAPL", "sum": "1.20"}}
///                        {"kind": "dividend", "schema": 1, "updatedAt": 1700000000000, "deleted": true}
///
/// In `transactions`, `schema` appears only above 1, as the release before the ledger never wrote it.
enum RemoteEntryMapper {
    private static let legacyMetadata: Set<String> = ["type", "schema", "updatedAt", "deleted"]

    static func json(_ entry: LedgerEntry, in collection: RemoteCollection) -> [String: Any] {
        let fields = Dictionary(entry.payload.fields.map { ($0.name, $0.value as Any) }, uniquingKeysWith: { $1 })
        switch collection {
        case .transactions:
            var json: [String: Any] = entry.isDeleted ? ["deleted": true] : fields
            json["type"] = entry.kind
            json["updatedAt"] = entry.updatedAt
            if entry.schema != 1 { json["schema"] = entry.schema }
            return json
        case .ledger:
            var json: [String: Any] = ["kind": entry.kind, "schema": entry.schema, "updatedAt": entry.updatedAt]
            if entry.isDeleted { json["deleted"] = true } else { json["fields"] = fields }
            return json
        }
    }

    /// More malformed records than any account's history could hold by mistake: past this, the
    /// answer is refused rather than each one named and remembered.
    static let maximumUnreadable = 1_000

    /// The entries of one collection, read one record at a time so the answer's size is all the
    /// memory it takes; one that can't be read is named, never a reason to fail the rest.
    static func entries(from body: Data, in collection: RemoteCollection) throws(StoreError) -> (entries: [LedgerEntry], unreadable: [LedgerRejection]) {
        var entries: [LedgerEntry] = []
        var unreadable: [LedgerRejection] = []
        var unreadableCount = 0
        do {
            try JSONScanner.scan(body) { (scanner: inout JSONScanner) throws(JSONScanError) in
                if try scanner.null() { return try scanner.end() }
                try scanner.members { (scanner: inout JSONScanner, id: String) throws(JSONScanError) in
                    if let entry = entry(id: id, try scanner.value(objectLevels: recordLevels), in: collection) { return entries.append(entry) }
                    unreadableCount += 1
                    guard unreadableCount <= maximumUnreadable else { return }
                    unreadable.append(LedgerRejection(id: id, kind: collection.rawValue, reasons: [
                        "the remote record is malformed (missing or out-of-range fields, or values that are not text)"]))
                }
                try scanner.end()
            }
        } catch {
            throw .malformedResponse(detail: error == .tooDeep ? "the answer is nested too deeply" : "the answer is not a set of entries")
        }
        guard unreadableCount <= maximumUnreadable else {
            throw .malformedResponse(detail: "\(unreadableCount) of the records in \(collection.rawValue) are malformed, more than \(maximumUnreadable); "
                                     + "the database holds something other than this app's records")
        }
        return (entries.sorted { $0.id < $1.id }, unreadable.sorted { $0.id < $1.id })
    }

    /// How deep a record's objects go: its own members, and `fields`.
    private static let recordLevels = 2

    /// The one record at `id` (nil when there is none); one that can't be read is malformed data.
    static func entry(fromRecord body: Data, id: String, in collection: RemoteCollection) throws(StoreError) -> LedgerEntry? {
        guard let json = try? ServerJSON.parse(body, objectLevels: recordLevels) else { throw .malformedResponse(detail: "the answer is not JSON") }
        if json == .null { return nil }
        guard let entry = entry(id: id, json, in: collection) else { throw .malformedResponse(detail: "the entry '\(id)' is malformed") }
        return entry
    }

    private static func entry(id: String, _ json: ServerJSON, in collection: RemoteCollection) -> LedgerEntry? {
        guard let updatedAt = milliseconds(json["updatedAt"]) else { return nil }
        let isDeleted = json["deleted"] == .bool(true)
        switch collection {
        case .transactions:
            // A deletion written before the ledger has no type; buy and sell live here alike.
            let kind = json["type"]?.string ?? (isDeleted ? "buy" : "")
            guard !kind.isEmpty, let schema = json["schema"].map(schemaNumber) ?? 1 else { return nil }
            if isDeleted { return .tombstone(id: id, kind: kind, schema: schema, at: updatedAt) }
            guard let fields = strings(json.members?.filter { !legacyMetadata.contains($0.key) }) else { return nil }
            return LedgerEntry(id: id, kind: kind, schema: schema, updatedAt: updatedAt, payload: LedgerPayload(fields))
        case .ledger:
            guard let kind = json["kind"]?.string, !kind.isEmpty, let schema = schemaNumber(json["schema"]) else { return nil }
            if isDeleted { return .tombstone(id: id, kind: kind, schema: schema, at: updatedAt) }
            guard let fields = strings(json["fields"].map { $0.members } ?? []) else { return nil }
            return LedgerEntry(id: id, kind: kind, schema: schema, updatedAt: updatedAt, payload: LedgerPayload(fields))
        }
    }

    /// Every member's text, the last of a repeated name; nil when one is not text, or when there
    /// is no object at all.
    private static func strings(_ members: [ServerJSON.Member]?) -> [(name: String, value: String)]? {
        guard let members else { return nil }
        var fields: [String: String] = [:]
        fields.reserveCapacity(members.count)
        for member in members {
            guard let text = member.value.string else { return nil }
            fields[member.key] = text
        }
        return fields.map { ($0.key, $0.value) }
    }

    /// Whole milliseconds within `LedgerClock.latest`: anything else is invalid data, never a trap.
    private static func milliseconds(_ value: ServerJSON?) -> Int64? {
        guard let exact = value?.number.flatMap(Double.init).flatMap({ Int64(exactly: $0) }), (0...LedgerClock.latest).contains(exact) else { return nil }
        return exact
    }

    private static func schemaNumber(_ value: ServerJSON?) -> Int? {
        guard let exact = value?.number.flatMap(Double.init).flatMap({ Int(exactly: $0) }), (1...1_000_000).contains(exact) else { return nil }
        return exact
    }

    /// The database's documented limits: a key is at most 768 bytes, with no control character
    /// and none of `. $ # [ ] /`; a string is at most 10 MB.
    static let maximumKeyBytes = 768
    static let maximumStringBytes = 10 << 20

    static func limitViolations(_ entry: LedgerEntry) -> [String] {
        var reasons: [String] = []
        if !LedgerIdentifier.isValid(entry.id) { reasons.append("the id can't be a database key") }
        for (name, value) in entry.payload.fields {
            if !isValidKey(name) {
                reasons.append("the field name '\(name)' can't be a database key (at most \(maximumKeyBytes) bytes, no control characters, none of . $ # [ ] /)")
            }
            if value.utf8.count > maximumStringBytes {
                reasons.append("the field '\(name)' holds \(value.utf8.count >> 20) MB, more than the database's 10 MB for a value")
            }
        }
        return reasons
    }

    private static let forbiddenInKeys: Set<Unicode.Scalar> = [".", "$", "#", "[", "]", "/"]

    private static func isValidKey(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.count <= maximumKeyBytes
            && !key.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || forbiddenInKeys.contains($0) }
    }

    /// Firebase keys can't hold `. $ # [ ] /` or control characters; ledger ids never do.
    static func key(_ id: String) throws(StoreError) -> String {
        guard LedgerIdentifier.isValid(id) else { throw .invalidIdentifier(id) }
        return id
    }

    static func check(_ response: HTTPResponse, host: String) throws(StoreError) {
        if (200...299).contains(response.statusCode) { return }
        let message = (try? ServerJSON.parse(response.body, objectLevels: 1))?["error"]?.string
        switch response.statusCode {
        case _ where response.statusCode == 403 || message == "Permission denied": throw .permissionDenied
        case 401: throw .notSignedIn
        case 500...599: throw .unavailable(host: host, reason: .serverError(status: response.statusCode))
        default: throw .rejected(status: response.statusCode, message: message.map(String.init(safeForDisplay:)))
        }
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
