import CZlib
import FerryCore

/// gRPC's message compression through zlib: gzip (RFC 1952) and deflate (zlib's format, RFC 1950),
/// one message at a time. Decompressing stops at a limit, so a small frame cannot grow into
/// gigabytes (the message-size limit applies to the message, not to its compressed frame).
enum GRPCMessageCompression {
    /// The `windowBits` zlib takes for each format: 15 for zlib's, +16 for gzip's.
    private static func windowBits(_ compression: GRPCCompression) -> Int32 { compression == .gzip ? 31 : 15 }

    static func compress(_ message: [UInt8], _ compression: GRPCCompression) -> [UInt8] {
        var stream = z_stream()
        guard ferry_deflateInit2(&stream, Z_DEFAULT_COMPRESSION, windowBits(compression)) == Z_OK else { return message }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(message.count))))
        var input = message
        let written = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                _ = deflate(&stream, Z_FINISH)  // the bound leaves room for it all: Z_STREAM_END
                return target.count - Int(stream.avail_out)
            }
        }
        return Array(output.prefix(written))
    }

    /// The message a compressed frame holds; throws when it is not `compression`'s format, is cut
    /// short, or grows past `limit` bytes.
    static func decompress(_ frame: [UInt8], _ compression: GRPCCompression, limit: Int) throws(ProtoCodecError) -> [UInt8] {
        var stream = z_stream()
        guard ferry_inflateInit2(&stream, windowBits(compression)) == Z_OK else { throw ProtoCodecError("zlib could not start") }
        defer { inflateEnd(&stream) }
        var input = frame
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        var status = Z_OK
        input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            while status == Z_OK, output.count <= limit {
                chunk.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = uInt(target.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    output.append(contentsOf: target.prefix(target.count - Int(stream.avail_out)))
                }
                if status == Z_BUF_ERROR, stream.avail_in == 0 { break }  // the input ended before the stream did
            }
        }
        guard output.count <= limit else {
            throw ProtoCodecError(
                "a \(compression.rawValue)-compressed gRPC message grows past the limit of \(limit) bytes (--max-message-size)")
        }
        guard status == Z_STREAM_END else {
            let reason = status == Z_OK || status == Z_BUF_ERROR ? "it is cut short" : "it is not \(compression.rawValue) data"
            throw ProtoCodecError("a \(compression.rawValue)-compressed gRPC message does not decompress: \(reason)")
        }
        return output
    }
}
