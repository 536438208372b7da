import Foundation

/// Ferry's own XML 1.0 well-formedness parser, into the same node table as JSON: elements with
/// their attributes first, then text, CDATA, comments and processing instructions, all with byte
/// ranges. A DOCTYPE is skipped without reading or expanding anything (no external entities);
/// only the five predefined entities and character references are decoded. Whitespace-only text
/// between tags is not kept as a node. Only UTF-8 (and its ASCII subset) is read.
public enum XMLDocumentParser {
    public static let maximumDepth = JSONParser.maximumDepth

    public static func parse(_ bytes: Data) throws(DocumentParseError) -> Document {
        try XMLScanner.document(from: bytes)
    }
}
