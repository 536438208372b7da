import FerryCore

extension Parameters {
    /// The member `key` of an object.
    func member(_ key: String) -> Parameters? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// An object's members in order; empty for anything else.
    var members: [(key: String, value: Parameters)] {
        guard case .object(let members) = self else { return [] }
        return members
    }

    var text: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    var items: [Parameters]? {
        guard case .array(let items) = self else { return nil }
        return items
    }

    var numberValue: Double? {
        guard case .number(let text) = self else { return nil }
        return Double(text)
    }

    var isTrue: Bool {
        guard case .bool(let flag) = self else { return false }
        return flag
    }
}

/// JSON pointers (RFC 6901): their tokens escaped and followed.
enum JSONPointer {
    static func escape(_ token: String) -> String {
        token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// The value at `pointer` (`/components/schemas/Pet`) in `root`.
    static func value(at pointer: String, in root: Parameters) -> Parameters? {
        var value = root
        for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = String(token).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            let decoded = key.removingPercentEncoding ?? key
            switch value {
            case .object: guard let next = value.member(decoded) else { return nil }; value = next
            case .array(let items): guard let index = Int(decoded), items.indices.contains(index) else { return nil }; value = items[index]
            default: return nil
            }
        }
        return value
    }
}
