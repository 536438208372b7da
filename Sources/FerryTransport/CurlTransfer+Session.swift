import CCurl
import CCurlShims
import FerryCore
import FerryDigest
import Foundation

/// The session side of a transfer, all done by libcurl: cookies (the transport's shared jar, a jar
/// of the request's own, or none), digest and AWS Signature V4 authentication, and the route
/// (a Unix socket, a proxy).
extension CurlTransfer {
    /// Without `Request.cookies` the transfer uses the transport's share (cookies and DNS cache).
    /// With a jar, it gets a cookie engine of its own seeded with the jar's lines (read back by
    /// `cookieJarAfterExchange`); with `jar == nil` the engine stays off. `-b`'s pairs and the
    /// request's own (`own`) go in libcurl's cookie option, which curl sends with the engine's
    /// cookies on every hop, another host's included.
    func configureCookies(_ cookies: RequestCookies?, own: String?, share: UnsafeMutableRawPointer) throws {
        if let cookies {
            if let jar = cookies.jar {
                try set(CURLOPT_COOKIEFILE, "")
                for cookie in jar.cookies { try set(CURLOPT_COOKIELIST, cookie.netscapeLine) }
            }
        } else {
            try check(ferry_curl_easy_setopt_share(handle, share))
            try set(CURLOPT_COOKIEFILE, "")
        }
        let pairs = [cookies?.header, own].compactMap { $0 }.filter { !$0.isEmpty }
        if !pairs.isEmpty { try set(CURLOPT_COOKIE, pairs.joined(separator: "; ")) }
    }

    /// The cookies the exchange's own engine holds now, when the request brought a jar.
    func cookieJarAfterExchange(of cookies: RequestCookies?) -> CookieJar? {
        guard cookies?.jar != nil else { return nil }
        var list: UnsafeMutablePointer<curl_slist>?
        guard ferry_curl_easy_getinfo_slist(handle, CURLINFO_COOKIELIST, &list) == CURLE_OK else { return nil }
        defer { curl_slist_free_all(list) }
        var jar = CookieJar()
        var item = list
        while let current = item {
            if let data = current.pointee.data, let cookie = try? Cookie(netscapeLine: String(cString: data)) { jar.cookies.append(cookie) }
            item = current.pointee.next
        }
        return jar
    }

    /// Digest and AWS Signature V4 are computed by libcurl as it sends; the other schemes were
    /// applied by `Request.authenticated()`.
    func configureAuthentication(_ authentication: Authentication?) throws {
        switch authentication {
        case .digest(let username, let password)?:
            try set(CURLOPT_HTTPAUTH, ferry_curl_auth_digest())
            try set(CURLOPT_USERNAME, username)
            try set(CURLOPT_PASSWORD, password)
        case .awsSigV4(let signature)?:
            try set(CURLOPT_AWS_SIGV4, signature.curlProvider)
            try set(CURLOPT_USERNAME, signature.accessKey)
            try set(CURLOPT_PASSWORD, signature.secretKey)
        case .oauth2?:
            // `OAuth2Interceptor` sends such a request with its token as `.bearer`.
            throw FerryError.invalidRequest(
                reason: .invalidArgument(name: "auth", problem: "an OAuth 2.0 request needs its token first (OAuth2Interceptor)"))
        default:
            break
        }
    }

    /// curl (7.88) signs every line of the header list with AWS SigV4, `Name:` removals included,
    /// though it does not send them, so the server would compute another signature: a signed request
    /// goes without removals (curl's own `Accept`, and `Expect` for bodies over 1 MiB, are then sent,
    /// unsigned). The signature's service, or nil when the request is not signed so.
    static func signedService(_ authentication: Authentication?) -> String? {
        if case .awsSigV4(let signature)? = authentication { return signature.service }
        return nil
    }

    /// `X-Amz-Content-Sha256: HEX` for a signed request with a body: curl 7.88 hashes only bodies
    /// given as `CURLOPT_POSTFIELDS`, not ones it reads through a callback, but signs with this
    /// header's value when it is there. The body is read once more to hash it (AWS needs the hash
    /// before the first byte is sent). S3 wants the header on every request (botocore's
    /// `S3SigV4Auth` sends it), so for `service` `s3` a request without a body gets the empty
    /// body's hash. Nil when the request sets the header, or without a body for other services.
    static func payloadHashLine(of body: BodyStreamSource?, headers: HTTPHeaders, service: String) throws -> String? {
        guard !headers.contains("X-Amz-Content-Sha256") else { return nil }
        var hasher = MessageDigest(.sha256)
        guard let body else { return service.lowercased() == "s3" ? "X-Amz-Content-Sha256: " + hasher.finalize().hexString : nil }
        let stream = try body.open()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 128 * 1024, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            let count = try stream.read(into: buffer)
            guard count > 0 else { break }
            hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
        return "X-Amz-Content-Sha256: " + hasher.finalize().hexString
    }

    /// `Name:` with nothing but blanks after the colon: curl's way to leave a header out (`-H 'User-Agent:'`
    /// arrives as `User-Agent: `, which curl does not send either).
    static func isRemoval(_ line: String) -> Bool {
        guard let colon = line.firstIndex(of: ":") else { return false }
        return line[line.index(after: colon)...].allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// The client certificate, its key and the key's passphrase, for a server that asks for one.
    func configureClientCertificate(_ tls: TLSOptions, passphrase: String?) throws {
        if let certificate = tls.clientCertificate { try set(CURLOPT_SSLCERT, certificate) }
        if let key = tls.clientKey { try set(CURLOPT_SSLKEY, key) }
        if let type = tls.clientCertificateType { try set(CURLOPT_SSLCERTTYPE, type) }
        if let passphrase { try set(CURLOPT_KEYPASSWD, passphrase) }
    }

    /// A Unix socket to connect through instead of TCP (the URL's host still names the `Host`), and
    /// the proxy: plain http through it, https tunnelled with CONNECT (libcurl's choice).
    func configureRoute(_ options: RequestOptions, proxyUser: String?) throws {
        if let socket = options.unixSocket { try set(CURLOPT_UNIX_SOCKET_PATH, socket) }
        if let proxy = options.proxy { try set(CURLOPT_PROXY, proxy) }
        if let noProxy = options.noProxy { try set(CURLOPT_NOPROXY, noProxy) }
        if let proxyUser { try set(CURLOPT_PROXYUSERPWD, proxyUser) }
    }
}
