import Foundation

/// A `BodyStream` over bytes in memory.
public final class DataBodyStream: BodyStream {
    private let data: Data
    private var offset = 0

    public init(_ data: Data) { self.data = data }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(buffer.count, data.count - offset)
        guard count > 0 else { return 0 }
        data.withUnsafeBytes { source in
            buffer.baseAddress!.copyMemory(from: source.baseAddress! + offset, byteCount: count)
        }
        offset += count
        return count
    }
}
