import XCTest
import Auth

final class SessionRefreshPolicyTests: XCTestCase {
    private let expiry = Date(timeIntervalSince1970: 1_700_003_600)
    private let sut = SessionRefreshPolicy(margin: 60)

    func test_needsRefresh_isFalseOneSecondBeforeTheMargin() {
        XCTAssertFalse(sut.needsRefresh(makeSession(expiresAt: expiry), now: expiry.addingTimeInterval(-61)))
    }

    func test_needsRefresh_isTrueAtTheMargin() {
        XCTAssertTrue(sut.needsRefresh(makeSession(expiresAt: expiry), now: expiry.addingTimeInterval(-60)))
    }

    func test_needsRefresh_isTrueOneSecondAfterTheMargin() {
        XCTAssertTrue(sut.needsRefresh(makeSession(expiresAt: expiry), now: expiry.addingTimeInterval(-59)))
    }
}

final class CredentialsValidatorTests: XCTestCase {
    func test_problems_reportsEveryProblemAtOnce() {
        XCTAssertEqual(CredentialsValidator.problems(email: "nope", password: "short", confirmation: "other"),
                       [.invalidEmail, .passwordTooShort(minimum: 8), .confirmationMismatch])
    }

    func test_problems_acceptsValidDetails() {
        XCTAssertEqual(CredentialsValidator.problems(email: "test@stockport.com", password: "Test@123", confirmation: "Test@123"), [])
    }

    func test_problems_rejectsEmailsThatDoNotLookLikeEmails() {
        for email in ["", "@example.com", "user@", "user@example", "user@.com", "us er@example.com", "a@b@c.com", "user@example..com"] {
            XCTAssertEqual(CredentialsValidator.problems(email: email), [.invalidEmail], email)
        }
    }
}
