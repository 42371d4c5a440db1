import Foundation
import FixedPoint
import Ledger
import Networking
import JSONScanning
import Firebase
import OptionsJournal

/// The options journal in Cloud Firestore, in the document the web app reads and writes:
/// `users/{uid}` with `setupsTags` and `mistakesTags` (arrays of strings), `tradeRatings` (trade
/// key → `{setups, mistakes, rating}`), `notes` (`YYYY-MM-DD` → text) and `tradeData`
/// (`[{Symbol, Strike, Expiration, Transactions: [...]}]`), over the REST API (`documents.get`,
/// and `documents.patch` with `updateMask.fieldPaths`, so a change writes only its own fields).
///
/// As a `LedgerStore` it shows the document as journal entries, so the one sync merges it with
/// the local ledger. The document has one update time; so that each record keeps its own,
/// `investVersions` (a field the web app ignores) holds, per record, when this client wrote it
/// and a hash of what it wrote: a record the web app changed since no longer matches its hash
/// and takes the document's update time, and the newer side wins per record.
public final class FirestoreJournalStore: LedgerStore, @unchecked Sendable {
    public typealias CredentialsProvider = FirebaseLedgerStore.CredentialsProvider
    public static let maximumResponseBytes = 32 << 20

    private let baseURL: URL
    private let projectID: String
    private let client: HTTPClient
    private let credentials: CredentialsProvider
    /// The document as last read, and what it holds, for the write that follows: the write's
    /// precondition makes sure it is still current, so a sync reads and parses it once.
    private var lastRead: (document: Document, contents: JournalDocumentMapper.Contents)?
    private var lastOverwritten: Set<String> = []

    /// - Parameter baseURL: `https://firestore.googleapis.com`, or an emulator's.
    public init(baseURL: URL, projectID: String, client: HTTPClient, credentials: @escaping CredentialsProvider) {
        self.baseURL = baseURL
        self.projectID = projectID
        self.client = client
        self.credentials = credentials
    }

    // MARK: - LedgerStore

    public func retrieveEntries() throws(StoreError) -> [LedgerEntry] { try retrieveReadableEntries().entries }

    /// The fills the web app wrote that can't be read are named, neither pulled nor dropped.
    public func retrieveReadableEntries() throws(StoreError) -> (entries: [LedgerEntry], unreadable: [LedgerRejection]) {
        let document = try fetch()
        let contents = JournalDocumentMapper.contents(of: document.fields, updateTime: document.updatedAt)
        lastRead = (document, contents)
        lastOverwritten = contents.overwritten
        return (Array(contents.entries.values), contents.unreadable)
    }

    public func overwrittenSinceWritten() -> Set<String> { lastOverwritten }

    public func append(_ entry: LedgerEntry) throws(StoreError) { try apply([entry]) }

    public func apply(_ entries: [LedgerEntry]) throws(StoreError) { try apply(entries, expecting: nil) }

    /// Reads the document, puts the entries in, and patches only the fields that changed: one
    /// request for the whole batch, made on condition that the document is still the one read,
    /// so a write from the web app in between is never overwritten.
    public func apply(_ entries: [LedgerEntry], expecting expected: [String: Int64]) throws(StoreError) {
        try apply(entries, expecting: Optional(expected))
    }

    private func apply(_ entries: [LedgerEntry], expecting expected: [String: Int64]?) throws(StoreError) {
        let read: (document: Document, contents: JournalDocumentMapper.Contents)
        if let lastRead {
            read = lastRead
        } else {
            let document = try fetch()
            read = (document, JournalDocumentMapper.contents(of: document.fields, updateTime: document.updatedAt))
        }
        lastRead = nil
        let (document, contents) = read
        var records = contents.entries
        if let expected, let moved = entries.first(where: { records[$0.id]?.updatedAt != expected[$0.id] }) {
            throw .changedMeanwhile(id: moved.id)
        }
        let scope = JournalDocumentMapper.Scope(entries, before: records)
        for entry in entries { records[entry.id] = entry }
        let fields = JournalDocumentMapper.fields(from: Array(records.values), previous: document.fields, fillIDs: contents.fillIDs)
        let paths = JournalDocumentMapper.changedPaths(from: document.fields, to: fields, within: scope)
        guard !paths.isEmpty else { return }
        let body = Data((#"{"fields":"# + FirestoreValue.fields(JournalDocumentMapper.body(fields, paths: paths)) + "}").utf8)
        let precondition = document.updateTime.map { URLQueryItem(name: "currentDocument.updateTime", value: $0) }
            ?? URLQueryItem(name: "currentDocument.exists", value: "false")
        let response = try request("PATCH", query: paths.map { URLQueryItem(name: "updateMask.fieldPaths", value: $0) } + [precondition], body: body)
        if Self.status(of: response) == "FAILED_PRECONDITION" || response.statusCode == 409 {
            throw .changedMeanwhile(id: entries.first?.id ?? "")
        }
        try check(response)
    }

    public func withExclusiveAccess<T, Failure: Error>(_ body: () throws(Failure) -> T, lockFailure: (StoreError) -> Failure) throws(Failure) -> T {
        try body()
    }

    /// The account's document as the web app's signup makes it (`email`, `isAdmin` false,
    /// `createdAt` and `lastLogin`), when there is none yet: the web app saves into an existing
    /// document only. A document that exists is left as it is.
    public func createAccountDocument(email: String, at date: Date) throws(StoreError) {
        let now = FirestoreValue.timestamp(JournalTime.javaScriptISO(date))
        let fields: [String: FirestoreValue] = ["email": .string(email), "isAdmin": .boolean(false), "createdAt": now, "lastLogin": now]
        let body = Data((#"{"fields":"# + FirestoreValue.fields(fields) + "}").utf8)
        let response = try request("PATCH", query: fields.keys.sorted().map { URLQueryItem(name: "updateMask.fieldPaths", value: $0) }
            + [URLQueryItem(name: "currentDocument.exists", value: "false")], body: body)
        if Self.status(of: response) == "FAILED_PRECONDITION" || response.statusCode == 409 { return }
        try check(response)
    }

    // MARK: - REST

    private struct Document {
        let fields: [String: FirestoreValue]
        /// Firestore's own text (nanoseconds), for the write's precondition; nil when there is no document yet.
        let updateTime: String?
        let updatedAt: Int64
    }

    private func fetch() throws(StoreError) -> Document {
        let response = try request("GET", query: [], body: nil)
        if response.statusCode == 404 { return Document(fields: [:], updateTime: nil, updatedAt: 0) }
        try check(response)
        var fields: [String: FirestoreValue] = [:]
        var updateTime: String?
        var field: String?
        do {
            try JSONScanner.scan(response.body) { (scanner: inout JSONScanner) throws(JSONScanError) in
                try scanner.members { (scanner: inout JSONScanner, key: String) throws(JSONScanError) in
                    switch key {
                    case "fields":
                        try scanner.members { (scanner: inout JSONScanner, name: String) throws(JSONScanError) in
                            field = name
                            fields[name] = try FirestoreValue.read(&scanner)
                        }
                        field = nil
                    case "updateTime": updateTime = try scanner.value().string
                    default: try scanner.skip()
                    }
                }
                try scanner.end()
            }
        } catch {
            guard let field else { throw .malformedResponse(detail: "the journal document is not JSON") }
            throw .malformedResponse(detail: "the journal document's field '\(String(safeForDisplay: String(field.prefix(40))))' is not a Firestore value")
        }
        guard let updateTime, let updatedAt = JournalDocumentMapper.milliseconds(updateTime) else {
            throw .malformedResponse(detail: "the journal document has no valid updateTime")
        }
        return Document(fields: fields, updateTime: updateTime, updatedAt: updatedAt)
    }

    /// Firestore's errors are `{"error": {"code", "message", "status"}}`.
    private static func status(of response: HTTPResponse) -> String? {
        (try? ServerJSON.parse(response.body))?["error"]?["status"]?.string
    }

    private func check(_ response: HTTPResponse) throws(StoreError) {
        if (200...299).contains(response.statusCode) { return }
        switch (response.statusCode, Self.status(of: response)) {
        case (403, _), (_, "PERMISSION_DENIED"): throw .permissionDenied
        case (401, _), (_, "UNAUTHENTICATED"): throw .notSignedIn
        case (500...599, _): throw .unavailable(host: host, reason: .serverError(status: response.statusCode))
        case let (status, code): throw .rejected(status: status, message: code.map(String.init(safeForDisplay:)))
        }
    }

    private var host: String { baseURL.host ?? "Firestore" }

    private func request(_ method: String, query: [URLQueryItem], body: Data?) throws(StoreError) -> HTTPResponse {
        var response = try send(method, query: query, body: body, credentials: credentials(false))
        if response.statusCode == 401 { response = try send(method, query: query, body: body, credentials: credentials(true)) }
        return response
    }

    private func send(_ method: String, query: [URLQueryItem], body: Data?, credentials: RemoteCredentials) throws(StoreError) -> HTTPResponse {
        let uid = credentials.uid.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? credentials.uid
        let project = projectID.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-"))) ?? projectID
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)!
        components.percentEncodedPath = (components.percentEncodedPath.hasSuffix("/") ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath)
            + "/v1/projects/\(project)/databases/(default)/documents/users/\(uid)"
        components.queryItems = query.isEmpty ? nil : query
        do {
            // The id token travels in a header, never in the URL.
            return try client.send(HTTPRequest(method: method, url: components.url!, headers: ["Authorization": "Bearer \(credentials.idToken)", "Content-Type": "application/json"],
                                               body: body, maxResponseBytes: Self.maximumResponseBytes))
        } catch {
            switch error {
            case .timeout: throw .unavailable(host: host, reason: .timedOut)
            case .connectivity: throw .unavailable(host: host, reason: .noConnection)
            case let .tooLarge(limit): throw .malformedResponse(detail: "the journal document is larger than \(limit >> 20) MB")
            }
        }
    }
}
