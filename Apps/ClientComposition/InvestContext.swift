import Foundation
import TerminalKit
import Ledger
import Transactions
import CurrentPrices

/// What the outside world gives a client. `main.swift` passes the real process's; specs pass fakes.
public struct InvestContext {
    public var environment: [String: String]
    public var console: Console
    public var now: @Sendable () -> Date
    /// The user's zone: decides which calendar day "today" is; stored dates stay zone-free.
    /// The process's zone is looked up when first asked for: a read that shows no local day,
    /// such as an offline portfolio, doesn't pay for it.
    public var timeZone: TimeZone {
        get { chosenTimeZone ?? .current }
        set { chosenTimeZone = newValue }
    }
    private var chosenTimeZone: TimeZone?
    public var makeID: () -> String
    /// `--verbose`: say each network request on stderr.
    public var verbose = false
    /// The terminal a full-screen view may take over; nil where there is none (a pipe, a test).
    public var liveTerminal: () -> LiveTerminal? = { nil }
    /// Standard input, read whole up to `limit` bytes (one more tells a caller it was exceeded).
    public var readStandardInput: (_ limit: Int) -> Data = { limit in
        (try? FileHandle.standardInput.read(upToCount: limit)) ?? Data()
    }

    public init(environment: [String: String], console: Console, now: @escaping @Sendable () -> Date = { Date() },
                timeZone: TimeZone? = nil, makeID: @escaping () -> String = NewIdentifiers().make) {
        self.environment = environment
        self.console = console
        self.now = now
        chosenTimeZone = timeZone
        self.makeID = makeID
    }

    public var today: CalendarDay { day(containing: now()) }

    /// The user's calendar day at `date`, in their time zone.
    public func day(containing date: Date) -> CalendarDay {
        CalendarDay(containing: date.addingTimeInterval(TimeInterval(timeZone.secondsFromGMT(for: date))))
    }

    /// Colour only for a person at a terminal, and never when NO_COLOR is set (no-color.org).
    public var usesColor: Bool {
        console.isTerminalOutput && environment["NO_COLOR"].map(\.isEmpty) ?? true && environment["TERM"] != "dumb"
    }
}

extension InvestContext {
    /// How wide a table may be: `COLUMNS` when set, else the terminal's width; nil when unknown
    /// (a pipe or a file), where nothing is cut.
    public var tableWidth: Int? {
        if let columns = environment["COLUMNS"].flatMap(Int.init), (20...10_000).contains(columns) { return columns }
        return console.terminalWidth
    }

    /// On a terminal, a line saying which server a slow request waits for; nil for scripts.
    public func waitingNotice(program: String) -> (@Sendable (_ host: String) -> Void)? {
        guard console.isTerminalOutput else { return nil }
        let console = LockedConsole(console)
        return { host in console.writeNotice("\(program): waiting for \(host)…\n") }
    }

    /// On a terminal, a line as a read of a long history for its summaries starts (after a
    /// change to an old transaction, a compaction or an upgrade), which takes a second or more
    /// once; nil for scripts. A short history's takes too little to mention.
    public func rebuildNotice(program: String) -> ((_ bytes: Int) -> Void)? {
        guard console.isTerminalOutput else { return nil }
        let console = LockedConsole(console)
        return { bytes in
            guard bytes >= Self.noticedRebuildBytes else { return }
            console.writeNotice("\(program): reading the whole history (\(bytes >> 20) MB) to bring its summaries up to date; this happens once…\n")
        }
    }

    /// About 350,000 transactions, whose read takes most of a second.
    static let noticedRebuildBytes = 32 << 20

    /// At a terminal, each wait for the quote service's per-minute limit, as it starts; without
    /// one the run waits silently, within the same bound.
    public func quoteWaitNotice(program: String, service: String = "the quote service") -> (_ seconds: TimeInterval, _ pacing: QuotePacing) -> Void {
        guard console.isTerminalOutput else { return { _, _ in } }
        let console = LockedConsole(console)
        return { seconds, pacing in
            console.writeNotice("\(program): waiting \(Int(seconds.rounded(.up))) s for \(service): its limit is \(pacing.wording) (--max-wait bounds the wait)\n")
        }
    }

    /// With `--verbose`, where each network request is told.
    public func requestLog(program: String) -> (@Sendable (String) -> Void)? {
        guard verbose else { return nil }
        let console = LockedConsole(console)
        return { line in console.writeNotice("\(program): \(line.escapedForTerminal)\n") }
    }

    /// Runs a client's work and maps every failure to one message on stderr and an exit code.
    /// Whatever a message quotes (a server's words, a file's) reaches the terminal escaped.
    public func exitStatus(program: String, _ body: () throws -> Void) -> Int32 {
        var status = ExitCode.success
        // Bounded first: the escapes a quoted value needs must not be cut in half.
        let say = { (message: String) in console.writeError("\(program): \(MessageBounds.bounded(message).escapedForTerminal(keepingLineBreaks: true))\n") }
        do {
            try body()
        } catch let error as CLIError {
            if let message = error.message { say(message) }
            status = error.exitCode
        } catch let error as StoreError {
            say(error.userMessage)
            status = ExitCode.failure
        } catch {
            say(String(describing: error))
            status = ExitCode.failure
        }
        if let failure = console.finishOutput() {
            console.writeError("\(program): could not write the output: \(failure). Whatever was written is incomplete.\n")
            if status == ExitCode.success { status = ExitCode.failure }
        }
        return status
    }
}

/// The console, for a notice that fires on another thread: the command's own thread is blocked
/// in the request being waited for, and notices take a lock among themselves.
private final class LockedConsole: @unchecked Sendable {
    private let console: Console
    private let lock = NSLock()

    init(_ console: Console) {
        self.console = console
    }

    func writeNotice(_ text: String) {
        lock.withLock { console.writeNotice(text) }
    }
}
