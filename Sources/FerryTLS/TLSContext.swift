import CSSL

/// An OpenSSL `SSL_CTX` (TLS 1.2 or later) for `TLSHandler`s: a server's certificate chain and key,
/// or a client's trust — the peer verified against a CA file or the system's default paths, or
/// not at all. Unchanged once made, so connections on any thread may share it.
public final class TLSContext: @unchecked Sendable {
    let pointer: OpaquePointer
    let isServer: Bool
    let verifiesPeer: Bool

    private init(server: Bool, verifiesPeer: Bool) throws {
        ERR_clear_error()
        guard let pointer = SSL_CTX_new(server ? TLS_server_method() : TLS_client_method()) else {
            throw TLSFailure("OpenSSL could not make a TLS context")
        }
        self.pointer = pointer
        isServer = server
        self.verifiesPeer = verifiesPeer
        guard ferry_SSL_CTX_set_min_proto_version(pointer, TLS1_2_VERSION) == 1 else {
            throw TLSFailure("OpenSSL refused TLS 1.2 as the minimum")
        }
    }

    deinit { SSL_CTX_free(pointer) }

    /// A server's context: `certificateChainPEM` holds its certificate, then any intermediates.
    public static func server(certificateChainPEM: String, privateKeyPEM: String) throws -> TLSContext {
        let context = try TLSContext(server: true, verifiesPeer: false)
        let chain = try readCertificates(certificateChainPEM)
        defer { chain.forEach { X509_free($0) } }
        guard let certificate = chain.first else { throw TLSFailure("the certificate chain holds no PEM certificate") }
        guard SSL_CTX_use_certificate(context.pointer, certificate) == 1 else { throw TLSFailure("OpenSSL refused the certificate") }
        for intermediate in chain.dropFirst() {
            guard ferry_SSL_CTX_add1_chain_cert(context.pointer, intermediate) == 1 else {
                throw TLSFailure("OpenSSL refused an intermediate certificate")
            }
        }
        let key = try readPrivateKey(privateKeyPEM)
        defer { EVP_PKEY_free(key) }
        guard SSL_CTX_use_PrivateKey(context.pointer, key) == 1, SSL_CTX_check_private_key(context.pointer) == 1 else {
            throw TLSFailure("the private key does not go with the certificate")
        }
        return context
    }

    /// A client's context: with `verifyPeer`, the server's certificate must chain to `caFile` (PEM)
    /// or, without one, to the system's CA certificates; `TLSHandler` then checks the host too.
    public static func client(verifyPeer: Bool = true, caFile: String? = nil) throws -> TLSContext {
        let context = try TLSContext(server: false, verifiesPeer: verifyPeer)
        guard verifyPeer else { return context }
        SSL_CTX_set_verify(context.pointer, SSL_VERIFY_PEER, nil)
        if let caFile {
            guard SSL_CTX_load_verify_locations(context.pointer, caFile, nil) == 1 else {
                throw TLSFailure("could not read the CA file \(caFile)")
            }
        } else {
            guard SSL_CTX_set_default_verify_paths(context.pointer) == 1 else {
                throw TLSFailure("could not load the system's CA certificates")
            }
        }
        return context
    }

    /// The DER SubjectPublicKeyInfo of the first certificate of PEM text: what curl's
    /// `--pinned-pubkey sha256//…` hashes.
    public static func subjectPublicKeyInfo(ofCertificatePEM pem: String) throws -> [UInt8] {
        let chain = try readCertificates(pem)
        defer { chain.forEach { X509_free($0) } }
        guard let certificate = chain.first else { throw TLSFailure("the text holds no PEM certificate") }
        let publicKey = X509_get_X509_PUBKEY(certificate)
        let count = i2d_X509_PUBKEY(publicKey, nil)
        guard count > 0 else { throw TLSFailure("OpenSSL could not write the certificate's public key") }
        var der = [UInt8](repeating: 0, count: Int(count))
        let written = der.withUnsafeMutableBufferPointer { buffer in
            var cursor = buffer.baseAddress
            return i2d_X509_PUBKEY(publicKey, &cursor)
        }
        guard written == count else { throw TLSFailure("OpenSSL could not write the certificate's public key") }
        return der
    }

    /// The certificates of PEM text, in order; the caller frees them.
    private static func readCertificates(_ pem: String) throws -> [OpaquePointer] {
        try withMemoryBIO(pem) { bio in
            var certificates: [OpaquePointer] = []
            while let certificate = PEM_read_bio_X509(bio, nil, nil, nil) { certificates.append(certificate) }
            ERR_clear_error()  // the end of the text is reported as "no start line"
            return certificates
        }
    }

    /// The unencrypted private key of PEM text; the caller frees it.
    private static func readPrivateKey(_ pem: String) throws -> OpaquePointer {
        try withMemoryBIO(pem) { bio in
            // No passphrase: a callback that gives none keeps OpenSSL from asking on the terminal.
            guard let key = PEM_read_bio_PrivateKey(bio, nil, { _, _, _, _ in 0 }, nil) else {
                throw TLSFailure("could not read the PEM private key")
            }
            return key
        }
    }

    private static func withMemoryBIO<T>(_ text: String, _ body: (OpaquePointer) throws -> T) throws -> T {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBytes { raw in
            guard let bio = BIO_new_mem_buf(raw.baseAddress, Int32(raw.count)) else {
                throw TLSFailure("OpenSSL could not allocate a buffer")
            }
            defer { BIO_free(bio) }
            return try body(bio)
        }
    }
}
