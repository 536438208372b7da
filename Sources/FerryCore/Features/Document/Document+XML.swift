import Foundation

extension Document {
    /// Element and attribute names, and processing-instruction targets.
    func xmlName(of index: Int) -> String? {
        let start = Int(table.starts[index])
        let nameStart: Int
        switch NodeKind(rawValue: table.kinds[index])! {
        case .element: nameStart = start + 1
        case .attribute: nameStart = start
        case .processingInstruction: nameStart = start + 2
        default: return nil
        }
        return bytes.withUnsafeBytes { raw in XMLText.name(raw.bindMemory(to: UInt8.self), at: nameStart) }
    }

    /// Decoded text, attribute values, comment and CDATA contents, processing-instruction data.
    func xmlValue(of index: Int) -> String? {
        let start = Int(table.starts[index]), end = Int(table.links[index])
        return bytes.withUnsafeBytes { raw -> String? in
            let p = raw.bindMemory(to: UInt8.self)
            switch NodeKind(rawValue: table.kinds[index])! {
            case .text:
                return XMLText.decode(p, start..<end)
            case .attribute:
                var quote = start
                while p[quote] != UInt8(ascii: "\"") && p[quote] != UInt8(ascii: "'") { quote += 1 }
                return XMLText.decode(p, quote + 1..<end - 1, isAttribute: true)
            case .comment:
                return String(decoding: UnsafeBufferPointer(rebasing: p[start + 4..<end - 3]), as: UTF8.self)
            case .cdata:
                return String(decoding: UnsafeBufferPointer(rebasing: p[start + 9..<end - 3]), as: UTF8.self)
            case .processingInstruction:
                var dataStart = start + 2
                while dataStart < end - 2, XMLText.isNameCharacter(p[dataStart]) { dataStart += 1 }
                while dataStart < end - 2, [0x20, 0x09, 0x0A, 0x0D].contains(p[dataStart]) { dataStart += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: p[dataStart..<end - 2]), as: UTF8.self)
            default:
                return nil
            }
        }
    }
}
