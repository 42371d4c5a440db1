// swift-tools-version: 6.0
import PackageDescription

// The dependency rule, enforced here: feature modules (Modules/<Feature>) depend on nothing but
// FixedPoint and each other; infrastructure depends on features; only Apps/ compose.
let package = Package(
    name: "Investments",
    products: [
        .executable(name: "invest", targets: ["invest"]),
        .executable(name: "invest-summary", targets: ["invest-summary"]),
        .executable(name: "invest-bench", targets: ["invest-bench"]),
    ],
    targets: [
        // Shared kernel
        .target(name: "FixedPoint", path: "Modules/FixedPoint"),

        // Features (pure, Foundation only)
        .target(name: "Transactions", dependencies: ["FixedPoint"], path: "Modules/Transactions"),
        .target(name: "CurrentPrices", dependencies: ["FixedPoint"], path: "Modules/CurrentPrices"),
        .target(name: "Portfolio", dependencies: ["Transactions", "CurrentPrices", "FixedPoint"], path: "Modules/Portfolio"),
        .target(name: "Auth", path: "Modules/Auth"),

        // Infrastructure
        .target(name: "LocalFileStore", dependencies: ["Transactions", "CurrentPrices", "Auth", "FixedPoint"], path: "Modules/LocalFileStore"),
        .target(name: "Networking", path: "Modules/Networking"),
        .target(name: "QuotesAPI", dependencies: ["CurrentPrices", "Networking", "FixedPoint"], path: "Modules/QuotesAPI"),
        .target(name: "Firebase", dependencies: ["Auth", "Transactions", "Networking", "FixedPoint"], path: "Modules/Firebase"),

        // Composition roots: the CLI plumbing and remote wiring both clients share, then each client
        .target(name: "AppSupport", dependencies: ["Auth", "Transactions", "CurrentPrices", "LocalFileStore", "QuotesAPI", "Firebase", "Networking", "FixedPoint"],
                path: "Apps/AppSupport"),
        .target(name: "InvestCLI", dependencies: ["AppSupport", "Auth", "Transactions", "Portfolio", "CurrentPrices", "LocalFileStore", "QuotesAPI",
                                                  "Firebase", "FixedPoint"], path: "Apps/InvestCLI"),
        .executableTarget(name: "invest", dependencies: ["InvestCLI", "AppSupport"], path: "Apps/invest"),
        .target(name: "InvestSummaryCLI", dependencies: ["AppSupport", "Auth", "Transactions", "Portfolio", "CurrentPrices", "QuotesAPI", "FixedPoint"],
                path: "Apps/InvestSummaryCLI"),
        .executableTarget(name: "invest-summary", dependencies: ["InvestSummaryCLI", "AppSupport"], path: "Apps/invest-summary"),
        .executableTarget(name: "invest-bench", dependencies: ["Transactions", "Portfolio", "CurrentPrices", "LocalFileStore", "FixedPoint", "invest"],
                          path: "Apps/invest-bench"),

        // Tests
        .target(name: "TestSupport", dependencies: ["Transactions", "Auth", "FixedPoint"], path: "Tests/TestSupport"),
        .testTarget(name: "FixedPointTests", dependencies: ["FixedPoint", "TestSupport"], path: "Tests/FixedPointTests"),
        .testTarget(name: "TransactionsTests", dependencies: ["Transactions", "TestSupport"], path: "Tests/TransactionsTests"),
        .testTarget(name: "CurrentPricesTests", dependencies: ["CurrentPrices", "TestSupport"], path: "Tests/CurrentPricesTests"),
        .testTarget(name: "AuthTests", dependencies: ["Auth", "TestSupport"], path: "Tests/AuthTests"),
        .testTarget(name: "PortfolioTests", dependencies: ["Portfolio", "CurrentPrices", "Transactions", "TestSupport"], path: "Tests/PortfolioTests"),
        .testTarget(name: "QuotesAPIEndToEndTests", dependencies: ["QuotesAPI", "Networking", "CurrentPrices", "LocalFileStore", "TestSupport"], path: "Tests/QuotesAPIEndToEndTests"),
        .testTarget(name: "FirebaseEndToEndTests", dependencies: ["Firebase", "Auth", "Transactions", "Networking", "TestSupport"], path: "Tests/FirebaseEndToEndTests"),
        .testTarget(name: "TransactionsStoreContractTests", dependencies: ["Transactions", "LocalFileStore", "TestSupport"], path: "Tests/TransactionsStoreContractTests"),
        .executableTarget(name: "store-writer", dependencies: ["Transactions", "LocalFileStore"], path: "Tests/Helpers/StoreWriter"),
        .testTarget(name: "LocalFileStoreIntegrationTests", dependencies: ["Transactions", "Auth", "LocalFileStore", "TestSupport", "store-writer", "invest"], path: "Tests/LocalFileStoreIntegrationTests"),
        .target(name: "InvestCLITestSupport", dependencies: ["InvestCLI", "InvestSummaryCLI", "AppSupport", "TestSupport"], path: "Tests/InvestCLITestSupport"),
        .testTarget(name: "InvestCLITests", dependencies: ["InvestCLI", "AppSupport", "InvestCLITestSupport", "TestSupport"], path: "Tests/InvestCLITests"),
        .testTarget(name: "AcceptanceSpecs", dependencies: ["InvestCLI", "InvestSummaryCLI", "AppSupport", "Firebase", "Networking", "Transactions", "InvestCLITestSupport", "TestSupport"], path: "AcceptanceSpecs", exclude: ["README.md"]),
    ]
)
