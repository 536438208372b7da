import FerryCore

extension DescriptorPool {
    /// The pool's methods and the fields of its message types, for completion (`GRPCSchemaOutline`);
    /// the reflection service's own methods are left out.
    public var outline: GRPCSchemaOutline {
        var methods: [String: String] = [:]
        for name in serviceNames where !name.hasPrefix("grpc.reflection.") {
            for method in service(name)?.methods ?? [] { methods[name + "/" + method.name] = method.inputType }
        }
        var messages: [String: [GRPCSchemaOutline.Field]] = [:]
        for name in messageNames {
            guard let type = message(name), !type.isMapEntry, WellKnownType(rawValue: name) == nil else { continue }
            messages[name] = type.fields.map(outlined)
        }
        return GRPCSchemaOutline(methods: methods, messages: messages)
    }

    /// A field as completion sees it: a map as its value's kind, a message with a JSON form of its
    /// own (a well-known type: a Timestamp is a string) as a scalar, an enum with its value names.
    private func outlined(_ field: ProtoField) -> GRPCSchemaOutline.Field {
        var valueField = field
        let entry = (field.kind == .message || field.kind == .group) ? message(field.typeName) : nil
        if let entry, entry.isMapEntry, let value = entry.fields.first(where: { $0.number == 2 }) { valueField = value }
        var outlined = GRPCSchemaOutline.Field(name: field.jsonName, isMap: entry?.isMapEntry == true)
        switch valueField.kind {
        case .message, .group:
            if WellKnownType(rawValue: valueField.typeName) == nil, message(valueField.typeName) != nil {
                outlined.messageType = valueField.typeName
            }
        case .enum:
            if valueField.typeName != "google.protobuf.NullValue" {
                outlined.enumValues = enumType(valueField.typeName)?.values.map(\.name) ?? []
            }
        default: break
        }
        return outlined
    }
}
