import Foundation
import FixedPoint

/// Where prices come from.
public enum FeedSource: String, Sendable {
    /// Prices this client made up, as the echo server's clients do, shown once the echo server sends them back.
    case echo
    /// Trades from Finnhub's stream.
    case finnhub
}

/// One price from the stream.
public struct PriceTick: Equatable, Sendable {
    public let symbol: String
    public let price: FixedDecimal
    public let timestamp: Date
    public let source: FeedSource

    public init(symbol: String, price: FixedDecimal, timestamp: Date, source: FeedSource) {
        self.symbol = symbol
        self.price = price
        self.timestamp = timestamp
        self.source = source
    }
}

/// What a stream reports.
public enum FeedEvent: Equatable, Sendable {
    case connecting
    case connected
    /// The connection went (or never came); the reason is for people.
    case disconnected(reason: String)
    case tick(PriceTick)
}

public enum PriceDirection: String, Sendable {
    case up, down, unchanged
}

/// The live view's state: a pure reducer over the stream's events and the user's start and
/// stop, with the time passed in, so flashes and ordering are tested without waiting.
public struct FeedState: Equatable, Sendable {
    public enum Connection: Equatable, Sendable { case disconnected, connecting, connected }

    public struct Row: Equatable, Sendable {
        public let symbol: FeedSymbol
        public var price: FixedDecimal?
        public var previousPrice: FixedDecimal?
        public var direction: PriceDirection?
        public var updatedAt: Date?
        /// This session's prices, oldest first, for the details' sparkline (the last 120).
        public var history: [FixedDecimal] = []

        /// The change since the previous update.
        public var change: FixedDecimal? {
            guard let price, let previousPrice else { return nil }
            return price - previousPrice
        }
    }

    /// How long a changed price flashes.
    public static let flashDuration: TimeInterval = 1
    public static let historyLength = 120

    public private(set) var connection: Connection = .disconnected
    public private(set) var isRunning = true
    public private(set) var lastProblem: String?
    public private(set) var rows: [String: Row]
    private let order: [String]

    public init(symbols: [FeedSymbol]) {
        order = symbols.map(\.symbol)
        rows = Dictionary(symbols.map { ($0.symbol, Row(symbol: $0)) }) { first, _ in first }
    }

    public mutating func apply(_ event: FeedEvent) {
        switch event {
        case .connecting: connection = .connecting
        case .connected:
            connection = .connected
            lastProblem = nil
        case let .disconnected(reason):
            connection = .disconnected
            lastProblem = reason
        case let .tick(tick):
            guard var row = rows[tick.symbol] else { return }
            row.previousPrice = row.price
            row.direction = row.price.map { tick.price > $0 ? .up : tick.price < $0 ? .down : .unchanged }
            row.price = tick.price
            row.updatedAt = tick.timestamp
            row.history.append(tick.price)
            if row.history.count > Self.historyLength { row.history.removeFirst(row.history.count - Self.historyLength) }
            rows[tick.symbol] = row
        }
    }

    /// Start or Stop: stopping closes the connection; starting opens exactly one.
    public mutating func toggleRunning() {
        isRunning.toggle()
        if !isRunning { connection = .disconnected }
    }

    /// Highest price first; symbols without a price yet last, in the order given.
    public var sortedRows: [Row] {
        let positions = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($0.element, $0.offset) })
        return rows.values.sorted { lhs, rhs in
            switch (lhs.price, rhs.price) {
            case let (left?, right?) where left != right: return left > right
            case (nil, _?): return false
            case (_?, nil): return true
            default: return positions[lhs.symbol.symbol, default: 0] < positions[rhs.symbol.symbol, default: 0]
            }
        }
    }

    /// A price that went up or down flashes for a second after its update.
    public func flash(of symbol: String, at now: Date) -> PriceDirection? {
        guard let row = rows[symbol], let direction = row.direction, direction != .unchanged, let updatedAt = row.updatedAt,
              now.timeIntervalSince(updatedAt) < Self.flashDuration else { return nil }
        return direction
    }
}
