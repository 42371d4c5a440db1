import Foundation
import TerminalKit
import ClientComposition
import CurrentPrices
import Ledger
import Transactions

/// `invest undo`: reverts the last change made from this data directory (an add, an edit, a
/// delete, a manual price, an import) and says what it reverted. One level: a second undo finds
/// nothing, and a sync's changes are another device's, not this directory's to undo.
struct UndoCommand: Command {
    let undo: () throws -> UndoingLastChange
    let spec = CommandSpec(name: "undo", summary: "Revert the last change made from this data directory",
                           options: [], positionals: 0...0)

    func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let undoing = try undo()
        let undone: [UndoneChange]
        do throws(UndoError) {
            undone = try undoing.undo()
        } catch {
            throw Self.message(error)
        }
        let lines = undone.prefix(20).map { "  " + Self.describe($0) }
        let more = undone.count > 20 ? ["  …and \(undone.count - 20) more"] : []
        io.console.write("Undid the last change:\n" + (lines + more).joined(separator: "\n") + "\n")
    }

    static func describe(_ change: UndoneChange) -> String {
        func what(_ entry: LedgerEntry) -> String {
            if let transaction = try? TransactionsLedgerCodec.record(from: entry) { return TransactionPresentation.summary(transaction) }
            if let price = try? ManualPricesLedgerCodec.record(from: entry) { return "the manual price of \(price.ticker), \(price.price) as of \(price.day)" }
            return "\(entry.kind.escapedForTerminal) \(entry.id.escapedForTerminal)"
        }
        switch (change.hadEarlierVersion, change.reverted.isDeleted, change.restored.isDeleted) {
        case (false, _, _): return "removed what was added: \(what(change.reverted))"
        case (true, true, _): return "restored what was deleted: \(what(change.restored))"
        case (true, false, true): return "deleted again what the change brought back: \(what(change.reverted))"
        case (true, false, false): return "put back \(what(change.restored)) (was \(what(change.reverted)))"
        }
    }

    static func message(_ error: UndoError) -> CLIError {
        switch error {
        case .nothingToUndo:
            return .usage("nothing to undo: no change was made from this data directory since the last undo.")
        case let .tooLarge(count):
            return .usage("the last change, an import of \(count) records, is too large to undo. Restore a backup ('invest import backup.ledger') instead.")
        case let .movedOn(id, kind):
            return .runtime("can't undo: the \(kind.escapedForTerminal) \(id.escapedForTerminal) has changed since (a sync brought a newer version, say); nothing was changed. Edit it directly instead.")
        case let .rejected(rejections):
            return .usage("can't undo: putting the earlier version back would break a rule:\n"
                + TransactionPresentation.indented(rejections.map { "\($0.kind.escapedForTerminal) \($0.id.escapedForTerminal): \($0.reasons.joined(separator: "; ").escapedForTerminal)" })
                + "\nNothing was changed.")
        case let .store(failure):
            return .runtime("nothing was undone: \(failure.userMessage)")
        case let .unreadable(failure):
            return .runtime("nothing was undone: \(failure.userMessage)")
        }
    }
}
