// swift-tools-version: 6.0
import PackageDescription

// The dependency rule, enforced here and shown by the folders:
// - Modules/Kernel: the shared kernel (exact decimals, the ledger); depends on nothing.
// - Modules/Features: pure features; Foundation, the kernel and each other only.
// - Modules/Infrastructure: adapters for the features' ports; never another client's code.
// - Apps: the only places that compose.
let package = Package(
    name: "Investments",
    products: [
        .executable(name: "invest", targets: ["invest"]),
        .executable(name: "invest-summary", targets: ["invest-summary"]),
        .executable(name: "invest-bench", targets: ["invest-bench"]),
    ],
    targets: [
        // Shared kernel
        .target(name: "FixedPoint", path: "Modules/Kernel/FixedPoint"),
        .target(name: "Vocabulary", path: "Modules/Kernel/Vocabulary"),
        .target(name: "Ledger", dependencies: ["Vocabulary"], path: "Modules/Kernel/Ledger"),

        // Features (pure, Foundation only)
        .target(name: "Transactions", dependencies: ["FixedPoint", "Ledger"], path: "Modules/Features/Transactions"),
        .target(name: "CurrentPrices", dependencies: ["FixedPoint", "Ledger"], path: "Modules/Features/CurrentPrices"),
        .target(name: "Portfolio", dependencies: ["Transactions", "CurrentPrices", "Currencies", "FixedPoint", "Ledger"], path: "Modules/Features/Portfolio"),
        .target(name: "Auth", path: "Modules/Features/Auth"),
        .target(name: "Analytics", dependencies: ["Transactions", "Currencies", "Portfolio", "CurrentPrices", "TradingDesk", "FixedPoint", "Ledger"], path: "Modules/Features/Analytics"),
        .target(name: "Savings", dependencies: ["FixedPoint", "Ledger"], path: "Modules/Features/Savings"),
        .target(name: "LiveFeed", dependencies: ["FixedPoint", "Ledger"], path: "Modules/Features/LiveFeed"),
        .target(name: "OptionsJournal", dependencies: ["FixedPoint", "Ledger"], path: "Modules/Features/OptionsJournal"),
        .target(name: "Currencies", dependencies: ["Transactions", "CurrentPrices", "FixedPoint", "Ledger"], path: "Modules/Features/Currencies"),
        .target(name: "InvestmentAccounts", dependencies: ["Ledger"], path: "Modules/Features/InvestmentAccounts"),
        .target(name: "NetWorth", dependencies: ["Transactions", "Portfolio", "CurrentPrices", "Currencies", "Savings", "FixedPoint", "Ledger"],
                path: "Modules/Features/NetWorth"),
        .target(name: "Bookkeeping", dependencies: ["Transactions", "Portfolio", "CurrentPrices", "Currencies", "FixedPoint", "Ledger"],
                path: "Modules/Features/Bookkeeping"),
        .target(name: "TradingDesk", dependencies: ["Transactions", "CurrentPrices", "Currencies", "Portfolio", "FixedPoint", "Ledger"], path: "Modules/Features/TradingDesk"),

        // Infrastructure
        // The projection engine: every checkpoint's layout, and the features' read-model ports kept in checkpoints.
        .target(name: "Projections", dependencies: ["Ledger", "FixedPoint", "Transactions", "CurrentPrices", "Currencies", "Portfolio", "Savings", "OptionsJournal"],
                path: "Modules/Infrastructure/Projections"),
        .target(name: "LocalFileStore", dependencies: ["Ledger", "Projections", "CurrentPrices", "Auth", "FixedPoint", "JSONScanning"], path: "Modules/Infrastructure/LocalFileStore"),
        // The JSON reader the file store and the network clients share: bounded, exact numbers, no Foundation parser.
        .target(name: "JSONScanning", path: "Modules/Infrastructure/JSONScanning"),
        .systemLibrary(name: "COpenSSL", path: "Modules/Infrastructure/COpenSSL", providers: [.apt(["libssl-dev"])]),
        .target(name: "Networking", dependencies: [.target(name: "COpenSSL", condition: .when(platforms: [.linux]))],
                path: "Modules/Infrastructure/Networking"),
        .target(name: "URLSessionHTTP", dependencies: ["Networking"], path: "Modules/Infrastructure/URLSessionHTTP"),
        .target(name: "QuotesAPI", dependencies: ["CurrentPrices", "Transactions", "Networking", "FixedPoint"], path: "Modules/Infrastructure/QuotesAPI"),
        .target(name: "MarketDataAPI", dependencies: ["QuotesAPI", "TradingDesk", "Analytics", "Transactions", "CurrentPrices", "Currencies", "Ledger", "Networking", "JSONScanning", "FixedPoint"],
                path: "Modules/Infrastructure/MarketDataAPI"),
        .target(name: "Firebase", dependencies: ["Auth", "Ledger", "Networking", "JSONScanning"], path: "Modules/Infrastructure/Firebase"),
        .target(name: "Firestore", dependencies: ["Firebase", "OptionsJournal", "Ledger", "FixedPoint", "Networking", "JSONScanning"], path: "Modules/Infrastructure/Firestore"),
        .target(name: "FeedStreams", dependencies: ["LiveFeed", "Networking", "FixedPoint"], path: "Modules/Infrastructure/FeedStreams"),

        // Composition roots: the terminal kit (no feature), what both clients compose alike, then each client
        .target(name: "TerminalKit", dependencies: ["FixedPoint", "Vocabulary"], path: "Apps/TerminalKit"),
        .target(name: "ClientComposition", dependencies: ["TerminalKit", "Auth", "Ledger", "Projections", "Transactions", "CurrentPrices", "Portfolio", "Currencies", "NetWorth", "Savings", "LocalFileStore", "QuotesAPI",
                                                          "Firebase", "Networking",
                                                          // URLSession only where there is no socket client: on Linux, FoundationNetworking
                                                          // would load libcurl and its libraries into every run.
                                                          .target(name: "URLSessionHTTP", condition: .when(platforms: [.macOS, .iOS, .watchOS, .tvOS, .visionOS]))],
                path: "Apps/ClientComposition"),
        .target(name: "InvestCLI", dependencies: ["TerminalKit", "ClientComposition", "Auth", "Ledger", "Projections", "Transactions", "Portfolio", "CurrentPrices", "TradingDesk", "Analytics", "Currencies", "InvestmentAccounts", "NetWorth", "Bookkeeping", "Savings", "LiveFeed",
                                                  "OptionsJournal", "LocalFileStore", "QuotesAPI", "MarketDataAPI", "Firestore", "FeedStreams", "Networking", "FixedPoint"],
                path: "Apps/InvestCLI"),
        .executableTarget(name: "invest", dependencies: ["InvestCLI", "TerminalKit", "ClientComposition"], path: "Apps/invest"),
        .target(name: "InvestSummaryCLI", dependencies: ["TerminalKit", "ClientComposition", "Auth", "Ledger", "Projections", "Transactions", "Portfolio", "CurrentPrices", "Currencies",
                                                         "NetWorth", "Savings", "QuotesAPI", "FixedPoint", "LocalFileStore"],
                path: "Apps/InvestSummaryCLI"),
        .executableTarget(name: "invest-summary", dependencies: ["InvestSummaryCLI", "TerminalKit", "ClientComposition"], path: "Apps/invest-summary"),
        .executableTarget(name: "invest-bench", dependencies: ["Ledger", "Transactions", "Portfolio", "Currencies", "CurrentPrices", "Savings", "Analytics", "TerminalKit", "ClientComposition",
                                                            "OptionsJournal", "LocalFileStore", "FixedPoint", "InvestmentAccounts"],
                          path: "Apps/invest-bench"),

        // Test support: one target per concern, so a test compiles only what it uses
        .target(name: "TestSupport", dependencies: ["FixedPoint", "Networking", "URLSessionHTTP"], path: "Tests/TestSupport"),
        .target(name: "TransactionsTestSupport", dependencies: ["Ledger", "Projections", "Transactions", "FixedPoint", "TestSupport"], path: "Tests/TransactionsTestSupport"),
        .target(name: "AuthTestSupport", dependencies: ["Auth"], path: "Tests/AuthTestSupport"),

        // Tests
        .testTarget(name: "FixedPointTests", dependencies: ["FixedPoint", "TestSupport"], path: "Tests/FixedPointTests"),
        .testTarget(name: "LedgerTests", dependencies: ["Ledger", "TransactionsTestSupport", "TestSupport"], path: "Tests/LedgerTests"),
        .testTarget(name: "TransactionsTests", dependencies: ["Transactions", "Ledger", "Projections", "FixedPoint", "TransactionsTestSupport", "TestSupport"], path: "Tests/TransactionsTests"),
        .testTarget(name: "CurrentPricesTests", dependencies: ["CurrentPrices", "Ledger", "FixedPoint", "TestSupport"], path: "Tests/CurrentPricesTests"),
        .testTarget(name: "OptionsJournalTests", dependencies: ["OptionsJournal", "FixedPoint", "Ledger", "TestSupport"], path: "Tests/OptionsJournalTests"),
        .testTarget(name: "LiveFeedTests", dependencies: ["LiveFeed", "FixedPoint", "TestSupport"], path: "Tests/LiveFeedTests"),
        .testTarget(name: "TradingDeskTests", dependencies: ["TradingDesk", "Transactions", "Currencies", "CurrentPrices", "Portfolio", "Ledger", "FixedPoint", "TransactionsTestSupport",
                                                     "TestSupport"], path: "Tests/TradingDeskTests"),
        .testTarget(name: "AnalyticsTests", dependencies: ["Analytics", "Transactions", "CurrentPrices", "Portfolio", "Ledger", "FixedPoint", "TransactionsTestSupport", "TestSupport"],
                    path: "Tests/AnalyticsTests", exclude: ["Fixtures"]),
        .testTarget(name: "InvestmentAccountsTests", dependencies: ["InvestmentAccounts", "Ledger", "TestSupport"], path: "Tests/InvestmentAccountsTests"),
        .testTarget(name: "CurrenciesTests", dependencies: ["Currencies", "Ledger", "FixedPoint", "TestSupport"], path: "Tests/CurrenciesTests"),
        .testTarget(name: "NetWorthTests", dependencies: ["NetWorth", "Currencies", "Portfolio", "CurrentPrices", "Savings", "Transactions", "Ledger", "FixedPoint",
                                                        "TransactionsTestSupport", "TestSupport"], path: "Tests/NetWorthTests"),
        .testTarget(name: "BookkeepingTests", dependencies: ["Bookkeeping", "Portfolio", "CurrentPrices", "Currencies", "Transactions", "Ledger", "FixedPoint",
                                                           "TransactionsTestSupport", "TestSupport"], path: "Tests/BookkeepingTests"),
        .testTarget(name: "SavingsTests", dependencies: ["Savings", "Ledger", "FixedPoint", "TestSupport"], path: "Tests/SavingsTests"),
        .testTarget(name: "AuthTests", dependencies: ["Auth", "AuthTestSupport", "TestSupport"], path: "Tests/AuthTests"),
        .testTarget(name: "PortfolioTests", dependencies: ["Portfolio", "Projections", "Currencies", "CurrentPrices", "FixedPoint", "Transactions", "Ledger", "TransactionsTestSupport", "TestSupport"],
                    path: "Tests/PortfolioTests"),
        .testTarget(name: "NetworkingTests", dependencies: ["Networking", "URLSessionHTTP", "TestSupport", .target(name: "COpenSSL", condition: .when(platforms: [.linux]))],
                    path: "Tests/NetworkingTests",
                    // Only to check `OpenSSLLibrary` against the functions its headers declare.
                    linkerSettings: [.linkedLibrary("ssl", .when(platforms: [.linux])), .linkedLibrary("crypto", .when(platforms: [.linux]))]),
        .testTarget(name: "ProjectionsTests", dependencies: ["Projections", "LocalFileStore", "Ledger", "Transactions", "Portfolio", "Currencies", "Savings", "OptionsJournal", "FixedPoint",
                                                        "TransactionsTestSupport", "TestSupport"], path: "Tests/ProjectionsTests"),
        .testTarget(name: "JSONScanningTests", dependencies: ["JSONScanning"], path: "Tests/JSONScanningTests"),
        .testTarget(name: "FeedStreamsEndToEndTests", dependencies: ["FeedStreams", "LiveFeed", "FixedPoint", "TestSupport"], path: "Tests/FeedStreamsEndToEndTests"),
        .testTarget(name: "QuotesAPIEndToEndTests", dependencies: ["QuotesAPI", "Networking", "FixedPoint", "CurrentPrices", "TestSupport"], path: "Tests/QuotesAPIEndToEndTests"),
        .testTarget(name: "MarketDataAPIEndToEndTests", dependencies: ["MarketDataAPI", "Networking", "FixedPoint", "Analytics", "Transactions", "Currencies", "Ledger", "TestSupport"],
                    path: "Tests/MarketDataAPIEndToEndTests"),
        .testTarget(name: "FirebaseEndToEndTests", dependencies: ["Firebase", "Auth", "Ledger", "Transactions", "FixedPoint", "Networking", "URLSessionHTTP", "AuthTestSupport",
                                                                  "TransactionsTestSupport", "TestSupport"], path: "Tests/FirebaseEndToEndTests"),
        .testTarget(name: "FirestoreEndToEndTests", dependencies: ["Firestore", "Firebase", "Auth", "Ledger", "OptionsJournal", "FixedPoint", "Networking", "TestSupport"],
                    path: "Tests/FirestoreEndToEndTests"),
        .testTarget(name: "LedgerStoreContractTests", dependencies: ["Ledger", "Projections", "Transactions", "LocalFileStore", "TransactionsTestSupport", "TestSupport"],
                    path: "Tests/LedgerStoreContractTests", exclude: ["Fixtures"]),
        .executableTarget(name: "store-writer", dependencies: ["Ledger", "Projections", "Transactions", "LocalFileStore"], path: "Tests/Helpers/StoreWriter"),
        .testTarget(name: "LocalFileStoreIntegrationTests", dependencies: ["Ledger", "Projections", "Transactions", "Auth", "LocalFileStore", "TransactionsTestSupport", "FixedPoint", "CurrentPrices", "Savings",
                                                                           "OptionsJournal", "Portfolio", "Currencies", "TestSupport", "store-writer", "invest"], path: "Tests/LocalFileStoreIntegrationTests"),
        .target(name: "InvestCLITestSupport", dependencies: ["InvestCLI", "InvestSummaryCLI", "TerminalKit", "ClientComposition", "TestSupport"], path: "Tests/InvestCLITestSupport"),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit", "FixedPoint", "TestSupport"], path: "Tests/TerminalKitTests"),
        .testTarget(name: "ClientCompositionTests", dependencies: ["ClientComposition", "Networking", "Ledger", "TestSupport"], path: "Tests/ClientCompositionTests"),
        .testTarget(name: "InvestSummaryCLITests", dependencies: ["InvestSummaryCLI", "ClientComposition", "TerminalKit", "TestSupport"], path: "Tests/InvestSummaryCLITests"),
        .testTarget(name: "InvestCLITests", dependencies: ["InvestCLI", "TerminalKit", "ClientComposition", "InvestCLITestSupport", "Networking", "Transactions", "LiveFeed", "Ledger",
                                                          "FixedPoint", "TestSupport"], path: "Tests/InvestCLITests"),
        .testTarget(name: "AcceptanceSpecs", dependencies: ["InvestCLI", "InvestSummaryCLI", "TerminalKit", "ClientComposition", "Firebase", "Networking", "URLSessionHTTP", "Ledger", "Transactions", "Savings",
                                                            "InvestCLITestSupport", "AuthTestSupport", "TransactionsTestSupport", "TestSupport", "FixedPoint", "invest"],
                    path: "AcceptanceSpecs", exclude: ["README.md", "WebApp", "Fixtures"]),
    ]
)
