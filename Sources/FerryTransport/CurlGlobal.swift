import CCurl
import CCurlShims

/// libcurl's process-wide set-up, done once before the first handle is made.
enum CurlGlobal {
    private static let initialized: Bool = ferry_curl_global_init() == CURLE_OK

    static func initialize() {
        precondition(initialized, "libcurl could not be initialised")
    }

    /// The version of the libcurl Ferry runs on, e.g. `7.88.1`.
    static var version: String { String(cString: ferry_curl_version()) }
}
