import Foundation
import FixedPoint
import Transactions
import Networking

/// Who the remote store acts for: the account's uid and a current id token.
public struct RemoteCredentials: Sendable {
    public let uid: String
    public let idToken: String

    public init(uid: String, idToken: String) {
        self.uid = uid
        self.idToken = idToken
    }
}

/// One user's transactions in a Firebase Realtime Database, over its REST API, at
/// `users/{uid}/transactions/{id}`.
///
/// Each record is written on its own (PUT), or a batch as one multi-path PATCH of just those
/// children: never the whole collection, so two clients can't overwrite each other's records.
/// A delete writes a tombstone, so that it reaches the other devices at their next sync.
public final class FirebaseTransactionsStore: SyncableTransactionsStore, @unchecked Sendable {
    /// Asked for the credentials before each request; `forceRefresh` after the database refused
    /// the token, so an expired token is replaced once, transparently.
    public typealias CredentialsProvider = (_ forceRefresh: Bool) throws -> RemoteCredentials

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

    public func retrieveAll() throws -> [Transaction] {
        try retrieveRecords().compactMap(\.transaction)
    }

    public func retrieve(ticker: String) throws -> [Transaction] {
        try retrieveAll().filter { $0.ticker == ticker }
    }

    public func upsert(_ transaction: Transaction) throws {
        try put(.live(transaction))
    }

    public func upsert(contentsOf transactions: [Transaction]) throws {
        try apply(transactions.map(TransactionRecord.live))
    }

    public func delete(id: String, deletedAt: Date) throws {
        try put(.deleted(id: id, at: deletedAt))
    }

    /// The database has no locks: concurrent writers are reconciled by last-write-wins instead.
    public func withExclusiveAccess<T>(_ body: () throws -> T) throws -> T {
        try body()
    }

    public func retrieveRecords() throws -> [TransactionRecord] {
        try RemoteRecordMapper.records(from: request("GET", path: []))
    }

    /// Each PATCH is atomic in the database; a batch larger than `batchSize` is several of them.
    public func apply(_ records: [TransactionRecord]) throws {
        var start = records.startIndex
        while start < records.endIndex {
            let end = min(start + batchSize, records.endIndex)
            var children: [String: Any] = [:]
            for record in records[start..<end] { children[try RemoteRecordMapper.key(record.id)] = RemoteRecordMapper.json(record) }
            _ = try request("PATCH", path: [], body: children)
            start = end
        }
    }

    private func put(_ record: TransactionRecord) throws {
        _ = try request("PUT", path: [try RemoteRecordMapper.key(record.id)], body: RemoteRecordMapper.json(record))
    }

    // MARK: - Requests

    private func request(_ method: String, path: [String], body: Any? = nil) throws -> Data {
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        var response = try send(method, path: path, body: data, credentials: currentCredentials(forceRefresh: false))
        if response.statusCode == 401 {
            response = try send(method, path: path, body: data, credentials: currentCredentials(forceRefresh: true))
        }
        try RemoteRecordMapper.check(response, host: databaseURL.host ?? "the remote store")
        return response.body
    }

    private func currentCredentials(forceRefresh: Bool) throws -> RemoteCredentials {
        do {
            return try credentials(forceRefresh)
        } catch let error as TransactionsStoreError {
            throw error
        } catch {
            throw TransactionsStoreError("\(error)", kind: .notSignedIn)
        }
    }

    private func send(_ method: String, path: [String], body: Data?, credentials: RemoteCredentials) throws -> HTTPResponse {
        // The token travels in the query, as the REST API wants; no error message ever quotes this URL.
        let segments = ["users", credentials.uid, "transactions"] + path
        let encoded = segments.map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? $0 }
        var components = URLComponents(url: databaseURL, resolvingAgainstBaseURL: false)!
        components.percentEncodedPath = components.percentEncodedPath.trimmingSuffix("/") + "/" + encoded.joined(separator: "/") + ".json"
        components.queryItems = [URLQueryItem(name: "auth", value: credentials.idToken)]
        do {
            return try client.send(HTTPRequest(method: method, url: components.url!, headers: ["Content-Type": "application/json"], body: body))
        } catch {
            throw TransactionsStoreError("could not reach the remote store at \(databaseURL.host ?? "its address") (\(error == .timeout ? "timed out" : "no connection")). Check the network and run again.", kind: .unavailable)
        }
    }
}

/// The database's DTO and its mapping, private to this adapter. Money and quantities travel as
/// decimal strings so no JSON parser turns them into binary floats.
///
///     {"date": "2024-01-02", "type": "buy", "ticker": "AAPL", "quantity": "1.5", "sum": "100", "note": "…", "updatedAt": 1700000000000}
///     {"deleted": true, "updatedAt": 1700000000000}
enum RemoteRecordMapper {
    static func json(_ record: TransactionRecord) -> [String: Any] {
        guard let transaction = record.transaction else {
            return ["deleted": true, "updatedAt": record.updatedAt.millisecondsSince1970]
        }
        var json: [String: Any] = ["date": transaction.date.iso, "type": transaction.type.rawValue, "ticker": transaction.ticker,
                                   "quantity": transaction.quantity.description, "sum": transaction.sum.description,
                                   "updatedAt": transaction.updatedAt.millisecondsSince1970]
        if let note = transaction.note { json["note"] = note }
        return json
    }

    static func records(from body: Data) throws -> [TransactionRecord] {
        guard let object = try? JSONSerialization.jsonObject(with: body, options: .fragmentsAllowed) else {
            throw TransactionsStoreError("the remote store's answer could not be read.")
        }
        if object is NSNull { return [] }
        guard let children = object as? [String: Any] else { throw TransactionsStoreError("the remote store's answer is not a set of transactions.") }
        return try children.map { id, value in
            guard let fields = value as? [String: Any], let record = record(id: id, fields) else {
                throw TransactionsStoreError("the remote transaction '\(id)' is malformed; correct or delete it in the database.")
            }
            return record
        }
    }

    private static func record(id: String, _ fields: [String: Any]) -> TransactionRecord? {
        guard let milliseconds = (fields["updatedAt"] as? NSNumber)?.int64Value else { return nil }
        let updatedAt = Date(millisecondsSince1970: milliseconds)
        if fields["deleted"] as? Bool == true { return .deleted(id: id, at: updatedAt) }
        guard let date = (fields["date"] as? String).flatMap(CalendarDay.init(iso:)),
              let type = (fields["type"] as? String).flatMap(TransactionType.init(rawValue:)),
              let ticker = fields["ticker"] as? String,
              let quantity = (fields["quantity"] as? String).flatMap(FixedDecimal.init),
              let sum = (fields["sum"] as? String).flatMap(FixedDecimal.init) else { return nil }
        return .live(Transaction(id: id, date: date, type: type, ticker: ticker, quantity: quantity, sum: sum,
                                 note: fields["note"] as? String, updatedAt: updatedAt))
    }

    /// Firebase keys can't hold `. $ # [ ] /`; ids this app makes are UUIDs, so only a foreign id could.
    static func key(_ id: String) throws -> String {
        guard !id.isEmpty, !id.contains(where: { ".$#[]/".contains($0) }) else {
            throw TransactionsStoreError("the transaction id '\(id)' can't be stored remotely (it contains one of . $ # [ ] /).")
        }
        return id
    }

    static func check(_ response: HTTPResponse, host: String) throws {
        let message = (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any])?["error"] as? String
        switch response.statusCode {
        case 200...299: return
        case 401: throw TransactionsStoreError("the remote store did not accept the session. Run 'invest login' and try again.", kind: .notSignedIn)
        case _ where response.statusCode == 403 || message == "Permission denied":
            throw TransactionsStoreError("the remote store denied access: this data belongs to another account.", kind: .permissionDenied)
        case 500...599: throw TransactionsStoreError("the remote store at \(host) failed (HTTP \(response.statusCode)). Nothing was lost; try again later.", kind: .unavailable)
        default: throw TransactionsStoreError("the remote store refused the request (HTTP \(response.statusCode)\(message.map { ": \($0)" } ?? "")).")
        }
    }
}

private extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
