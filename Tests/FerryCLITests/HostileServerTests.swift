import FerryTestSupport
import Foundation
import Testing

/// The hostile-server matrix (issue 13): each row is what a server or a user does to `ferry` and what
/// the user must see — the exit code, an error naming the cause, nothing lost or half-written, escapes
/// shown inert, memory bounded. The servers are our own, on loopback (`HostileServer`, `openssl
/// s_server`, a Python HTTP/2 server); `ferry` is the built binary, run as a user would.
@Suite struct HostileServerTests {
    @Test(arguments: HostileServerTests.cases)
    func hostileCase(_ testCase: HostileCase) async throws {
        try await HostileRunner.play(testCase)
    }

    @Test func theMatrixHasAtLeastSeventyFourRows() {
        #expect(Self.cases.count >= 74)
        #expect(Set(Self.cases.map(\.name)).count == Self.cases.count, "case names are unique")
    }

    static let cases: [HostileCase] = transport + bombs + escapeCases + userInput

    // MARK: - Rows

    static let send = ["send", "--no-history"]
    /// Escape sequences a body, header, URL or cookie may carry: OSC 52 (clipboard), a title, clear
    /// screen, a C1 CSI and a right-to-left override.
    static let escapes = "a\u{1B}]52;c;cHduZWQ=\u{07}b\u{1B}]0;pwned\u{07}c\u{1B}[2Jd\u{9B}31me\u{202E}f"
    static let rawEscapes = ["\u{1B}]52", "\u{1B}]0;", "\u{1B}[2J", "\u{9B}", "\u{202E}"]
    static let shownEscapes = [#"\x1B]52"#, #"\x1B[2J"#, #"\x9B"#, #"\u{202E}"#]

    static let transport: [HostileCase] = [
        HostileCase(
            name: "reset before the response head", server: .script([.read, .reset]),
            arguments: send + ["%URL/"], exit: 2, names: ["reset"], output: .empty),
        HostileCase(
            name: "closed before the response head", server: .script([.read]),
            arguments: send + ["%URL/"], exit: 2, names: ["without a response"], output: .empty),
        HostileCase(
            name: "reset in the middle of the head", server: .script([.read, .send(.text("HTTP/1.1 200 OK\r\nContent-Ty")), .reset]),
            arguments: send + ["%URL/"], exit: 2, names: ["reset"], output: .empty),
        HostileCase(
            name: "closed in the middle of the head", server: .script([.read, .send(.text("HTTP/1.1 200 OK\r\nContent-Ty"))]),
            arguments: send + ["%URL/"], exit: 2, names: ["in the middle of the response head"], output: .empty),
        HostileCase(
            name: "reset in the middle of the body",
            server: .script([
                .read, .send(.text("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n" + String(repeating: "x", count: 500))), .reset,
            ]),
            arguments: send + ["%URL/"], exit: 2, names: ["reset"], output: .empty),
        HostileCase(
            name: "reset in the middle of the body into -o",
            server: .script([
                .read, .send(.text("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n" + String(repeating: "x", count: 500))), .reset,
            ]),
            arguments: send + ["%URL/", "-o", "%DIR/out"], exit: 2, names: ["reset", "-C -"], target: .untouched, partialKept: true),
        HostileCase(
            name: "truncated chunked body",
            server: .script([
                .read, .send(.text("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n100\r\n" + String(repeating: "y", count: 10))),
            ]),
            arguments: send + ["%URL/"], exit: 2, names: ["closed the connection in the middle of the body"], output: .empty),
        HostileCase(
            name: "chunked body without its last chunk",
            server: .script([
                .read, .send(.text("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n")),
            ]),
            arguments: send + ["%URL/", "-o", "%DIR/out"], exit: 2, names: ["middle of the body"], target: .untouched),
        HostileCase(
            name: "chunk size that is not hexadecimal",
            server: .script([
                .read, .send(.text("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n")),
            ]),
            arguments: send + ["%URL/"], exit: 2, names: ["chunk"], output: .empty),
        HostileCase(
            name: "Content-Length longer than the body", server: .script([.read, .respond(body: .text("short"), length: 4000)]),
            arguments: send + ["%URL/"], exit: 2, names: ["shorter than its Content-Length", "4000"], output: .empty),
        HostileCase(
            name: "Content-Length longer than the body into -o", server: .script([.read, .respond(body: .text("short"), length: 4000)]),
            arguments: send + ["%URL/", "-o", "%DIR/out"], exit: 2, names: ["shorter than its Content-Length"], target: .untouched),
        HostileCase(
            name: "Content-Length shorter than the body", server: .script([.read, .respond(body: .text("hello, and more"), length: 5)]),
            arguments: send + ["%URL/"], exit: 0, output: .exactly(.text("hello"))),
        HostileCase(
            name: "two different Content-Length headers",
            server: .script([
                .read, .respond(headers: ["Content-Length: 3"], body: .text("hello"), length: 5),
            ]),
            arguments: send + ["%URL/", "-o", "%DIR/out"], exit: 2, names: ["differing Content-Length", "3, 5"], target: .untouched),
        HostileCase(
            name: "accepts and never answers", server: .script([.read, .hang]),
            arguments: send + ["%URL/", "--max-time", "1"], exit: 2, names: ["timed out", "waiting for the response head"], output: .empty),
        HostileCase(
            name: "head then no body", server: .script([.read, .send(.text("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc")), .hang]),
            arguments: send + ["%URL/", "--max-time", "1"], exit: 2, names: ["timed out", "receiving the body"], output: .empty),
        HostileCase(
            name: "slow-loris body at one byte a second",
            server: .script([
                .read, .send(.text("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n")), .dribble(.repeated("z", count: 100)),
            ]),
            arguments: send + ["%URL/", "--max-time", "2", "-o", "%DIR/out"], exit: 2, names: ["timed out", "receiving the body"],
            target: .untouched),
        HostileCase(
            name: "connection never accepted", server: .fullQueue,
            arguments: send + ["%URL/", "--connect-timeout", "1"], exit: 2, names: ["timed out", "connecting"], output: .empty),
        HostileCase(
            name: "redirect loop", server: .script([.redirectForever]),
            arguments: send + ["%URL/loop"], exit: 2, names: ["too many redirects"], output: .empty),
        HostileCase(
            name: "redirect loop with --max-redirs 3", server: .script([.redirectForever]),
            arguments: send + ["%URL/loop", "--max-redirs", "3"], exit: 2, names: ["too many redirects", "3"], output: .empty),
        HostileCase(
            name: "10,000 response headers",
            server: .script([
                .read, .respond(headers: (0..<10_000).map { "X-Many-\($0): v" }, body: .text("many")),
            ]),
            arguments: send + ["%URL/"], exit: 0, output: .exactly(.text("many"))),
        HostileCase(
            name: "a 1 MB header line",
            server: .script([
                .read, .respond(headers: ["X-Huge: " + String(repeating: "h", count: 1 << 20)], body: .text("huge")),
            ]),
            arguments: send + ["%URL/"], exit: 2, names: ["line of the response head is longer", "100 KB"], output: .empty),
        HostileCase(
            name: "not HTTP at all", server: .script([.read, .send(.text("SSH-2.0-OpenSSH_9.2\r\n"))]),
            arguments: send + ["%URL/"], exit: 2, names: ["without an HTTP status line", "HTTP/0.9"], output: .empty),
        HostileCase(
            name: "a status code of 999", server: .script([.read, .respond(status: "999 Odd", body: .text("odd"))]),
            arguments: send + ["%URL/", "--as", "string"], exit: 3, names: ["999"]),
        HostileCase(
            name: "TLS certificate expired", server: .tls(.expired),
            arguments: send + ["%URL/", "--cacert", "%CA"], exit: 2, names: ["certificate", "expired"], output: .empty),
        HostileCase(
            name: "TLS certificate self-signed", server: .tls(.selfSigned),
            arguments: send + ["%URL/", "--cacert", "%CA"], exit: 2, names: ["certificate", "self-signed"], output: .empty),
        HostileCase(
            name: "TLS certificate for another host", server: .tls(.wrongHost),
            arguments: send + ["%URL/", "--cacert", "%CA"], exit: 2, names: ["certificate", "127.0.0.1"], output: .empty),
        HostileCase(
            name: "TLS self-signed with --insecure", server: .tls(.selfSigned),
            arguments: send + ["%URL/", "--insecure"], exit: 0, output: .contains(["s_server"])),
        HostileCase(
            name: "TLS trusted certificate", server: .tls(.trusted),
            arguments: send + ["%URL/", "--cacert", "%CA"], exit: 0, output: .contains(["s_server"])),
        HostileCase(
            name: "HTTP/2 stream reset", server: .http2Reset,
            arguments: send + ["%URL/", "--cacert", "%CA", "--http2"], exit: 2, names: ["HTTP/2"], output: .empty),
    ]

    static let bombs: [HostileCase] = [
        // The parse maps the body's file and gives back its pages behind the scan (FileMapping);
        // before, its 200 MiB of file pages counted in the peak (237 MB), and printing the string
        // whole on the terminal took 648 MB.
        HostileCase(
            name: "a 200 MiB one-line JSON string with --as json on a terminal",
            server: .script([
                .read, .send(.text("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \((200 << 20) + 2)\r\n\r\n\"")),
                .send(.repeated("a", count: 200 << 20)), .send(.text("\"")),
            ]),
            arguments: send + ["%URL/", "--as", "json"], exit: 0, names: ["a string of 209715202 bytes, cut for the terminal"],
            terminal: true),
        HostileCase(
            name: "gzip bomb (10 GB)", server: .script([.read, .respond(headers: ["Content-Encoding: gzip"], body: .gzipBomb)]),
            arguments: send + ["%URL/"], exit: 2, names: ["decodes to more than", "--max-decoded-size", "--no-decompress"], output: .empty),
        HostileCase(
            name: "gzip bomb into -o", server: .script([.read, .respond(headers: ["Content-Encoding: gzip"], body: .gzipBomb)]),
            arguments: send + ["%URL/", "-o", "%DIR/out"], exit: 2, names: ["decodes to more than"], target: .untouched, partialKept: false),
        HostileCase(
            name: "gzip bomb kept raw with --no-decompress",
            server: .script([.read, .respond(headers: ["Content-Encoding: gzip"], body: .gzipBomb)]),
            arguments: send + ["%URL/", "--no-decompress", "-o", "%DIR/out"], exit: 0, target: .becomes(.gzipBomb)),
        HostileCase(
            name: "brotli bomb (10 GB)", server: .script([.read, .respond(headers: ["Content-Encoding: br"], body: .brotliBomb)]),
            arguments: send + ["%URL/"], exit: 2, names: ["decodes to more than", "br"], output: .empty),
        HostileCase(
            name: "gzip bomb with a lower limit", server: .script([.read, .respond(headers: ["Content-Encoding: gzip"], body: .gzipBomb)]),
            arguments: send + ["%URL/", "--max-decoded-size", "10M"], exit: 2, names: ["decodes to more than 10 MiB"], output: .empty),
        HostileCase(
            name: "gzip that is not gzip",
            server: .script([.read, .respond(headers: ["Content-Encoding: gzip"], body: .text("plain text"))]),
            arguments: send + ["%URL/"], exit: 2, names: ["could not be decoded"], output: .empty),
        HostileCase(
            name: "XML billion laughs in a response",
            server: .script([.read, .respond(headers: ["Content-Type: application/xml"], body: .text(billionLaughs))]),
            arguments: send + ["%URL/", "--as", "xml"], exit: 3, names: ["undefined entity `&lol9;`"], output: .empty),
        HostileCase(
            name: "XML billion laughs in a file", server: .none, arguments: ["view", "--as", "xml", "%DIR/laughs.xml"],
            exit: 3, names: ["undefined entity `&lol9;`"], output: .empty, files: ["laughs.xml": .text(billionLaughs)]),
        HostileCase(
            name: "XML external entity is never fetched", server: .none, arguments: ["view", "--as", "xml", "%DIR/xxe.xml"],
            exit: 3, names: ["undefined entity `&secret;`"], output: .empty,
            files: [
                "xxe.xml": .text(
                    "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY secret SYSTEM \"%URL/secret\">]><r>&secret;</r>")
            ], nothingSent: true),
        HostileCase(
            name: "XML external file entity is never read", server: .none, arguments: ["view", "--as", "xml", "%DIR/xxe.xml"],
            exit: 3, names: ["undefined entity `&passwd;`"], output: .empty,
            files: [
                "xxe.xml": .text(
                    "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY passwd SYSTEM \"file:///etc/passwd\">]><r>&passwd;</r>")
            ]),
        HostileCase(
            name: "JSON nested 1,000,000 arrays deep in a response",
            server: .script([
                .read, .respond(headers: ["Content-Type: application/json"], body: .text(deepArrays)),
            ]),
            arguments: send + ["%URL/", "--as", "json"], exit: 3, names: ["deep"]),
        HostileCase(
            name: "JSON nested 1,000,000 arrays deep in a file", server: .none, arguments: ["view", "--summary", "%DIR/deep.json"],
            exit: 3, names: ["deep"], files: ["deep.json": .text(deepArrays)]),
        HostileCase(
            name: "JSON nested 1,000,000 objects deep in a file", server: .none, arguments: ["view", "--as", "json", "%DIR/deep.json"],
            exit: 3, names: ["deep"],
            files: ["deep.json": .text(String(repeating: "{\"a\":", count: 1_000_000) + "1" + String(repeating: "}", count: 1_000_000))]),
        HostileCase(
            name: "a 100-digit number is kept as written",
            server: .script([
                .read, .respond(headers: ["Content-Type: application/json"], body: .text("{\"n\":\(hundredDigits)}")),
            ]),
            arguments: send + ["%URL/", "--as", "json"], exit: 0, output: .contains([hundredDigits])),
        HostileCase(
            name: "1e999 is kept as written", server: .none, arguments: ["view", "--as", "json", "%DIR/big.json"],
            exit: 0, output: .contains(["1e999"]), files: ["big.json": .text("[1e999, -1e999, 1e-999]")]),
        HostileCase(
            name: "a YAML alias bomb in a request file", server: .none, arguments: send + ["%DIR/bomb.ferry.yaml"],
            exit: 1, names: ["bomb.ferry.yaml", "aliases are expanded"], files: ["bomb.ferry.yaml": .text(yamlAliasBomb)], nothingSent: true
        ),
    ]

    /// Where escapes come from, the flags that show them, and how they must look (JSON shows them as JSON escapes).
    static let escapeRows: [(String, HostileCase.Step, [String], [String])] = [
        ("in a body", .respond(headers: ["Content-Type: text/plain"], body: .text(escapes + "\n")), [], shownEscapes),
        ("in a header", .respond(headers: ["X-Evil: " + escapes], body: .text("ok\n")), ["-i"], shownEscapes),
        ("in a cookie", .respond(headers: ["Set-Cookie: evil=" + escapes], body: .text("ok\n")), ["-i"], shownEscapes),
        (
            "in a Location", .respond(status: "302 Found", headers: ["Location: /" + escapes], body: .text("moved\n")),
            ["-i", "--no-follow"], shownEscapes
        ),
        ("in a reason phrase", .respond(status: "200 " + escapes, body: .text("ok\n")), ["-i"], shownEscapes),
        (
            "in a JSON string", .respond(headers: ["Content-Type: application/json"], body: .text("{\"evil\":\"\(escapes.jsonEscaped)\"}")),
            ["--as", "json"],
            [#"\u001b]52"#, #"\u001b[2J"#, #"\x9B"#, #"\u{202E}"#]
        ),
    ]

    static let escapeCases: [HostileCase] =
        escapeRows.map { place, step, flags, shown in
            HostileCase(
                name: "escapes \(place) on a terminal", server: .script([.read, step]), arguments: send + flags + ["%URL/"],
                exit: 0, output: .inert(raw: rawEscapes, shown: shown), terminal: true)
        } + [
            HostileCase(
                name: "escapes in a body through a pipe are raw bytes", server: .script([.read, .respond(body: .text(escapes))]),
                arguments: send + ["%URL/"], exit: 0, output: .exactly(.text(escapes))),
            HostileCase(
                name: "escapes in a body into -o are raw bytes", server: .script([.read, .respond(body: .text(escapes))]),
                arguments: send + ["%URL/", "-o", "%DIR/out"], exit: 0, target: .becomes(.text(escapes))),
            HostileCase(
                name: "escapes in a URL's error on a terminal", server: .none,
                arguments: send + ["%URL/" + escapes], exit: 1, names: ["malformed URL", "control character"],
                output: .inert(raw: rawEscapes, shown: []), nothingSent: true, terminal: true),
            HostileCase(
                name: "escapes in an -o file name's error on a terminal", server: .script([.read, .respond(body: .text("x"))]),
                arguments: send + ["%URL/", "-o", "%DIR/missing/" + escapes], exit: 4, names: ["missing"],
                output: .inert(raw: rawEscapes, shown: [#"\x1B[2J"#]), terminal: true),
            HostileCase(
                name: "escapes in a file shown by ferry view --as on a terminal", server: .none,
                arguments: ["view", "--as", "string", "%DIR/evil.txt"], exit: 0,
                output: .inert(raw: rawEscapes, shown: shownEscapes), files: ["evil.txt": .text(escapes)], terminal: true),
            HostileCase(
                name: "escapes in a JSON file shown by ferry view --path on a terminal", server: .none,
                arguments: ["view", "--as", "json", "--path", "$.evil", "%DIR/evil.json"], exit: 0,
                output: .inert(raw: rawEscapes, shown: [#"\u001b[2J"#]),
                files: ["evil.json": .text("{\"evil\":\"\(escapes.jsonEscaped)\"}")], terminal: true),
        ]

    static let userInput: [HostileCase] = [
        HostileCase(
            name: "CR LF in a header value", server: .none, arguments: send + ["%URL/", "-H", "X-A: one\r\nX-Injected: two"],
            exit: 1, names: ["X-A"], nothingSent: true),
        HostileCase(
            name: "LF in a header value", server: .none, arguments: send + ["%URL/", "-H", "X-A: one\nX-Injected: two"],
            exit: 1, names: ["X-A"], nothingSent: true),
        HostileCase(
            name: "CR LF in a header name", server: .none, arguments: send + ["%URL/", "-H", "X-A\r\nX-B: two"],
            exit: 1, names: ["header"], nothingSent: true),
        HostileCase(
            name: "NUL in a header value from a request file", server: .none, arguments: send + ["%DIR/nul.ferry.yaml"],
            exit: 1, names: ["X-Nul"], files: ["nul.ferry.yaml": .text("method: GET\nurl: %URL/\nheaders:\n  - X-Nul: \"a\\0b\"\n")],
            nothingSent: true),
        HostileCase(
            name: "CR LF in the method", server: .none, arguments: send + ["-X", "GET\r\nX-Injected: 1", "%URL/"],
            exit: 1, names: ["method"], nothingSent: true),
        HostileCase(
            name: "a space in the method", server: .none, arguments: send + ["-X", "GET / HTTP/1.0", "%URL/"],
            exit: 1, names: ["method"], nothingSent: true),
        HostileCase(
            name: "CR LF in the URL", server: .none, arguments: send + ["%URL/a\r\nX-Injected: 1"],
            exit: 1, names: ["malformed URL", "control character \\x0D"], nothingSent: true),
        HostileCase(
            name: "an unknown scheme", server: .none, arguments: send + ["gopherx://127.0.0.1/"],
            exit: 1, names: ["gopherx"]),
        HostileCase(
            name: "an empty host", server: .none, arguments: send + ["http:///path"],
            exit: 1, names: ["host"]),
        HostileCase(
            name: "a port out of range", server: .none, arguments: send + ["http://127.0.0.1:70000/"],
            exit: 1, names: ["70000"]),
        HostileCase(
            name: "an unreadable @file", server: .none, arguments: send + ["%URL/", "-d", "@%DIR/absent.json"],
            exit: 4, names: ["absent.json"], nothingSent: true),
        HostileCase(
            name: "an @file that is a folder", server: .none, arguments: send + ["%URL/", "-d", "@%DIR"],
            exit: 4, names: ["not a regular file", "%DIR"], nothingSent: true),
        HostileCase(
            name: "an upload file that shrinks while it is sent",
            server: .script([.truncate("upload.bin"), .read, .respond(body: .text("ok"))]),
            arguments: send + ["%URL/", "--data-binary", "@%DIR/upload.bin", "--limit-rate", "2M"], exit: 4,
            names: ["upload.bin", "changed"], files: ["upload.bin": .repeated("u", count: 8 << 20)]),
        HostileCase(
            name: "a full disk while writing -o", server: .script([.read, .respond(body: .repeated("d", count: 4 << 20))]),
            arguments: send + ["%URL/", "-o", "%DIR/out"], exit: 4, names: ["out", "File too large"], target: .untouched,
            fileSizeLimit: 1 << 20),
        HostileCase(
            name: "a full disk under the history (the exchange itself succeeds)", server: .script([.read, .respond(body: .text("ok"))]),
            arguments: ["send", "%URL/"], exit: 0, names: ["not recorded in the history", "disk", "history.sqlite"],
            output: .exactly(.text("ok")), fileSizeLimit: 2048),
        HostileCase(
            name: "-o into a folder that does not exist", server: .script([.read, .respond(body: .text("x"))]),
            arguments: send + ["%URL/", "-o", "%DIR/nowhere/out"], exit: 4, names: ["nowhere"], nothingSent: true),
    ]

    // MARK: - Payloads

    static let billionLaughs = """
        <?xml version="1.0"?>
        <!DOCTYPE lolz [<!ENTITY lol "lol">
        <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
        <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
        <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
        <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
        <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
        <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
        <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
        <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
        <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
        ]>
        <lolz>&lol9;</lolz>
        """
    static let deepArrays = String(repeating: "[", count: 1_000_000) + String(repeating: "]", count: 1_000_000)
    static let hundredDigits = String(repeating: "1234567890", count: 10)
    static let yamlAliasBomb = """
        method: GET
        url: http://127.0.0.1:1/
        params:
          a: &a ["x","x","x","x","x","x","x","x","x"]
          b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
          c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
          d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
          e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
          f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
          g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
          h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
          i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]

        """
}

private extension String {
    /// The string inside a JSON string literal (control characters as \u escapes).
    var jsonEscaped: String {
        unicodeScalars.map { $0.value < 0x20 ? String(format: "\\u%04x", $0.value) : String($0) }.joined()
    }
}
