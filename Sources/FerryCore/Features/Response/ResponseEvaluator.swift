import Foundation

/// Validation, then serialization, as AFNetworking orders them: a response whose content type is
/// rejected is never parsed; a parse failure wraps what validation found; a status failure alone
/// still yields the parsed value (so a 404's JSON body can be browsed) next to the error.
public struct ResponseEvaluator: Sendable {
    public var validator: ResponseValidator
    public var serializer: any ResponseSerializer
    /// The response answers a GraphQL request: the `errors` of its JSON join the chain.
    public var readsGraphQLErrors: Bool

    public init(validator: ResponseValidator = ResponseValidator(), serializer: any ResponseSerializer, readsGraphQLErrors: Bool = false) {
        self.validator = validator
        self.serializer = serializer
        self.readsGraphQLErrors = readsGraphQLErrors
    }

    /// What evaluation found. `response` has its timeline's `serialize` phase filled in.
    public struct Evaluation: Sendable {
        public var response: Response
        public var value: SerializedValue?
        public var error: FerryError?
    }

    public func evaluate(_ response: Response, method: HTTPMethod) -> Evaluation {
        let validation = validator.validate(response, serializerTypes: serializer.acceptableContentTypes)
        guard !validation.contentTypeRejected else {
            return Evaluation(response: response, value: nil, error: validation.error)
        }
        let clock = ContinuousClock()
        let started = clock.now
        var evaluation = Evaluation(response: response, value: nil, error: validation.error)
        do {
            let (bytes, isMapping) = try response.body.mappedContents()
            if readsGraphQLErrors, case let errors = GraphQLResponseError.errors(in: bytes), !errors.isEmpty {
                evaluation.error = .responseValidationFailed(reason: .graphQLErrors(errors, underlying: validation.error))
            }
            var input = ResponseInput(method: method, response: response, bytes: bytes, validationError: validation.error)
            input.bytesAreMapping = isMapping
            evaluation.value = try serializer.serialize(input)
        } catch let error as FerryError {
            evaluation.error = error
        } catch {
            evaluation.error = .responseSerializationFailed(
                reason: .noSerializerSucceeded(tried: [serializer.name], underlying: validation.error))
        }
        let elapsed = clock.now - started
        evaluation.response.timeline[.serialize] =
            elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
        return evaluation
    }
}
