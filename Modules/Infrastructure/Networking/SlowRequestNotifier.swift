import Foundation

/// Says what a request is waiting for once it has waited `after` seconds, once per host: a person
/// at a terminal should not stare at silence while a server is slow.
public final class SlowRequestNotifier: HTTPClient, @unchecked Sendable {
    private let decoratee: HTTPClient
    private let after: TimeInterval
    private let notify: @Sendable (_ host: String) -> Void
    private let lock = NSLock()
    private var told: Set<String> = []

    public init(decoratee: HTTPClient, after: TimeInterval = 1, notify: @escaping @Sendable (_ host: String) -> Void) {
        self.decoratee = decoratee
        self.after = after
        self.notify = notify
    }

    public func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        let host = request.url.host ?? "the server"
        let notice = DispatchWorkItem { [weak self] in self?.tell(host) }
        DispatchQueue.global().asyncAfter(deadline: .now() + after, execute: notice)
        defer { notice.cancel() }
        return try decoratee.send(request)
    }

    private func tell(_ host: String) {
        let first = lock.withLock { told.insert(host).inserted }
        if first { notify(host) }
    }
}
