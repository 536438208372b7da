import CSSL

/// A TLS failure in OpenSSL's words: the reasons on its error queue (`ERR_error_string_n`) and, when
/// a client refused the server's certificate, why (`X509_verify_cert_error_string`).
public struct TLSFailure: Error, CustomStringConvertible, Sendable {
    /// What failed, e.g. "the TLS handshake failed".
    public let summary: String
    /// OpenSSL's reasons, oldest first, e.g. `error:0A000086:SSL routines::certificate verify failed`.
    public let reasons: [String]
    /// Why the server's certificate was refused, e.g. `self-signed certificate` or `hostname mismatch`.
    public let certificateProblem: String?

    public var description: String {
        var text = summary
        if let certificateProblem { text += ": the server's certificate was refused (\(certificateProblem))" }
        if !reasons.isEmpty { text += ": " + reasons.joined(separator: "; ") }
        return text
    }

    /// By default the reasons are taken from this thread's error queue, which is left empty.
    init(_ summary: String, reasons: [String] = TLSFailure.takeErrorQueue(), certificateProblem: String? = nil) {
        self.summary = summary
        self.reasons = reasons
        self.certificateProblem = certificateProblem
    }

    /// Empties this thread's OpenSSL error queue into strings, oldest first.
    static func takeErrorQueue() -> [String] {
        var reasons: [String] = []
        var code = ERR_get_error()
        while code != 0 {
            var text = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &text, text.count)
            reasons.append(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            code = ERR_get_error()
        }
        return reasons
    }
}
