import FerryDigest
import Foundation

/// A SHA-256 of a body, computed on a queue of its own while the transfer thread goes on receiving:
/// bytes are gathered into 1 MiB blocks and handed over, at most `maxPending` at a time (the writer
/// waits beyond that, so memory stays bounded). A body within one block is hashed where it is
/// finished, without a hop to the queue (a run's thousand small bodies).
final class BackgroundDigest: @unchecked Sendable {
    private static let blockSize = 1 << 20
    private static let maxPending = 4
    private lazy var queue = DispatchQueue(label: "ferry.body-digest")
    private let slots = DispatchSemaphore(value: BackgroundDigest.maxPending)
    /// Touched on `queue` only.
    private var digest = MessageDigest(.sha256)
    /// The block being filled, on the writer's thread.
    private var block = Data()
    /// True once a block went to the queue; until then `digest` is the writer's.
    private var handedOver = false

    func update(_ bytes: UnsafeRawBufferPointer) {
        block.append(contentsOf: bytes)
        if block.count >= Self.blockSize { handOver() }
    }

    /// Lower-case hex SHA-256 of everything given, once the queue has hashed it.
    func finalize() -> String {
        guard handedOver else {
            digest.update(data: block)
            return digest.finalize().hexString
        }
        handOver()
        return queue.sync { digest.finalize().hexString }
    }

    private func handOver() {
        guard !block.isEmpty else { return }
        let full = block
        block = Data(capacity: Self.blockSize)
        handedOver = true
        slots.wait()
        queue.async { [self] in
            digest.update(data: full)
            slots.signal()
        }
    }
}
