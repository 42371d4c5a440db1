/// What is known of a security beyond its ticker: the currency (or minor unit) it trades and is
/// priced in, and who said so.
public struct Security: Equatable, Sendable {
    public enum Source: String, Sendable {
        /// `invest security set`: never replaced by a provider's.
        case user
        /// The history provider's metadata (Twelve Data's `meta.currency`).
        case provider
    }

    public let ticker: String
    public let unit: PriceUnit
    public let source: Source

    public init(ticker: String, unit: PriceUnit, source: Source) {
        self.ticker = ticker
        self.unit = unit
        self.source = source
    }
}
