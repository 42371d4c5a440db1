import Foundation
import TerminalKit
import ClientComposition
import LiveFeed

/// The full-screen live view. The stream runs on a thread of its own and hands its events over;
/// this loop reads keys, folds the events into the state and redraws, so a dead network never
/// freezes the view.
struct LiveFeedView {
    let terminal: LiveTerminal
    let stream: PriceStreaming
    let symbols: [FeedSymbol]
    let colors: Bool
    var page: FeedScreen.Page

    func run(until deadline: Date?, count: Int?) throws {
        var state = FeedState(symbols: symbols)
        var page = page, selection = FeedSelection(), updates = 0
        var session = StreamSession(stream: stream, symbols: symbols)
        terminal.begin()
        defer {
            session.stop()
            terminal.restore()
        }
        var lastDraw = Date.distantPast
        while !terminal.isTerminationRequested, deadline.map({ Date() < $0 }) ?? true, count.map({ updates < $0 }) ?? true {
            var changed = false
            if let key = terminal.readKey(timeout: 0.1) {
                changed = true
                switch key {
                case .interrupt, .character("q"): return
                case .character("s"), .character(" "):
                    state.toggleRunning()
                    if state.isRunning { session = StreamSession(stream: stream, symbols: symbols) } else { session.stop() }
                case .up, .character("k"): selection.move(by: -1, in: state.sortedRows)
                case .down, .character("j"): selection.move(by: 1, in: state.sortedRows)
                case .enter: if page == .list, let symbol = selection.symbol(in: state.sortedRows) { page = .details(symbol) }
                case .escape, .character("b"): page = .list
                default: changed = false
                }
            }
            for event in session.takeEvents() where state.isRunning {
                state.apply(event)
                if case .tick = event { updates += 1 }
                changed = true
            }
            // Redraw on change, and at least every quarter second so flashes end and a resize shows.
            let now = Date()
            guard changed || now.timeIntervalSince(lastDraw) > 0.25 else { continue }
            let size = terminal.size
            terminal.draw(FeedScreen(state: state, page: page, selected: selection.index(in: state.sortedRows), now: now, columns: size.columns, rows: size.rows, colors: colors).render())
            lastDraw = now
        }
    }
}

/// The selected stock, not a row: as prices re-sort the list, the selection moves with its
/// stock, so Enter opens the one the person chose.
struct FeedSelection {
    /// Nil until a key moves it: the top row.
    private var chosen: String?

    func index(in rows: [FeedState.Row]) -> Int {
        rows.firstIndex { $0.symbol.symbol == chosen } ?? 0
    }

    func symbol(in rows: [FeedState.Row]) -> String? {
        rows.isEmpty ? nil : rows[index(in: rows)].symbol.symbol
    }

    mutating func move(by offset: Int, in rows: [FeedState.Row]) {
        guard !rows.isEmpty else { return }
        chosen = rows[min(max(index(in: rows) + offset, 0), rows.count - 1)].symbol.symbol
    }
}

/// One run of the stream on its own thread; stopping it closes its connection, and starting
/// again is a new session, so at most one connection is ever open.
final class StreamSession: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [FeedEvent] = []
    private var stopped = false

    init(stream: PriceStreaming, symbols: [FeedSymbol]) {
        // The stream is used by that thread only, from here on.
        let handOver = HandOver(stream: stream)
        let thread = Thread { [self] in
            handOver.stream.run(symbols: symbols, giveUpIfNeverConnected: false, shouldStop: { [self] in lock.withLock { stopped } }) { [self] event in
                lock.withLock { events.append(event) }
            }
        }
        thread.start()
    }

    func takeEvents() -> [FeedEvent] {
        lock.withLock {
            defer { events.removeAll() }
            return events
        }
    }

    func stop() {
        lock.withLock { stopped = true }
    }
}

private struct HandOver: @unchecked Sendable {
    let stream: PriceStreaming
}
