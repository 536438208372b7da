import FerryCore
import FerrySession
import FerryStore
import Foundation

/// `ferry send ws://…`: opens the WebSocket, sends each line of standard input as a text message,
/// and prints what arrives as it arrives — text messages as lines (on a terminal escaped), other
/// messages and the close as notes on stderr — or, with `--json`, every message both ways as one
/// JSON object per line, then a last line for the connection. When standard input ends and the
/// connection has been quiet for `lingering` (answers to the last messages may still be coming), a
/// close (1000) is sent, unless `--keep-open`; Ctrl-C sends one and exits 130. A connection dropped
/// without a close, or closed for a message too big (1009), exits 2. The session is recorded in the
/// history as one entry: the handshake, and the messages as a JSON Lines transcript (`WebSocketTranscript`).
struct WebSocketSession {
    /// The last `--json` line: the connection as a whole.
    struct ConnectionLine: Encodable {
        struct Part: Encodable {
            var url: String
            var status: Int
            var headers: [ExchangeReport.Field]
            var handshakeMs: Double
            var sent: Int
            var received: Int
            var closeCode: Int?
            var closeReason: String?
        }
        var websocket: Part
        var exitCode: Int32
    }

    /// How long the connection must be quiet after standard input ends before the close is sent.
    static let lingering: Duration = .seconds(1)

    let request: Request
    let printer: ResponsePrinter
    let json: Bool
    let include: Bool
    let keepOpen: Bool
    /// Where the request came from, for the history; nil: the session is not recorded (`--no-history`).
    let origin: HistoryOrigin?

    /// Opens the WebSocket through `pipeline` (its cookie jar and credentials) and records the
    /// session there when it ends.
    func run(through pipeline: ExchangePipeline) async -> ExitStatus {
        let started = Date()
        let connection: any WebSocketConnection
        var redaction = printer.redaction
        do {
            connection = try await pipeline.openWebSocket(request, redaction: &redaction)
        } catch {
            let failure = error as? FerryError ?? .explicitlyCancelled
            printer.printError(failure)
            record(.failure(failure), started: started, redaction: redaction, in: pipeline)
            return ExitStatus(for: failure)
        }
        let handshake = connection.handshake
        if include, !json { printer.printHead(statusLine: "HTTP/1.1 \(handshake.status) Switching Protocols", headers: handshake.headers) }
        let counts = Counts()
        let interrupted = LockedFlagValue()
        let sender = Task { await sendStandardInput(over: connection, counts: counts) }
        let interrupt = InterruptHandler {
            interrupted.set()
            Task { counts.sentOne(await connection.close(code: 1000, reason: "interrupted")) }
        }
        defer { interrupt.cancel() }
        var close: WebSocketMessage?
        for await message in connection.received {
            // The close we sent is shown and written down before the answer to it, whichever task runs first.
            if message.kind == .close, counts.isClosing { await sender.value }
            counts.receivedOne(message)
            show(message)
            if message.kind == .close { close = message }
        }
        // The sender may still be writing a line it sent (a large one, to a slow reader): the summary
        // comes after it, and the process does not end in the middle of it.
        sender.cancel()
        await sender.value
        let ended = Int64(Date().timeIntervalSince(started) * 1e6)
        record(
            .success(counts.transcript.response(of: connection, url: request.url.absoluteString, ended: ended)), started: started,
            redaction: redaction, in: pipeline)
        let failed = [WebSocketMessage.abnormalClosure, WebSocketMessage.messageTooBig].contains(close?.closeCode)
        let status: ExitStatus = interrupted.isSet ? .cancelled : failed ? .transport : .success
        if json {
            let part = ConnectionLine.Part(
                url: request.url.absoluteString, status: handshake.status,
                headers: handshake.headers.map { ExchangeReport.Field(name: $0.name, value: $0.value) },
                handshakeMs: Double(handshake.time) / 1000, sent: counts.sent, received: counts.received,
                closeCode: close?.closeCode, closeReason: close?.closeReason)
            writeLine(ConnectionLine(websocket: part, exitCode: status.rawValue))
        }
        return status
    }

    /// Sends each line of standard input; at its end, a close (unless the connection is to stay open).
    private func sendStandardInput(over connection: any WebSocketConnection, counts: Counts) async {
        let lines = AsyncStream<String> { continuation in
            Thread {
                while let line = readLine(strippingNewline: true) { continuation.yield(line) }
                continuation.finish()
            }.start()
        }
        do {
            for await line in lines {
                let sent = try await connection.send(.text, Data(line.utf8))
                show(sent)
                counts.sentOne(sent)
            }
        } catch {
            printer.printError(error as? FerryError ?? .explicitlyCancelled)
        }
        guard !keepOpen else { return }
        while !Task.isCancelled, ContinuousClock.now - counts.lastActivity < Self.lingering {
            try? await Task.sleep(for: .milliseconds(50))
        }
        if !Task.isCancelled {
            counts.startClosing()
            let close = await connection.close(code: 1000, reason: "")
            show(close)
            counts.sentOne(close)
        }
    }

    private func record(_ session: Result<Response, FerryError>, started: Date, redaction: Redaction, in pipeline: ExchangePipeline) {
        guard let origin else { return }
        pipeline.record(ExchangeOutcome(request: request, started: started, session: session, redaction: redaction), origin: origin)
    }

    private func show(_ message: WebSocketMessage) {
        if json {
            printer.stdout.write(redacted(String(decoding: message.jsonLine(), as: UTF8.self)) + "\n")
            return
        }
        guard message.direction == .received else { return }
        switch message.kind {
        case .text: printer.printText(redacted(String(decoding: message.data, as: UTF8.self)) + "\n")
        case .binary: printer.stderr.line("ferry: ↓ binary message, \(message.data.count) bytes")
        case .ping, .pong: printer.stderr.line("ferry: ↓ \(message.kind.rawValue) \(message.data.count) bytes")
        case .close:
            let reason = message.closeReason.map { $0.isEmpty ? "" : " (\(TerminalSafeText.escaping($0)))" } ?? ""
            printer.stderr.line("ferry: closed \(message.closeCode ?? 1005)\(reason)")
        }
    }

    private func writeLine(_ value: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return }
        printer.stdout.write(redacted(String(decoding: data, as: UTF8.self)) + "\n")
    }

    private func redacted(_ text: String) -> String {
        printer.redaction.isEmpty ? text : printer.redaction.redact(text)
    }

    /// Messages sent and received, written down from two tasks, and when the last of them went or came.
    final class Counts: @unchecked Sendable {
        private let lock = NSLock()
        private var messages = WebSocketTranscript()
        private var sentCount = 0
        private var last = ContinuousClock.now
        private var closing = false
        /// Counts a message sent (our close is written down, not counted).
        func sentOne(_ message: WebSocketMessage) {
            lock.withLock {
                messages.append(message)
                if message.kind != .close { sentCount += 1 }
                last = .now
            }
        }
        func receivedOne(_ message: WebSocketMessage) {
            lock.withLock {
                messages.append(message); last = .now
            }
        }
        var sent: Int { lock.withLock { sentCount } }
        var received: Int { lock.withLock { messages.received } }
        var transcript: WebSocketTranscript { lock.withLock { messages } }
        var lastActivity: ContinuousClock.Instant { lock.withLock { last } }
        /// Says that the end of standard input is sending the close.
        func startClosing() { lock.withLock { closing = true } }
        var isClosing: Bool { lock.withLock { closing } }
    }

    /// Set once by the SIGINT handler.
    final class LockedFlagValue: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.withLock { value = true } }
        var isSet: Bool { lock.withLock { value } }
    }
}
