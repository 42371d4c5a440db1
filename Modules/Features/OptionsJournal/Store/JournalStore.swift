import Foundation
import Ledger

/// One change to the journal's annotations.
public enum AnnotationChange: Equatable, Sendable {
    case addTag(String, to: JournalAnnotations.TagList)
    case removeTag(String, from: JournalAnnotations.TagList)
    case rate(tradeKey: String, JournalAnnotations.Rating)
    /// An empty text removes the day's note.
    case note(date: String, text: String)
}

/// Where the journal lives: its executions and annotations. The OptionsJournal feature's port.
public protocol JournalStore {
    /// In the ledger's order.
    func executions() throws(JournalError) -> [Execution]
    /// The trades, open positions and stray closes the executions make (`TradeCycles.build`).
    func cycles() throws(JournalError) -> TradeCycles.Result
    func annotations() throws(JournalError) -> JournalAnnotations
    /// The imports, each with the fills it listed.
    func uploads() throws(JournalError) -> [JournalUpload]
    /// As one unit, with the upload that lists them: after a crash, all or none.
    func add(_ executions: [Execution], listedIn upload: JournalUpload?, at date: Date) throws(JournalError)
    /// As one unit: after a crash, all or none.
    func apply(_ changes: [AnnotationChange], at date: Date) throws(JournalError)
    /// Leaves a tombstone, which syncs.
    func remove(_ execution: Execution, at date: Date) throws(JournalError)
    /// A check and its writes with other writers kept out.
    func exclusively<T>(_ body: () throws(JournalError) -> T) throws(JournalError) -> T
}

/// The journal as entries on a ledger: `execution` entries (`JournalLedgerCodec`) and the
/// annotations' kinds (`AnnotationsLedgerCodec`).
public struct LedgerJournalStore: JournalStore {
    private let ledger: LedgerStore
    /// The trades, open positions and stray closes, as the projection engine keeps them.
    private let projectedCycles: any ProjectionReading<JournalCycles>

    /// - Parameter cycles: where the cycles are read from; a replay of `ledger` by default.
    public init(ledger: LedgerStore, cycles: (any ProjectionReading<JournalCycles>)? = nil) {
        self.ledger = ledger
        projectedCycles = cycles ?? ReplayedProjection(ledger: ledger, empty: JournalCycles())
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
        executions.removeAll(atPositions: superseded)
        return executions
    }

    public func cycles() throws(JournalError) -> TradeCycles.Result {
        do throws(LedgerReadError) {
            return try projectedCycles.current().result

        } catch {
            throw .unreadable(error)
        }
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

    public func uploads() throws(JournalError) -> [JournalUpload] {
        let entries: [LedgerEntry]
        do throws(StoreError) {
            entries = try ledger.entries(ofKinds: JournalUploadLedgerCodec.kinds)
        } catch {
            throw .store(error)
        }
        do throws(LedgerDecodingError) {
            var uploads: [JournalUpload] = []
            for entry in entries { if let upload = try JournalUploadLedgerCodec.record(from: entry) { uploads.append(upload) } }
            return uploads
        } catch {
            throw .unreadable(.undecodable(error))
        }
    }

    public func add(_ executions: [Execution], listedIn upload: JournalUpload?, at date: Date) throws(JournalError) {
        let stamp = date.millisecondsSince1970
        try write(executions.map { JournalLedgerCodec.entry(for: $0, updatedAt: stamp) } + (upload.map { [JournalUploadLedgerCodec.entry(for: $0, updatedAt: stamp)] } ?? []))
    }

    public func apply(_ changes: [AnnotationChange], at date: Date) throws(JournalError) {
        let at = date.millisecondsSince1970
        try write(changes.map { change in
            switch change {
            case let .addTag(name, list): AnnotationsLedgerCodec.tagEntry(list, name, updatedAt: at)
            case let .removeTag(name, list): .tombstone(id: AnnotationsLedgerCodec.tagID(list, name), kind: AnnotationsLedgerCodec.tag.name, at: at)
            case let .rate(key, rating): AnnotationsLedgerCodec.ratingEntry(key: key, rating, updatedAt: at)
            case let .note(date, text) where text.isEmpty: .tombstone(id: AnnotationsLedgerCodec.noteID(date), kind: AnnotationsLedgerCodec.note.name, at: at)
            case let .note(date, text): AnnotationsLedgerCodec.noteEntry(date: date, text: text, updatedAt: at)
            }
        })
    }

    public func remove(_ execution: Execution, at date: Date) throws(JournalError) {
        try write([.tombstone(id: execution.id, kind: JournalLedgerCodec.execution.name, at: date.millisecondsSince1970)])
    }

    public func exclusively<T>(_ body: () throws(JournalError) -> T) throws(JournalError) -> T {
        try ledger.withExclusiveAccess(body, lockFailure: JournalError.store)
    }

    private func write(_ entries: [LedgerEntry]) throws(JournalError) {
        guard !entries.isEmpty else { return }
        do throws(StoreError) {
            if entries.count == 1 { try ledger.append(entries[0]) } else { try ledger.apply(entries) }
        } catch {
            throw .store(error)
        }
    }
}
