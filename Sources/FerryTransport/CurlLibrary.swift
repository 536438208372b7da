import CCurl

/// The libcurl Ferry runs on: its version, the libraries it was built with and its features, as
/// `curl --version` names them (`HTTP2`, `brotli`, `zstd`, …).
public struct CurlLibrary: Sendable, Equatable, Encodable {
    /// libcurl's version, e.g. `7.88.1`.
    public var version: String
    /// The TLS, compression and HTTP/2 libraries, e.g. `OpenSSL/3.0.19`, `zlib/1.2.13`, `nghttp2/1.52.0`.
    public var libraries: [String]
    /// libcurl's feature names, e.g. `HTTP2`, `brotli`, `zstd`, `IPv6`.
    public var features: [String]

    /// The libcurl loaded in this process.
    public static var current: CurlLibrary {
        // CURLVERSION_NOW is a macro Swift does not import; ELEVENTH is its value in the headers Ferry builds with.
        guard let info = curl_version_info(CURLVERSION_ELEVENTH)?.pointee else {
            return CurlLibrary(version: CurlGlobal.version, libraries: [], features: [])
        }
        func text(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }
        let libraries = [
            text(info.ssl_version),
            text(info.libz_version).map { "zlib/" + $0 },
            text(info.brotli_version).map { "brotli/" + $0 },
            text(info.zstd_version).map { "zstd/" + $0 },
            text(info.nghttp2_version).map { "nghttp2/" + $0 },
            text(info.quic_version),
        ].compactMap { $0 }
        // feature_names came with CURLVERSION_ELEVENTH; an older libcurl at run time has none.
        var features: [String] = []
        if info.age.rawValue >= CURLVERSION_ELEVENTH.rawValue, var name = info.feature_names {
            while let feature = name.pointee {
                features.append(String(cString: feature))
                name += 1
            }
        }
        return CurlLibrary(version: String(cString: info.version), libraries: libraries, features: features)
    }
}
