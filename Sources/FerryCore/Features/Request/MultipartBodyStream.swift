import Foundation

/// Streams a multipart body segment by segment (boundaries and part headers from memory, part
/// bodies from memory, files or streams) as the transport pulls it, so files are never loaded.
///
/// A file whose size is not the one counted into the Content-Length, when opened or while read,
/// stops the upload with `fileChangedDuringUpload` instead of sending a corrupt body.
public final class MultipartBodyStream: BodyStream {
    private let segments: [MultipartFormData.Body]
    private var index = 0
    /// Bytes of the current segment already delivered.
    private var offset: Int64 = 0
    private var open: (any BodyStream)?

    init(segments: [MultipartFormData.Body]) { self.segments = segments }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        var filled = 0
        while filled < buffer.count, index < segments.count {
            let segment = segments[index]
            let remaining = segment.length - offset
            if remaining == 0 {
                try finishSegment(segment)
                continue
            }
            let window = UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<min(buffer.count, filled + Int(clamping: remaining))])
            let count = try read(segment, into: window)
            offset += Int64(count)
            filled += count
        }
        return filled
    }

    private func read(_ segment: MultipartFormData.Body, into window: UnsafeMutableRawBufferPointer) throws -> Int {
        switch segment {
        case .data(let data):
            let start = Int(offset)
            data.withUnsafeBytes { source in
                window.baseAddress!.copyMemory(from: source.baseAddress! + start, byteCount: window.count)
            }
            return window.count
        case .file(let path, let length):
            do {
                let stream = try open ?? Self.openFile(path: path, length: length)
                open = stream
                let count = try stream.read(into: window)
                guard count > 0 else { throw Self.changed(path: path, expected: length, actual: offset) }
                return count
            } catch FerryError.localFile(.changedWhileReading(_, _, let actual)) {
                throw Self.changed(path: path, expected: length, actual: actual)
            } catch FerryError.localFile(.unreadable(_, let error)) {
                throw FerryError.multipartEncodingFailed(reason: .fileNotReadable(path: path, error: error))
            }
        case .stream(_, let makeStream):
            do {
                let stream = try open ?? makeStream()
                open = stream
                let count = try stream.read(into: window)
                guard count > 0 else { throw POSIXError(.ENODATA) }
                return count
            } catch {
                throw FerryError.multipartEncodingFailed(reason: .inputStreamReadFailed(error: error))
            }
        }
    }

    /// Moves past a segment that has delivered its length; a file must be at its end too.
    private func finishSegment(_ segment: MultipartFormData.Body) throws {
        if case .file(let path, let length) = segment {
            var probe: UInt8 = 0
            let extra = try withUnsafeMutableBytes(of: &probe) { byte in
                do {
                    return try (open ?? Self.openFile(path: path, length: length)).read(into: byte)
                } catch FerryError.localFile(.changedWhileReading(_, _, let actual)) {
                    throw Self.changed(path: path, expected: length, actual: actual)
                }
            }
            if extra > 0 { throw Self.changed(path: path, expected: length, actual: length + 1) }
        }
        open = nil
        offset = 0
        index += 1
    }

    private static func openFile(path: String, length: Int64) throws -> FileBodyStream {
        let stream = try FileBodyStream(path: path)
        guard stream.expectedLength == length else { throw changed(path: path, expected: length, actual: stream.expectedLength) }
        return stream
    }

    private static func changed(path: String, expected: Int64, actual: Int64) -> FerryError {
        .multipartEncodingFailed(reason: .fileChangedDuringUpload(path: path, expected: expected, actual: actual))
    }
}
