import Foundation

/// A source of live prices over one connection, reconnecting on its own when it drops.
public protocol PriceStreaming {
    /// Runs until `shouldStop` says so, reporting each event. Blocks its thread.
    /// - Parameter giveUpIfNeverConnected: for scripts: when the first connection fails, report
    ///   it and return instead of retrying.
    func run(symbols: [FeedSymbol], giveUpIfNeverConnected: Bool, shouldStop: @escaping () -> Bool, onEvent: @escaping (FeedEvent) -> Void)
}
