#if os(Linux)
import XCTest
import COpenSSL
@testable import Networking

/// OpenSSL loaded by name at run time, checked against the same library linked by its headers
/// (this test target links libssl; the apps don't).
final class OpenSSLLibraryTests: XCTestCase {
    func test_shared_loadsEveryFunction_asTheHeadersOwnFunctionOfThatName() throws {
        let library = try XCTUnwrap(OpenSSLLibrary.shared)

        // Each `as` compiles only if the type the library is loaded as is the header's declaration.
        let pairs: [(loaded: UnsafeRawPointer, linked: UnsafeRawPointer, name: String)] = [
            (address(library.clientMethod), address(TLS_client_method as OpenSSLLibrary.ClientMethod), "TLS_client_method"),
            (address(library.contextNew), address(SSL_CTX_new as OpenSSLLibrary.ContextNew), "SSL_CTX_new"),
            (address(library.contextFree), address(SSL_CTX_free as OpenSSLLibrary.ContextFree), "SSL_CTX_free"),
            (address(library.loadVerifyLocations), address(SSL_CTX_load_verify_locations as OpenSSLLibrary.LoadVerifyLocations), "SSL_CTX_load_verify_locations"),
            (address(library.defaultVerifyPaths), address(SSL_CTX_set_default_verify_paths as OpenSSLLibrary.DefaultVerifyPaths), "SSL_CTX_set_default_verify_paths"),
            (address(library.setVerify), address(SSL_CTX_set_verify as OpenSSLLibrary.SetVerify), "SSL_CTX_set_verify"),
            (address(library.contextControl), address(SSL_CTX_ctrl as OpenSSLLibrary.ContextControl), "SSL_CTX_ctrl"),
            (address(library.new), address(SSL_new as OpenSSLLibrary.New), "SSL_new"),
            (address(library.free), address(SSL_free as OpenSSLLibrary.Free), "SSL_free"),
            (address(library.setFD), address(SSL_set_fd as OpenSSLLibrary.SetFD), "SSL_set_fd"),
            (address(library.control), address(SSL_ctrl as OpenSSLLibrary.Control), "SSL_ctrl"),
            (address(library.setHost), address(SSL_set1_host as OpenSSLLibrary.SetHost), "SSL_set1_host"),
            (address(library.connect), address(SSL_connect as OpenSSLLibrary.Connect), "SSL_connect"),
            (address(library.getError), address(SSL_get_error as OpenSSLLibrary.GetError), "SSL_get_error"),
            (address(library.write), address(SSL_write as OpenSSLLibrary.Write), "SSL_write"),
            (address(library.read), address(SSL_read as OpenSSLLibrary.Read), "SSL_read"),
            (address(library.shutdown), address(SSL_shutdown as OpenSSLLibrary.Shutdown), "SSL_shutdown"),
            (address(library.clearError), address(ERR_clear_error as OpenSSLLibrary.ClearError), "ERR_clear_error"),
            (address(library.sha1), address(EVP_sha1 as OpenSSLLibrary.SHA1), "EVP_sha1"),
            (address(library.digest), address(EVP_Digest as OpenSSLLibrary.Digest), "EVP_Digest"),
        ]

        for pair in pairs {
            XCTAssertEqual(pair.loaded, pair.linked, "\(pair.name) was loaded as another function")
        }
    }

    func test_init_isNil_whenTheLibraryIsMissing_orLacksAFunction() {
        XCTAssertNil(OpenSSLLibrary(path: "libssl-that-does-not-exist.so.3"))
        XCTAssertNil(OpenSSLLibrary(path: "libc.so.6"))
    }

    func test_requireTLS12_setsTheContextsFloor() throws {
        let library = try XCTUnwrap(OpenSSLLibrary.shared)
        let context = try XCTUnwrap(library.contextNew(library.clientMethod()))
        defer { library.contextFree(context) }

        XCTAssertEqual(library.requireTLS12(context), 1)
        XCTAssertEqual(SSL_CTX_ctrl(context, SSL_CTRL_GET_MIN_PROTO_VERSION, 0, nil), Int(TLS1_2_VERSION))
    }

    /// A C function's entry point.
    private func address<Function>(_ function: Function) -> UnsafeRawPointer {
        unsafeBitCast(function, to: UnsafeRawPointer.self)
    }
}
#endif
