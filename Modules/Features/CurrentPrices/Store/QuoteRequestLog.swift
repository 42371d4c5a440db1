import Foundation

/// When quote requests went, remembered across runs (the full client keeps them with its price
/// cache), so the next run counts them against the minute's limit.
public protocol QuoteRequestLog: Sendable {
    func requests() throws -> [Date]
    /// Replaces what is remembered.
    func remember(_ requests: [Date]) throws
}

/// Remembered for this run only: a client that keeps no files.
public final class InMemoryQuoteRequestLog: QuoteRequestLog, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Date] = []

    public init() {}

    public func requests() throws -> [Date] { lock.withLock { stored } }
    public func remember(_ requests: [Date]) throws { lock.withLock { stored = requests } }
}
