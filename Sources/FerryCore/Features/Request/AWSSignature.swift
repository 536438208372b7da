import Foundation

/// AWS Signature Version 4 as curl's `--aws-sigv4 aws:amz:REGION:SERVICE -u KEY:SECRET` signs:
/// the request is signed by the transport when it is sent, with the time it is sent.
public struct AWSSignature: Sendable, Hashable {
    /// curl's first two provider fields, `aws:amz` for AWS (they name the header prefix and algorithm).
    public var provider: String
    public var region: String
    public var service: String
    public var accessKey: String
    public var secretKey: String
    /// A temporary credential's token, sent as `X-Amz-Security-Token`.
    public var sessionToken: String?

    public init(
        provider: String = "aws:amz", region: String, service: String, accessKey: String, secretKey: String, sessionToken: String? = nil
    ) {
        self.provider = provider
        self.region = region
        self.service = service
        self.accessKey = accessKey
        self.secretKey = secretKey
        self.sessionToken = sessionToken
    }

    /// curl's `--aws-sigv4` argument: `aws:amz:REGION:SERVICE`.
    public var curlProvider: String { "\(provider):\(region):\(service)" }

    /// Reads curl's `--aws-sigv4` argument (`aws:amz:REGION:SERVICE`) and the `KEY:SECRET[:TOKEN]` of `-u`.
    public init?(curlProvider: String, user: String) {
        let fields = curlProvider.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let keys = user.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 4, !fields.contains(where: \.isEmpty), keys.count >= 2 else { return nil }
        self.init(
            provider: "\(fields[0]):\(fields[1])", region: fields[2], service: fields[3], accessKey: keys[0], secretKey: keys[1],
            sessionToken: keys.count == 3 ? keys[2] : nil)
    }

    /// `url` with its query's pairs in the order AWS's canonical request lists them (by name, then
    /// value). curl 7.88 signs the query as it is written, so a query in another order would be
    /// signed differently from how AWS checks it; sent in this order, the two agree.
    public static func canonicallyOrdered(_ url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false), let query = components.percentEncodedQuery,
            !query.isEmpty
        else {
            return url
        }
        let pairs = query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            let equals = pair.firstIndex(of: "=") ?? pair.endIndex
            return (name: String(pair[..<equals]), whole: String(pair))
        }
        components.percentEncodedQuery = pairs.sorted { ($0.name, $0.whole) < ($1.name, $1.whole) }.map(\.whole).joined(separator: "&")
        return components.url ?? url
    }
}
