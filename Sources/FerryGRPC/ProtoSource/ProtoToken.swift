/// One token of a `.proto` file and where it starts.
struct ProtoToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case identifier
        case integer
        case float
        /// A string literal; `text` holds its source, `bytes` its value (escapes resolved).
        case string
        /// One punctuation character.
        case symbol
        case end
    }

    var kind: Kind
    var text: String
    /// A string literal's value, adjacent literals joined.
    var bytes: [UInt8] = []
    var line: Int
    var column: Int

    func isSymbol(_ character: Character) -> Bool { kind == .symbol && text.first == character }
    func isWord(_ word: String) -> Bool { kind == .identifier && text == word }
}
