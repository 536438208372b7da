import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes the exact bytes a request body will send to a file (AFNetworking's
/// `requestWithMultipartFormRequest:writingStreamContentsToFile:`), atomically: the bytes go to a
/// temporary file beside the target, renamed over it only when complete.
public enum RequestBodyFile {
    /// Streams `body` into `path`; returns the number of bytes written. On any failure the target is
    /// left as it was and the temporary file is removed.
    @discardableResult
    public static func write(_ body: RequestBody, to path: String) throws -> Int64 {
        let directory = (path as NSString).deletingLastPathComponent
        var template = Array(((directory.isEmpty ? "." : directory) as NSString).appendingPathComponent(".ferry-body-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw unwritable(path, POSIXError.current) }
        let temporary = String(cString: template)
        var renamed = false
        defer {
            close(descriptor)
            if !renamed { unlink(temporary) }
        }
        var written: Int64 = 0
        if let stream = try body.makeSource()?.open() {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 8)
            defer { buffer.deallocate() }
            while true {
                let count = try stream.read(into: buffer)
                if count == 0 { break }
                var start = 0
                while start < count {
                    let result = Glibc.write(descriptor, buffer.baseAddress! + start, count - start)
                    guard result >= 0 else { throw unwritable(path, POSIXError.current) }
                    start += result
                }
                written += Int64(count)
            }
        }
        guard fchmod(descriptor, 0o644) == 0, rename(temporary, path) == 0 else { throw unwritable(path, POSIXError.current) }
        renamed = true
        return written
    }

    private static func unwritable(_ path: String, _ error: POSIXError) -> FerryError {
        .localFile(reason: .unwritable(path: path, error: error))
    }
}
