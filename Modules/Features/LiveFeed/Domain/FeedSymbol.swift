import Foundation
import Ledger
import FixedPoint

/// A stock the live feed can show: its name and a line about it, and the price a random walk
/// starts from.
public struct FeedSymbol: Equatable, Sendable {
    public let symbol: String
    public let name: String
    public let description: String
    public let startPrice: FixedDecimal

    public init(symbol: String, name: String, description: String, startPrice: FixedDecimal) {
        self.symbol = symbol
        self.name = name
        self.description = description
        self.startPrice = startPrice
    }
}

/// The feed's 25 stocks, with their names, descriptions and starting prices.
public enum FeedCatalog {
    public static let defaults: [FeedSymbol] = [
        ("AAPL", "178.50", "Apple Inc.", "Designs, manufactures and markets smartphones, personal computers, tablets, wearables and accessories worldwide."),
        ("GOOG", "140.25", "Alphabet Inc.", "Offers search, advertising, cloud, and a range of products and platforms worldwide."),
        ("MSFT", "378.90", "Microsoft Corporation", "Develops, licenses and supports software, services, devices and solutions worldwide."),
        ("AMZN", "145.80", "Amazon.com Inc.", "Sells consumer products and subscriptions online, and runs a cloud computing business."),
        ("TSLA", "242.15", "Tesla Inc.", "Designs, makes and sells electric vehicles, and energy generation and storage systems."),
        ("NVDA", "495.20", "NVIDIA Corporation", "Provides graphics, compute and networking solutions."),
        ("META", "325.40", "Meta Platforms Inc.", "Builds products that let people connect and share through mobile devices and computers."),
        ("BRK.B", "362.75", "Berkshire Hathaway Inc.", "Through its subsidiaries, runs insurance, freight rail and utility businesses worldwide."),
        ("JPM", "155.30", "JPMorgan Chase & Co.", "A financial services company, worldwide."),
        ("V", "265.85", "Visa Inc.", "A payments technology company, worldwide."),
        ("JNJ", "156.90", "Johnson & Johnson", "Researches, develops, makes and sells healthcare products worldwide."),
        ("WMT", "168.20", "Walmart Inc.", "Runs retail, wholesale and other units worldwide."),
        ("PG", "162.45", "Procter & Gamble Co.", "Provides branded consumer packaged goods worldwide."),
        ("MA", "425.60", "Mastercard Inc.", "Processes transactions and provides other payment products and services."),
        ("NFLX", "485.75", "Netflix Inc.", "Offers TV series, films and games across many genres and languages."),
        ("DIS", "95.30", "Walt Disney Co.", "An entertainment company, worldwide."),
        ("PYPL", "62.45", "PayPal Holdings Inc.", "Runs a platform for digital payments on behalf of merchants and consumers."),
        ("INTC", "43.80", "Intel Corporation", "Designs, makes and sells computer products and technologies."),
        ("CSCO", "51.25", "Cisco Systems Inc.", "Designs, makes and sells networking and communications products."),
        ("AMD", "115.90", "Advanced Micro Devices Inc.", "A semiconductor company, worldwide."),
        ("CRM", "220.35", "Salesforce Inc.", "Provides customer relationship management technology."),
        ("ORCL", "118.75", "Oracle Corporation", "Offers products and services for enterprise information technology."),
        ("ADBE", "545.80", "Adobe Inc.", "A diversified software company, worldwide."),
        ("NKE", "108.65", "Nike Inc.", "Designs, develops, markets and sells athletic footwear, apparel and equipment."),
        ("COST", "635.90", "Costco Wholesale Corporation", "Runs membership warehouses in many countries."),
    ].map { FeedSymbol(symbol: $0.0, name: $0.2, description: $0.3, startPrice: FixedDecimal($0.1)!) }

    /// The catalog's entry, or a bare one for a symbol it doesn't know.
    public static func symbol(_ symbol: String) -> FeedSymbol {
        defaults.first { $0.symbol == symbol } ?? FeedSymbol(symbol: symbol, name: symbol, description: "", startPrice: FixedDecimal(100))
    }

    /// Tickers as the rest of invest writes them (`TickerSymbol`).
    public static func isSymbol(_ text: String) -> Bool {
        TickerSymbol.isTicker(text)
    }
}

/// `stocks://symbol/{SYMBOL}`, the feed's deep link, in any case.
public enum FeedDeepLink {
    public static func symbol(in link: String) -> String? {
        let prefix = "stocks://symbol/"
        guard link.lowercased().hasPrefix(prefix) else { return nil }
        let symbol = String(link.dropFirst(prefix.count)).trimmingCharacters(in: CharacterSet(charactersIn: "/")).uppercased()
        return FeedCatalog.isSymbol(symbol) ? symbol : nil
    }
}
