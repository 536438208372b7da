import FerryCore
import Foundation

/// A call's answers decoded to JSON as they arrive (on the transport's thread): kept for the
/// response's body up to `keptBytes` (a longer stream's later messages are counted, not kept, so an
/// endless stream costs bounded memory), and passed on as lines of JSON to an observer that asked
/// for them (`ResponseStreamObserver.messageStreamStarted`), a batch per arrival of bytes.
final class GRPCAnswers: @unchecked Sendable {
    /// How much of the answers' JSON the response's body keeps.
    static let keptBytes = 8 << 20

    private let lock = NSLock()
    private let pool: DescriptorPool
    private let type: String
    private let observer: (any ResponseStreamObserver)?
    private var streams = false
    /// The kept messages' JSON, joined with commas.
    private var joined: [UInt8] = []
    private var keptCount = 0
    private var totalCount = 0
    /// Lines of JSON not yet passed on to the observer.
    private var lines: [UInt8] = []
    private var failureValue: String?

    init(pool: DescriptorPool, type: String, observer: (any ResponseStreamObserver)?) {
        self.pool = pool
        self.type = type
        self.observer = observer
    }

    /// Why an answer did not decode (the first one that did not).
    var failure: String? { lock.withLock { failureValue } }

    /// The kept messages as the body's `messages` list holds them, and how many were left out.
    var body: (joined: [UInt8], leftOut: Int) { lock.withLock { (joined, totalCount - keptCount) } }

    /// The answer's head arrived: the observer may ask for the messages.
    func head(_ headers: HTTPHeaders, time: Int64) {
        guard let observer else { return }
        let asks = observer.messageStreamStarted(headers: headers, time: time)
        lock.withLock { streams = asks }
    }

    func add(_ message: [UInt8]) {
        lock.withLock {
            guard failureValue == nil else { return }
            var writer = ProtoJSONWriter(pool: pool)
            let json: String
            do {
                json = try writer.json(of: message, type: type)
            } catch {
                failureValue = "answer \(totalCount + 1) is not a \(type): \(error)"
                return
            }
            totalCount += 1
            if keptCount == totalCount - 1, joined.count + json.utf8.count < Self.keptBytes {
                if keptCount > 0 { joined.append(UInt8(ascii: ",")) }
                joined.append(contentsOf: json.utf8)
                keptCount += 1
            }
            if streams {
                lines.append(contentsOf: json.utf8)  // compact JSON: no line feed inside
                lines.append(UInt8(ascii: "\n"))
            }
        }
    }

    /// Passes the lines gathered since the last time on to the observer.
    func deliver(time: Int64) {
        let batch = lock.withLock {
            defer { lines.removeAll(keepingCapacity: true) }
            return lines
        }
        guard !batch.isEmpty, let observer else { return }
        batch.withUnsafeBytes { observer.responseBodyArrived($0, time: time) }
    }
}
