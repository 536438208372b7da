import FerryCore
import Foundation

/// The rows of the Options tab: how the request is carried, and what is expected of the response.
public enum OptionRow: Int, Hashable, Sendable, CaseIterable {
    case timeout, connectTimeout, followRedirects, maxRedirects, verifyTLS, httpVersion
    case expectStatus, expectTypes, serializer

    public var label: String {
        switch self {
        case .timeout: "Timeout (s)"
        case .connectTimeout: "Connect timeout (s)"
        case .followRedirects: "Follow redirects"
        case .maxRedirects: "Max redirects"
        case .verifyTLS: "Verify TLS"
        case .httpVersion: "HTTP version"
        case .expectStatus: "Accept status"
        case .expectTypes: "Accept types"
        case .serializer: "Read body as"
        }
    }

    /// True for rows edited as text; the others toggle or cycle.
    public var isText: Bool { ![.followRedirects, .verifyTLS, .httpVersion, .serializer].contains(self) }

    /// The text an edit of the row starts from: the value, or nothing where it shows a default.
    public func editText(in options: RequestOptions, _ expectations: ResponseExpectations) -> String {
        switch self {
        case .expectStatus: expectations.statusCodes.description
        case .expectTypes: expectations.contentTypes?.joined(separator: ", ") ?? ""
        default: value(in: options, expectations).first?.isNumber == true ? value(in: options, expectations) : ""
        }
    }

    /// The row's value as shown.
    public func value(in options: RequestOptions, _ expectations: ResponseExpectations) -> String {
        switch self {
        case .expectStatus: expectations.statusCodes.description
        case .expectTypes: expectations.contentTypes?.joined(separator: ", ") ?? "from the Accept header"
        case .serializer: expectations.serializer.map(\.rawValue) ?? "auto (validate, then show as a tree)"
        case .timeout: options.totalTimeout.map { Self.seconds($0) } ?? "none"
        case .connectTimeout: options.connectTimeout.map { Self.seconds($0) } ?? "default"
        case .followRedirects: options.followRedirects ? "yes" : "no"
        case .maxRedirects: String(options.maxRedirects)
        case .verifyTLS: options.tls.verifyPeer ? "yes" : "no"
        case .httpVersion: options.httpVersion.label
        }
    }

    /// Toggles or cycles a non-text row.
    public func toggle(_ options: inout RequestOptions, _ expectations: inout ResponseExpectations) {
        switch self {
        case .followRedirects: options.followRedirects.toggle()
        case .verifyTLS: options.tls.verifyPeer.toggle()
        case .httpVersion: options.httpVersion = options.httpVersion.cycled(by: 1)
        case .serializer: expectations.serializer = (expectations.serializer ?? .auto).cycled(by: 1)
            if expectations.serializer == .auto { expectations.serializer = nil }
        case .timeout, .connectTimeout, .maxRedirects, .expectStatus, .expectTypes: break
        }
    }

    /// Sets a text row from what the user typed, or returns why it cannot.
    public func set(_ text: String, in options: inout RequestOptions, _ expectations: inout ResponseExpectations) -> String? {
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
            if self == .timeout { options.totalTimeout = value } else { options.connectTimeout = value }
        case .maxRedirects:
            guard let count = Int(trimmed), (0...1000).contains(count) else { return "\(label): enter a whole number from 0 to 1000" }
            options.maxRedirects = count
        case .expectStatus:
            guard let codes = StatusCodeSet(parsing: trimmed.isEmpty ? "200-299" : trimmed) else {
                return "\(label): enter codes or ranges of 100-599, such as 200-299,304"
            }
            expectations.statusCodes = codes
        case .expectTypes:
            let types = trimmed.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard types.allSatisfy({ MediaType($0) != nil }) else {
                return "\(label): enter media types such as application/json, text/*; leave it empty to use the Accept header"
            }
            expectations.contentTypes = types.isEmpty ? nil : types
        case .followRedirects, .verifyTLS, .httpVersion, .serializer:
            break
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
        }
    }
}
