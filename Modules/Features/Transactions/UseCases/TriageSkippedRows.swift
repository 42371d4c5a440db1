import Foundation

/// What an import's skipped rows are to the user: new ones to read, ones skipped before (said
/// once more, briefly), and ones handled by hand (said no more).
public struct SkippedRowsTriage: Equatable, Sendable {
    public var new: [RowError] = []
    public var before: [RowError] = []
    public var handled: [RowError] = []
    /// Lines `--resolve` named that no skipped row is on: nothing to mark.
    public var notSkipped: [Int] = []

    public init() {}
}

public protocol SkippedRowsTriaging {
    /// - Parameters:
    ///   - fingerprintOfLine: each line's row fingerprint; nil where the file has none (a JSON export,
    ///     a backup), and that row is always new.
    ///   - resolving: the lines the user recorded by hand: marked handled.
    ///   - dryRun: remembers nothing.
    func triage(_ skipped: [RowError], fingerprintOfLine: (Int) -> String?, resolving: Set<Int>, dryRun: Bool) throws(SkippedRowsError) -> SkippedRowsTriage
}

/// Remembers each row an import skips, by its content, so the next import of the same row (in
/// the same file or next month's) tells it apart from a new problem.
public struct TriageSkippedRowsUseCase: SkippedRowsTriaging {
    private let store: SkippedRowsStore
    private let now: () -> Date

    public init(store: SkippedRowsStore, now: @escaping () -> Date) {
        self.store = store
        self.now = now
    }

    public func triage(_ skipped: [RowError], fingerprintOfLine: (Int) -> String?, resolving: Set<Int>, dryRun: Bool) throws(SkippedRowsError) -> SkippedRowsTriage {
        var triage = SkippedRowsTriage()
        triage.notSkipped = resolving.subtracting(skipped.map(\.line)).sorted()
        guard !skipped.isEmpty else { return triage }
        let remembered = try store.skippedRows()
        var toSave: [String: SkippedRow] = [:]
        for row in skipped {
            guard let key = fingerprintOfLine(row.line) else {
                triage.new.append(row)
                continue
            }
            let reason = row.messages.joined(separator: "; ")
            if resolving.contains(row.line) {
                triage.handled.append(row)
                if remembered[key]?.handled != true { toSave[key] = SkippedRow(fingerprint: key, reason: reason, handled: true) }
            } else if let known = remembered[key] {
                if known.handled { triage.handled.append(row) } else { triage.before.append(row) }
            } else {
                triage.new.append(row)
                toSave[key] = SkippedRow(fingerprint: key, reason: reason, handled: false)
            }
        }
        if !dryRun, !toSave.isEmpty { try store.save(toSave.keys.sorted().compactMap { toSave[$0] }, at: now()) }
        return triage
    }
}
