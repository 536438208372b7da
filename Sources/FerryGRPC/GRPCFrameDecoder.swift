import FerryCore
import Foundation

/// Cuts a gRPC body into its length-prefixed messages as bytes arrive: a flag byte (1 when the
/// message is compressed; gRPC-Web's trailer frame sets 0x80), a 4-byte big-endian length, the message.
///
/// A length past `maximumMessageSize` is refused when its prefix arrives, before anything is
/// allocated for it; a flag byte other than 0 or 1 is a malformed frame. Offsets count from the
/// body's first byte.
public struct GRPCFrameDecoder: Sendable {
    public struct Frame: Sendable, Equatable {
        public var compressed: Bool
        /// gRPC-Web's last frame: the trailers as `name: value` lines rather than a message.
        public var isTrailers = false
        public var message: [UInt8]
        /// Where the frame's prefix starts in the body.
        public var offset: Int

        public init(compressed: Bool, isTrailers: Bool = false, message: [UInt8], offset: Int) {
            self.compressed = compressed
            self.isTrailers = isTrailers
            self.message = message
            self.offset = offset
        }
    }

    public let maximumMessageSize: Int
    /// Whether a trailer frame (gRPC-Web's) may come.
    public let allowsTrailers: Bool
    private var buffer: [UInt8] = []
    /// Body offset of `buffer`'s first byte.
    private var bufferOffset = 0

    public init(maximumMessageSize: Int = 4 << 20, allowsTrailers: Bool = false) {
        self.maximumMessageSize = maximumMessageSize
        self.allowsTrailers = allowsTrailers
    }

    /// Bytes received and not yet part of a whole frame.
    public var pendingBytes: Int { buffer.count }

    /// Takes the next bytes of the body and returns the frames they complete.
    public mutating func append(_ bytes: some Collection<UInt8>) throws(ProtoCodecError) -> [Frame] {
        buffer.append(contentsOf: bytes)
        var frames: [Frame] = []
        var start = 0
        while buffer.count - start >= 5 {
            let flag = buffer[start]
            guard flag & (allowsTrailers ? 0x7E : 0xFE) == 0 else {
                let expected = allowsTrailers ? "0, 1, 0x80 or 0x81" : "0 or 1"
                throw ProtoCodecError(
                    "malformed gRPC frame: its flag byte is \(flag) (\(expected) expected); is this a gRPC server?",
                    offset: bufferOffset + start)
            }
            let length = buffer[(start + 1)..<(start + 5)].reduce(0) { $0 << 8 | Int($1) }
            guard length <= maximumMessageSize else {
                throw ProtoCodecError(
                    "a gRPC message of \(length) bytes is larger than the limit of \(maximumMessageSize) bytes (--max-message-size)",
                    offset: bufferOffset + start)
            }
            guard buffer.count - start - 5 >= length else { break }
            frames.append(
                Frame(
                    compressed: flag & 1 == 1, isTrailers: flag & 0x80 != 0, message: Array(buffer[(start + 5)..<(start + 5 + length)]),
                    offset: bufferOffset + start))
            start += 5 + length
        }
        if start > 0 {
            buffer.removeFirst(start)
            bufferOffset += start
        }
        return frames
    }

    /// A compressed frame's message, by the answer's `grpc-encoding`: refused when the encoding is
    /// not one Ferry offers, or the frame does not decompress, or grows past `limit` bytes.
    public static func decompressed(_ frame: Frame, encoding: String?, limit: Int) throws(ProtoCodecError) -> [UInt8] {
        let name = encoding?.trimmingCharacters(in: .whitespaces).lowercased() ?? "identity"
        guard let compression = GRPCCompression(rawValue: name) else {
            throw ProtoCodecError(
                "the server compressed a message with \"\(name)\", which Ferry does not offer (gzip, deflate)", offset: frame.offset)
        }
        do {
            return try GRPCMessageCompression.decompress(frame.message, compression, limit: limit)
        } catch {
            throw ProtoCodecError(error.problem, offset: frame.offset)
        }
    }

    /// A message framed for the wire, compressed when asked (its flag byte then 1).
    public static func frame(_ message: [UInt8], compression: GRPCCompression? = nil) -> [UInt8] {
        let payload = compression.map { GRPCMessageCompression.compress(message, $0) } ?? message
        let length = UInt32(payload.count)
        let flag: UInt8 = compression == nil ? 0 : 1
        return [flag, UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + payload
    }
}
