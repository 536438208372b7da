import SwiftProtobuf

/// A `.proto` file as the parser leaves it: its descriptor with type names still as written, and
/// where each name that the linker resolves was written (for located errors).
struct ProtoParsedFile: Sendable {
    /// A place in the file.
    struct Location: Sendable, Equatable {
        var line: Int
        var column: Int
    }

    var descriptor: Google_Protobuf_FileDescriptorProto
    /// `ProtoParsedFile.key(…)` → where the name was written.
    var locations: [String: Location] = [:]
    /// Where each import statement was written, by the imported path.
    var importLocations: [String: Location] = [:]

    /// The key of a field's type (or an extension's extendee) in `locations`: the scope, the field's name, and the role.
    static func key(scope: String, name: String, role: String) -> String { scope + "\u{0}" + name + "\u{0}" + role }
}
