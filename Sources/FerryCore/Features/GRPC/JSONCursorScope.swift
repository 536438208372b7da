/// Where a cursor is in JSON being typed, for field completion: the keys of the objects that hold it
/// (lists are passed through: a list's objects are its field's type) and the name typed so far when
/// the cursor is where an object's key goes.
public struct JSONCursorScope: Sendable, Equatable {
    /// The keys leading from the outermost object to the one holding the cursor.
    public var path: [String]
    /// The key typed so far (inside its opening quote), empty right after `{` or `,`.
    public var prefix: String
    /// True when the key's opening quote is typed.
    public var inString: Bool
    /// The keys the object holding the cursor already has.
    public var present: Set<String>

    /// The scope at the end of `text`; nil when the cursor is not where a key goes.
    public init?(before text: String) {
        /// An open object (with the key its value is being given, once a `:` followed it) or list.
        struct Frame {
            var isObject: Bool
            var key: String?
            var expectsKey: Bool
            var keys: Set<String> = []
            /// The key (of the enclosing object) this object or list is the value of.
            var parentKey: String?
        }
        var frames: [Frame] = []
        var lastString: String?
        var open: String?
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\"":
                var string = String.UnicodeScalarView()
                var closed = false
                while index < scalars.count {
                    let next = scalars[index]
                    index += 1
                    if next == "\\", index < scalars.count {
                        string.append(scalars[index])
                        index += 1
                    } else if next == "\"" {
                        closed = true
                        break
                    } else {
                        string.append(next)
                    }
                }
                if closed { lastString = String(string) } else { open = String(string) }
            case "{", "[":
                let parent = frames.last.map { $0.isObject ? $0.key : $0.parentKey } ?? nil
                frames.append(Frame(isObject: scalar == "{", key: nil, expectsKey: scalar == "{", parentKey: parent))
            case "}", "]":
                _ = frames.popLast()
            case ":":
                if frames.last?.isObject == true {
                    frames[frames.count - 1].key = lastString
                    frames[frames.count - 1].expectsKey = false
                    if let lastString { frames[frames.count - 1].keys.insert(lastString) }
                }
            case ",":
                if frames.last?.isObject == true {
                    frames[frames.count - 1].key = nil
                    frames[frames.count - 1].expectsKey = true
                }
            case " ", "\n", "\r", "\t":
                continue
            default:
                if frames.last?.expectsKey == true { return nil }  // a bare word where a key goes: not JSON
            }
            if scalar != "\"" { lastString = nil }
        }
        guard let last = frames.last, last.isObject, last.expectsKey else { return nil }
        if open == nil, lastString != nil { return nil }  // a key written, its `:` not yet
        path = frames.filter(\.isObject).compactMap(\.parentKey)
        prefix = open ?? ""
        inString = open != nil
        present = last.keys
    }
}
