import Foundation
import LiveFeed
import FeedStreams
import TerminalKit
import ClientComposition

/// The live feed's stream, chosen from the settings.
struct FeedComposer {
    let app: AppComposer

    /// The live feed's source: the echo server of INVEST_FEED_URL, or Finnhub's
    /// trade stream with FINNHUB_API_KEY. `SSL_CERT_FILE` names the authorities to trust instead
    /// of the system's.
    func priceStream(source: String) throws -> PriceStreaming {
        #if os(Linux)
        let configuration = app.configuration()
        let trusted = app.context.environment["SSL_CERT_FILE"].map { URL(fileURLWithPath: $0) }
        if source == "finnhub" {
            guard let key = configuration["FINNHUB_API_KEY"] else {
                throw CLIError.usage("--source finnhub needs a Finnhub API key: set FINNHUB_API_KEY ('invest config set FINNHUB_API_KEY KEY').")
            }
            var components = URLComponents(url: try webSocketURL("INVEST_FINNHUB_FEED_URL", default: "wss://ws.finnhub.io", configuration), resolvingAgainstBaseURL: false)!
            components.queryItems = (components.queryItems ?? []) + [URLQueryItem(name: "token", value: key)]
            return FinnhubTradeStream(url: components.url!, trustedAuthorities: trusted)
        }
        return EchoPriceStream(url: try webSocketURL("INVEST_FEED_URL", default: "wss://ws.postman-echo.com/raw", configuration), trustedAuthorities: trusted)
        #else
        throw CLIError.runtime("the live feed needs Linux's socket client in this release.")
        #endif
    }

    private func webSocketURL(_ key: String, default fallback: String, _ configuration: Configuration) throws -> URL {
        let text = configuration[key] ?? fallback
        guard let url = URL(string: text), url.scheme == "ws" || url.scheme == "wss", url.host != nil else {
            throw CLIError.usage("\(key) '\(text.escapedForTerminal)' is not a ws:// or wss:// URL.")
        }
        return url
    }

}
