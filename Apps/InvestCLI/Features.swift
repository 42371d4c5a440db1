import Foundation
import TerminalKit
import ClientComposition
import Ledger
import Transactions

/// One registration per feature: the ledger kinds it owns and its commands, each command given
/// the use cases it runs. A feature's registration, composer, commands and presenters live in
/// its folder under `Features/`; adding one is a new module, a new folder and its entry in
/// `Invest.features`. The stores, the sync and the CLI plumbing stay as they are.
struct FeatureRegistration: Sendable {
    /// The heading its commands are listed under in `invest --help`.
    let title: String
    let kinds: [LedgerKind]
    /// Checks the feature's kinds when they arrive from outside, as its own input is checked,
    /// against the user's calendar day and the current time (the app's context).
    var validator: @Sendable (AppComposer) -> LedgerEntryValidating? = { _ in nil }
    /// Old spellings of its commands, accepted with a hint for one release.
    var legacySpellings: [LegacySpelling] = []
    let commands: @Sendable (AppComposer) -> [CommandNode]
}

extension Invest {
    static let features: [FeatureRegistration] = [.transactions, .investmentAccounts, .portfolio, .netWorth, .desk, .analytics, .currencies, .savings, .journal, .feed, .accounts, .shell]
}

extension AppComposer {
    /// Every kind this release understands; what a newer release wrote is kept but not read.
    var registry: LedgerRegistry {
        LedgerRegistry(features.flatMap(\.kinds) + [SyncConflictCodec.kind, UndoPointCodec.kind])
    }

    /// Every feature's checks on entries from outside, with the ledger's own.
    func validator() -> LedgerEntryValidating {
        CompositeLedgerValidator(features.compactMap { $0.validator(self) })
    }

    /// Every feature's commands, and the old spellings they still accept.
    func commandTree() -> CommandResolver {
        CommandResolver(roots: features.flatMap { $0.commands(self) }, legacySpellings: features.flatMap(\.legacySpellings))
    }
}
