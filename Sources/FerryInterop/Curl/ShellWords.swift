/// Splits pasted shell text into commands and their words as a POSIX shell would: `'…'`, `"…"`
/// (with `\"`, `\\`, `\$`, `` \` `` and line continuations), ANSI-C `$'…'` strings, backslash
/// escapes, `\`-newline continuations and `#` comments. A command ends at an unquoted newline,
/// `;`, `&`, `&&`, `||` or `|`. Redirections are taken out of the words: `< file`, `<<DELIMITER`
/// here-documents and `<<<` here-strings give the command's standard input; output redirections are
/// dropped. Nothing is expanded: a variable (`$TOKEN`, `${TOKEN}`, unquoted or in double quotes)
/// becomes Ferry's `{{TOKEN}}`, named in the command's `variables`, for the user to give a value;
/// `\$TOKEN`, `'$TOKEN'` and `$1`, `$?` stay as written.
struct ShellWords {
    /// One command: its words and the line it starts on (1-based).
    struct Command: Equatable {
        var words: [String]
        var line: Int
        /// A here-document's or here-string's text.
        var standardInput: String?
        /// The file `< file` reads standard input from.
        var inputFile: String?
        /// The shell variables the words name, in order (`$TOKEN` is `{{TOKEN}}` in its word).
        var variables: [String] = []
    }

    /// A quote left open, with where it was opened.
    struct UnterminatedQuote: Error, Equatable {
        var line: Int
        var column: Int
        var quote: Character
    }

    static func commands(in text: String) throws(UnterminatedQuote) -> [Command] {
        var parser = ShellWords(text)
        return try parser.run()
    }

    /// The commands of an imported file `source`; an unclosed quote is the import's problem, placed.
    static func commands(in text: String, source: String) throws(ImportProblem) -> [Command] {
        do {
            return try commands(in: text)
        } catch {
            throw ImportProblem(
                source: source, place: "line \(error.line), column \(error.column)", "the \(error.quote) quote opened here is never closed")
        }
    }

    private let characters: [Character]
    private var index = 0
    private var line = 1
    private var column = 1
    private var commands: [Command] = []
    private var commandLine = 1
    private var words: [String] = []
    /// What the next word is the target of, after a redirection operator.
    private var redirection: Redirection?
    /// A here-document whose text starts on the next line.
    private var hereDocument: (delimiter: String, stripsTabs: Bool)?
    private var standardInput: String?
    private var inputFile: String?
    private var variables: [String] = []

    private enum Redirection {
        case inputFile, output, hereString, hereDocument(stripsTabs: Bool)
    }
    private var word = ""
    /// True once the current word has begun (so `''` makes an empty word).
    private var inWord = false
    /// The line the current word began on.
    private var wordLine = 1

    private init(_ text: String) {
        // "\r\n" is one Character in Swift; a pasted Windows line ending is a newline here.
        characters = Array(text.replacingOccurrences(of: "\r\n", with: "\n"))
    }

    private mutating func run() throws(UnterminatedQuote) -> [Command] {
        while let character = peek() {
            switch character {
            case " ", "\t":
                advance()
                endWord()
            case "\n":
                advance()
                endWord()
                if hereDocument != nil { readHereDocument() }
                endCommand()
            case ";":
                advance()
                endCommand()
            case "&" where peek(1) == ">":
                advance()
                advance()
                if peek() == ">" { advance() }
                endWord()
                redirection = .output
            case "&", "|":
                advance()
                if peek() == "&" || peek() == "|" { advance() }
                endCommand()
            case "<":
                advance()
                endWord()
                if peek() == "<", peek(1) == "<" {
                    advance()
                    advance()
                    redirection = .hereString
                } else if peek() == "<" {
                    advance()
                    let stripsTabs = peek() == "-"
                    if stripsTabs { advance() }
                    redirection = .hereDocument(stripsTabs: stripsTabs)
                } else {
                    redirection = .inputFile
                }
            case ">":
                advance()
                if peek() == ">" || peek() == "|" { advance() }
                if inWord, !word.isEmpty, word.allSatisfy(\.isNumber) { word = ""; inWord = false }  // `2>`: a descriptor number
                endWord()
                redirection = .output
            case "#" where !inWord:
                while let next = peek(), next != "\n" { advance() }
            case "\\":
                advance()
                guard let escaped = peek() else { break }
                advance()
                if escaped != "\n" { append(escaped) }
            case "'":
                try singleQuoted()
            case "\"":
                try doubleQuoted()
            case "$" where peek(1) == "'":
                try ansiQuoted()
            case "$" where Self.startsVariable(peek(1)):
                beginWord()
                takeVariable()
            case "`",
                "$" where peek(1) == "(":
                try substitution()
            default:
                advance()
                append(character)
            }
        }
        endCommand()
        return commands
    }

    // MARK: - Quotes

    private mutating func singleQuoted() throws(UnterminatedQuote) {
        let opened = (line, column)
        beginWord()
        advance()
        while let character = peek() {
            advance()
            if character == "'" { return }
            word.append(character)
        }
        throw UnterminatedQuote(line: opened.0, column: opened.1, quote: "'")
    }

    private mutating func doubleQuoted() throws(UnterminatedQuote) {
        let opened = (line, column)
        beginWord()
        advance()
        while let character = peek() {
            if character == "$", Self.startsVariable(peek(1)) {
                takeVariable()
                continue
            }
            advance()
            switch character {
            case "\"":
                return
            case "\\":
                guard let next = peek() else { break }
                if next == "\n" {
                    advance()
                } else if ["\"", "\\", "$", "`"].contains(next) {
                    advance()
                    word.append(next)
                } else {
                    word.append("\\")
                }
            default:
                word.append(character)
            }
        }
        throw UnterminatedQuote(line: opened.0, column: opened.1, quote: "\"")
    }

    /// `$'…'`: backslash escapes as C writes them.
    private mutating func ansiQuoted() throws(UnterminatedQuote) {
        let opened = (line, column)
        advance()
        beginWord()
        advance()
        while let character = peek() {
            advance()
            if character == "'" { return }
            guard character == "\\", let next = peek() else {
                word.append(character)
                continue
            }
            advance()
            switch next {
            case "n": word.append("\n")
            case "t": word.append("\t")
            case "r": word.append("\r")
            case "a": word.append("\u{07}")
            case "b": word.append("\u{08}")
            case "e", "E": word.append("\u{1B}")
            case "f": word.append("\u{0C}")
            case "v": word.append("\u{0B}")
            case "x": appendScalar(hexDigits: 2)
            case "u": appendScalar(hexDigits: 4)
            case "U": appendScalar(hexDigits: 8)
            case "0"..."7": appendOctal(first: next)
            default: word.append(next)  // \\ \' \" \? and anything else: the character itself
            }
        }
        throw UnterminatedQuote(line: opened.0, column: opened.1, quote: "'")
    }

    private mutating func appendScalar(hexDigits: Int) {
        var digits = ""
        while digits.count < hexDigits, let next = peek(), next.isHexDigit {
            digits.append(next)
            advance()
        }
        if let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) {
            // \xHH is a byte; taken as Latin-1/ASCII here (curl commands carry text).
            word.unicodeScalars.append(scalar)
        } else {
            word += hexDigits == 2 ? "\\x" + digits : "\\u" + digits
        }
    }

    private mutating func appendOctal(first: Character) {
        var digits = String(first)
        while digits.count < 3, let next = peek(), ("0"..."7").contains(next) {
            digits.append(next)
            advance()
        }
        if let value = UInt32(digits, radix: 8), let scalar = Unicode.Scalar(value) { word.unicodeScalars.append(scalar) }
    }

    /// A command substitution, `` `…` `` or `$(…)`, kept as written: it is not run.
    private mutating func substitution() throws(UnterminatedQuote) {
        let opened = (line, column)
        beginWord()
        let closing: Character = peek() == "`" ? "`" : ")"
        var depth = 0
        if closing == ")" {
            append("$")
            advance()
        }
        append(peek()!)
        advance()
        while let character = peek() {
            advance()
            word.append(character)
            if closing == ")", character == "(" { depth += 1 }
            if character == closing {
                if depth == 0 { return }
                depth -= 1
            }
        }
        throw UnterminatedQuote(line: opened.0, column: opened.1, quote: closing == "`" ? "`" : "(")
    }

    // MARK: - Words and commands

    /// True when `character`, after a `$`, starts a variable's name (or `${…}`).
    private static func startsVariable(_ character: Character?) -> Bool {
        guard let character else { return false }
        return character == "{" || character == "_" || (character.isASCII && character.isLetter)
    }

    /// `$NAME` or `${NAME}` at the `$`: appended as `{{NAME}}` and noted.
    private mutating func takeVariable() {
        advance()
        let braced = peek() == "{"
        if braced { advance() }
        var name = ""
        while let next = peek(), next == "_" || (next.isASCII && (next.isLetter || next.isNumber)) {
            name.append(next)
            advance()
        }
        if braced, peek() == "}" { advance() }
        word += "{{\(name)}}"
        if !variables.contains(name) { variables.append(name) }
    }

    private mutating func beginWord() {
        if !inWord { wordLine = line }
        inWord = true
    }

    private mutating func append(_ character: Character) {
        beginWord()
        word.append(character)
    }

    private mutating func endWord() {
        guard inWord else { return }
        defer {
            word = ""
            inWord = false
        }
        if let target = redirection {
            redirection = nil
            switch target {
            case .inputFile: inputFile = word
            case .output: break
            case .hereString: standardInput = word + "\n"
            case .hereDocument(let stripsTabs): hereDocument = (word, stripsTabs)
            }
            return
        }
        if words.isEmpty { commandLine = wordLine }
        words.append(word)
    }

    /// The lines up to the here-document's delimiter line, as the command's standard input.
    private mutating func readHereDocument() {
        guard let (delimiter, stripsTabs) = hereDocument else { return }
        hereDocument = nil
        var lines: [String] = []
        while peek() != nil {
            var line = ""
            while let character = peek(), character != "\n" {
                line.append(character)
                advance()
            }
            if peek() == "\n" { advance() }
            if stripsTabs { line = String(line.drop { $0 == "\t" }) }
            if line == delimiter { break }
            lines.append(line)
        }
        standardInput = lines.map { $0 + "\n" }.joined()
    }

    private mutating func endCommand() {
        endWord()
        if !words.isEmpty {
            commands.append(
                Command(words: words, line: commandLine, standardInput: standardInput, inputFile: inputFile, variables: variables))
        }
        words = []
        variables = []
        redirection = nil
        standardInput = nil
        inputFile = nil
    }

    private func peek(_ offset: Int = 0) -> Character? {
        index + offset < characters.count ? characters[index + offset] : nil
    }

    private mutating func advance() {
        if characters[index] == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }
}
