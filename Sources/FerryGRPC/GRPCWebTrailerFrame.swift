import FerryCore

/// gRPC-Web's trailer frame: the status and the server's trailing metadata as HTTP/1.1-style
/// `name: value` lines, ending the body. A name or value written as a Python bytes literal
/// (`b'grpc-status': b'0'`, as sonora 0.2 writes a unary call's trailers) is read for what it holds.
enum GRPCWebTrailerFrame {
    /// The fields of a trailer frame's payload, which starts at `offset` in the body.
    static func fields(of payload: [UInt8], offset: Int) throws(ProtoCodecError) -> HTTPHeaders {
        var fields = HTTPHeaders()
        let text = String(decoding: payload, as: UTF8.self)
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
                throw ProtoCodecError(
                    "the gRPC-Web trailer frame has a line that is not \"name: value\": \"\(line.prefix(60))\"", offset: offset)
            }
            let name = unwrapped(String(line[..<colon]).trimmingWhitespace())
            fields.add(name: name.lowercased(), value: unwrapped(String(line[line.index(after: colon)...]).trimmingWhitespace()))
        }
        return fields
    }

    /// `b'text'` → `text`; anything else as it is.
    private static func unwrapped(_ text: String) -> String {
        guard text.count >= 3, text.hasPrefix("b'"), text.hasSuffix("'") else { return text }
        return String(text.dropFirst(2).dropLast())
    }
}
