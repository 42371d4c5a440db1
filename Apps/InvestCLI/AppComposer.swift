import Foundation
import Ledger
import Transactions
import CurrentPrices
import Portfolio
import Savings
import OptionsJournal
import LiveFeed
import FeedStreams
import LocalFileStore
import AppSupport

/// The composition root of the full client: the one place that knows which adapters serve which
/// use cases. Built per command run so nothing is opened that the command does not use.
struct AppComposer {
    let context: InvestContext
    let homeOverride: String?

    var console: Console { context.console }

    func dataDirectory() throws -> URL {
        try DataDirectory.resolve(override: homeOverride, environment: context.environment)
    }

    func remoteServices() throws -> RemoteServices {
        RemoteServices(environment: context.environment, dataDirectory: try dataDirectory(), now: context.now,
                       onSlowRequest: context.waitingNotice(program: "invest"), requestLog: context.requestLog(program: "invest"))
    }

    /// The local ledger every feature keeps its records on.
    func ledger() throws -> FileLedgerStore {
        FileLedgerStore(directory: try dataDirectory())
    }

    func transactionsStore() throws -> TransactionsStore {
        LedgerTransactionsStore(ledger: try ledger())
    }

    /// The ledger as the user's own changes write it: each first records this directory's undo
    /// point (see `invest undo`).
    func undoableLedger(_ earlierVersions: UndoRecordingLedgerStore.EarlierVersions) throws -> LedgerStore {
        let directory = try dataDirectory()
        return UndoRecordingLedgerStore(decoratee: try ledger(), earlierVersions: earlierVersions) { () throws(StoreError) in
            try Self.undoPointID(directory)
        }
    }

    private static func undoPointID(_ directory: URL) throws(StoreError) -> String {
        "undo-" + (try FileSyncStateStore.deviceID(directory: directory))
    }

    func undoLastChange() throws -> UndoingLastChange {
        let directory = try dataDirectory()
        let pointID: String
        do throws(StoreError) {
            pointID = try Self.undoPointID(directory)
        } catch {
            throw CLIError.runtime(error.userMessage)
        }
        return UndoLastChangeUseCase(ledger: try ledger(), pointID: pointID, validator: Invest.validator(context),
                                     now: context.now)
    }

    func displayPortfolio(prices: PricesLoading) throws -> PortfolioDisplaying {
        DisplayPortfolioUseCase(transactions: try retrieveTransactions(), prices: prices)
    }

    func reportRealizedGains() throws -> RealizedGainsReporting {
        ReportRealizedGainsUseCase(transactions: try retrieveTransactions())
    }

    func retrieveTransactions() throws -> TransactionsRetrieving {
        try warnIfTheDataDirectoryIsMissing()
        return RetrieveTransactionsUseCase(store: try transactionsStore())
    }

    /// The ledger, for a command that only reads it.
    func readableLedger() throws -> FileLedgerStore {
        try warnIfTheDataDirectoryIsMissing()
        return try ledger()
    }

    /// A read of a directory that isn't there finds nothing, which would look like lost data:
    /// most likely `--home` or INVEST_HOME has a typo.
    private func warnIfTheDataDirectoryIsMissing() throws {
        let directory = try dataDirectory()
        guard !FileManager.default.fileExists(atPath: directory.path) else { return }
        console.writeNotice("invest: warning: the data directory \(directory.path.escapedForTerminal) does not exist, so nothing is stored there yet. "
            + "If your data is elsewhere, check --home and INVEST_HOME.\n")
    }

    /// For a new transaction: its id is made here, so it has no earlier version to look up.
    func addTransaction() throws -> TransactionSaving {
        SaveTransactionUseCase(store: LedgerTransactionsStore(ledger: try undoableLedger(.noneForNewRecords)), today: { [context] in context.today },
                               now: context.now, makeID: context.makeID)
    }

    func saveTransaction() throws -> TransactionSaving {
        SaveTransactionUseCase(store: LedgerTransactionsStore(ledger: try undoableLedger(.lookedUp)), today: { [context] in context.today },
                               now: context.now, makeID: context.makeID)
    }

    func deleteTransaction() throws -> TransactionDeleting {
        DeleteTransactionUseCase(store: LedgerTransactionsStore(ledger: try undoableLedger(.lookedUp)), now: context.now)
    }

    /// Imports into `ledger`, so a caller that writes other entries too can hold one lock for both.
    func importTransactions(into ledger: LedgerStore) -> TransactionsImporting {
        ImportTransactionsUseCase(store: LedgerTransactionsStore(ledger: ledger), today: { [context] in context.today }, now: context.now,
                                  makeID: context.makeID)
    }

    func loadSavings() throws -> SavingsLoading {
        try warnIfTheDataDirectoryIsMissing()
        return LoadSavingsUseCase(ledger: try ledger())
    }

    func manageSavingsAccounts() throws -> ManageSavingsAccountsUseCase {
        ManageSavingsAccountsUseCase(ledger: try undoableLedger(.lookedUp), now: context.now, makeID: context.makeID)
    }

    func recordSavingsValue() throws -> RecordSavingsValueUseCase {
        RecordSavingsValueUseCase(ledger: try undoableLedger(.lookedUp), now: context.now, makeID: context.makeID)
    }

    func importSavings() throws -> ImportSavingsUseCase {
        ImportSavingsUseCase(ledger: try undoableLedger(.lookedUp), now: context.now, makeID: context.makeID)
    }

    func loadJournal() throws -> LoadJournalUseCase {
        try warnIfTheDataDirectoryIsMissing()
        return LoadJournalUseCase(ledger: try ledger())
    }

    func annotateJournal() throws -> AnnotateJournalUseCase {
        AnnotateJournalUseCase(ledger: try undoableLedger(.lookedUp), now: context.now)
    }

    func importExecutions() throws -> ImportExecutionsUseCase {
        ImportExecutionsUseCase(ledger: try undoableLedger(.lookedUp), now: context.now)
    }

    func configuration() -> Configuration {
        Configuration(environment: context.environment, directory: (try? dataDirectory()) ?? URL(fileURLWithPath: "/nonexistent"))
    }

    /// INVEST_COST_BASIS as written; the commands that use it check it.
    func configuredCostBasis() -> String? {
        configuration()["INVEST_COST_BASIS"]
    }

    /// INVEST_CURRENCY, else £ (seed 003's).
    func currencySymbol() -> String {
        configuration()["INVEST_CURRENCY"].map { String($0.unicodeScalars.filter { $0.properties.generalCategory != .control }.prefix(8)) } ?? "£"
    }

    /// Savings stay on this machine unless INVEST_SYNC_SAVINGS says yes: seed 003 is offline-first.
    func syncsSavings() throws -> Bool {
        guard let text = configuration()["INVEST_SYNC_SAVINGS"] else { return false }
        switch text.lowercased() {
        case "yes", "true", "1", "on": return true
        case "no", "false", "0", "off": return false
        default: throw CLIError.usage("INVEST_SYNC_SAVINGS '\(text.escapedForTerminal)' is not yes or no.")
        }
    }

    /// The live feed's source: the echo server of INVEST_FEED_URL (seed 004's), or Finnhub's
    /// trade stream with FINNHUB_API_KEY. `SSL_CERT_FILE` names the authorities to trust instead
    /// of the system's.
    func priceStream(source: String) throws -> PriceStreaming {
        #if os(Linux)
        let configuration = configuration()
        let trusted = context.environment["SSL_CERT_FILE"].map { URL(fileURLWithPath: $0) }
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
