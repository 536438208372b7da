import CCurl
import CCurlShims
import Foundation

/// Easy handles kept for reuse, as libcurl advises for many transfers: a finished transfer's handle
/// is reset (`curl_easy_reset`: options back to their defaults, buffers and caches kept) and given
/// to the next one instead of being freed and allocated again. Any thread may take and give.
final class CurlHandlePool: @unchecked Sendable {
    /// More idle handles than this are freed: a burst of `--jobs` does not keep them all.
    private static let limit = 16
    private let lock = NSLock()
    private var idle: [UnsafeMutableRawPointer] = []

    /// An idle handle, or a new one; nil when libcurl cannot make one.
    func take() -> UnsafeMutableRawPointer? {
        lock.withLock { idle.popLast() } ?? curl_easy_init()
    }

    /// Takes back a handle no multi handle holds any more. A handle whose transfer ended while
    /// another transfer still used its HTTP/2 connection keeps its receive buffer (libcurl 7.88's
    /// `multi_done` stops before freeing it), and libcurl then refuses a buffer size for it, so the
    /// next transfer given it would fail "while configuring the request": such a handle is freed.
    func give(_ handle: UnsafeMutableRawPointer) {
        curl_easy_reset(handle)
        let reusable = ferry_curl_easy_setopt_long(handle, CURLOPT_BUFFERSIZE, CurlTransfer.receiveBufferSize) == CURLE_OK
        let kept =
            reusable
            && lock.withLock { () -> Bool in
                guard idle.count < Self.limit else { return false }
                idle.append(handle)
                return true
            }
        if !kept { curl_easy_cleanup(handle) }
    }

    deinit {
        for handle in idle { curl_easy_cleanup(handle) }
    }
}
