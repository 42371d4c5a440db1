import Foundation
import XCTest

/// A real terminal, as a person has one: tmux running an interactive bash with job control, the
/// built `invest` on its PATH, keys sent as they are typed and the screen read back. What a
/// stand-in pager or a pipe hides shows here: a pager stopped as a background job, a prompt that
/// eats the next pasted line, a terminal left in raw mode.
public final class TmuxTerminal {
    public let home: URL
    private let socket: String
    private let tmux: URL
    /// Every prompt shows the status of the command before it: `[rc=0]$ `.
    private static let prompt = "[rc="

    /// Fails the test when tmux is missing: the README's test command installs it.
    public init(columns: Int = 80, rows: Int = 24, home: URL, environment: [String: String] = [:],
                file: StaticString = #filePath, line: UInt = #line) throws {
        self.home = home
        socket = "invest-tests-\(UUID().uuidString.prefix(8))"
        guard let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            XCTFail("tmux is not installed; scripts/test installs it", file: file, line: line)
            throw TimedOut()
        }
        self.tmux = URL(fileURLWithPath: tmux)
        var variables = ["HOME": home.path, "INVEST_HOME": home.path, "TERM": "xterm-256color", "LANG": "C.UTF-8",
                         "PATH": productsDirectory.path + ":/usr/local/bin:/usr/bin:/bin", "PS1": "\(Self.prompt)$?]$ ", "PROMPT_COMMAND": ""]
        variables.merge(environment) { $1 }
        let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        // The server outlives this call: it must not hold the pipes a test reads to their end.
        let start = ([tmux, "-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "-s", "t", "env", "-i"]
            + assignments + ["bash", "--norc", "--noprofile", "-i"]).map(Self.quoted).joined(separator: " ")
        // It also must not inherit this process's other descriptors (a Foundation child does).
        let closeInherited = "for fd in $(ls /proc/$$/fd); do [ \"$fd\" -gt 2 ] && eval \"exec $fd>&-\"; done 2>/dev/null; "
        let started = try runProcess(URL(fileURLWithPath: "/bin/bash"), ["-c", closeInherited + "exec " + start + " < /dev/null > /dev/null 2>&1"])
        guard started.status == 0 else {
            XCTFail("tmux could not start a session (status \(started.status))", file: file, line: line)
            throw TimedOut()
        }
        try run(["set-option", "-t", "t", "history-limit", "10000"])
        _ = try waitFor(Self.prompt, file: file, line: line)
    }

    deinit {
        _ = try? run(["kill-server"])
    }

    /// Types `text` as keys, literally.
    public func type(_ text: String) throws {
        guard !text.isEmpty else { return }
        try run(["send-keys", "-t", "t", "-l", text])
    }

    /// Presses named keys: `Enter`, `C-c`, `C-d`, `q`, `Down`.
    public func press(_ keys: String...) throws {
        try run(["send-keys", "-t", "t"] + keys)
    }

    /// Pastes `text` at once, as a terminal pastes a clipboard.
    public func paste(_ text: String) throws {
        try run(["set-buffer", "--", text])
        try run(["paste-buffer", "-t", "t"])
    }

    /// Everything the terminal showed, the scrollback included.
    public func transcript() throws -> String {
        try run(["capture-pane", "-t", "t", "-p", "-J", "-S", "-"]).stdout
    }

    /// What is on the screen now; with `escapes`, its colours as escape sequences.
    public func screen(escapes: Bool = false) throws -> String {
        try run(["capture-pane", "-t", "t", "-p"] + (escapes ? ["-e"] : [])).stdout
    }

    /// Waits until `text` is on the screen (or in the scrollback), up to `timeout` seconds;
    /// fails with the screen when it never comes.
    @discardableResult
    public func waitFor(_ text: String, after count: Int = 0, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let shown = try transcript()
            if shown.components(separatedBy: text).count - 1 > count { return shown }
            if Date() > deadline {
                XCTFail("'\(text)' never appeared on the terminal. It shows:\n\(shown)", file: file, line: line)
                throw TimedOut()
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Types a command line and Enter, then waits for the shell's next prompt; the command's
    /// status, as the prompt shows it.
    @discardableResult
    public func run(_ commandLine: String, timeout: TimeInterval = 20, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let prompts = try promptCount()
        try type(commandLine)
        try press("Enter")
        return try waitForPrompt(after: prompts, timeout: timeout, file: file, line: line)
    }

    /// How many prompts the shell has shown so far.
    public func promptCount() throws -> Int {
        try transcript().components(separatedBy: Self.prompt).count - 1
    }

    /// Waits for the prompt after the `count`-th; the status it shows.
    @discardableResult
    public func waitForPrompt(after count: Int, timeout: TimeInterval = 20, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let shown = try waitFor(Self.prompt, after: count, timeout: timeout, file: file, line: line)
        let last = shown.components(separatedBy: Self.prompt).last ?? ""
        return Int(last.prefix { $0.isNumber }) ?? -1
    }

    /// The processes on the terminal and their states (`T` is stopped), for a failure message.
    public func processes() throws -> String {
        let tty = try run(["display-message", "-t", "t", "-p", "#{pane_tty}"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return try runProcess(URL(fileURLWithPath: "/bin/ps"), ["-o", "pid,pgid,stat,comm", "-t", tty]).stdout
    }

    @discardableResult
    private func run(_ arguments: [String]) throws -> ProcessResult {
        try runProcess(tmux, ["-L", socket] + arguments)
    }

    private static func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// The terminal never showed what was waited for, or could not be started; the failure says which.
    public struct TimedOut: Error {}
}
