import Foundation

extension GRPCStatus {
    /// A detail as JSON: its message decoded when `pool` knows its type (`{"@type": URL, fields…}`),
    /// else its type URL and base64 bytes.
    public func detailJSON(_ detail: Detail, pool: DescriptorPool) -> String {
        let typeName = String(detail.typeURL.split(separator: "/").last ?? "")
        var line = "{\"@type\":"
        ProtoJSONWriter.appendString(detail.typeURL, to: &line)
        var writer = ProtoJSONWriter(pool: pool)
        if pool.message(typeName) != nil, let text = try? writer.json(of: detail.bytes, type: typeName) {
            return line + (text == "{}" ? "}" : "," + text.dropFirst())
        }
        return line + ",\"bytes\":\"\(Data(detail.bytes).base64EncodedString())\"}"
    }

    /// The status as a JSON object: `{"code":5,"name":"NOT_FOUND","message":"…"}`, with its
    /// `details` when it has any.
    public func json(pool: DescriptorPool) -> String {
        var out = "{\"code\":\(code),\"name\":\"\(codeName)\",\"message\":"
        ProtoJSONWriter.appendString(message, to: &out)
        if !details.isEmpty { out += ",\"details\":[" + details.map { detailJSON($0, pool: pool) }.joined(separator: ",") + "]" }
        return out + "}"
    }
}
