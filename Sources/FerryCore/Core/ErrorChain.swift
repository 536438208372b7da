import Foundation

/// One link of an error chain, ready to show: outermost first.
public struct ErrorLink: Sendable, Hashable, Codable {
    /// The pipeline stage (`request`, `transport`, `file`, `cancelled`, or `system` for foreign errors).
    public var stage: String
    /// A stable machine name for the reason (`hostNotFound`, `unreadable`…).
    public var reason: String
    /// One line a person can read.
    public var message: String
    /// The values involved, in a fixed order.
    public var details: [Detail]

    public struct Detail: Sendable, Hashable, Codable {
        public var name: String
        public var value: String
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(stage: String, reason: String, message: String, details: [Detail] = []) {
        self.stage = stage
        self.reason = reason
        self.message = message
        self.details = details
    }
}

/// An error walked outward → inward through `underlyingError`.
public struct ErrorChain: Sendable, Hashable, Codable {
    public var links: [ErrorLink]

    /// A chain already walked (one read back from the history).
    public init(links: [ErrorLink]) { self.links = links }

    public init(_ error: any Error) {
        var links: [ErrorLink] = []
        var current: (any Error)? = error
        while let error = current, links.count < 16 {
            if let ferry = error as? FerryError {
                links.append(ferry.link)
                current = ferry.underlyingError
            } else {
                links.append(ErrorLink(foreign: error))
                current = nil
            }
        }
        self.links = links
    }

    /// The chain's messages on one line, outermost first (`a: b: c`), for a status line or a notice.
    public var line: String { links.map(\.message).joined(separator: ": ") }

    /// The chain as an indented list, one link a line, for a terminal or a log.
    public var rendered: String {
        links.enumerated().map { index, link in
            let indent = String(repeating: "  ", count: index)
            let arrow = index == 0 ? "" : "↳ "
            let details = link.details.isEmpty ? "" : " (" + link.details.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + ")"
            return "\(indent)\(arrow)\(link.stage): \(link.message)\(details)"
        }.joined(separator: "\n")
    }
}

extension ErrorLink {
    /// A link for an error that is not a `FerryError` (a check's problem, POSIX, Foundation…).
    init(foreign error: any Error) {
        if let problem = error as? CheckProblem {
            self.init(stage: "check", reason: "problem", message: problem.description)
        } else if let posix = error as? POSIXError {
            self.init(
                stage: "system", reason: "posix", message: String(cString: strerror(posix.code.rawValue)),
                details: [Detail("errno", "\(posix.code.rawValue)")])
        } else {
            let nsError = error as NSError
            self.init(
                stage: "system", reason: nsError.domain, message: nsError.localizedDescription,
                details: [Detail("code", "\(nsError.code)")])
        }
    }
}
