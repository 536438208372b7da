/// A violation as one line a person reads: `✗ /pets/0/id (3:12): expected integer, found string
/// [#/components/schemas/Pet/properties/id/type]`.
public enum SchemaViolationText {
    public static func line(_ violation: SchemaViolation, in document: Document) -> String {
        let (line, column) = document.lineAndColumn(of: violation.offset)
        let pointer = violation.instancePointer.isEmpty ? "(root)" : violation.instancePointer
        return TerminalSafeText.escaping("✗ \(pointer) (\(line):\(column)): \(violation.message) [\(violation.schemaLocation)]")
    }
}
