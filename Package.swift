// swift-tools-version: 6.0
import PackageDescription

// The dependency rule, enforced here: feature modules (Modules/<Feature>) depend on nothing but
// FixedPoint and each other; infrastructure depends on features; only Apps/ compose.
let package = Package(
    name: "Investments",
    products: [
        .executable(name: "invest", targets: ["invest"]),
        .executable(name: "invest-bench", targets: ["invest-bench"]),
    ],
    targets: [
        // Shared kernel
        .target(name: "FixedPoint", path: "Modules/FixedPoint"),

        // Features (pure, Foundation only)
        .target(name: "Transactions", dependencies: ["FixedPoint"], path: "Modules/Transactions"),
        .target(name: "CurrentPrices", dependencies: ["FixedPoint"], path: "Modules/CurrentPrices"),
        .target(name: "Portfolio", dependencies: ["Transactions", "CurrentPrices", "FixedPoint"], path: "Modules/Portfolio"),

        // Infrastructure
        .target(name: "LocalFileStore", dependencies: ["Transactions", "CurrentPrices", "FixedPoint"], path: "Modules/LocalFileStore"),
        .target(name: "Networking", path: "Modules/Networking"),
        .target(name: "QuotesAPI", dependencies: ["CurrentPrices", "Networking", "FixedPoint"], path: "Modules/QuotesAPI"),

        // Composition roots
        .target(name: "InvestCLI", dependencies: ["Transactions", "Portfolio", "CurrentPrices", "LocalFileStore", "QuotesAPI", "Networking", "FixedPoint"], path: "Apps/InvestCLI"),
        .executableTarget(name: "invest", dependencies: ["InvestCLI"], path: "Apps/invest"),
        .executableTarget(name: "invest-bench", dependencies: ["Transactions", "Portfolio", "CurrentPrices", "LocalFileStore", "FixedPoint", "invest"],
                          path: "Apps/invest-bench"),

        // Tests
        .target(name: "TestSupport", dependencies: ["Transactions", "FixedPoint"], path: "Tests/TestSupport"),
        .testTarget(name: "FixedPointTests", dependencies: ["FixedPoint", "TestSupport"], path: "Tests/FixedPointTests"),
        .testTarget(name: "TransactionsTests", dependencies: ["Transactions", "TestSupport"], path: "Tests/TransactionsTests"),
        .testTarget(name: "CurrentPricesTests", dependencies: ["CurrentPrices", "TestSupport"], path: "Tests/CurrentPricesTests"),
        .testTarget(name: "PortfolioTests", dependencies: ["Portfolio", "CurrentPrices", "Transactions", "TestSupport"], path: "Tests/PortfolioTests"),
        .testTarget(name: "QuotesAPIEndToEndTests", dependencies: ["QuotesAPI", "Networking", "CurrentPrices", "LocalFileStore", "TestSupport"], path: "Tests/QuotesAPIEndToEndTests"),
        .testTarget(name: "TransactionsStoreContractTests", dependencies: ["Transactions", "LocalFileStore", "TestSupport"], path: "Tests/TransactionsStoreContractTests"),
        .executableTarget(name: "store-writer", dependencies: ["Transactions", "LocalFileStore"], path: "Tests/Helpers/StoreWriter"),
        .testTarget(name: "LocalFileStoreIntegrationTests", dependencies: ["Transactions", "LocalFileStore", "TestSupport", "store-writer", "invest"], path: "Tests/LocalFileStoreIntegrationTests"),
        .target(name: "InvestCLITestSupport", dependencies: ["InvestCLI", "TestSupport"], path: "Tests/InvestCLITestSupport"),
        .testTarget(name: "InvestCLITests", dependencies: ["InvestCLI", "InvestCLITestSupport", "TestSupport"], path: "Tests/InvestCLITests"),
        .testTarget(name: "AcceptanceSpecs", dependencies: ["InvestCLI", "InvestCLITestSupport", "TestSupport"], path: "AcceptanceSpecs", exclude: ["README.md"]),
    ]
)
