import FerryDigest
import Foundation

/// A SHA-256 of a body, computed on a queue of its own while the transfer thread goes on receiving:
/// bytes are gathered into 1 MiB blocks and handed over, at most `maxPending` at a time (the writer
/// waits beyond that, so memory stays bounded).
final class BackgroundDigest: @unchecked Sendable {
    private static let blockSize = 1 << 20
    private static let maxPending = 4
    private let queue = DispatchQueue(label: "ferry.body-digest")
    private let slots = DispatchSemaphore(value: BackgroundDigest.maxPending)
    /// Touched on `queue` only.
    private var digest = MessageDigest(.sha256)
    /// The block being filled, on the writer's thread.
    private var block = Data(capacity: BackgroundDigest.blockSize)

    func update(_ bytes: UnsafeRawBufferPointer) {
        block.append(contentsOf: bytes)
        if block.count >= Self.blockSize { handOver() }
    }

    /// Lower-case hex SHA-256 of everything given, once the queue has hashed it.
    func finalize() -> String {
        handOver()
        return queue.sync { digest.finalize().hexString }
    }

    private func handOver() {
        guard !block.isEmpty else { return }
        let full = block
        block = Data(capacity: Self.blockSize)
        slots.wait()
        queue.async { [self] in
            digest.update(data: full)
            slots.signal()
        }
    }
}
