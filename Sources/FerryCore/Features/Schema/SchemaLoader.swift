/// Brings the schema document at an absolute URI (no fragment) for a `$ref` to another document:
/// a file relative to the schema's own, within the folder it may read, or a test's fixtures.
/// Returns nil when it does not serve that URI; throws to say why it refuses (outside the folder, unreadable).
public typealias SchemaLoader = @Sendable (_ uri: String) throws -> Document?
