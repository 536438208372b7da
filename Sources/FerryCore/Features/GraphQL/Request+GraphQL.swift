import Foundation

extension Request {
    /// The GraphQL endpoint this request goes to, the key its schema is kept under: the URL,
    /// without the query string of the GET form.
    public var graphQLEndpoint: String {
        guard method == .get, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        components.query = nil
        return components.string ?? url.absoluteString
    }
}
