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

/// `--quiet`: stdout and errors as they are, warnings and progress dropped.
public final class QuietConsole: Console {
    private let decoratee: Console

    public init(_ decoratee: Console) {
        self.decoratee = decoratee
    }

    public func write(_ text: String) { decoratee.write(text) }
    public func writeError(_ text: String) { decoratee.writeError(text) }
    public func writeNotice(_ text: String) {}
    public func readLine(prompt: String) -> String? { decoratee.readLine(prompt: prompt) }
    public func readSecret(prompt: String) -> String? { decoratee.readSecret(prompt: prompt) }
    public var isInteractive: Bool { decoratee.isInteractive }
    public var isTerminalOutput: Bool { decoratee.isTerminalOutput }
    public var terminalWidth: Int? { decoratee.terminalWidth }
    public func finishOutput() -> String? { decoratee.finishOutput() }
    public func page(through pager: String, environment: [String: String]) { decoratee.page(through: pager, environment: environment) }
    public func flush() { decoratee.flush() }
}

public final class StandardConsole: Console {
    private var buffer: [UInt8] = []
    /// The first write error; a closed pipe never gets here, SIGPIPE ends the process as usual
    /// (or, while paging, the pager was quit and the rest is dropped).
    private var failure: String?
    private var pager: Process?
    private var readerLeft = false

    public init() {}

    deinit { flush() }

    public func finishOutput() -> String? {
        flush()
        if let pager {
            // The pager reads to end of input, then waits for the user to quit it.
            close(STDOUT_FILENO)
            pager.waitUntilExit()
            self.pager = nil
        }
        return failure
    }

    public func page(through command: String, environment: [String: String]) {
        guard pager == nil, isTerminalOutput else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        // less: quit at once when it all fits one screen, pass colours, leave the screen as it was.
        process.environment = environment.merging(["LESS": environment["LESS"] ?? "FRX"]) { $1 }
        let pipe = Pipe()
        process.standardInput = pipe
        do {
            try process.run()
        } catch {
            return
        }
        flush()
        dup2(pipe.fileHandleForWriting.fileDescriptor, STDOUT_FILENO)
        try? pipe.fileHandleForWriting.close()
        // Quitting the pager early closes the pipe: the rest is dropped, and that is no failure.
        signal(SIGPIPE, SIG_IGN)
        pager = process
    }

    /// Buffered: a long listing is written in large blocks, not a syscall per row.
    public func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count > 1 << 16 { flush() }
    }

    public func writeError(_ text: String) {
        flush()
        FileHandle.standardError.write(Data(text.utf8))
    }

    public func readLine(prompt: String) -> String? {
        write(prompt)
        flush()
        return Swift.readLine()
    }

    public func readSecret(prompt: String) -> String? {
        write(prompt)
        flush()
        guard tcgetattr(STDIN_FILENO, &terminalBeforeSecret) == 0 else { return Swift.readLine() }
        var silent = terminalBeforeSecret
        silent.c_lflag &= ~tcflag_t(ECHO)
        // Ctrl-C while echo is off must not leave the user's terminal silent.
        let previousHandler = signal(SIGINT) { _ in
            tcsetattr(STDIN_FILENO, TCSANOW, &terminalBeforeSecret)
            _exit(130)
        }
        tcsetattr(STDIN_FILENO, TCSANOW, &silent)
        defer {
            tcsetattr(STDIN_FILENO, TCSANOW, &terminalBeforeSecret)
            signal(SIGINT, previousHandler)
            write("\n")
            flush()
        }
        return Swift.readLine()
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

/// The terminal's settings while a secret is read, for the SIGINT handler (which can't capture).
nonisolated(unsafe) private var terminalBeforeSecret = termios()

public enum Confirmation {
    /// A [y/N] question's answer: only y or yes (any case) agrees; anything else, or no answer, declines.
    public static func isYes(_ answer: String?) -> Bool {
        let answer = answer?.trimmingCharacters(in: .whitespaces).lowercased()
        return answer == "y" || answer == "yes"
    }
}
