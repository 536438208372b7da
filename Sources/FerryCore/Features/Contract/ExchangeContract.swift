import Foundation

/// The OpenAPI document an exchange is checked against, with the URL its request went to (which
/// selects the operation; the response's own URL may be a redirect's). The operation is matched
/// once, when the exchange begins: the request's check and the response's share it.
public struct ExchangeContract: Sendable {
    public var contract: OpenAPIContract
    public var url: URL
    /// The operation the request's method and URL select and its path values, or the finding that none does.
    let selection: Result<(ContractOperation, [String: String]), ContractFinding>

    public init(_ contract: OpenAPIContract, method: HTTPMethod, url: URL) {
        self.contract = contract
        self.url = url
        selection = contract.selected(method: method, url: url)
    }

    /// `OpenAPIContract.check(request:)` on the operation matched.
    public func check(request: Request) -> ContractVerdict { contract.check(request: request, selection: selection) }

    /// `OpenAPIContract.check(_:method:url:document:)` on the operation matched.
    public func check(_ response: Response, document: Document?) -> ContractVerdict {
        contract.check(response, selection: selection, document: document)
    }
}
