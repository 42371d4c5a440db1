import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A key pressed in a full-screen view.
public enum TerminalKey: Equatable, Sendable {
    case up, down, enter, escape, interrupt
    case character(Character)
}

/// A terminal taken over by a full-screen view: raw input, the alternate screen, whole-screen
/// redraws. Whatever ends the view (a key, SIGINT, SIGTERM, an error) gives the terminal back
/// as it was.
public protocol LiveTerminal: AnyObject {
    func begin()
    func restore()
    /// The next key, waiting up to `timeout`; nil when none came.
    func readKey(timeout: TimeInterval) -> TerminalKey?
    /// Columns and rows, read again at each call, so a resize is seen at the next redraw.
    var size: (columns: Int, rows: Int) { get }
    func draw(_ screen: String)
    /// SIGTERM or SIGHUP arrived: the view should end.
    var isTerminationRequested: Bool { get }
}

/// The process's own terminal (standard input and output).
public final class StandardLiveTerminal: LiveTerminal {
    /// Both ends are a terminal: only then can a view take it over.
    public static func ifAvailable() -> StandardLiveTerminal? {
        isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 ? StandardLiveTerminal() : nil
    }

    private var active = false

    public func begin() {
        guard !active, tcgetattr(STDIN_FILENO, &liveTerminalSaved) == 0 else { return }
        active = true
        liveTerminalActive = 1
        var raw = liveTerminalSaved
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        for signalNumber in [SIGTERM, SIGHUP] {
            signal(signalNumber) { _ in liveTerminalTerminationRequested = 1 }
        }
        // A fault still gives the terminal back.
        for signalNumber in [SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGTRAP] {
            signal(signalNumber) { number in
                liveTerminalRestoreFromSignal()
                signal(number, SIG_DFL)
                raise(number)
            }
        }
        writeAll(LiveTerminalCodes.enter)
    }

    public func restore() {
        guard active else { return }
        active = false
        liveTerminalRestoreFromSignal()
        for signalNumber in [SIGTERM, SIGHUP, SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGTRAP] { signal(signalNumber, SIG_DFL) }
    }

    public var isTerminationRequested: Bool { liveTerminalTerminationRequested != 0 }

    public var size: (columns: Int, rows: Int) {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    public func draw(_ screen: String) {
        writeAll("\u{1B}[H" + screen + "\u{1B}[J")
    }

    public func readKey(timeout: TimeInterval) -> TerminalKey? {
        guard let byte = readByte(timeout: timeout) else { return nil }
        switch byte {
        case 3: return .interrupt
        case 13, 10: return .enter
        case 27:
            // An arrow is ESC [ A; a lone ESC is the Escape key.
            guard let second = readByte(timeout: 0.03) else { return .escape }
            guard second == UInt8(ascii: "["), let third = readByte(timeout: 0.03) else { return .escape }
            switch third {
            case UInt8(ascii: "A"): return .up
            case UInt8(ascii: "B"): return .down
            default: return nil
            }
        default:
            return byte < 128 ? .character(Character(Unicode.Scalar(byte))) : nil
        }
    }

    private func readByte(timeout: TimeInterval) -> UInt8? {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(timeout * 1000)) > 0 else { return nil }
        var byte: UInt8 = 0
        return Glibc.read(STDIN_FILENO, &byte, 1) == 1 ? byte : nil
    }

    private func writeAll(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}

enum LiveTerminalCodes {
    /// The alternate screen, cursor hidden. (Leaving it is written by the restore, which a
    /// signal handler runs, so it is a static string there.)
    static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J"
}

// What signal handlers need, which can't capture.
nonisolated(unsafe) private var liveTerminalSaved = termios()
nonisolated(unsafe) private var liveTerminalActive: sig_atomic_t = 0
nonisolated(unsafe) private var liveTerminalTerminationRequested: sig_atomic_t = 0

/// Cursor shown, the main screen back, raw mode undone. Async-signal-safe: tcsetattr and write only.
private func liveTerminalRestoreFromSignal() {
    guard liveTerminalActive != 0 else { return }
    liveTerminalActive = 0
    tcsetattr(STDIN_FILENO, TCSANOW, &liveTerminalSaved)
    let leave: StaticString = "\u{1B}[?25h\u{1B}[?1049l"
    _ = Glibc.write(STDOUT_FILENO, leave.utf8Start, leave.utf8CodeUnitCount)
}

/// SIGINT and SIGTERM, for a command that streams until stopped: each asks it to stop cleanly.
public enum StopSignals {
    public static func install() {
        stopSignalsRequested = 0
        for signalNumber in [SIGINT, SIGTERM] { signal(signalNumber) { _ in stopSignalsRequested = 1 } }
    }

    public static func uninstall() {
        for signalNumber in [SIGINT, SIGTERM] { signal(signalNumber, SIG_DFL) }
    }

    public static var isStopRequested: Bool { stopSignalsRequested != 0 }
}

nonisolated(unsafe) private var stopSignalsRequested: sig_atomic_t = 0
