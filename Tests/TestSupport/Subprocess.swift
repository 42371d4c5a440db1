import Foundation

/// The folder holding the package's built executables, next to the running test bundle.
public let productsDirectory: URL = {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
}()

public struct ProcessResult {
    public let status: Int32
    public let stdout: String
    public let stderr: String
}

/// Runs a built executable to completion with the given environment (nothing inherited but PATH, unless given);
/// its output goes to `stdoutPath` when one is given.
public func runProduct(_ name: String, _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil,
                       stdoutPath: String? = nil) throws -> ProcessResult {
    try runProcess(productsDirectory.appendingPathComponent(name), arguments, environment: environment, stdin: stdin, stdoutPath: stdoutPath)
}

/// Runs any executable to completion, as `runProduct` does.
public func runProcess(_ executable: URL, _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil,
                       stdoutPath: String? = nil) throws -> ProcessResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var fullEnvironment = environment
    fullEnvironment["PATH"] = environment["PATH"] ?? ProcessInfo.processInfo.environment["PATH"]
    process.environment = fullEnvironment
    let output = Pipe(), errors = Pipe(), input = Pipe()
    if let stdoutPath {
        process.standardOutput = FileHandle(forWritingAtPath: stdoutPath)
        try output.fileHandleForWriting.close()
    } else {
        process.standardOutput = output
    }
    process.standardError = errors
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProcessResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self))
}

/// A tool the README's test command installs (hledger, python3), found on PATH. A missing one
/// fails the test that needs it, naming the command that installs it, rather than skipping.
public func installedTool(_ name: String) throws -> URL {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
        let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    throw MissingTool(name: name)
}

public struct MissingTool: Error, CustomStringConvertible {
    public let name: String
    public var description: String { "\(name) is not installed: run scripts/test, which installs what the tests need" }
}
