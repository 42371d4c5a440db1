/// A broker's export, read as this ledger's transactions: which header is the broker's, and what
/// each of its rows is here. Pure: a preset sees a row's cells, never a file.
public protocol BrokerPreset: Sendable {
    /// What `--broker` names it by.
    var name: String { get }
    /// For messages: "Charles Schwab transactions".
    var title: String { get }
    /// Whether a file with this header (its cells as written) is this broker's export.
    func reads(header: [String]) -> Bool
    /// The transactions one record stands for: none for a line that holds none (a total), or
    /// why it can't be mapped.
    func drafts(from record: [String], header: [String]) -> Result<[TransactionDraft], BrokerRowProblem>
}

/// Why a broker's row can't be read as a transaction; the import names it by line.
public struct BrokerRowProblem: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// The presets this release knows, detected from a file's header when none is named.
public enum BrokerPresets {
    public static let all: [BrokerPreset] = [SchwabTransactions(), FidelityHistory()]

    public static func named(_ name: String) -> BrokerPreset? {
        all.first { $0.name == name.lowercased() }
    }

    public static func reading(header: [String]) -> BrokerPreset? {
        all.first { $0.reads(header: header) }
    }
}
