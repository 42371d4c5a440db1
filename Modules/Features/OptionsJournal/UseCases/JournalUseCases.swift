import Foundation
import Ledger

public enum JournalError: Error, Equatable, Sendable {
    case store(StoreError)
    case unreadable(LedgerReadError)
    case invalidTag(String)
    case unknownTag(String, list: JournalAnnotations.TagList)
    case invalidRating(Int)
    case noteTooLong
    /// No trade has this key or id prefix.
    case noSuchTrade(String)
    /// The id prefix fits several trades.
    case ambiguousTrade(String, matches: Int)
    /// A tag asked for no setup, mistake or rating.
    case nothingToChange
}

/// Reads the journal: every execution, and the trades, open positions and stray closes built
/// from them.
public struct LoadJournalUseCase {
    private let ledger: LedgerStore

    public init(ledger: LedgerStore) {
        self.ledger = ledger
    }

    public func executions() throws(JournalError) -> [Execution] {
        var executions: [Execution] = []
        let superseded: [Int]
        do throws(LedgerReadError) {
            superseded = try ledger.scanLive(reserve: { executions.reserveCapacity($0) }) { entry throws(LedgerDecodingError) in
                guard let execution = try JournalLedgerCodec.record(from: entry) else { return false }
                executions.append(execution)
                return true
            }
        } catch {
            throw .unreadable(error)
        }
        return executions.removing(positions: superseded)
    }

    public func load() throws(JournalError) -> TradeCycles.Result {
        TradeCycles.build(try executions())
    }

    public func annotations() throws(JournalError) -> JournalAnnotations {
        var annotations = JournalAnnotations()
        let entries: [LedgerEntry]
        do throws(StoreError) {
            entries = try ledger.entries(ofKinds: AnnotationsLedgerCodec.kinds)
        } catch {
            throw .store(error)
        }
        do throws(LedgerDecodingError) {
            for entry in entries { try AnnotationsLedgerCodec.apply(entry, to: &annotations) }
        } catch {
            throw .unreadable(.undecodable(error))
        }
        annotations.setupTags.sort()
        annotations.mistakeTags.sort()
        return annotations
    }
}

/// Tags, ratings and notes: each change is one record, written with the tags it introduces.
public struct AnnotateJournalUseCase {
    private let ledger: LedgerStore
    private let now: () -> Date

    public init(ledger: LedgerStore, now: @escaping () -> Date) {
        self.ledger = ledger
        self.now = now
    }

    public func addTag(_ name: String, to list: JournalAnnotations.TagList) throws(JournalError) {
        guard JournalAnnotations.isTag(name) else { throw .invalidTag(name) }
        try write([AnnotationsLedgerCodec.tagEntry(list, name, updatedAt: now().millisecondsSince1970)])
    }

    public func removeTag(_ name: String, from list: JournalAnnotations.TagList) throws(JournalError) {
        guard try LoadJournalUseCase(ledger: ledger).annotations().tags(list).contains(name) else { throw .unknownTag(name, list: list) }
        try write([.tombstone(id: AnnotationsLedgerCodec.tagID(list, name), kind: AnnotationsLedgerCodec.tag.name, at: now().millisecondsSince1970)])
    }

    /// Sets a trade's rating entry; tags not yet in their lists are added to them.
    /// - Returns: the tags that were added to the lists.
    @discardableResult
    public func rate(tradeKey: String, _ rating: JournalAnnotations.Rating) throws(JournalError) -> [String] {
        guard (0...5).contains(rating.rating) else { throw .invalidRating(rating.rating) }
        if let bad = (rating.setups + rating.mistakes).first(where: { !JournalAnnotations.isTag($0) }) { throw .invalidTag(bad) }
        let known = try LoadJournalUseCase(ledger: ledger).annotations()
        let at = now().millisecondsSince1970
        let newSetups = Array(Set(rating.setups).subtracting(known.setupTags)).sorted()
        let newMistakes = Array(Set(rating.mistakes).subtracting(known.mistakeTags)).sorted()
        try write(newSetups.map { AnnotationsLedgerCodec.tagEntry(.setup, $0, updatedAt: at) } + newMistakes.map { AnnotationsLedgerCodec.tagEntry(.mistake, $0, updatedAt: at) }
            + [AnnotationsLedgerCodec.ratingEntry(key: tradeKey, rating, updatedAt: at)])
        return newSetups + newMistakes
    }

    /// Tags the trade `reference` names (its key, or 4 or more characters of its id): each list or
    /// the rating given replaces the trade's, what is left out stays as it was.
    /// - Returns: the trade, its rating now, and the tags that were added to the lists.
    public func tag(_ reference: String, setups: [String]?, mistakes: [String]?, rating: Int?)
        throws(JournalError) -> (trade: JournalTrade, rating: JournalAnnotations.Rating, addedTags: [String]) {
        guard setups != nil || mistakes != nil || rating != nil else { throw .nothingToChange }
        let journal = LoadJournalUseCase(ledger: ledger)
        let trade = try Self.trade(reference, in: try journal.load().trades)
        let current = try journal.annotations().ratings[trade.key] ?? JournalAnnotations.Rating(setups: [], mistakes: [], rating: 0)
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

    /// Sets the day's note; an empty one removes it.
    public func setNote(_ text: String, on date: String) throws(JournalError) {
        guard text.utf8.count <= 100_000 else { throw .noteTooLong }
        let at = now().millisecondsSince1970
        try write([text.isEmpty ? .tombstone(id: AnnotationsLedgerCodec.noteID(date), kind: AnnotationsLedgerCodec.note.name, at: at)
                                : AnnotationsLedgerCodec.noteEntry(date: date, text: text, updatedAt: at)])
    }

    private func write(_ entries: [LedgerEntry]) throws(JournalError) {
        do throws(StoreError) {
            if entries.count == 1 { try ledger.append(entries[0]) } else { try ledger.apply(entries) }
        } catch {
            throw .store(error)
        }
    }
}

/// Adds a statement's executions as one unit; those already in the journal are left out, so the
/// same statement imported twice adds nothing.
public struct ImportExecutionsUseCase {
    private let ledger: LedgerStore
    private let now: () -> Date

    public init(ledger: LedgerStore, now: @escaping () -> Date) {
        self.ledger = ledger
        self.now = now
    }

    /// - Returns: how many were new and how many were already there.
    public func importExecutions(_ executions: [Execution], dryRun: Bool) throws(JournalError) -> (added: Int, alreadyThere: Int) {
        try ledger.withExclusiveAccess({ () throws(JournalError) -> (added: Int, alreadyThere: Int) in
            let known = Set(try LoadJournalUseCase(ledger: ledger).executions().map(\.id))
            var seen = known
            let new = executions.filter { seen.insert($0.id).inserted }
            if !dryRun, !new.isEmpty {
                let at = now().millisecondsSince1970
                do throws(StoreError) {
                    try ledger.apply(new.map { JournalLedgerCodec.entry(for: $0, updatedAt: at) })
                } catch {
                    throw .store(error)
                }
            }
            return (new.count, executions.count - new.count)
        }, lockFailure: JournalError.store)
    }
}
