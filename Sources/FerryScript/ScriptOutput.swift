import FerryCore
import Foundation

/// What a script left, read from the compact text `__ferry.finish()` writes (no `JSONDecoder`:
/// it crosses once per script): a line a record, its fields after a one-letter tag, each after a
/// tab, with `\`, tab, newline and NUL escaped as `\\`, `\t`, `\n`, `\0`.
///
///     T passed skipped name [errorName message]    a test (passed, skipped: 1 or 0)
///     C level text                                 a console line
///     V name value / U name                        a variable set / unset
///     E name message line column sourceURL stack   the script's error (empty: absent)
///     S / N [name]                                 the request skipped / the next request (no name: stop)
///     R json                                       the request as the script changed it
public struct ScriptOutput: Sendable {
    var tests: [ScriptOutcome.Test] = []
    var console: [ScriptConsoleLine] = []
    var changes: [String: String?] = [:]
    var error: ScriptOutcome.Thrown?
    var skipRequest = false
    var nextRequest: String??
    var request: ScriptInput.Request?

    /// Reads `text`; nil when it is not what the prelude writes.
    public init?(compact text: String) {
        self.init(compact: text[...])
    }

    /// Reads `text` in place: a record at a time, its fields into one array for them all (read once
    /// a script: no array of lines, none of fields a line).
    public init?(compact text: Substring) {
        var text = text
        let read = text.withUTF8 { bytes in
            guard !bytes.isEmpty else { return true }
            var fields: [String] = []
            fields.reserveCapacity(6)  // a record's most
            tests.reserveCapacity(Self.count(of: UInt8(ascii: "T"), startingLinesIn: bytes))
            var start = 0
            while true {
                var end = start
                while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
                // A one-letter tag, then its fields after a tab each.
                guard end > start, end - start == 1 || bytes[start + 1] == UInt8(ascii: "\t") else { return false }
                fields.removeAll(keepingCapacity: true)
                var field = start + 2
                var at = field
                while at <= end {
                    if at == end || bytes[at] == UInt8(ascii: "\t") {
                        fields.append(Self.unescaped(bytes[field..<at]))
                        field = at + 1
                    }
                    at += 1
                }
                guard add(bytes[start], fields) else { return false }
                if end == bytes.count { return true }
                start = end + 1
            }
        }
        guard read else { return nil }
    }

    /// Takes one record; false when it is malformed.
    private mutating func add(_ tag: UInt8, _ fields: [String]) -> Bool {
        switch (tag, fields.count) {
        case (UInt8(ascii: "T"), 3), (UInt8(ascii: "T"), 5):
            guard let passed = Self.flag(fields[0]), let skipped = Self.flag(fields[1]) else { return false }
            let error = fields.count == 5 ? ScriptOutcome.Thrown(name: fields[3], message: fields[4]) : nil
            tests.append(ScriptOutcome.Test(name: fields[2], passed: passed, skipped: skipped ? true : nil, error: error))
        case (UInt8(ascii: "C"), 2): console.append(ScriptConsoleLine(level: fields[0], text: fields[1]))
        case (UInt8(ascii: "V"), 2): changes[fields[0]] = .some(fields[1])
        case (UInt8(ascii: "U"), 1): changes[fields[0]] = .some(nil)
        case (UInt8(ascii: "E"), 6):
            error = ScriptOutcome.Thrown(
                name: fields[0], message: fields[1], line: Int(fields[2]), column: Int(fields[3]),
                sourceURL: fields[4].isEmpty ? nil : fields[4], stack: fields[5].isEmpty ? nil : fields[5])
        case (UInt8(ascii: "S"), 0): skipRequest = true
        case (UInt8(ascii: "N"), 0): nextRequest = .some(nil)
        case (UInt8(ascii: "N"), 1): nextRequest = .some(fields[0])
        case (UInt8(ascii: "R"), 1):
            guard let changed = try? JSONDecoder().decode(ScriptInput.Request.self, from: Data(fields[0].utf8)) else { return false }
            request = changed
        default: return false
        }
        return true
    }

    /// How many of `bytes`' lines start with `tag`.
    private static func count(of tag: UInt8, startingLinesIn bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = bytes.first == tag ? 1 : 0
        for index in bytes.indices.dropLast() where bytes[index] == UInt8(ascii: "\n") && bytes[index + 1] == tag { count += 1 }
        return count
    }

    private static func flag(_ field: String) -> Bool? { field == "1" ? true : field == "0" ? false : nil }

    /// A field's text with its escapes undone (an unknown escape is kept as written).
    private static func unescaped(_ field: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        guard field.contains(UInt8(ascii: "\\")) else { return String(decoding: field, as: UTF8.self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(field.count)
        var escaped = false
        for byte in field {
            if escaped {
                switch byte {
                case UInt8(ascii: "t"): bytes.append(0x09)
                case UInt8(ascii: "n"): bytes.append(0x0A)
                case UInt8(ascii: "0"): bytes.append(0)
                case UInt8(ascii: "\\"): bytes.append(byte)
                default: bytes += [UInt8(ascii: "\\"), byte]
                }
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else {
                bytes.append(byte)
            }
        }
        if escaped { bytes.append(UInt8(ascii: "\\")) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What the script left, as its outcome (its error located by the engine).
    public var outcome: ScriptOutcome {
        var outcome = ScriptOutcome()
        outcome.tests = tests
        outcome.console = console
        outcome.changes = changes
        outcome.skipRequest = skipRequest
        outcome.nextRequest = nextRequest
        outcome.request = request
        return outcome
    }
}
