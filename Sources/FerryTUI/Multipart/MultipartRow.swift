/// One part of the Multipart tab, written as `ferry send -F` takes it: `name=value` or
/// `name=@path[;type=mime][;filename=name]`; sent only when enabled.
public struct MultipartRow: Hashable, Sendable {
    public var line: String
    public var enabled: Bool

    public init(_ line: String, enabled: Bool = true) {
        self.line = line
        self.enabled = enabled
    }
}
