/// Where prices are kept between runs.
public protocol PricesCache: Sendable {
    /// All cached prices by ticker; throws when the cache can't be read.
    func retrieve() throws -> [String: CurrentPrice]
    func save(_ prices: [CurrentPrice]) throws
}
