import Foundation
import Networking
#if !os(Linux)
import URLSessionHTTP
#endif

/// The HTTP client the apps use on this platform (`RemoteServices.platformClient`).
public func platformHTTPClient(timeout: TimeInterval) -> HTTPClient {
    #if os(Linux)
    SocketHTTPClient(timeout: timeout)
    #else
    URLSessionHTTPClient(timeout: timeout)
    #endif
}
