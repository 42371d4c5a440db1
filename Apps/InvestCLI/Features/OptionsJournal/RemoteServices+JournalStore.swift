import Foundation
import Auth
import ClientComposition
import TerminalKit
import Firestore

extension RemoteServices {
    static let firestoreURL = URL(string: "https://firestore.googleapis.com")!

    /// The signed-in user's journal document in Firestore, or nil when no INVEST_PROJECT_ID is
    /// configured (the journal then stays on this machine).
    func journalStore(session: CurrentSessionProviding) throws -> FirestoreJournalStore? {
        guard let projectID = configuration["INVEST_PROJECT_ID"] else { return nil }
        guard projectID.utf8.count <= 100, projectID.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }) else {
            throw CLIError.usage("INVEST_PROJECT_ID '\(projectID.escapedForTerminal)' is not a Firebase project id: lower-case letters, digits and '-'. Fix it in \(configHint).")
        }
        let baseURL = try configuration.url("INVEST_FIRESTORE_URL") ?? Self.firestoreURL
        return FirestoreJournalStore(baseURL: baseURL, projectID: projectID, client: client(timeout: 30), credentials: Self.credentials(session, host: baseURL.host))
    }
}
