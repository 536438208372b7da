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
            guard let type = message(name), !type.isMapEntry else { continue }
            messages[name] = type.fields.map { field in
                let nested = (field.kind == .message || field.kind == .group) ? self.message(field.typeName) : nil
                return GRPCSchemaOutline.Field(name: field.jsonName, messageType: nested?.isMapEntry == false ? nested?.fullName : nil)
            }
        }
        return GRPCSchemaOutline(methods: methods, messages: messages)
    }
}
