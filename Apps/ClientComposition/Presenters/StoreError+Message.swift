import TerminalKit
import Ledger
import Transactions
import Portfolio

extension StoreError {
    /// What went wrong with a ledger and what to do next, as a sentence. Never quotes a URL or a token.
    public var userMessage: String {
        switch self {
        case let .local(.damaged(file, line, reason)):
            return "\(file) line \(line): \(reason). The file was left untouched; correct or delete that line (or restore the file from a backup) and run again."
        case let .local(.notALedger(file)):
            return "\(file) line 1: not an Investments data file. It was left untouched; move it away or point --home elsewhere."
        case let .local(.newerFormat(file, version, supported)):
            return "\(file) was written in format v\(version) by a newer version of invest; this one reads up to v\(supported). It was left untouched; upgrade invest to read it."
        case let .local(.unsafeDirectory(path, reason)):
            return "refusing to use \(path): \(reason). Nothing was read or written; make it yours alone (chmod 700 \(path)) or point --home elsewhere."
        case let .local(.fileSystem(operation, path, reason)):
            return "could not \(operation) \(path): \(reason)."
        case .remote(.notSignedIn):
            return "the remote store did not accept the session. Run 'invest login' and try again."
        case .remote(.permissionDenied):
            return "the remote store denied access: this data belongs to another account."
        case let .remote(.unavailable(host, .timedOut)):
            return "could not reach the remote store at \(host) (timed out). Nothing was lost; check the network and run again."
        case let .remote(.unavailable(host, .noConnection)):
            return "could not reach the remote store at \(host) (no connection). Nothing was lost; check the network and run again."
        case let .remote(.unavailable(host, .serverError(status))):
            return "the remote store at \(host) failed (HTTP \(status)). Nothing was lost; try again later."
        case let .remote(.rejected(status, message)):
            return "the remote store refused the request (HTTP \(status)\(message.map { ": \($0)" } ?? ""))."
        case let .remote(.malformedResponse(detail)):
            return "the remote store's answer could not be read: \(detail). Correct or delete that entry in the database."
        case let .invalidIdentifier(id):
            return "the id '\(id.escapedForTerminal)' can't be stored: ids are 1-128 letters, digits, '-' or '_'."
        case let .changedMeanwhile(id):
            return "another device kept changing the record \(id.escapedForTerminal) while this one synced; nothing older was written over it. Run the sync again."
        }
    }
}

extension LedgerDecodingError {
    public var userMessage: String {
        switch self {
        case let .newerSchema(id, kind, schema, supported):
            return "the \(kind) \(id.escapedForTerminal) was written by a newer version of invest (layout v\(schema); this one reads up to v\(supported)). It is kept unchanged; upgrade invest to work with it."
        case let .invalidField(id, kind, field):
            return "the \(kind) \(id.escapedForTerminal) has no readable \(field). It is kept unchanged; correct it, or delete it with 'invest delete'."
        }
    }
}

extension LedgerReadError {
    public var userMessage: String {
        switch self {
        case let .store(error): return error.userMessage
        case let .undecodable(error): return error.userMessage
        }
    }
}

extension DisplayPortfolioError {
    public var cliError: CLIError {
        switch self {
        case let .retrieval(failure): return .runtime("could not retrieve your transactions: \(failure.userMessage)")
        case let .conversion(failure): return failure.cliError
        }
    }
}

extension SkippedRowsError {
    public var userMessage: String {
        switch self {
        case let .store(error): return error.userMessage
        case let .unreadable(error): return error.userMessage
        }
    }
}
