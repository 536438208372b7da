import SwiftProtobuf

/// What a field of a file's syntax is when it says nothing: proto2's fields have presence and are
/// written unpacked, proto3's have none (unless `optional`) and are packed; an editions file's come
/// from its features — the edition's defaults (explicit presence, packed), then the file's, each
/// enclosing message's and the field's own `features` options, the innermost winning.
struct ProtoFieldDefaults: Sendable, Equatable {
    /// Singular scalars have no presence (a default value is not written, nor shown).
    var implicitPresence: Bool
    /// Repeated scalars are packed unless `[packed = false]`.
    var packed: Bool

    init(implicitPresence: Bool, packed: Bool) {
        self.implicitPresence = implicitPresence
        self.packed = packed
    }

    /// A file's defaults, its own features applied.
    init(file: Google_Protobuf_FileDescriptorProto) {
        switch file.syntax {
        case "proto3": self.init(implicitPresence: true, packed: true)
        case "editions": self = Self(implicitPresence: false, packed: true).applying(file.options.features)
        default: self.init(implicitPresence: false, packed: false)
        }
    }

    /// These defaults with `features` (a message's or a field's) applied where they say something.
    func applying(_ features: Google_Protobuf_FeatureSet) -> Self {
        var result = self
        if features.hasFieldPresence { result.implicitPresence = features.fieldPresence == .implicit }
        if features.hasRepeatedFieldEncoding { result.packed = features.repeatedFieldEncoding == .packed }
        return result
    }
}
