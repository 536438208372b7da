import Foundation

/// Writes the exact bytes a request body will send to a file (AFNetworking's
/// `requestWithMultipartFormRequest:writingStreamContentsToFile:`), atomically through `AtomicFile`
/// (without fsync, like `-o` downloads: bodies can be gigabytes).
public enum RequestBodyFile {
    /// Streams `body` into `path`; returns the number of bytes written. On any failure the target is
    /// left as it was and the temporary file is removed.
    @discardableResult
    public static func write(_ body: RequestBody, to path: String) throws -> Int64 {
        try AtomicFile.write(to: path, durable: false) { descriptor in
            var written: Int64 = 0
            guard let stream = try body.makeSource()?.open() else { return written }
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 8)
            defer { buffer.deallocate() }
            while true {
                let count = try stream.read(into: buffer)
                if count == 0 { break }
                try AtomicFile.writeAll(UnsafeRawBufferPointer(rebasing: buffer[..<count]), to: descriptor, path: path)
                written += Int64(count)
            }
            return written
        }
    }
}
