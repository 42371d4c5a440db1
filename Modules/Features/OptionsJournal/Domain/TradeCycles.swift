import Foundation
import FixedPoint

/// A round trip on one contract: from flat, through opening fills, back to flat.
public struct JournalTrade: Equatable, Sendable {
    public enum Direction: String, Sendable { case long, short }

    public let symbol: String
    public let strike: FixedDecimal
    public let expiration: String
    public let type: String
    public let direction: Direction
    /// The first opening fill's day and time: where the web app files the trade.
    public let tradeDate: String
    public let firstExecTime: Date
    public let closedAt: Date
    public let openings: [Execution]
    public let closings: [Execution]
    /// Σ quantity × price × multiplier of the buys.
    public let buyCost: FixedDecimal
    /// Σ quantity × price × multiplier of the sells.
    public let sellProceeds: FixedDecimal
    public let fees: FixedDecimal

    /// Proceeds − cost − fees (for a short: premium received − cost to close − fees).
    public var profitLoss: FixedDecimal { sellProceeds - buyCost - fees }

    /// profitLoss ÷ the buys' cost × 100; 0 when the buys cost nothing, as the web app has it.
    public var netROI: FixedDecimal {
        buyCost.isZero ? .zero : profitLoss.scaled(by: FixedDecimal(100), over: buyCost) ?? .zero
    }

    /// Contracts (or shares) bought: the web app's volume.
    public var volume: FixedDecimal { (openings + closings).filter { $0.side == .buy }.reduce(.zero) { $0 + $1.quantity } }

    /// The web app's rating key: `${Symbol}-${Strike}-${Expiration}-${FirstBuyExecTime}`, the
    /// strike as JavaScript prints a number and the time as `toISOString()`.
    public var key: String { "\(symbol)-\(strike)-\(expiration)-\(JournalTime.javaScriptISO(firstExecTime))" }

    /// A short handle for tables and `journal tag`: the first 8 hex digits of the key's hash.
    public var shortID: String { String(JournalID.hash(key).prefix(8)) }
}

/// A position still open: shown with its quantity, never counted in P&L.
public struct OpenPosition: Equatable, Sendable {
    public let contractKey: String
    public let symbol: String
    public let direction: JournalTrade.Direction
    public let quantity: FixedDecimal
    public let openedAt: Date
}

/// A fill that closes more than is open (or closes nothing): left out of every trade.
public struct UnmatchedClose: Equatable, Sendable {
    public let execution: Execution

    @_spi(Projections) public init(execution: Execution) {
        self.execution = execution
    }
}

/// The web app's cycles: executions flattened, sorted by time and grouped by contract; a cycle
/// closes when the position is back to 0 and becomes one trade. Beyond the web app, which only
/// knows BUY TO OPEN / SELL TO CLOSE on options: short cycles, stocks (multiplier 1), positions
/// still open, and fees.
public enum TradeCycles {
    public struct Result: Equatable, Sendable {
        public let trades: [JournalTrade]
        public let open: [OpenPosition]
        public let unmatched: [UnmatchedClose]
    }

    public static func build(_ executions: [Execution]) -> Result {
        JournalCycles(replaying: executions).result
    }
}

/// The cycles of the fills folded so far, in time order: kept between fills so that a later
/// fill is folded in without going through the earlier ones again.
public struct JournalCycles: Sendable {
    @_spi(Projections) public struct Position: Sendable {
        public var direction: JournalTrade.Direction
        public var quantity: FixedDecimal
        public var openings: [Execution] = []
        public var closings: [Execution] = []

        @_spi(Projections) public init(direction: JournalTrade.Direction, quantity: FixedDecimal, openings: [Execution] = [], closings: [Execution] = []) {
            (self.direction, self.quantity, self.openings, self.closings) = (direction, quantity, openings, closings)
        }

    }

    @_spi(Projections) public var positions: [String: Position] = [:]
    @_spi(Projections) public var trades: [JournalTrade] = []
    @_spi(Projections) public var unmatched: [UnmatchedClose] = []
    /// When the last fill folded in filled: an earlier one belongs before it, where no fold can put it.
    @_spi(Projections) public var latest: Date?

    public init() {}

    /// Every fill in time order, those of one time in the order given.
    public init(replaying executions: [Execution]) {
        for execution in executions.enumerated().sorted(by: { ($0.element.execTime, $0.offset) < ($1.element.execTime, $1.offset) }).map(\.element) {
            add(execution)
        }
    }

    public var result: TradeCycles.Result {
        let open = positions.map { key, position in
            OpenPosition(contractKey: key, symbol: position.openings[0].symbol, direction: position.direction, quantity: position.quantity,
                         openedAt: position.openings[0].execTime)
        }.sorted { ($0.openedAt, $0.contractKey) < ($1.openedAt, $1.contractKey) }
        return TradeCycles.Result(trades: trades, open: open, unmatched: unmatched)
    }

    /// Folds in a fill that filled at or after every fill folded so far.
    mutating func add(_ execution: Execution) {
        latest = execution.execTime
        let key = execution.contractKey
        switch execution.positionEffect {
        case .open:
            let direction: JournalTrade.Direction = execution.side == .buy ? .long : .short
            var position = positions[key] ?? Position(direction: direction, quantity: .zero)
            // Opening the other way while a position is open is not a cycle this can follow.
            guard position.direction == direction || position.quantity.isZero else { unmatched.append(UnmatchedClose(execution: execution)); return }
            if position.quantity.isZero { position = Position(direction: direction, quantity: .zero) }
            position.quantity += execution.quantity
            position.openings.append(execution)
            positions[key] = position
        case .close:
            let closes: JournalTrade.Direction = execution.side == .sell ? .long : .short
            guard var position = positions[key], position.direction == closes else {
                unmatched.append(UnmatchedClose(execution: execution))
                return
            }
            // A close of more than is open closes what is open; the excess is left out, so the
            // contract's later cycles still close.
            var closing = execution
            if execution.quantity > position.quantity {
                closing = execution.part(position.quantity, withFees: true)
                unmatched.append(UnmatchedClose(execution: execution.part(execution.quantity - position.quantity, withFees: false)))
            }
            position.quantity -= closing.quantity
            position.closings.append(closing)
            if position.quantity.isZero {
                trades.append(Self.trade(position.direction, openings: position.openings, closings: position.closings))
                positions[key] = nil
            } else {
                positions[key] = position
            }
        }
    }

    @_spi(Projections) public static func trade(_ direction: JournalTrade.Direction, openings: [Execution], closings: [Execution]) -> JournalTrade {
        let first = openings[0]
        let all = openings + closings
        func total(_ side: Execution.Side) -> FixedDecimal {
            // Executions are capped (`Execution.maximumQuantity`, `maximumPrice`), so each cost fits.
            all.filter { $0.side == side }.reduce(.zero) { $0 + (($1.quantity.multiplied(by: $1.price) ?? .zero).multiplied(by: $1.multiplier) ?? .zero) }
        }
        return JournalTrade(symbol: first.symbol, strike: first.strike, expiration: first.expiration, type: first.type, direction: direction,
                            tradeDate: first.tradeDate, firstExecTime: first.execTime, closedAt: closings.last!.execTime, openings: openings,
                            closings: closings, buyCost: total(.buy), sellProceeds: total(.sell), fees: all.reduce(.zero) { $0 + $1.fees })
    }
}
