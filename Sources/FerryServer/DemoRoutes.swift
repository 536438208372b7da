import CompressNIO
import Foundation
import NIOCore
import NIOHTTP1

/// The demo server's endpoints: an httpbin-like set for exploring, plus misbehaviour for tests.
/// Pure: a request in, a reply out; `DemoHTTPHandler` does the I/O.
public enum DemoRoutes {
    /// One line per endpoint, served at `/` and printed by `ferry serve-demo`.
    public static let indexText = """
        Ferry demo server — endpoints
          GET  /get                      echo of the request (args, headers, origin, url)
          ANY  /anything[/…]             echo with method, body (first MiB), form, JSON, multipart parts, size and SHA-256
          GET  /status/:code             answers with that status
          GET  /bytes/:n?seed=S          n pseudo-random bytes (Content-Length)
          GET  /stream-bytes/:n?seed=S&chunk_size=C   the same, chunked
          GET  /download/:n?seed=S&drop_at=B&stall_at=B   n bytes with ETag, Last-Modified, Range and If-Range
          GET  /drip?numbytes=N&duration=S&delay=D&code=C   bytes dripped over time
          GET  /delay/:s                 answers after s seconds (at most 60)
          GET  /sse?count=N&interval=S   server-sent events, one every S seconds (count=0: forever)
          GET  /ndjson?count=N&interval=S   JSON Lines, the same way
          GET  /log?count=N&interval=S   a slow chunked plain-text log
          WS   /ws                       WebSocket echo (ws:// or wss://)
          WS   /ws/push?count=N&interval=S   a WebSocket server that pings, pushes N messages, then closes
          GET  /redirect/:n              n redirects, then /get
          GET  /redirect-to?url=U&status_code=C
          GET  /gzip  /deflate           compressed JSON
          GET  /json  /xml  /html  /image/png
          GET  /records/:n?seed=S        a JSON document of about n bytes of API-like records
          GET  /headers  /user-agent
          GET  /cookies  /cookies/set?name=value  /cookies/delete?name
          GET  /basic-auth/:user/:password
          POST /login {"user","password"}   a bearer token (password s3cret-demo);  GET /me  who the token is
          POST /graphql  GET /graphql?query=…   a GraphQL bookshelf: books, book(id), hello(name), addBook; introspection
          GET  /oauth/authorize  POST /oauth/token  POST /oauth/revoke   OAuth 2.0 (client ferry-demo, secret demo-secret;
                                         public client ferry-public with PKCE S256); GET /oauth/resource  needs its bearer token
          GET  /misbehave/close-mid-body  /misbehave/wrong-length  /misbehave/stall  /misbehave/stall-body
          GET  /misbehave/empty-reply  /misbehave/escapes  /misbehave/bad-json  /misbehave/huge-headers
          POST /ferry.demo.Demo/…       gRPC-Web (binary and text): Hello, Ticks (large and slow streams), Sum, Chat,
                                         Fail (errors with details), Sleep (deadlines); server reflection (v1, v1alpha)

        """

    static func reply(for request: DemoRequest, oauth: DemoOAuth) -> DemoReply {
        if let grpc = DemoGRPC.reply(for: request) { return grpc }
        let path = request.pathComponents
        let first = path.first.map(String.init) ?? ""
        let argument = path.count > 1 ? String(path[1]) : nil
        switch first {
        case "": return .text(indexText)
        case "get", "headers", "user-agent":
            return echo(
                request, fields: first == "get" ? [.args, .headers, .origin, .url] : first == "headers" ? [.headers] : [.userAgent])
        case "anything": return echo(request, fields: [.method, .args, .headers, .origin, .url, .body])
        case "status": return status(argument)
        case "bytes", "stream-bytes": return bytes(request, count: argument, chunked: first == "stream-bytes")
        case "download": return DemoDownload.reply(for: request, count: argument)
        case "drip": return drip(request)
        case "delay":
            var reply = echo(request, fields: [.args, .headers, .origin, .url])
            reply.delay = .milliseconds(Int64(min(max(Double(argument ?? "") ?? 0, 0), 60) * 1000))
            return reply
        case "sse": return DemoStreams.serverSentEvents(request)
        case "ndjson": return DemoStreams.jsonLines(request)
        case "log": return DemoStreams.log(request)
        case "redirect": return redirect(count: argument)
        case "redirect-to": return redirectTo(request)
        case "gzip", "deflate": return compressed(request, algorithm: first)
        case "json": return .text(DemoPayloads.json, type: "application/json")
        case "records": return DemoRecords.reply(for: request, size: argument)
        case "xml": return .text(DemoPayloads.xml, type: "application/xml")
        case "html": return .text(DemoPayloads.html, type: "text/html; charset=utf-8")
        case "image" where argument == "png": return .data(Array(DemoPayloads.png), type: "image/png")
        case "cookies": return cookies(request, action: argument)
        case "basic-auth" where path.count == 3: return basicAuth(request, user: String(path[1]), password: String(path[2]))
        case "login": return DemoSession.login(request)
        case "me": return DemoSession.me(request)
        case "misbehave": return DemoMisbehaviour.reply(for: argument ?? "")
        case "graphql" where path.count == 1: return DemoGraphQL.reply(for: request)
        case "oauth" where path.count == 2: return oauth.reply(for: request, endpoint: argument ?? "")
        default: return .text("not found: \(request.head.uri)\n", status: .notFound)
        }
    }

    // MARK: - Echo

    enum EchoField { case method, args, headers, origin, url, body, userAgent }

    static func echo(_ request: DemoRequest, fields: [EchoField]) -> DemoReply {
        var object: [String: Any] = [:]
        for field in fields {
            switch field {
            case .method: object["method"] = request.head.method.rawValue
            case .args: object["args"] = grouped(request.query)
            case .headers: object["headers"] = grouped(request.head.headers.map { ($0.name, $0.value) })
            case .origin: object["origin"] = request.remoteAddress
            case .url: object["url"] = request.url
            case .userAgent: object["user-agent"] = request.head.headers.first(name: "User-Agent") ?? ""
            case .body: object.merge(bodyFields(request)) { $1 }
            }
        }
        return jsonReply(object)
    }

    /// Body facts for /anything: the text (or base64), size, SHA-256, and parsed form or JSON.
    static func bodyFields(_ request: DemoRequest) -> [String: Any] {
        let body = Data(request.body)
        var fields: [String: Any] = [
            "bodySize": request.bodySize,
            "bodySHA256": request.bodySHA256(),
            "bodyTruncated": request.bodyWasTruncated,
        ]
        let text = body.contains(0) ? nil : String(data: body, encoding: .utf8)  // text without NULs; else base64
        fields["data"] = text ?? "data:application/octet-stream;base64," + body.base64EncodedString()
        let type = request.head.headers.first(name: "Content-Type")?.lowercased() ?? ""
        if type.hasPrefix("application/x-www-form-urlencoded"), let text {
            fields["form"] = grouped(FormDecoding.decode(text))
        } else {
            fields["form"] = [String: Any]()
        }
        fields["json"] = (try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])) ?? NSNull()
        if let multipart = request.multipart { fields["multipart"] = multipart.report() }
        return fields
    }

    /// Names to a value, or to a list of values when a name repeats (httpbin's shape).
    static func grouped(_ pairs: [(String, String)]) -> [String: Any] {
        var result: [String: Any] = [:]
        for (name, value) in pairs {
            switch result[name] {
            case nil: result[name] = value
            case let list as [String]: result[name] = list + [value]
            case let single as String: result[name] = [single, value]
            default: break
            }
        }
        return result
    }

    static func jsonReply(_ object: Any, status: HTTPResponseStatus = .ok) -> DemoReply {
        let data =
            (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
            ?? Data("{}".utf8)
        return .data(Array(data) + [0x0A], type: "application/json", status: status)
    }

    // MARK: - Status, bytes, drip, redirects

    static func status(_ argument: String?) -> DemoReply {
        guard let code = argument.flatMap(Int.init), (100...599).contains(code), code >= 200 else {
            return .text("bad status code: \(argument ?? "")\n", status: .badRequest)
        }
        var reply = DemoReply(status: HTTPResponseStatus(statusCode: code), headers: [:], body: .bytes([]))
        if (300..<400).contains(code) { reply.headers.add(name: "Location", value: "/redirect/1") }
        return reply
    }

    static func bytes(_ request: DemoRequest, count argument: String?, chunked: Bool) -> DemoReply {
        guard let count = argument.flatMap(Int.init), count >= 0 else {
            return .text("bad byte count: \(argument ?? "")\n", status: .badRequest)
        }
        let seed = request.queryValue("seed").flatMap(UInt64.init) ?? 0
        var body = DemoReply.GeneratedBody(source: SeededBytes(seed: seed), length: count, announcedLength: chunked ? nil : count)
        if let chunkSize = request.queryValue("chunk_size").flatMap(Int.init), chunkSize > 0 { body.chunkSize = chunkSize }
        return DemoReply(status: .ok, headers: ["Content-Type": "application/octet-stream"], body: .generated(body))
    }

    static func drip(_ request: DemoRequest) -> DemoReply {
        let count = min(request.queryValue("numbytes").flatMap(Int.init) ?? 10, 10 << 20)
        let duration = min(request.queryValue("duration").flatMap(Double.init) ?? 2, 60)
        let delay = min(request.queryValue("delay").flatMap(Double.init) ?? 0, 60)
        let code = request.queryValue("code").flatMap(Int.init) ?? 200
        var body = DemoReply.GeneratedBody(source: SeededBytes(seed: 0), length: count, announcedLength: count)
        body.chunkSize = 1
        body.interval = .nanoseconds(count > 0 ? Int64(duration * 1e9) / Int64(count) : 0)
        var reply = DemoReply(
            status: HTTPResponseStatus(statusCode: code), headers: ["Content-Type": "application/octet-stream"], body: .generated(body))
        reply.delay = .nanoseconds(Int64(delay * 1e9))
        return reply
    }

    static func redirect(count argument: String?) -> DemoReply {
        guard let count = argument.flatMap(Int.init), (1...100).contains(count) else {
            return .text("redirect count must be 1 to 100\n", status: .badRequest)
        }
        return .redirect(to: count == 1 ? "/get" : "/redirect/\(count - 1)")
    }

    static func redirectTo(_ request: DemoRequest) -> DemoReply {
        guard let target = request.queryValue("url") else { return .text("missing url\n", status: .badRequest) }
        let code = request.queryValue("status_code").flatMap(Int.init).flatMap { (300..<400).contains($0) ? $0 : nil } ?? 302
        return .redirect(to: target, status: HTTPResponseStatus(statusCode: code))
    }

    // MARK: - Compression, cookies, auth

    static func compressed(_ request: DemoRequest, algorithm: String) -> DemoReply {
        let plain = echo(request, fields: [.method, .headers, .origin])
        guard case .bytes(let bytes) = plain.body else { return plain }
        var input = ByteBuffer(bytes: Array(#"{"\#(algorithm)ped": true, "echo": "#.utf8) + bytes + Array("}\n".utf8))
        guard let output = try? input.compress(with: algorithm == "gzip" ? .gzip() : .zlib()) else {
            return .text("compression failed\n", status: .internalServerError)
        }
        var reply = DemoReply.data(Array(buffer: output), type: "application/json")
        reply.headers.add(name: "Content-Encoding", value: algorithm)
        return reply
    }

    static func cookies(_ request: DemoRequest, action: String?) -> DemoReply {
        switch action {
        case "set":
            var reply = DemoReply.redirect(to: "/cookies")
            for (name, value) in request.query { reply.headers.add(name: "Set-Cookie", value: "\(name)=\(value); Path=/") }
            return reply
        case "delete":
            var reply = DemoReply.redirect(to: "/cookies")
            for (name, _) in request.query {
                reply.headers.add(name: "Set-Cookie", value: "\(name)=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/")
            }
            return reply
        default:
            let pairs = request.head.headers["Cookie"].flatMap { $0.split(separator: ";") }.compactMap { pair -> (String, String)? in
                let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
            }
            return jsonReply(["cookies": grouped(pairs)])
        }
    }

    static func basicAuth(_ request: DemoRequest, user: String, password: String) -> DemoReply {
        let expected = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        guard request.head.headers.first(name: "Authorization") == expected else {
            var reply = jsonReply(["authenticated": false], status: .unauthorized)
            reply.headers.add(name: "WWW-Authenticate", value: #"Basic realm="Ferry demo""#)
            return reply
        }
        return jsonReply(["authenticated": true, "user": user])
    }
}
