import FerryCore
import Foundation

/// The rows of the Options tab: how the request is carried.
public enum OptionRow: Int, Hashable, Sendable, CaseIterable {
    case timeout, connectTimeout, followRedirects, maxRedirects, verifyTLS, httpVersion

    public var label: String {
        switch self {
        case .timeout: "Timeout (s)"
        case .connectTimeout: "Connect timeout (s)"
        case .followRedirects: "Follow redirects"
        case .maxRedirects: "Max redirects"
        case .verifyTLS: "Verify TLS"
        case .httpVersion: "HTTP version"
        }
    }

    /// True for rows edited as text; the others toggle or cycle.
    public var isText: Bool { self == .timeout || self == .connectTimeout || self == .maxRedirects }

    /// The row's value as shown and edited.
    public func value(in options: RequestOptions) -> String {
        switch self {
        case .timeout: options.totalTimeout.map { Self.seconds($0) } ?? "none"
        case .connectTimeout: options.connectTimeout.map { Self.seconds($0) } ?? "default"
        case .followRedirects: options.followRedirects ? "yes" : "no"
        case .maxRedirects: String(options.maxRedirects)
        case .verifyTLS: options.tls.verifyPeer ? "yes" : "no"
        case .httpVersion: options.httpVersion.label
        }
    }

    /// Toggles or cycles a non-text row.
    public func toggle(_ options: inout RequestOptions) {
        switch self {
        case .followRedirects: options.followRedirects.toggle()
        case .verifyTLS: options.tls.verifyPeer.toggle()
        case .httpVersion: options.httpVersion = options.httpVersion.cycled(by: 1)
        case .timeout, .connectTimeout, .maxRedirects: break
        }
    }

    /// Sets a text row from what the user typed, or returns why it cannot.
    public func set(_ text: String, in options: inout RequestOptions) -> String? {
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
        case .followRedirects, .verifyTLS, .httpVersion:
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
