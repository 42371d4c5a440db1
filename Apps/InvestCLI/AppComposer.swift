import Foundation
import Currencies
import Ledger
import Projections
import Transactions
import Portfolio
import LocalFileStore
import TerminalKit
import ClientComposition
import CurrentPrices
import Analytics
import InvestmentAccounts

/// The composition root of the full client: the one place that knows which adapters serve which
/// use cases. Built per command run so nothing is opened that the command does not use.
struct AppComposer {
    let context: InvestContext
    let homeOverride: String?
    /// What this client is made of: `Invest.features`, or more in a test.
    let features: [FeatureRegistration]
    /// `--account NAME`: the one account this run reads and writes; nil for all of them.
    let accountName: String?
    /// What the run's commands share.
    private let run = RunState()

    init(context: InvestContext, homeOverride: String?, features: [FeatureRegistration], accountName: String? = nil) {
        self.context = context
        self.homeOverride = homeOverride
        self.features = features
        self.accountName = accountName
    }

    var console: Console { context.console }

    // The features' composers, each over this root.
    var accounts: AccountsComposer { AccountsComposer(app: self) }
    var analytics: AnalyticsComposer { AnalyticsComposer(app: self) }
    var bookkeeping: BookkeepingComposer { BookkeepingComposer(app: self) }
    var currencies: CurrenciesComposer { CurrenciesComposer(app: self) }
    var desk: DeskComposer { DeskComposer(app: self) }
    var feed: FeedComposer { FeedComposer(app: self) }
    var investmentAccounts: InvestmentAccountsComposer { InvestmentAccountsComposer(app: self) }
    var journal: JournalComposer { JournalComposer(app: self) }
    var netWorth: NetWorthComposer { NetWorthComposer(app: self) }
    var portfolio: PortfolioComposer { PortfolioComposer(app: self) }
    var prices: PricesComposer { PricesComposer(app: self) }
    var savings: SavingsComposer { SavingsComposer(app: self) }
    var transactions: TransactionsComposer { TransactionsComposer(app: self) }

    func dataDirectory() throws -> URL {
        try DataDirectory.resolve(override: homeOverride, environment: context.environment)
    }

    /// - Parameter patience: the longest any request may wait (see `RemoteServices.patience`).
    func remoteServices(patience: TimeInterval = .infinity) throws -> RemoteServices {
        RemoteServices(environment: context.environment, dataDirectory: try dataDirectory(), now: context.now,
                       onSlowRequest: context.waitingNotice(program: "invest"), requestLog: context.requestLog(program: "invest"), patience: patience)
    }

    /// The local ledger every feature keeps its records on, one for the run. The few records a
    /// command looks up besides its own (manual prices, kept closes, the accounts a list names,
    /// the securities and the days rates were fetched for) come from their checkpoint, or with the
    /// first scan of a long history, so no command reads the log twice. The rates themselves are
    /// indexed in a checkpoint of their own (`LedgerExchangeRatesStore`).
    func ledger() throws -> LedgerStore {
        if let ledger = run.ledger { return ledger }
        let lookedUp = ManualPricesLedgerCodec.kinds + ClosesLedgerCodec.kinds + AccountsLedgerCodec.kinds
            + SecuritiesLedgerCodec.kinds + RatesCoverageLedgerCodec.kinds
        let log = try localLog()
        let ledger = ReadOnceLedgerStore(decoratee: CheckpointedKindsLedgerStore(decoratee: log, log: log, kinds: lookedUp), collecting: lookedUp)
        run.ledger = ledger
        return ledger
    }

    /// The local log under `ledger()`, where the projections' checkpoints are kept.
    func localLog() throws -> FileLedgerStore {
        if let log = run.localLog { return log }
        let log = FileLedgerStore(directory: try dataDirectory(), onRebuild: context.rebuildNotice(program: "invest"))
        run.localLog = log
        return log
    }

    /// The read models both clients compose alike, over this run's ledger and log.
    func readModels() throws -> LocalReadModels {
        LocalReadModels(ledger: try ledger(), log: try localLog(), now: context.now, today: { [context] in context.today })
    }

    /// The local log opened for a two-pass read (an export's, a list's), warning when there is
    /// no data directory at all.
    func logSnapshot() throws -> LedgerLogSnapshot? {
        try warnIfTheDataDirectoryIsMissing()
        do {
            return try localLog().snapshot()
        } catch let error as StoreError {
            throw CLIError.runtime(error.userMessage)
        }
    }

    /// What the rules and the cash balances need of every transaction, from its checkpoint.
    func transactionsTally() throws -> TransactionsTallying & TransactionChangeTallying {
        CheckpointedTransactionsTally(log: try localLog(), base: try currencies.baseCurrency().code, companions: try transactionsProjections())
    }

    /// Every checkpointed projection of the transactions, in the contexts the commands read them
    /// in (the base currency, the cost-basis method each command defaults to): whichever replays
    /// the log rebuilds the others from the same records, so a change to an old transaction
    /// costs the one replay, not one for each command after it.
    func transactionsProjections() throws -> ReplayCompanions<Transaction> {
        if let companions = run.transactionsProjections { return companions }
        let log = try localLog(), configuration = configuration()
        let base = try configuration.baseCurrency().code
        // A setting the commands refuse leaves them to their defaults here: they say what is wrong.
        let configured = configuration["INVEST_COST_BASIS"].flatMap { CostBasisMethod(rawValue: $0.lowercased()) }
        let companions = ReplayCompanions<Transaction>()
        companions.add(TransactionsTally(base: base), log: log)
        companions.add(NewestTransactions(base: base), log: log)
        companions.add(PortfolioProjection(base: base, method: configured ?? PortfolioCommand.defaultCostBasis), log: log)
        companions.add(RealizedGainsProjection(base: base, method: configured ?? GainsCommand.defaultCostBasis), log: log)
        run.transactionsProjections = companions
        return companions
    }

    /// A write kept for after the command's output: a read command's only write (the closes a
    /// quote brought) never holds up what the user asked to see. Made on a ledger of its own, which
    /// has read nothing, so appending never compacts (rewrites) the log.
    func afterOutput(_ write: @escaping (_ ledger: LedgerStore) -> Void) {
        run.afterOutput.append(write)
    }

    /// Runs the writes kept for after the output, once.
    func finishRun() {
        let writes = run.afterOutput
        run.afterOutput = []
        guard !writes.isEmpty, let directory = try? dataDirectory() else { return }
        let ledger = FileLedgerStore(directory: directory)
        for write in writes { write(ledger) }
    }

    func transactionsStore() throws -> TransactionsStore {
        try transactionsStore(on: try ledger())
    }

    /// Transactions on `ledger`, the base currency named by none of them.
    func transactionsStore(on ledger: LedgerStore) throws -> TransactionsStore {
        BaseCurrencyTransactionsStore(decoratee: LedgerTransactionsStore(ledger: ledger), base: try currencies.baseCurrency().code)
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
        return UndoLastChangeUseCase(ledger: try ledger(), pointID: pointID, validator: validator(),
                                     now: context.now)
    }

    /// The ledger, for a command that only reads it.
    func readableLedger() throws -> LedgerStore {
        try warnIfTheDataDirectoryIsMissing()
        return try ledger()
    }

    /// A read of a directory that isn't there finds nothing, which would look like lost data:
    /// most likely `--home` or INVEST_HOME has a typo.
    func warnIfTheDataDirectoryIsMissing() throws {
        let directory = try dataDirectory()
        guard !FileManager.default.fileExists(atPath: directory.path) else { return }
        console.writeNotice("invest: warning: the data directory \(directory.path.escapedForTerminal) does not exist, so nothing is stored there yet. "
            + "If your data is elsewhere, check --home and INVEST_HOME.\n")
    }

    func configuration() -> Configuration {
        Configuration(environment: context.environment, directory: (try? dataDirectory()) ?? URL(fileURLWithPath: "/nonexistent"))
    }
}

/// What one run's commands share.
private final class RunState {
    var ledger: LedgerStore?
    var localLog: FileLedgerStore?
    var transactionsProjections: ReplayCompanions<Transaction>?
    var afterOutput: [(LedgerStore) -> Void] = []
}
