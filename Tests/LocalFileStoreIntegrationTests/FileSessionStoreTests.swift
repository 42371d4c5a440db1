import XCTest
import Auth
import LocalFileStore
import TestSupport

final class FileSessionStoreTests: XCTestCase {
    private let session = AuthSession(uid: "uid-1", email: "user@example.com", idToken: "id-token-secret", refreshToken: "refresh-token-secret",
                                      expiresAt: Date(timeIntervalSince1970: 1_700_003_600.25))

    func test_load_deliversNothingWhenNoSessionWasSaved() throws {
        XCTAssertNil(try makeSUT().load())
    }

    func test_save_thenLoadFromAnotherInstance_deliversTheSameSession() throws {
        let directory = makeTemporaryDirectory()
        try makeSUT(directory).save(session)

        XCTAssertEqual(try makeSUT(directory).load(), session)
    }

    func test_save_ofAnExpiryNoInt64Holds_keepsItAsExpired_insteadOfTrapping() throws {
        let directory = makeTemporaryDirectory()
        let hostile = AuthSession(uid: "u", email: "e@example.com", idToken: "t", refreshToken: "r", expiresAt: Date(timeIntervalSince1970: 1e300))

        try makeSUT(directory).save(hostile)

        XCTAssertEqual(try makeSUT(directory).load()?.expiresAt, Date(timeIntervalSince1970: 0))
    }

    func test_save_neverWritesThroughASymlinkPlantedWhereATemporaryFileWasOnceExpected() throws {
        let directory = makeTemporaryDirectory()
        let sut = makeSUT(directory)
        let stolen = makeTemporaryDirectory().appendingPathComponent("stolen")
        try Data().write(to: stolen)
        try FileManager.default.createSymbolicLink(atPath: sut.path + ".tmp-\(getpid())", withDestinationPath: stolen.path)

        try sut.save(session)

        XCTAssertEqual(try Data(contentsOf: stolen), Data(), "the tokens went nowhere but session.json")
        XCTAssertEqual(try makeSUT(directory).load(), session)
    }

    func test_aDirectoryOtherUsersCanWrite_isRefusedAndKeepsNoSession() throws {
        let directory = makeTemporaryDirectory()
        chmod(directory.path, 0o777)

        do throws(AuthError) {
            try makeSUT(directory).save(session)
            XCTFail("expected the directory to be refused")
        } catch let .sessionStorage(detail) {
            XCTAssertTrue(detail.contains("other users can write to it (mode 777)"), detail)
        } catch {
            XCTFail("got \(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [])
    }

    func test_save_makesTheFileReadableByItsOwnerOnly() throws {
        let sut = makeSUT()
        try sut.save(session)

        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: sut.path)[.posixPermissions] as? Int, 0o600)
    }

    func test_load_tightensAFileOthersCouldRead() throws {
        let sut = makeSUT()
        try sut.save(session)
        XCTAssertEqual(chmod(sut.path, 0o644), 0)

        _ = try sut.load()

        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: sut.path)[.posixPermissions] as? Int, 0o600)
    }

    func test_delete_forgetsTheSessionAndIsIdempotent() throws {
        let sut = makeSUT()
        try sut.save(session)

        try sut.delete()
        try sut.delete()

        XCTAssertNil(try sut.load())
    }

    func test_load_ofADamagedFileNamesItWithoutQuotingIt() throws {
        let sut = makeSUT()
        try Data(#"{"idToken": "leaked-secret""#.utf8).write(to: URL(fileURLWithPath: sut.path))

        do throws(AuthError) {
            _ = try sut.load()
            XCTFail("expected an error")
        } catch let .sessionUnreadable(file) {
            XCTAssertEqual(file, sut.path)
        } catch {
            XCTFail("got \(error)")
        }
    }

    func test_description_neverShowsTheTokens() {
        XCTAssertFalse("\(session)".contains("secret"))
    }

    private func makeSUT(_ directory: URL? = nil, file: StaticString = #filePath, line: UInt = #line) -> FileSessionStore {
        let sut = FileSessionStore(directory: directory ?? makeTemporaryDirectory())
        trackForMemoryLeaks(sut, file: file, line: line)
        return sut
    }
}
