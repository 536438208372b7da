/// The serializers a person can pick by name (`ferry send --as`, the TUI's Options tab).
public enum SerializerKind: String, CaseIterable, Hashable, Sendable {
    case auto, json, xml, plist, string, data, image

    /// The serializer; `removeNulls` applies to JSON documents (also when `auto` picks JSON).
    public func serializer(removeNulls: Bool) -> any ResponseSerializer {
        let json = JSONResponseSerializer(removeNullValues: removeNulls)
        return switch self {
        case .auto: AutoResponseSerializer(json: json)
        case .json: json
        case .xml: XMLResponseSerializer()
        case .plist: PropertyListResponseSerializer()
        case .string: StringResponseSerializer()
        case .data: DataResponseSerializer()
        case .image: ImageResponseSerializer()
        }
    }
}
