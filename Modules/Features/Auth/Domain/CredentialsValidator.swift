import Foundation

/// The sign-up rules, checked before anything is sent: all problems are reported together.
public enum CredentialsValidator {
    public static let minimumPasswordLength = 8

    public static func problems(email: String, password: String, confirmation: String) -> [CredentialsProblem] {
        var problems = problems(email: email)
        if password.count < minimumPasswordLength { problems.append(.passwordTooShort(minimum: minimumPasswordLength)) }
        if confirmation != password { problems.append(.confirmationMismatch) }
        return problems
    }

    public static func problems(email: String) -> [CredentialsProblem] {
        looksLikeEmail(email) ? [] : [.invalidEmail]
    }

    /// Deliberately loose (the service has the last word): one '@', something before it, and a
    /// dotted domain after it, with no spaces.
    static func looksLikeEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace) else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }
}
