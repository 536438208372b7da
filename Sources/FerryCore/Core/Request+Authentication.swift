import Foundation

/// The request adapter step: what a request's `authentication` adds when it is sent.
extension Request {
    /// The request as it goes on the wire: its authentication applied (an `Authorization` header
    /// for basic and bearer, unless the request sets one itself; an API key's header or query
    /// parameter; for AWS SigV4 the session token's header and the query in AWS's canonical order).
    /// Digest and AWS signatures are left to the transport. The transport calls it when it sends;
    /// the history and `--dry-run` call it to show what was (or would be) sent.
    public func authenticated() -> Request {
        guard let authentication else { return self }
        var adapted = self
        switch authentication {
        case .basic, .bearer:
            guard let value = authentication.authorization, !headers.contains("Authorization") else { return self }
            adapted.headers.add(name: "Authorization", value: value)
        case .apiKey(let key) where key.placement == .header:
            guard !headers.contains(key.name) else { return self }
            adapted.headers.add(name: key.name, value: key.value)
        case .apiKey(let key):
            let pair = QueryStringEncoder.percentEscaped(key.name) + "=" + QueryStringEncoder.percentEscaped(key.value)
            adapted.url = (try? ParameterEncoding.appendingQuery(pair, to: url)) ?? url
        case .awsSigV4(let signature):
            adapted.url = AWSSignature.canonicallyOrdered(url)
            if let token = signature.sessionToken, !headers.contains("X-Amz-Security-Token") {
                adapted.headers.add(name: "X-Amz-Security-Token", value: token)
            }
        case .digest, .oauth2:
            break
        }
        return adapted
    }
}
