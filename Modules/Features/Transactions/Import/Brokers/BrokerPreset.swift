/// A broker's export, read as this ledger's transactions: which header is the broker's, and what
/// its rows are here. Pure: a preset sees a file's records, never the file.
public protocol BrokerPreset: Sendable {
    /// What `--broker` names it by.
    var name: String { get }
    /// For messages: "Charles Schwab transactions".
    var title: String { get }
    /// Whether a file whose first record is `header` (its cells as written) is this broker's export.
    func reads(header: [String]) -> Bool
    /// What reads the records after `header`, in the file's order.
    func reader(header: [String]) -> BrokerFileReader
}

/// One file's records, read in order. A reader may keep what earlier records said: the header
/// of a statement's section, or half of an exchange that a later row completes.
public protocol BrokerFileReader: AnyObject {
    /// What a record (on `line`) stands for: nothing for a line that holds no transaction (a
    /// total, a section's header), or what it maps to by line.
    func read(_ record: [String], line: Int) -> [BrokerReading]
    /// What is left once every record is read: a half of an exchange that never found its other.
    func finish() -> [BrokerReading]
}

/// The transactions read from one line, or why it can't be mapped.
public struct BrokerReading {
    public let line: Int
    public let result: Result<[TransactionDraft], BrokerRowProblem>

    public init(line: Int, _ result: Result<[TransactionDraft], BrokerRowProblem>) {
        self.line = line
        self.result = result
    }
}

/// A preset whose every row stands alone: it reads the header once into a `Layout` (where its
/// columns are), maps each row by it, and the reader is made for it.
public protocol BrokerRowPreset: BrokerPreset {
    associatedtype Layout
    /// What `header` says of where each column is, read once for a file.
    func layout(of header: [String]) -> Layout
    /// The transactions one record stands for: none for a line that holds none (a total), or
    /// why it can't be mapped.
    func drafts(from record: [String], layout: Layout) -> Result<[TransactionDraft], BrokerRowProblem>
}

extension BrokerRowPreset {
    public func reader(header: [String]) -> BrokerFileReader { rowByRowReader(header: header) }

    /// One record read on its own, its header read for it.
    public func drafts(from record: [String], header: [String]) -> Result<[TransactionDraft], BrokerRowProblem> {
        drafts(from: record, layout: layout(of: header))
    }

    /// Each row by `drafts`, alone.
    func rowByRowReader(header: [String]) -> BrokerFileReader {
        let layout = layout(of: header)
        return RowByRowReader { self.drafts(from: $0, layout: layout) }
    }
}

private final class RowByRowReader: BrokerFileReader {
    private let drafts: ([String]) -> Result<[TransactionDraft], BrokerRowProblem>

    init(drafts: @escaping ([String]) -> Result<[TransactionDraft], BrokerRowProblem>) {
        self.drafts = drafts
    }

    func read(_ record: [String], line: Int) -> [BrokerReading] { [BrokerReading(line: line, drafts(record))] }
    func finish() -> [BrokerReading] { [] }
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
    public static let all: [BrokerPreset] = [InteractiveBrokersStatement(), InteractiveBrokersFlex(), SchwabTransactions(), FidelityHistory(), VanguardTransactions(),
                                             Trading212History(), DegiroAccount(), DegiroTransactions()]

    public static func named(_ name: String) -> BrokerPreset? {
        all.first { $0.name == name.lowercased() }
    }

    public static func reading(header: [String]) -> BrokerPreset? {
        all.first { $0.reads(header: header) }
    }
}
