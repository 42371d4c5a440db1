import Foundation
import FixedPoint
import Ledger

public enum JournalError: Error, Equatable, Sendable {
    case store(StoreError)
    case unreadable(LedgerReadError)
    case invalidTag(String)
    case unknownTag(String, list: JournalAnnotations.TagList)
    case invalidRating(FixedDecimal)
    case noteTooLong
    /// No trade has this key or id prefix.
    case noSuchTrade(String)
    /// The id prefix fits several trades.
    case ambiguousTrade(String, matches: Int)
    /// No execution has this id or id prefix.
    case noSuchExecution(String)
    /// The id prefix fits several executions.
    case ambiguousExecution(String, matches: Int)
    /// A tag asked for no setup, mistake or rating.
    case nothingToChange
}

/// Reads the journal: every execution, and the trades, open positions and stray closes built
/// from them.
public struct LoadJournalUseCase {
    private let store: JournalStore

    public init(store: JournalStore) {
        self.store = store
    }

    public func executions() throws(JournalError) -> [Execution] {
        try store.executions()
    }

    public func load() throws(JournalError) -> TradeCycles.Result {
        try store.cycles()
    }

    public func annotations() throws(JournalError) -> JournalAnnotations {
        try store.annotations()
    }
}

/// Tags, ratings and notes: each change is one record, written with the tags it introduces.
public struct AnnotateJournalUseCase {
    private let store: JournalStore
    private let now: () -> Date

    public init(store: JournalStore, now: @escaping () -> Date) {
        self.store = store
        self.now = now
    }

    public func addTag(_ name: String, to list: JournalAnnotations.TagList) throws(JournalError) {
        guard JournalAnnotations.isTag(name) else { throw .invalidTag(name) }
        try store.apply([.addTag(name, to: list)], at: now())
    }

    public func removeTag(_ name: String, from list: JournalAnnotations.TagList) throws(JournalError) {
        guard try store.annotations().tags(list).contains(name) else { throw .unknownTag(name, list: list) }
        try store.apply([.removeTag(name, from: list)], at: now())
    }

    /// Sets a trade's rating entry; tags not yet in their lists are added to them.
    /// - Returns: the tags that were added to the lists.
    @discardableResult
    public func rate(tradeKey: String, _ rating: JournalAnnotations.Rating) throws(JournalError) -> [String] {
        guard JournalAnnotations.isRating(rating.rating) else { throw .invalidRating(rating.rating) }
        if let bad = (rating.setups + rating.mistakes).first(where: { !JournalAnnotations.isTag($0) }) { throw .invalidTag(bad) }
        let known = try store.annotations()
        let newSetups = Array(Set(rating.setups).subtracting(known.setupTags)).sorted()
        let newMistakes = Array(Set(rating.mistakes).subtracting(known.mistakeTags)).sorted()
        try store.apply(newSetups.map { .addTag($0, to: .setup) } + newMistakes.map { .addTag($0, to: .mistake) } + [.rate(tradeKey: tradeKey, rating)], at: now())
        return newSetups + newMistakes
    }

    /// Tags the trade `reference` names (its key, or 4 or more characters of its id): each list or
    /// the rating given replaces the trade's, what is left out stays as it was.
    /// - Returns: the trade, its rating now, and the tags that were added to the lists.
    public func tag(_ reference: String, setups: [String]?, mistakes: [String]?, rating: FixedDecimal?)
        throws(JournalError) -> (trade: JournalTrade, rating: JournalAnnotations.Rating, addedTags: [String]) {
        guard setups != nil || mistakes != nil || rating != nil else { throw .nothingToChange }
        let journal = LoadJournalUseCase(store: store)
        let trade = try Self.trade(reference, in: try journal.load().trades)
        let current = try journal.annotations().ratings[trade.key] ?? JournalAnnotations.Rating(setups: [], mistakes: [], rating: .zero)
        let updated = JournalAnnotations.Rating(setups: setups ?? current.setups, mistakes: mistakes ?? current.mistakes, rating: rating ?? current.rating)
        return (trade, updated, try rate(tradeKey: trade.key, updated))
    }

    /// The one trade whose key is `reference`, or whose id starts with it (4 characters at least).
    static func trade(_ reference: String, in trades: [JournalTrade]) throws(JournalError) -> JournalTrade {
        let prefix = reference.lowercased()
        let matches = trades.filter { $0.key == reference || reference.count >= 4 && $0.shortID.hasPrefix(prefix) }
        guard let trade = matches.first else { throw .noSuchTrade(reference) }
        guard matches.count == 1 else { throw .ambiguousTrade(reference, matches: matches.count) }
        return trade
    }

    /// Sets the day's note, given as plain text and kept as the web editor's HTML; an empty one
    /// removes it.
    public func setNote(_ text: String, on date: String) throws(JournalError) {
        guard text.utf8.count <= 100_000 else { throw .noteTooLong }
        try store.apply([.note(date: date, text: text.isEmpty ? "" : JournalNote.html(fromText: text))], at: now())
    }
}

/// Adds a statement's executions as one unit; those already in the journal are left out, so the
/// same statement imported twice adds nothing.
public struct ImportExecutionsUseCase {
    private let store: JournalStore
    private let now: () -> Date

    public init(store: JournalStore, now: @escaping () -> Date) {
        self.store = store
        self.now = now
    }

    /// - Parameters:
    ///   - formerIDs: per execution, the id an earlier release gave the same row, if any; a fill
    ///     already there under it is not added again.
    ///   - file: the name the fills are listed under for the web app, as its uploads are.
    /// - Returns: how many were new and how many were already there.
    public func importExecutions(_ executions: [Execution], formerIDs: [String] = [], from file: String, dryRun: Bool) throws(JournalError) -> (added: Int, alreadyThere: Int) {
        try store.exclusively { () throws(JournalError) -> (added: Int, alreadyThere: Int) in
            var seen = Set(try store.executions().map(\.id))
            let known = seen
            let new = executions.indices.filter { index in
                !(index < formerIDs.count && known.contains(formerIDs[index])) && seen.insert(executions[index].id).inserted
            }.map { executions[$0] }
            if !dryRun, !new.isEmpty {
                let listed = try store.uploads().first { $0.id == JournalUpload.id(name: file) } ?? JournalUpload(name: file, executionIDs: [])
                try store.add(new, listedIn: listed.adding(new.map(\.id)), at: now())
            }
            return (new.count, executions.count - new.count)
        }
    }
}

/// Removes one execution, found by its id or a prefix of it (4 characters at least, `exec-`
/// optional): a fill imported by mistake, or one typed wrong with `journal add`.
public struct RemoveExecutionUseCase {
    private let store: JournalStore
    private let now: () -> Date

    public init(store: JournalStore, now: @escaping () -> Date) {
        self.store = store
        self.now = now
    }

    @discardableResult
    public func remove(_ reference: String) throws(JournalError) -> Execution {
        try store.exclusively { () throws(JournalError) in
            let wanted = reference.lowercased().hasPrefix("exec-") ? reference.lowercased() : "exec-" + reference.lowercased()
            let matches = try store.executions().filter { $0.id == wanted || reference.count >= 4 && $0.id.hasPrefix(wanted) }
            guard let execution = matches.first else { throw .noSuchExecution(reference) }
            guard matches.count == 1 else { throw .ambiguousExecution(reference, matches: matches.count) }
            try store.remove(execution, at: now())
            return execution
        }
    }
}
