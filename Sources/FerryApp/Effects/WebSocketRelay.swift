import FerryCore
import FerryTUI
import Foundation
import Synchronization

/// One WebSocket of the TUI: opens the connection off the UI thread and posts its handshake, each
/// message both ways (secrets redacted) and its end to the UI loop; sends what the composer gives;
/// closes it on Esc, or when its task is cancelled; and hands the session, its transcript as the
/// body, to be recorded in the history when it ends.
final class WebSocketRelay: Sendable {
    /// The largest file the composer sends as one binary message.
    static let maximumFileSize = 64 << 20

    private let id: Int
    private let inbox: MessageInbox
    private let redaction: Redaction
    private let connection = Mutex<(any WebSocketConnection)?>(nil)
    private let transcript = Mutex(WebSocketTranscript())
    /// Messages relayed and not yet taken by the UI loop: at most `backlog` of the newest, the older
    /// ones counted; `posted` while a message that takes them is in the inbox.
    private let outbox = Mutex<(messages: [WebSocketMessage], skipped: WebSocketSkipped, posted: Bool)>(([], WebSocketSkipped(), false))
    /// The most messages waiting for the UI loop (as many as the Events tab keeps).
    static let backlog = 10_000
    /// Messages that arrived while one of ours was being written: they are relayed after it, so an
    /// echo never shows before what it echoes.
    private let held = Mutex<(writing: Int, messages: [WebSocketMessage])>((0, []))

    init(id: Int, inbox: MessageInbox, redaction: Redaction) {
        self.id = id
        self.inbox = inbox
        self.redaction = redaction
    }

    /// Opens the WebSocket of `url` with `open` and relays it until it ends; `ended` gets the session,
    /// its transcript the body (or the failure to open it).
    func run(
        url: String, _ open: () async throws -> any WebSocketConnection, ended: (Result<Response, FerryError>) -> Void
    ) async {
        let started = ContinuousClock.now
        let opened: any WebSocketConnection
        do {
            opened = try await open()
        } catch {
            inbox.post(
                .requestFailed(id: id, redaction.redact(ErrorChain(error)), elapsed: Double(Self.elapsedMicroseconds(since: started)) / 1e6)
            )
            ended(.failure(error as? FerryError ?? .explicitlyCancelled))
            return
        }
        connection.withLock { $0 = opened }
        inbox.post(
            .webSocketOpened(
                id: id, .webSocket(redaction.redact(WebSocketTranscript().response(of: opened, url: url, ended: opened.handshake.time)))))
        await withTaskCancellationHandler {
            for await message in opened.received {
                let relayNow = held.withLock { held in
                    if held.writing > 0 { held.messages.append(message) }
                    return held.writing == 0
                }
                if relayNow { relay([message]) }
            }
        } onCancel: {
            close()
        }
        connection.withLock { $0 = nil }
        // A write under way when the connection ended (our close) relays what it held back first.
        let deadline = ContinuousClock.now + .seconds(2)
        while held.withLock({ $0.writing }) > 0, ContinuousClock.now < deadline, !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(5))
        }
        let elapsed = Self.elapsedMicroseconds(since: started)
        let response = transcript.withLock { $0.response(of: opened, url: url, ended: elapsed) }
        inbox.post(.webSocketEnded(id: id, .webSocket(redaction.redact(response))))
        ended(.success(response))
    }

    /// Sends the composer's message; it shows as sent (↑) once it went, or a notice says why it did not.
    func send(_ outgoing: WebSocketOutgoing) {
        guard let connection = connection.withLock({ $0 }) else {
            inbox.post(.notice("the WebSocket is closed: nothing was sent"))
            return
        }
        Task {
            do {
                let (kind, data) = try Self.payload(of: outgoing)
                try await writing { try await connection.send(kind, data) }
            } catch {
                inbox.post(.notice("✗ " + redaction.redact(ErrorChain(error)).line))
            }
        }
    }

    /// Sends a close (1000); the server's answer ends the session.
    func close() {
        guard let connection = connection.withLock({ $0 }) else { return }
        Task { try? await writing { await connection.close(code: 1000, reason: "") } }
    }

    /// Writes one message and relays it, then what arrived meanwhile.
    private func writing(_ write: () async throws -> WebSocketMessage) async throws {
        held.withLock { $0.writing += 1 }
        var written: [WebSocketMessage] = []
        defer {
            let arrived = held.withLock { held in
                held.writing -= 1
                defer { if held.writing == 0 { held.messages = [] } }
                return held.writing == 0 ? held.messages : []
            }
            relay(written + arrived)
        }
        written = [try await write()]
    }

    private func relay(_ messages: [WebSocketMessage]) {
        guard !messages.isEmpty else { return }
        transcript.withLock { transcript in messages.forEach { transcript.append($0) } }
        let shown = messages.map { message in
            var shown = message
            shown.data = redaction.redact(message.data)
            shown.closeReason = message.closeReason.map(redaction.redact)
            return shown
        }
        let post = outbox.withLock { outbox in
            outbox.messages += shown
            let excess = outbox.messages.count - Self.backlog
            if excess > 0 {
                for dropped in outbox.messages.prefix(excess) {
                    if dropped.direction == .sent { outbox.skipped.sent += 1 } else { outbox.skipped.received += 1 }
                    outbox.skipped.bytes += Int64(dropped.data.count)
                }
                outbox.messages.removeFirst(excess)
            }
            defer { outbox.posted = true }
            return !outbox.posted
        }
        guard post else { return }
        inbox.post { [self] in
            let (messages, skipped) = outbox.withLock { outbox in
                defer { outbox = ([], WebSocketSkipped(), false) }
                return (outbox.messages, outbox.skipped)
            }
            return messages.isEmpty && skipped.count == 0 ? nil : .webSocketMessages(id: id, messages, skipped: skipped)
        }
    }

    /// The opcode and bytes of what the composer gave: text, or a file's bytes as binary.
    private static func payload(of outgoing: WebSocketOutgoing) throws -> (WebSocketMessage.Kind, Data) {
        switch outgoing {
        case .text(let text):
            return (.text, Data(text.utf8))
        case .file(let path):
            let expanded = (path as NSString).expandingTildeInPath
            let size = (try? FileManager.default.attributesOfItem(atPath: expanded)[.size] as? Int) ?? nil
            if let size, size > maximumFileSize {
                throw FerryError.invalidRequest(
                    reason: .invalidArgument(
                        name: "@\(path)",
                        problem:
                            "is \(ByteCountText.format(Int64(size))): a message of up to \(ByteCountText.format(Int64(maximumFileSize))) is sent"
                    ))
            }
            do {
                return (.binary, try Data(contentsOf: URL(fileURLWithPath: expanded)))
            } catch {
                throw FerryError.localFile(reason: .unreadable(path: expanded, error: error))
            }
        }
    }

    private static func elapsedMicroseconds(since start: ContinuousClock.Instant) -> Int64 {
        let elapsed = ContinuousClock.now - start
        return elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
    }
}
