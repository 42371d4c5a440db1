import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Networking

/// HTTP through URLSession: what the clients use on Apple platforms. On Linux only the contract
/// specs use it, so the clients there never load FoundationNetworking, which links libcurl and
/// two dozen libraries behind it and cost every `invest` run about 7 ms before its first line.
public final class URLSessionHTTPClient: HTTPClient, Sendable {
    private let configuration: URLSessionConfiguration
    private let collector = ResponseCollector()
    private let session: URLSession

    /// - Parameter maxConnectionsPerHost: how many requests may really be in flight to one host.
    public init(timeout: TimeInterval = 10, maxConnectionsPerHost: Int = 8) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = maxConnectionsPerHost
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        self.configuration = configuration
        session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
    }

    deinit { session.finishTasksAndInvalidate() }

    public func send(_ httpRequest: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        var request = URLRequest(url: httpRequest.url)
        request.httpMethod = httpRequest.method
        request.httpBody = httpRequest.body
        for (name, value) in httpRequest.headers { request.setValue(value, forHTTPHeaderField: name) }
        // A request with a body gets a connection of its own: when a reused connection dies, libcurl
        // retries on a new one, and on Linux URLSession can't rewind the body for that retry, so the
        // request would hang until its timeout (measured: 8 s of an 8 s timeout, every time).
        let session = httpRequest.body == nil ? self.session : URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
        defer { if session !== self.session { session.finishTasksAndInvalidate() } }
        let task = session.dataTask(with: request)
        let pending = collector.expect(task, limit: httpRequest.maxResponseBytes)
        task.resume()
        return try pending.result()
    }

    /// Collects each task's response as it arrives, and cancels a task whose body passes its limit.
    private final class ResponseCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        private let lock = NSLock()
        private var pending: [Int: Pending] = [:]

        func expect(_ task: URLSessionTask, limit: Int) -> Pending {
            let expected = Pending(limit: limit)
            lock.withLock { pending[task.taskIdentifier] = expected }
            return expected
        }

        private func take(_ task: URLSessionTask, remove: Bool = false) -> Pending? {
            lock.withLock { remove ? pending.removeValue(forKey: task.taskIdentifier) : pending[task.taskIdentifier] }
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            // Cancelled once, when the limit is first passed: cancelling again for every chunk still
            // in flight kept libcurl reading (measured: hundreds of thousands of chunks).
            guard let expected = take(dataTask), expected.append(data) else { return }
            dataTask.cancel()
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
            take(task, remove: true)?.finish(response: task.response as? HTTPURLResponse, error: error)
        }
    }

    /// One request's response, filled by the delegate and awaited by `send`.
    private final class Pending: @unchecked Sendable {
        private let limit: Int
        private let done = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var data = Data()
        private var tooLarge = false
        private var response: HTTPURLResponse?
        private var error: Error?

        init(limit: Int) {
            self.limit = limit
        }

        /// Returns true once: when the body first passes its limit (the data is then dropped, and
        /// what still arrives is ignored).
        func append(_ chunk: Data) -> Bool {
            lock.withLock {
                guard !tooLarge else { return false }
                if data.count + chunk.count > limit {
                    tooLarge = true
                    data = Data()
                } else {
                    data.append(chunk)
                }
                return tooLarge
            }
        }

        func finish(response: HTTPURLResponse?, error: Error?) {
            lock.withLock {
                self.response = response
                self.error = error
            }
            done.signal()
        }

        func result() throws(HTTPClientError) -> HTTPResponse {
            done.wait()
            let (tooLarge, error, response, data) = lock.withLock { (self.tooLarge, self.error, self.response, self.data) }
            if tooLarge { throw .tooLarge(limit: limit) }
            if let error { throw (error as? URLError)?.code == .timedOut ? .timeout : .connectivity }
            guard let response else { throw .connectivity }
            var headers: [String: String] = [:]
            for (key, value) in response.allHeaderFields { headers["\(key)"] = "\(value)" }
            return HTTPResponse(statusCode: response.statusCode, headers: headers, body: data)
        }
    }
}
