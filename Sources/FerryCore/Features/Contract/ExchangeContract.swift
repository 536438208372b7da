import Foundation

/// The OpenAPI document an exchange is checked against, with the URL its request went to (which
/// selects the operation; the response's own URL may be a redirect's).
public struct ExchangeContract: Sendable {
    public var contract: OpenAPIContract
    public var url: URL

    public init(_ contract: OpenAPIContract, url: URL) {
        self.contract = contract
        self.url = url
    }
}
