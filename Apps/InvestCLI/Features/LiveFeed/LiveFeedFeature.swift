import TerminalKit
import ClientComposition

extension FeatureRegistration {
    /// The live feed keeps nothing: it has no kinds.
    static let feed = FeatureRegistration(title: "Live feed", kinds: []) { app in
        let feed = FeedCommand(stream: app.feed.priceStream(source:), terminal: app.context.liveTerminal)
        return [feed, OpenCommand(feed: feed)]
    }
}
