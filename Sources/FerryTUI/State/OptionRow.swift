import FerryCore
import Foundation

/// The rows of the Options tab: how the request is carried (everything a pasted curl command, an
/// import or a file can set), and what is expected of the response.
public enum OptionRow: Int, Hashable, Sendable, CaseIterable {
    case timeout, connectTimeout, followRedirects, maxRedirects, verifyTLS, httpVersion
    case caFile, clientCertificate, clientKey, proxy, noProxy, unixSocket, uploadRate, downloadRate, decompress, defaultHeaders
    case expectStatus, expectTypes, serializer

    public var label: String {
        switch self {
        case .timeout: "Timeout (s)"
        case .connectTimeout: "Connect timeout (s)"
        case .followRedirects: "Follow redirects"
        case .maxRedirects: "Max redirects"
        case .verifyTLS: "Verify TLS"
        case .caFile: "CA file"
        case .clientCertificate: "Client certificate"
        case .clientKey: "Client key"
        case .httpVersion: "HTTP version"
        case .proxy: "Proxy"
        case .noProxy: "No proxy for"
        case .unixSocket: "Unix socket"
        case .uploadRate: "Upload rate limit"
        case .downloadRate: "Download rate limit"
        case .decompress: "Decompress"
        case .defaultHeaders: "Ferry's headers"
        case .expectStatus: "Accept status"
        case .expectTypes: "Accept types"
        case .serializer: "Read body as"
        }
    }

    /// True for rows edited as text; the others toggle or cycle.
    public var isText: Bool { ![.followRedirects, .verifyTLS, .httpVersion, .decompress, .defaultHeaders, .serializer].contains(self) }

    /// True for the rows that say how the request is carried (not what its response must be).
    public var isTransport: Bool { ![.expectStatus, .expectTypes, .serializer].contains(self) }

    /// The connection setting the row shows (the request's own over what it inherits), if it is one.
    var connectionPath: WritableKeyPath<ConnectionSettings, String?>? {
        switch self {
        case .proxy: \.proxy
        case .noProxy: \.noProxy
        case .unixSocket: \.unixSocket
        case .clientCertificate: \.clientCertificate
        case .clientKey: \.clientKey
        default: nil
        }
    }

    /// The text an edit of the row starts from: the request's own value, or nothing where it shows a default.
    public func editText(in editor: RequestEditor) -> String {
        switch self {
        case .expectStatus: editor.expectations.statusCodes.description
        case .expectTypes: editor.expectations.contentTypes?.joined(separator: ", ") ?? ""
        case .caFile: editor.options.tls.caFile ?? ""
        case .uploadRate: editor.options.maxUploadRate.map(RequestOptions.sizeText) ?? ""
        case .downloadRate: editor.options.maxDownloadRate.map(RequestOptions.sizeText) ?? ""
        default:
            if let path = connectionPath {
                editor.connection[keyPath: path] ?? ""
            } else {
                value(in: editor).first?.isNumber == true ? value(in: editor) : ""
            }
        }
    }

    /// The row's value as shown; a connection setting the request does not set shows the one it
    /// `inherits` (its environment's or folders'), marked so.
    public func value(in editor: RequestEditor, inheriting inherited: ConnectionSettings = ConnectionSettings()) -> String {
        let options = editor.options
        let expectations = editor.expectations
        switch self {
        case .expectStatus: return expectations.statusCodes.description
        case .expectTypes: return expectations.contentTypes?.joined(separator: ", ") ?? "from the Accept header"
        case .serializer: return expectations.serializer.map(\.rawValue) ?? "auto (validate, then show as a tree)"
        case .timeout: return options.totalTimeout.map { Self.seconds($0) } ?? "none"
        case .connectTimeout: return options.connectTimeout.map { Self.seconds($0) } ?? "default"
        case .followRedirects: return options.followRedirects ? "yes" : "no"
        case .maxRedirects: return String(options.maxRedirects)
        case .verifyTLS: return options.tls.verifyPeer ? "yes" : "no (insecure: any certificate is accepted)"
        case .caFile: return options.tls.caFile ?? "the system's"
        case .httpVersion: return options.httpVersion.label
        case .uploadRate: return options.maxUploadRate.map { RequestOptions.sizeText($0) + "/s" } ?? "none"
        case .downloadRate: return options.maxDownloadRate.map { RequestOptions.sizeText($0) + "/s" } ?? "none"
        case .decompress: return options.decompress ? "yes" : "no"
        case .defaultHeaders: return options.defaultHeaders == false ? "no (only the request's own, as curl sends)" : "yes"
        case .proxy, .noProxy, .unixSocket, .clientCertificate, .clientKey:
            let path = connectionPath!
            if let own = editor.connection[keyPath: path] { return own }
            if let inherited = inherited[keyPath: path] { return inherited + "  (inherited)" }
            return self == .proxy ? "none (or http_proxy, https_proxy)" : "none"
        }
    }

    /// Toggles or cycles a non-text row.
    public func toggle(_ editor: inout RequestEditor) {
        switch self {
        case .followRedirects: editor.options.followRedirects.toggle()
        case .verifyTLS: editor.options.tls.verifyPeer.toggle()
        case .httpVersion: editor.options.httpVersion = editor.options.httpVersion.cycled(by: 1)
        case .decompress: editor.options.decompress.toggle()
        case .defaultHeaders: editor.options.defaultHeaders = editor.options.defaultHeaders == false ? nil : false
        case .serializer:
            editor.expectations.serializer = (editor.expectations.serializer ?? .auto).cycled(by: 1)
            if editor.expectations.serializer == .auto { editor.expectations.serializer = nil }
        default: break
        }
    }

    /// Sets a text row from what the user typed, or returns why it cannot.
    public func set(_ text: String, in editor: inout RequestEditor) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch self {
        case .timeout, .connectTimeout:
            let value: Double?
            if trimmed.isEmpty || trimmed == "none" || trimmed == "default" {
                value = nil
            } else if let seconds = Double(trimmed), seconds > 0, seconds.isFinite {
                value = seconds
            } else {
                return "\(label): enter a number of seconds greater than 0, or leave it empty"
            }
            if self == .timeout { editor.options.totalTimeout = value } else { editor.options.connectTimeout = value }
        case .maxRedirects:
            guard let count = Int(trimmed), (0...1000).contains(count) else { return "\(label): enter a whole number from 0 to 1000" }
            editor.options.maxRedirects = count
        case .uploadRate, .downloadRate:
            let rate = RequestOptions.parseRate(trimmed)
            guard trimmed.isEmpty || rate != nil else { return "\(label): enter bytes per second such as 500K or 2M, or leave it empty" }
            if self == .uploadRate { editor.options.maxUploadRate = rate } else { editor.options.maxDownloadRate = rate }
        case .caFile:
            editor.options.tls.caFile = trimmed.isEmpty ? nil : trimmed
        case .expectStatus:
            guard let codes = StatusCodeSet(parsing: trimmed.isEmpty ? "200-299" : trimmed) else {
                return "\(label): enter codes or ranges of 100-599, such as 200-299,304"
            }
            editor.expectations.statusCodes = codes
        case .expectTypes:
            let types = trimmed.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard types.allSatisfy({ MediaType($0) != nil }) else {
                return "\(label): enter media types such as application/json, text/*; leave it empty to use the Accept header"
            }
            editor.expectations.contentTypes = types.isEmpty ? nil : types
        default:
            if let path = connectionPath { editor.connection[keyPath: path] = trimmed.isEmpty ? nil : trimmed }
        }
        return nil
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

extension HTTPVersionPreference {
    /// How the Options tab shows the preference.
    var label: String {
        switch self {
        case .automatic: "automatic"
        case .http1_1: "HTTP/1.1"
        case .http2: "HTTP/2"
        case .http2PriorKnowledge: "HTTP/2 only"
        }
    }
}
