#if os(Linux)
import COpenSSL
import Glibc

/// The OpenSSL functions this module calls, loaded with `dlopen` on the first TLS connection
/// instead of linked: loading libssl and libcrypto at start-up (their relocations and pages)
/// cost every run 1.5 ms, and most runs (every offline read, every add) never connect.
/// `COpenSSL` is kept for the headers' types and constants only, so nothing links against it.
///
/// Each function type below repeats its declaration in OpenSSL 3's headers; `OpenSSLLibraryTests`
/// assigns the headers' own functions to these types, so a mismatch fails to compile.
struct OpenSSLLibrary: @unchecked Sendable {
    typealias ClientMethod = @convention(c) () -> OpaquePointer?
    typealias ContextNew = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias ContextFree = @convention(c) (OpaquePointer?) -> Void
    typealias LoadVerifyLocations = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    typealias DefaultVerifyPaths = @convention(c) (OpaquePointer?) -> Int32
    typealias SetVerify = @convention(c) (OpaquePointer?, Int32, (@convention(c) (Int32, OpaquePointer?) -> Int32)?) -> Void
    typealias ContextControl = @convention(c) (OpaquePointer?, Int32, Int, UnsafeMutableRawPointer?) -> Int
    typealias New = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias Free = @convention(c) (OpaquePointer?) -> Void
    typealias SetFD = @convention(c) (OpaquePointer?, Int32) -> Int32
    typealias Control = @convention(c) (OpaquePointer?, Int32, Int, UnsafeMutableRawPointer?) -> Int
    typealias SetHost = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    typealias Connect = @convention(c) (OpaquePointer?) -> Int32
    typealias GetError = @convention(c) (OpaquePointer?, Int32) -> Int32
    typealias Write = @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int32) -> Int32
    typealias Read = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32) -> Int32
    typealias Shutdown = @convention(c) (OpaquePointer?) -> Int32
    typealias ClearError = @convention(c) () -> Void
    typealias SHA1 = @convention(c) () -> OpaquePointer?
    typealias Digest = @convention(c) (UnsafeRawPointer?, Int, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt32>?, OpaquePointer?, OpaquePointer?) -> Int32

    let clientMethod: ClientMethod
    let contextNew: ContextNew
    let contextFree: ContextFree
    let loadVerifyLocations: LoadVerifyLocations
    let defaultVerifyPaths: DefaultVerifyPaths
    let setVerify: SetVerify
    let contextControl: ContextControl
    let new: New
    let free: Free
    let setFD: SetFD
    let control: Control
    let setHost: SetHost
    let connect: Connect
    let getError: GetError
    let write: Write
    let read: Read
    let shutdown: Shutdown
    let clearError: ClearError
    let sha1: SHA1
    let digest: Digest

    /// The system's OpenSSL 3, loaded once for the process; nil when it can't be loaded, and
    /// then every TLS connection fails as a connectivity error.
    static let shared = OpenSSLLibrary(path: "libssl.so.3")

    /// The library stays loaded for the process: its functions are kept in `shared`.
    init?(path: String) {
        // libssl's handle also finds libcrypto's symbols, which it depends on.
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else { return nil }
        struct Missing: Error {}
        func function<Function>(_ name: String) throws(Missing) -> Function {
            guard let symbol = dlsym(handle, name) else { throw Missing() }
            return unsafeBitCast(symbol, to: Function.self)
        }
        do {
            clientMethod = try function("TLS_client_method")
            contextNew = try function("SSL_CTX_new")
            contextFree = try function("SSL_CTX_free")
            loadVerifyLocations = try function("SSL_CTX_load_verify_locations")
            defaultVerifyPaths = try function("SSL_CTX_set_default_verify_paths")
            setVerify = try function("SSL_CTX_set_verify")
            contextControl = try function("SSL_CTX_ctrl")
            new = try function("SSL_new")
            free = try function("SSL_free")
            setFD = try function("SSL_set_fd")
            control = try function("SSL_ctrl")
            setHost = try function("SSL_set1_host")
            connect = try function("SSL_connect")
            getError = try function("SSL_get_error")
            write = try function("SSL_write")
            read = try function("SSL_read")
            shutdown = try function("SSL_shutdown")
            clearError = try function("ERR_clear_error")
            sha1 = try function("EVP_sha1")
            digest = try function("EVP_Digest")
        } catch {
            dlclose(handle)
            return nil
        }
    }

    /// `SSL_CTX_set_min_proto_version`, a macro over `SSL_CTX_ctrl`.
    func requireTLS12(_ context: OpaquePointer) -> Int {
        contextControl(context, SSL_CTRL_SET_MIN_PROTO_VERSION, Int(TLS1_2_VERSION), nil)
    }

    /// `SSL_set_tlsext_host_name` (SNI: which host's certificate the server should present), a
    /// macro over `SSL_ctrl`.
    func setServerName(_ ssl: OpaquePointer, _ host: String) -> Int {
        host.withCString { control(ssl, SSL_CTRL_SET_TLSEXT_HOSTNAME, Int(TLSEXT_NAMETYPE_host_name), UnsafeMutableRawPointer(mutating: $0)) }
    }
}
#endif
