import FerryCore

/// The messages of grpcurl's `-d`: JSON objects one after another, as grpcurl reads them (white
/// space or nothing between them). Bounded: at most `maximumMessages`, each parsed by Ferry's own
/// JSON parser, which says where a message is malformed.
enum GRPCurlMessages {
    static let maximumMessages = 10_000

    /// The messages; throws naming the message and the problem.
    static func split(_ text: String) throws(GRPCurlProblem) -> [Parameters] {
        var messages: [Parameters] = []
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            if [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "{") else {
                throw GRPCurlProblem(word: "-d", "message \(messages.count + 1) does not start with `{` (at byte \(index))")
            }
            let end = objectEnd(bytes, from: index)
            guard let end else {
                throw GRPCurlProblem(word: "-d", "message \(messages.count + 1) is not closed (it starts at byte \(index))")
            }
            guard messages.count < maximumMessages else { throw GRPCurlProblem(word: "-d", "holds more than \(maximumMessages) messages") }
            let slice = String(decoding: bytes[index..<end], as: UTF8.self)
            do {
                messages.append(try Parameters(json: slice))
            } catch {
                throw GRPCurlProblem(word: "-d", "message \(messages.count + 1) is not JSON: \(error)")
            }
            index = end
        }
        return messages
    }

    /// The index after the object starting at `start`, skipping strings; nil when it never closes.
    private static func objectEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var depth = 0
        var inString = false
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { return index + 1 }
            }
            index += 1
        }
        return nil
    }
}
