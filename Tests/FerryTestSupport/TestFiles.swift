import FerryDigest
import Foundation

/// A temporary directory removed when the value goes away.
public final class TemporaryDirectory: Sendable {
    public let path: String

    public init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    public func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    public func write(_ name: String, _ data: Data) throws -> String {
        let target = file(name)
        try data.write(to: URL(fileURLWithPath: target))
        return target
    }
}

/// Lower-case hex SHA-256.
public func sha256Hex(_ data: some DataProtocol) -> String {
    MessageDigest.hash(.sha256, data: data).map { String(format: "%02x", $0) }.joined()
}

/// Lower-case hex SHA-256 of a file, read in pieces.
public func sha256Hex(ofFile path: String) throws -> String {
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    var hasher = MessageDigest(.sha256)
    while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { hasher.update(data: chunk) }
    return hasher.finalize().map { String(format: "%02x", $0) }.joined()
}

/// `xxhsum -H2`'s XXH3-128 of a file (lower-case hex): the reference for the history's body fingerprints.
public func xxhsum128(file path: String) async throws -> String {
    let outcome = await ChildProcess.run("/usr/bin/xxhsum", ["-H2", path], timeout: 60)
    guard outcome.status == 0, let hex = outcome.text.split(separator: " ").first else {
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "xxhsum -H2 \(path): \(outcome.stderr)"])
    }
    return String(hex)
}

/// `xxhsum -H2`'s XXH3-128 of bytes, written to a temporary file first.
public func xxhsum128(_ data: Data) async throws -> String {
    let directory = try TemporaryDirectory()
    return try await xxhsum128(file: try directory.write("bytes", data))
}

/// A 127.0.0.1 port that refuses connections: bound but never listening, and kept bound for the
/// life of the test process, so a server started by a parallel test cannot be given the same port.
public func closedLocalPort() throws -> Int { try boundLocalSocket().port }

/// A 127.0.0.1 port nothing listens on now (bound to port 0, read, released), for a server that
/// cannot pick its own (tinyproxy, `openssl s_server`); it is ready when `acceptsConnections` says so.
public func unusedLocalPort() throws -> Int {
    let (fd, port) = try boundLocalSocket()
    close(fd)
    return port
}

/// True when something accepts TCP connections on 127.0.0.1:`port`.
public func acceptsConnections(port: Int) -> Bool {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    return withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
    }
}

/// A socket connected to 127.0.0.1:`port`, its reads given up after 10 s without a byte.
public func connectedSocket(port: Int) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    let connected = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
    }
    guard connected else {
        close(fd)
        throw POSIXError(.ECONNREFUSED)
    }
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    return fd
}

/// `recv` into `buffer`, tried again when a signal interrupts it: a socket with a receive timeout is
/// never restarted by the kernel (signal(7)), and other tests' child processes bring SIGCHLD.
public func receiveRestarting(_ fd: Int32, _ buffer: inout [UInt8], _ length: Int, flags: Int32 = 0) -> Int {
    while true {
        let count = recv(fd, &buffer, length, flags)
        if count >= 0 || errno != EINTR { return count }
    }
}

/// A TCP socket bound to a free 127.0.0.1 port (not listening), and the port.
private func boundLocalSocket() throws -> (fd: Int32, port: Int) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
    }
    guard bound else {
        close(fd)
        throw POSIXError(.EADDRNOTAVAIL)
    }
    return (fd, Int(UInt16(bigEndian: address.sin_port)))
}
