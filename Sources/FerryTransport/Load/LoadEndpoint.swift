import FerryCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A host and port the load's own client connects to: its addresses, resolved once per thread, and
/// the one that last accepted a connection (tried first; the others when it fails, as curl does).
final class LoadEndpoint {
    struct Address {
        var family: Int32
        var bytes: [UInt8]
    }

    let host: String
    let port: Int
    private(set) var addresses: [Address]?
    var preferred = 0

    init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Resolves the name the first time (blocking: once per thread and endpoint); the failure's words when it does not resolve.
    func resolve() -> String? {
        if let addresses, !addresses.isEmpty { return nil }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let code = getaddrinfo(name, String(port), &hints, &list)
        guard code == 0, let list else { return "could not resolve host: \(host) (\(String(cString: gai_strerror(code))))" }
        defer { freeaddrinfo(list) }
        var found: [Address] = []
        var entry: UnsafeMutablePointer<addrinfo>? = list
        while let current = entry {
            if let address = current.pointee.ai_addr {
                let bytes = UnsafeRawBufferPointer(start: address, count: Int(current.pointee.ai_addrlen))
                found.append(Address(family: current.pointee.ai_family, bytes: Array(bytes)))
            }
            entry = current.pointee.ai_next
        }
        guard !found.isEmpty else { return "could not resolve host: \(host) (no address)" }
        addresses = found
        return nil
    }

    /// What a non-blocking connect started with.
    enum Connect {
        case connected(socket: Int32)
        case inProgress(socket: Int32)
        /// The connect failed at once: its errno.
        case failed(Int32)
    }

    /// Starts a non-blocking connect to address `index`.
    func connect(_ index: Int) -> Connect {
        guard let address = addresses?[index] else { return .failed(EINVAL) }
        let socket = Glibc.socket(
            address.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { return .failed(errno) }
        var yes: Int32 = 1
        _ = setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        let result = address.bytes.withUnsafeBytes {
            Glibc.connect(socket, $0.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t($0.count))
        }
        if result == 0 { return .connected(socket: socket) }
        let error = errno
        if error == EINPROGRESS { return .inProgress(socket: socket) }
        close(socket)
        return .failed(error)
    }
}
