/// Tries serializers in order; the first success wins (AFCompoundResponseSerializer).
/// When all fail, the error names them all and wraps the last failure.
public struct CompoundResponseSerializer: ResponseSerializer {
    public let serializers: [any ResponseSerializer]
    public let name: String

    public init(_ serializers: [any ResponseSerializer]) {
        self.serializers = serializers
        name = serializers.map(\.name).joined(separator: "|")
    }

    public var acceptableContentTypes: [String] {
        var seen: [String] = []
        for pattern in serializers.flatMap(\.acceptableContentTypes) where !seen.contains(pattern) { seen.append(pattern) }
        return seen
    }

    public func serialize(_ input: ResponseInput) throws -> SerializedValue {
        var lastFailure: FerryError?
        for serializer in serializers {
            do {
                return try serializer.serialize(input)
            } catch let error as FerryError {
                lastFailure = error
            }
        }
        throw FerryError.responseSerializationFailed(
            reason: .noSerializerSucceeded(tried: serializers.map(\.name), underlying: lastFailure))
    }
}
