import Foundation

/// Turns a response body into a value, in the shape of Alamofire's `ResponseSerializer`: it sees
/// the request, the response, the body and whatever validation found, and either returns a value
/// or throws a `FerryError.responseSerializationFailed` that wraps the validation error.
public protocol ResponseSerializer: Sendable {
    /// A short name for menus and errors (`json`, `string`…).
    var name: String { get }
    /// Media-type patterns this serializer reads; validation uses them when none were given.
    var acceptableContentTypes: [String] { get }
    /// Status codes whose empty body is a success (AF's emptyDataStatusCodes).
    var emptyResponseCodes: Set<Int> { get }
    /// Request methods whose empty answer is a success.
    var emptyRequestMethods: Set<HTTPMethod> { get }

    func serialize(_ input: ResponseInput) throws -> SerializedValue
}

extension ResponseSerializer {
    public var emptyResponseCodes: Set<Int> { [204, 205, 304] }
    public var emptyRequestMethods: Set<HTTPMethod> { [.head] }

    /// `.empty` when the body is empty and that is allowed for this exchange; throws `inputEmpty`
    /// when it is empty and not allowed; nil when there is a body to read.
    public func emptyValue(for input: ResponseInput) throws -> SerializedValue? {
        guard input.bytes.isEmpty else { return nil }
        if emptyResponseCodes.contains(input.response.status) || emptyRequestMethods.contains(input.method) { return .empty }
        throw FerryError.responseSerializationFailed(reason: .inputEmpty(underlying: input.validationError))
    }
}

/// Everything a serializer gets: the method asked, the response, its body bytes, and the
/// validation error (if any) that a serialization failure must wrap.
public struct ResponseInput: Sendable {
    public var method: HTTPMethod
    public var response: Response
    public var bytes: Data
    public var validationError: FerryError?
    /// True when `bytes` are a mapping of the body's file (`ResponseBody.mappedContents`): a parse
    /// may then give back the pages it has passed.
    public var bytesAreMapping = false

    public init(method: HTTPMethod, response: Response, bytes: Data, validationError: FerryError? = nil) {
        self.method = method
        self.response = response
        self.bytes = bytes
        self.validationError = validationError
    }

    /// The parsed Content-Type, if the response has a valid one.
    public var mediaType: MediaType? { response.headers["Content-Type"].flatMap(MediaType.init) }
}
