/// Describes a pool's symbols as `.proto` text, as `grpcurl describe` does: a service with its
/// methods, a message with its fields, an enum with its values, a method alone.
public struct ProtoDescriber: Sendable {
    let pool: DescriptorPool

    public init(pool: DescriptorPool) { self.pool = pool }

    /// The description of `symbol` (a full name; `Service.Method` or `Service/Method` for a method), or nil.
    public func describe(_ symbol: String) -> String? {
        let name = symbol.hasPrefix(".") ? String(symbol.dropFirst()) : symbol
        if let service = pool.service(name) {
            let methods = service.methods.map { "  " + rpc($0) + "\n" }.joined()
            return "\(name) is a service:\nservice \(Self.shortName(name)) {\n\(methods)}\n"
        }
        if let message = pool.message(name) {
            return "\(name) is a message:\n" + describe(message)
        }
        if let enumType = pool.enumType(name) {
            let values = enumType.values.map { "  \($0.name) = \($0.number);\n" }.joined()
            return "\(name) is an enum:\nenum \(Self.shortName(name)) {\n\(values)}\n"
        }
        if let method = try? pool.method(name.replacingOccurrences(of: "/", with: ".")) {
            return "\(name) is a method:\n" + rpc(method.method) + "\n"
        }
        return nil
    }

    private func rpc(_ method: ProtoService.Method) -> String {
        "rpc \(method.name) ( \(method.clientStreaming ? "stream " : "").\(method.inputType) ) returns ( "
            + "\(method.serverStreaming ? "stream " : "").\(method.outputType) );"
    }

    private func describe(_ message: ProtoMessageType) -> String {
        var lines: [String] = []
        var oneofsOpen: Int?
        for field in message.fields {
            if field.oneofIndex != oneofsOpen {
                if oneofsOpen != nil { lines.append("  }") }
                if let index = field.oneofIndex { lines.append("  oneof \(message.oneofs[index]) {") }
                oneofsOpen = field.oneofIndex
            }
            let indent = field.oneofIndex == nil ? "  " : "    "
            lines.append(indent + declaration(field) + ";")
        }
        if oneofsOpen != nil { lines.append("  }") }
        return "message \(Self.shortName(message.fullName)) {\n" + lines.map { $0 + "\n" }.joined() + "}\n"
    }

    private func declaration(_ field: ProtoField) -> String {
        if field.isRepeated, let entry = pool.message(field.typeName), entry.isMapEntry,
            let key = entry.field(number: 1), let value = entry.field(number: 2)
        {
            return "map<\(typeText(key)), \(typeText(value))> \(field.name) = \(field.number)"
        }
        let label =
            field.isRepeated ? "repeated " : field.hasPresence && field.kind != .message && field.oneofIndex == nil ? "optional " : ""
        return "\(label)\(typeText(field)) \(field.name) = \(field.number)"
    }

    private func typeText(_ field: ProtoField) -> String {
        field.typeName.isEmpty ? "\(field.kind)".replacingOccurrences(of: "Enum", with: "") : "." + field.typeName
    }

    static func shortName(_ fullName: String) -> String { String(fullName.split(separator: ".").last ?? Substring(fullName)) }
}
