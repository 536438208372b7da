import Foundation

/// Reads property lists into a `Document` with plist node kinds, keeping dictionary order:
/// binary (`bplist00`, every offset bounds-checked) and XML (through `XMLDocumentParser`).
public enum PropertyListParser {
    public static func parse(_ bytes: Data) throws(DocumentParseError) -> Document {
        if bytes.starts(with: Array("bplist".utf8)) {
            var reader = BinaryPropertyListReader()
            let result = bytes.withUnsafeBytes { raw in
                Result { () throws(DocumentParseError) in try reader.read(raw.bindMemory(to: UInt8.self)) }
            }
            switch result {
            case .success: return reader.builder.finish(bytes)
            case .failure(let error):
                reader.builder.discard()
                throw error
            }
        }
        var mapper = XMLPropertyListMapper(xml: try XMLDocumentParser.parse(bytes))
        do {
            try mapper.map()
        } catch {
            mapper.builder.discard()
            throw error
        }
        return mapper.builder.finish(bytes)
    }
}
