import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where the CLI talks to a person. Injected so acceptance specs drive the real composition root.
public protocol Console: AnyObject {
    func write(_ text: String)
    func writeError(_ text: String)
    /// A warning, a note or progress on stderr: what `--quiet` silences. Errors use `writeError`.
    func writeNotice(_ text: String)
    /// Prints `prompt` and reads one line; nil at end of input.
    func readLine(prompt: String) -> String?
    /// Like `readLine`, but what is typed is not echoed: for passwords.
    func readSecret(prompt: String) -> String?
    /// A person is typing: missing fields may be asked for.
    var isInteractive: Bool { get }
    var isTerminalOutput: Bool { get }
    /// The terminal's columns, when the output is a terminal that says.
    var terminalWidth: Int? { get }
    /// Writes out whatever is still buffered. Returns why the output could not be written, if it
    /// could not (a full disk, say), so the run fails instead of "succeeding" with a short file.
    func finishOutput() -> String?
    /// Sends the rest of the output through `pager` (a shell command), as git does for long
    /// output on a terminal; does nothing where there is no terminal.
    func page(through pager: String, environment: [String: String])
    /// Sends what was written so far: a stream's lines go out as they come.
    func flush()
}

extension Console {
    public func writeNotice(_ text: String) { writeError(text) }
    public func flush() {}
    public func page(through pager: String, environment: [String: String]) {}
}

/// Passes everything to the console it decorates; a decorator overrides what it changes.
public class ConsoleDecorator: Console {
    let decoratee: Console

    public init(_ decoratee: Console) {
        self.decoratee = decoratee
    }

    public func write(_ text: String) { decoratee.write(text) }
    public func writeError(_ text: String) { decoratee.writeError(text) }
    public func writeNotice(_ text: String) { decoratee.writeNotice(text) }
    public func readLine(prompt: String) -> String? { decoratee.readLine(prompt: prompt) }
    public func readSecret(prompt: String) -> String? { decoratee.readSecret(prompt: prompt) }
    public var isInteractive: Bool { decoratee.isInteractive }
    public var isTerminalOutput: Bool { decoratee.isTerminalOutput }
    public var terminalWidth: Int? { decoratee.terminalWidth }
    public func finishOutput() -> String? { decoratee.finishOutput() }
    public func page(through pager: String, environment: [String: String]) { decoratee.page(through: pager, environment: environment) }
    public func flush() { decoratee.flush() }
}

/// `--quiet`: stdout and errors as they are, warnings and progress dropped.
public final class QuietConsole: ConsoleDecorator {
    override public func writeNotice(_ text: String) {}
}

/// At a terminal, stdout shows every control character as an escape, whatever the format: a
/// note or a server's text in CSV or JSON can't move the cursor, set the title or write the
/// clipboard. Only the colours invest itself paints (`ESC [ … m`), line breaks and tabs pass.
/// A file or a pipe gets the bytes as they are. Messages on stderr are bounded wherever they
/// go (`MessageBounds`): a value quoted from a file or a server is cut with its length said.
public final class TerminalSafeConsole: ConsoleDecorator {
    /// Asked once: a run's output goes to one place, and `isatty` per write would be a system call per line.
    private lazy var escapes = isTerminalOutput

    override public func write(_ text: String) {
        super.write(escapes ? text.keepingOnlyColours : text)
    }

    override public func writeError(_ text: String) {
        super.writeError(MessageBounds.bounded(text))
    }
}

/// A console that never reads: nothing is asked, as for a script. The tour runs its steps
/// through one, so a person at a terminal watches it instead of being asked questions, and no
/// step starts a pager in the middle of it.
public final class NoInputConsole: ConsoleDecorator {
    override public func readLine(prompt: String) -> String? { nil }
    override public func readSecret(prompt: String) -> String? { nil }
    override public var isInteractive: Bool { false }
    override public func page(through pager: String, environment: [String: String]) {}
}

public final class StandardConsole: Console {
    private var buffer: [UInt8] = []
    /// The first write error; a closed pipe never gets here, SIGPIPE ends the process as usual
    /// (or, while paging, the pager was quit and the rest is dropped).
    private var failure: String?
    private var pager: ChildProcess?
    /// A pager asked for and not started yet: output is held until it passes one screen.
    private var pendingPager: (command: String, environment: [String: String], screen: (rows: Int, columns: Int))?
    /// The screen lines the held output fills.
    private var heldLines = 0
    private var readerLeft = false

    public init() {}

    deinit { flush() }

    public func finishOutput() -> String? {
        pendingPager = nil
        flush()
        if let pager {
            // The pager reads to end of input, then waits for the user to quit it.
            close(STDOUT_FILENO)
            pager.wait()
            self.pager = nil
        }
        return failure
    }

    /// The pager starts only once the output passes one screen, so output that fits (or none)
    /// is printed as it is and never waits for a key, whatever the pager (`more` waits at its end).
    public func page(through command: String, environment: [String: String]) {
        guard pager == nil, isTerminalOutput else { return }
        var size = winsize()
        let known = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_row > 0 && size.ws_col > 0
        pendingPager = (command, environment, known ? (Int(size.ws_row), Int(size.ws_col)) : (24, 80))
        heldLines = 0
    }

    /// The pager is started as git starts it: a child in this process's own process group, so
    /// it stays in the terminal's foreground job and may read keys and set the terminal's modes
    /// (a pager in a group of its own is stopped by SIGTTOU the moment it touches the terminal).
    private func startPager(_ command: String, environment: [String: String]) {
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { return }
        // less: quit at once when it all fits one screen, pass colours, leave the screen as it was.
        let variables = environment.merging(["LESS": environment["LESS"] ?? "FRX", "LV": environment["LV"] ?? "-c"]) { $1 }
        guard let child = ChildProcess.spawn("/bin/sh", ["-c", command], environment: variables, standardInput: pipe[0], closing: [pipe[1]]) else {
            close(pipe[0])
            close(pipe[1])
            return
        }
        close(pipe[0])
        // What was held goes through the pager with the rest.
        dup2(pipe[1], STDOUT_FILENO)
        close(pipe[1])
        // Quitting the pager early closes the pipe: the rest is dropped, and that is no failure.
        signal(SIGPIPE, SIG_IGN)
        pager = child
        // Interrupted while the pager runs, invest waits for it before it goes, as git does: a
        // pager left behind would fight the shell for the terminal.
        runningPager = child.id
        for stop in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
            signal(stop) { received in
                close(STDOUT_FILENO)
                var status: Int32 = 0
                while waitpid(runningPager, &status, 0) < 0 && errno == EINTR {}
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }

    /// Buffered: a long listing is written in large blocks, not a syscall per row.
    public func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if let pending = pendingPager {
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                heldLines += max(1, (line.unicodeScalars.count + pending.screen.columns - 1) / pending.screen.columns)
            }
            guard heldLines >= pending.screen.rows - 1 else { return }
            pendingPager = nil
            startPager(pending.command, environment: pending.environment)
        }
        if buffer.count > 1 << 16 { flush() }
    }

    public func writeError(_ text: String) {
        // Output held for a pager stays held: it goes to the pager or, if it fits, after this.
        if pendingPager == nil { flush() }
        FileHandle.standardError.write(Data(text.utf8))
    }

    public func readLine(prompt: String) -> String? {
        Self.readLineCancellable {
            write(prompt)
            flush()
        }
    }

    /// One line of input; nil at end of input (Ctrl-D) and on Ctrl-C, which both cancel a prompt:
    /// the caller says "Cancelled" and nothing is saved, instead of the process dying silently.
    /// Ctrl-C is caught from before the prompt is shown (a quick one, as the prompt appears,
    /// would otherwise kill the process), and held back except while waiting for a key, so
    /// none lands between a check and a read.
    private static func readLineCancellable(showingPrompt showPrompt: () -> Void = {}) -> String? {
        var cancel = sigaction(), previous = sigaction()
        cancel.__sigaction_handler.sa_handler = { _ in promptInterrupted = 1 }
        cancel.sa_flags = 0 // no SA_RESTART: the wait returns, and readLine with it
        sigemptyset(&cancel.sa_mask)
        var held = sigset_t(), before = sigset_t()
        sigemptyset(&held)
        sigaddset(&held, SIGINT)
        pthread_sigmask(SIG_BLOCK, &held, &before)
        promptInterrupted = 0
        sigaction(SIGINT, &cancel, &previous)
        defer {
            sigaction(SIGINT, &previous, nil)
            pthread_sigmask(SIG_SETMASK, &before, nil)
        }
        showPrompt()
        var waiting = before
        sigdelset(&waiting, SIGINT)
        // Byte by byte, not through stdio: the C library's getline retries an interrupted read
        // for ever, and a buffered read would take pasted lines meant for the shell.
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while bytes.count < 1 << 20 {
            var input = fd_set()
            input.__fds_bits.0 = 1 << STDIN_FILENO
            // Ctrl-C is let through only inside the wait, which it ends.
            let ready = promptInterrupted == 0 ? pselect(STDIN_FILENO + 1, &input, nil, nil, nil, &waiting) : -1
            if promptInterrupted != 0 {
                FileHandle.standardError.write(Data("\n".utf8))
                return nil
            }
            if ready < 0 { continue }
            let count = Glibc.read(STDIN_FILENO, &byte, 1)
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count == 1 else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    public func readSecret(prompt: String) -> String? {
        let showPrompt = {
            self.write(prompt)
            self.flush()
        }
        var before = termios()
        guard tcgetattr(STDIN_FILENO, &before) == 0 else { return Self.readLineCancellable(showingPrompt: showPrompt) }
        var silent = before
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &silent)
        // Ctrl-C while echo is off cancels like any prompt, and the terminal gets its echo back.
        defer {
            tcsetattr(STDIN_FILENO, TCSANOW, &before)
            write("\n")
            flush()
        }
        return Self.readLineCancellable(showingPrompt: showPrompt)
    }

    public var isInteractive: Bool { isatty(STDIN_FILENO) == 1 }
    public var isTerminalOutput: Bool { isatty(STDOUT_FILENO) == 1 }

    public var terminalWidth: Int? {
        var size = winsize()
        guard isTerminalOutput, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    public func flush() {
        guard !buffer.isEmpty, !readerLeft else { return buffer.removeAll(keepingCapacity: true) }
        buffer.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                if written < 0, errno == EPIPE, pager != nil {
                    readerLeft = true
                    break
                }
                guard written > 0 else {
                    if failure == nil { failure = written < 0 ? String(cString: strerror(errno)) : "nothing could be written" }
                    break
                }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// The pager's process, for the signal handlers that wait for it (a handler can't capture).
nonisolated(unsafe) private var runningPager: pid_t = 0

/// Set by SIGINT while a prompt waits (a signal handler can't capture).
nonisolated(unsafe) private var promptInterrupted: sig_atomic_t = 0

public enum Confirmation {
    /// A [y/N] question's answer: only y or yes (any case) agrees; anything else, or no answer, declines.
    public static func isYes(_ answer: String?) -> Bool {
        let answer = answer?.trimmingCharacters(in: .whitespaces).lowercased()
        return answer == "y" || answer == "yes"
    }
}
