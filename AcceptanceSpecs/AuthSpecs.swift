import XCTest
import InvestCLITestSupport
import TestSupport

/// Authentication, against the emulated Firebase Auth.
final class AuthSpecs: XCTestCase {
    func test_givenNewUser_whenHeSignsUp_heIsSignedIn() throws {
        let invest = makeInvestDriver(servicesFrom: try startEmulator())

        let signUp = invest.signUp("newuser@example.com", password: "NewPassword123")

        XCTAssertEqual(signUp.status, 0, signUp.errors)
        XCTAssertEqual(signUp.prompts, ["Email: ", "Password (at least 8 characters): ", "Confirm password: "])
        XCTAssertEqual(invest.run(["whoami", "--format", "csv"]).output.split(separator: "\n").last?.hasPrefix("newuser@example.com,"), true)
    }

    func test_givenRegisteredUser_whenHeSignsIn_heIsSignedIn() throws {
        let invest = makeInvestDriver(servicesFrom: try startEmulator(demo: true))

        let login = invest.logIn("test@stockport.com", password: "Test@123")

        XCTAssertEqual(login.status, 0, login.errors)
        XCTAssertEqual(login.output, "Signed in as test@stockport.com.\n")
        XCTAssertTrue(invest.run(["whoami"]).output.contains("test@stockport.com"))
    }

    func test_givenSignedInUser_whenHeSignsOut_heIsSignedOutAndKeepsHisLocalData() throws {
        let invest = makeInvestDriver(servicesFrom: try startEmulator(demo: true))
        invest.logIn("test@stockport.com", password: "Test@123")
        invest.add(["buy AAA 1 10 2024-01-02"])

        let logout = invest.run(["logout"])

        XCTAssertEqual(logout.status, 0)
        let whoami = invest.run(["whoami"])
        XCTAssertEqual(whoami.status, 1)
        XCTAssertTrue(whoami.errors.contains("not signed in"), whoami.errors)
        XCTAssertEqual(invest.ids().count, 1)
        XCTAssertEqual(invest.run(["sync"]).status, 1, "sync needs an account")
    }

    func test_givenSignedInUser_whenTheClientRunsAgain_theSessionPersists() throws {
        let emulator = try startEmulator(demo: true)
        let invest = makeInvestDriver(servicesFrom: emulator)
        invest.logIn("test@stockport.com", password: "Test@123")
        let session = invest.home.appendingPathComponent("session.json")

        let mode = try FileManager.default.attributesOfItem(atPath: session.path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600, "only its owner may read the tokens")
        XCTAssertEqual(invest.run(["sync"]).status, 0, "a later run uses the saved session")

        try emulator.expireIDTokens()
        invest.now = invest.now.addingTimeInterval(2 * 3_600)
        let afterExpiry = invest.run(["sync"])
        XCTAssertEqual(afterExpiry.status, 0, "an expired token is refreshed transparently: \(afterExpiry.errors)")
    }

    func test_givenInvalidEmail_whenUserSignsUp_heSeesTheEmailError() throws {
        let invest = makeInvestDriver(servicesFrom: try startEmulator())

        let signUp = invest.signUp("not-an-email", password: "long enough")

        XCTAssertEqual(signUp.status, 2)
        XCTAssertEqual(signUp.errors, "invest: the details are not valid:\n  - the email must look like name@example.com\n")
    }

    func test_givenShortPassword_whenUserSignsUp_heSeesThePasswordLengthError() throws {
        let invest = makeInvestDriver(servicesFrom: try startEmulator())

        let signUp = invest.signUp("user@example.com", password: "short")

        XCTAssertEqual(signUp.status, 2)
        XCTAssertEqual(signUp.errors, "invest: the details are not valid:\n  - the password must be at least 8 characters\n")
    }

    func test_givenMismatchedConfirmation_whenUserSignsUp_heSeesTheConfirmationError() throws {
        let invest = makeInvestDriver(servicesFrom: try startEmulator())

        let signUp = invest.signUp("user@example.com", password: "long enough", confirmation: "long enougH")

        XCTAssertEqual(signUp.status, 2)
        XCTAssertEqual(signUp.errors, "invest: the details are not valid:\n  - the confirmation does not match the password\n")
    }

    func test_givenEverythingInvalid_whenUserSignsUp_heSeesEveryErrorAtOnce() throws {
        let invest = makeInvestDriver(servicesFrom: try startEmulator())

        let signUp = invest.signUp("user@", password: "short", confirmation: "other")

        XCTAssertEqual(signUp.status, 2)
        XCTAssertEqual(signUp.errors.components(separatedBy: "\n  - ").count, 4, signUp.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: invest.home.appendingPathComponent("session.json").path))
    }

    func test_givenWrongPassword_whenUserSignsIn_heSeesTheWrongCredentialsError() throws {
        let invest = makeInvestDriver(servicesFrom: try startEmulator(demo: true))

        let login = invest.logIn("test@stockport.com", password: "Wrong@123")

        XCTAssertEqual(login.status, 1)
        XCTAssertEqual(login.errors, "invest: wrong email or password. Try again, or run 'invest reset-password'.\n")
    }

    func test_givenRegisteredUser_whenHeResetsThePassword_aResetEmailIsSent() throws {
        let emulator = try startEmulator(demo: true)
        let invest = makeInvestDriver(servicesFrom: emulator)

        let reset = invest.run(["reset-password", "--email", "test@stockport.com"])
        let unknown = invest.run(["reset-password", "--email", "nobody@example.com"])

        XCTAssertEqual(reset.status, 0, reset.errors)
        XCTAssertEqual(try emulator.passwordResets(), ["test@stockport.com"])
        XCTAssertEqual(unknown.status, 0)
        XCTAssertEqual(unknown.output.replacingOccurrences(of: "nobody@example.com", with: "test@stockport.com"), reset.output,
                       "an unknown address gets the same answer, so accounts can't be probed")
    }
}
