import Ledger

/// A header's columns by name, read once for a file: each name as `naming` gives it (trimmed and
/// lower-cased unless a preset says otherwise), the first of a repeated one.
public struct BrokerColumns: Sendable {
    public let header: [String]
    private let index: [String: Int]

    public init(_ header: [String], naming name: (String) -> String = { $0.trimmedSpaces.lowercased() }) {
        self.header = header
        index = Dictionary(header.enumerated().map { (name($0.element), $0.offset) }) { first, _ in first }
    }

    public func has(_ name: String) -> Bool { index[name] != nil }

    /// `record`'s cell in the column `name`, trimmed; "" when the header has none or the record is short.
    public func cell(_ name: String, in record: [String]) -> String {
        guard let column = index[name], column < record.count else { return "" }
        return record[column].trimmedSpaces
    }
}
