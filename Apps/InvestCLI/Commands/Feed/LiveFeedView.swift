import Foundation
import AppSupport
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
        var page = page, selected = 0, updates = 0
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
                case .up, .character("k"): selected = max(selected - 1, 0)
                case .down, .character("j"): selected = min(selected + 1, symbols.count - 1)
                case .enter: if page == .list { page = .details(state.sortedRows[selected].symbol.symbol) }
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
            terminal.draw(FeedScreen(state: state, page: page, selected: selected, now: now, columns: size.columns, rows: size.rows, colors: colors).render())
            lastDraw = now
        }
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
