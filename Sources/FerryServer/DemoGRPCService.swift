import Foundation
import NIOCore

/// The methods of `ferry.demo.Demo` (DemoGRPCSchema) over JSON objects: what each answers to the
/// messages of a call.
enum DemoGRPCService {
    /// The most ticks a stream sends (0 asks for ticks until the call ends), and the most padding a tick has.
    static let maximumTicks = 10_000_000
    static let maximumPadding = 1 << 20

    static func reply(_ method: String, messages: [[String: Any]], timeout: Double?, call: DemoGRPC.Call) -> DemoReply {
        let first = messages.first ?? [:]
        switch method {
        case "Hello":
            let name = first["name"] as? String ?? ""
            return call.answer([["message": "Hello " + (name.isEmpty ? "world" : name)]])
        case "Ticks": return ticks(first, call: call)
        case "Sum":
            let values = messages.map { Int64(number($0["value"]) ?? 0) }
            return call.answer([["sum": String(values.reduce(0, &+)), "count": values.count]])
        case "Chat": return call.answer(messages.map { ["text": "echo " + ($0["text"] as? String ?? "")] })
        case "Fail":
            let code = number(first["code"]).map(Int.init).flatMap { (1...16).contains($0) ? $0 : nil } ?? 3
            let message = first["message"] as? String ?? "failed on purpose"
            let detail: [String: Any] = [
                "@type": "type.googleapis.com/google.rpc.BadRequest",
                "fieldViolations": [["field": "code", "description": "the demo fails with the code it is given"]],
            ]
            return call.status(code, message, details: [detail])
        case "Sleep":
            let seconds = min(max(number(first["seconds"]) ?? 1, 0), 60)
            var reply: DemoReply
            if let timeout, timeout < seconds {
                reply = call.status(4, "the deadline (\(timeout) s) came before the \(seconds) s asked for")
                reply.delay = .nanoseconds(Int64(timeout * 1e9))
            } else {
                reply = call.answer([["message": "slept \(seconds) s"]])
                reply.delay = .nanoseconds(Int64(seconds * 1e9))
            }
            return reply
        default: return call.status(12, "the demo does not implement \(method)")
        }
    }

    /// `count` ticks `interval_ms` apart, then the trailer frame; 0 ticks until the call ends.
    private static func ticks(_ request: [String: Any], call: DemoGRPC.Call) -> DemoReply {
        let count = Int(min(max(number(request["count"]) ?? 5, 0), Double(maximumTicks)))
        let interval = Int(min(max(number(request["intervalMs"]) ?? 0, 0), 60_000))
        let padding = String(repeating: "x", count: Int(min(max(number(request["size"]) ?? 0, 0), Double(maximumPadding))))
        let body = DemoReply.PacedBody(count: count == 0 ? nil : count + 1, interval: .milliseconds(Int64(interval))) { index in
            index == count ? call.trailerFrame(code: 0, message: "") : call.frame(["n": index + 1, "padding": padding])
        }
        return DemoReply(status: .ok, headers: call.headers, body: .paced(body))
    }

    /// A JSON number (or a 64-bit integer, which proto3's JSON writes as a string).
    private static func number(_ value: Any?) -> Double? {
        (value as? NSNumber)?.doubleValue ?? (value as? String).flatMap(Double.init)
    }
}
