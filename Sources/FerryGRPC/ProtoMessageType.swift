import SwiftProtobuf

/// A message type of a `DescriptorPool`: its fields by number and by name.
public struct ProtoMessageType: Sendable {
    public let fullName: String
    /// In declaration order.
    public let fields: [ProtoField]
    /// The names of its real oneofs, by index.
    public let oneofs: [String]
    /// A map field's synthetic entry type (`key` = 1, `value` = 2).
    public let isMapEntry: Bool
    let byNumber: [Int: Int]
    let byName: [String: Int]

    init(_ message: Google_Protobuf_DescriptorProto, fullName: String, defaults: ProtoFieldDefaults) {
        self.fullName = fullName
        fields = message.field.map { ProtoField($0, defaults: defaults) }
        oneofs = message.oneofDecl.map(\.name)
        isMapEntry = message.options.mapEntry
        var byNumber: [Int: Int] = [:]
        var byName: [String: Int] = [:]
        for (index, field) in fields.enumerated() {
            byNumber[field.number] = index
            byName[field.jsonName] = index
            byName[field.name] = index
        }
        self.byNumber = byNumber
        self.byName = byName
    }

    public func field(number: Int) -> ProtoField? { byNumber[number].map { fields[$0] } }

    /// The field a JSON key names: its JSON name or its proto name.
    public func field(named name: String) -> ProtoField? { byName[name].map { fields[$0] } }
}

/// An enum type of a `DescriptorPool`.
public struct ProtoEnumType: Sendable {
    public let fullName: String
    /// In declaration order (aliases included).
    public let values: [(name: String, number: Int32)]

    public func name(of number: Int32) -> String? { values.first { $0.number == number }?.name }
    public func number(of name: String) -> Int32? { values.first { $0.name == name }?.number }
}

/// A service of a `DescriptorPool` and its methods.
public struct ProtoService: Sendable {
    public struct Method: Sendable {
        public let name: String
        /// Full names, without the leading dot.
        public let inputType: String
        public let outputType: String
        public let clientStreaming: Bool
        public let serverStreaming: Bool
    }

    public let fullName: String
    public let methods: [Method]
    /// The file that declares it.
    public let file: String
}
