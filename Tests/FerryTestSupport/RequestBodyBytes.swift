import FerryCore
import Foundation

/// Every byte a request body yields when read as the transport reads it (empty for no body).
public func bodyBytes(of request: Request) throws -> Data {
    guard let source = try request.body.makeSource() else { return Data() }
    let stream = try source.open()
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = try buffer.withUnsafeMutableBytes { try stream.read(into: $0) }
        if count == 0 { break }
        data.append(contentsOf: buffer[0..<count])
    }
    return data
}
