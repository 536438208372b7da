/// Where a cursor is in JSON being typed, for field completion: the keys of the objects that hold it
/// (lists are passed through: a list's objects are its field's type), and what is typed so far when
/// the cursor is where an object's key goes, or where a value goes (of a key, or in its list).
public struct JSONCursorScope: Sendable, Equatable {
    /// The keys leading from the outermost object to the one holding the cursor.
    public var path: [String]
    /// The key (or value) typed so far (inside its opening quote), empty right after `{`, `,`, `:` or `[`.
    public var prefix: String
    /// True when the key's (or value's) opening quote is typed.
    public var inString: Bool
    /// The keys the object holding the cursor already has.
    public var present: Set<String>
    /// When the cursor is where a value goes rather than a key: the key it is the value of (an
    /// element of a list being the value of the list's key), in the object `path` leads to.
    public var valueOf: String?

    /// The scope at the end of `text`; nil when the cursor is neither where a key goes nor at the
    /// start of a value.
    public init?(before text: String) {
        /// An open object (with the key its value is being given, once a `:` followed it) or list.
        struct Frame {
            var isObject: Bool
            var key: String?
            var expectsKey: Bool
            var keys: Set<String> = []
            /// The key (of the enclosing object) this object or list is the value of.
            var parentKey: String?
            /// True where a value starts: after `:` in an object, after `[` or `,` in a list.
            var expectsValue = false
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
                if closed {
                    lastString = String(string)
                    if !frames.isEmpty, !frames[frames.count - 1].expectsKey { frames[frames.count - 1].expectsValue = false }
                } else {
                    open = String(string)
                }
            case "{", "[":
                let parent = frames.last.map { $0.isObject ? $0.key : $0.parentKey } ?? nil
                if !frames.isEmpty { frames[frames.count - 1].expectsValue = false }
                frames.append(
                    Frame(isObject: scalar == "{", key: nil, expectsKey: scalar == "{", parentKey: parent, expectsValue: scalar == "["))
            case "}", "]":
                _ = frames.popLast()
            case ":":
                if frames.last?.isObject == true {
                    frames[frames.count - 1].key = lastString
                    frames[frames.count - 1].expectsKey = false
                    frames[frames.count - 1].expectsValue = true
                    if let lastString { frames[frames.count - 1].keys.insert(lastString) }
                }
            case ",":
                if frames.last?.isObject == true {
                    frames[frames.count - 1].key = nil
                    frames[frames.count - 1].expectsKey = true
                } else if !frames.isEmpty {
                    frames[frames.count - 1].expectsValue = true
                }
            case " ", "\n", "\r", "\t":
                continue
            default:
                if frames.last?.expectsKey == true { return nil }  // a bare word where a key goes: not JSON
                if !frames.isEmpty { frames[frames.count - 1].expectsValue = false }
            }
            if scalar != "\"" { lastString = nil }
        }
        guard let last = frames.last else { return nil }
        if last.expectsValue {
            guard let key = last.isObject ? last.key : last.parentKey else { return nil }
            valueOf = key
        } else {
            guard last.isObject, last.expectsKey else { return nil }
            if open == nil, lastString != nil { return nil }  // a key written, its `:` not yet
        }
        path = frames.filter(\.isObject).compactMap(\.parentKey)
        prefix = open ?? ""
        inString = open != nil
        present = last.keys
    }
}
