/// `/records/:n`: a JSON document of about n bytes — an object holding an array of API-like records
/// (strings with escapes and text beyond ASCII, integers, decimals, booleans, nulls, nested objects
/// and arrays) — for trying large responses in the Tree and for the response-side benchmarks.
/// The same n and seed give the same document.
enum DemoRecords {
    /// The largest document served (it is built in memory).
    static let maximumSize = 256 << 20
    private static let words = ["ferry", "harbour", "tide", "Fähre", "渡し船", "⛴", "quay", "knot", "rope", "deck", "sail", "stern"]

    static func reply(for request: DemoRequest, size argument: String?) -> DemoReply {
        guard let size = argument.flatMap(Int.init), (0...maximumSize).contains(size) else {
            return .text("the size must be 0 to \(maximumSize) bytes\n", status: .badRequest)
        }
        let seed = request.queryValue("seed").flatMap(UInt64.init) ?? 0
        return .data(document(size: size, seed: seed), type: "application/json")
    }

    /// The document: records are added until it holds at least `size` bytes (written as bytes: 1 MB in
    /// about a millisecond, so a fetch times the transfer rather than the server).
    static func document(size: Int, seed: UInt64) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(size + 512)
        out += #"{"generator": "ferry demo", "records": ["#.utf8
        let source = SeededBytes(seed: seed)
        var random = [UInt8](repeating: 0, count: 16)
        var index = 0
        while out.count < size {
            if index > 0 { out += ",\n".utf8 }
            random.withUnsafeMutableBytes { source.fill($0, from: index * 16) }
            appendRecord(index, random: random, to: &out)
            index += 1
        }
        out += "\n]}\n".utf8
        return out
    }

    private static func appendRecord(_ index: Int, random bytes: [UInt8], to out: inout [UInt8]) {
        func word(_ at: Int) -> String { words[Int(bytes[at]) % words.count] }
        out += #"{"id": "#.utf8
        out += String(index).utf8
        out += #", "name": ""#.utf8
        out += word(0).utf8
        out += " ".utf8
        out += word(1).utf8
        out += " #".utf8
        out += String(index).utf8
        out += bytes[9] & 1 == 1 ? #"", "active": true, "score": "#.utf8 : #"", "active": false, "score": "#.utf8
        out += String((Int(bytes[2]) << 8 | Int(bytes[3])) - 32_768).utf8
        out += ".".utf8
        out += String(bytes[13] % 100).utf8
        out += #", "count": "#.utf8
        out += String(Int(bytes[14]) * 1_000_003 + Int(bytes[15])).utf8
        out += #", "tags": ["#.utf8
        for tag in 0..<Int(bytes[4] % 5) {
            out += tag == 0 ? "\"".utf8 : ", \"".utf8
            out += word(5 + tag).utf8
            out += "\"".utf8
        }
        out += #"], "owner": {"email": "user"#.utf8
        out += String(index).utf8
        out +=
            bytes[10] < 77
            ? #"@example.com", "note": null}, "history": ["#.utf8
            : #"@example.com", "note": "says \"hi\"\n\ttabbed"}, "history": ["#.utf8
        for step in 0..<Int(bytes[11] % 4) {
            out += step == 0 ? #"{"at": "#.utf8 : #", {"at": "#.utf8
            out += String(1_700_000_000 + step * 60).utf8
            out += #", "delta": "#.utf8
            out += String(Int(bytes[12 + step]) - 128).utf8
            out += "}".utf8
        }
        out += "]}".utf8
    }
}
