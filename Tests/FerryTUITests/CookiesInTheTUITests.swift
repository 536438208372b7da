import FerryCore
import FerryStore
import FerryTUI
import FerryTestSupport
import Foundation
import Testing

/// The TUI's cookie jar: kept between runs in the file `ferry send` uses, shown with F6, emptied
/// from the palette; the real TUI in-process against the demo server.
@Suite struct CookiesInTheTUITests {
    @Test func cookiesAreKeptBetweenRunsShownAndCleared() async throws {
        try await withDemoServer { server in
            let home = try TemporaryDirectory()
            let jar = home.file("data/ferry/cookies/ad-hoc.txt")

            let first = InProcessTUI(home: home)
            defer { first.hangUp() }
            try await first.waitForScreen { $0.text.contains("Nothing sent yet") }
            first.type("\(server.baseURL)/cookies/set?flavour=oat")
            first.press(.enter)
            try await first.waitForScreen { $0.text.contains("200 OK") }
            #expect(try CookieJarFile.read(jar).cookies.map(\.summary) == ["flavour=oat  127.0.0.1/  session"])
            #expect(try FileManager.default.attributesOfItem(atPath: jar)[.posixPermissions] as? Int == 0o600)
            first.press(.function(6))
            try await first.waitForScreen { $0.text.contains("flavour=oat  127.0.0.1/  session") && $0.text.contains("Cookies: ") }
            first.press(.escape)
            try await first.waitForScreen { !$0.text.contains("Cookies: ") }
            #expect(try await first.quit() == 0)

            let second = InProcessTUI(home: home)
            defer { second.hangUp() }
            try await second.waitForScreen { $0.text.contains("Nothing sent yet") }
            second.type("\(server.baseURL)/cookies")
            second.press(.enter)
            try await second.waitForScreen { $0.text.contains("flavour: oat") }
            second.press(.control("p"))
            second.type("clearCookies")
            second.press(.enter)
            try await second.waitForScreen { $0.text.contains("removed 1 cookie from") }
            #expect(try CookieJarFile.read(jar).cookies.isEmpty)
            #expect(try await second.quit() == 0)
        }
    }

    @Test func aCookieIsEditedAddedAndDeletedInF6AndTheNextRequestAndCurlSendThem() async throws {
        try await withDemoServer { server in
            let home = try TemporaryDirectory()
            let jar = home.file("data/ferry/cookies/ad-hoc.txt")
            let tui = InProcessTUI(home: home)
            defer { tui.hangUp() }
            try await tui.waitForScreen { $0.text.contains("Nothing sent yet") }
            tui.type("\(server.baseURL)/cookies/set?flavour=oat")
            tui.press(.enter)
            try await tui.waitForScreen { $0.text.contains("200 OK") }

            tui.press(.function(6))
            try await tui.waitForScreen { $0.text.contains("› flavour=oat  127.0.0.1/  session") }
            tui.press(.enter)
            try await tui.waitForScreen { $0.text.contains(" edit: flavour=oat; Domain=127.0.0.1; Path=/") }
            tui.press(.control("u"))
            tui.type("flavour=rye; Domain=127.0.0.1; Path=/; Expires=2099-01-01T00:00:00Z; HttpOnly")
            tui.press(.enter)
            try await tui.waitForScreen { $0.text.contains("flavour=rye  127.0.0.1/  expires 2099-01-01T00:00:00Z  httpOnly") }
            try await tui.waitForScreen { $0.text.contains("1 cookie kept in") }

            tui.press(.character("a"))
            try await tui.waitForScreen { $0.text.contains(" add: name=value; Domain=127.0.0.1; Path=/") }
            tui.press(.control("u"))
            tui.type("oops")
            tui.press(.enter)
            try await tui.waitForScreen { $0.text.contains("✗ expected `name=value; Domain=HOST; Path=/` first") }
            tui.press(.control("u"))
            tui.type("extra=1; Domain=127.0.0.1; Path=/")
            tui.press(.enter)
            try await tui.waitForScreen { $0.text.contains("2 cookies kept in") }
            tui.press(.character("a"))
            tui.press(.control("u"))
            tui.type("doomed=x; Domain=127.0.0.1; Path=/; Secure")
            tui.press(.enter)
            try await tui.waitForScreen {
                $0.text.contains("› doomed=x  127.0.0.1/  session  secure") && $0.text.contains("3 cookies kept in")
            }
            tui.press(.character("d"))
            // The delete's write is done when its count shows (the add's "3 cookies" came before).
            try await tui.waitForScreen { !$0.text.contains("doomed=x") && $0.text.contains("2 cookies kept in") }

            let kept = try CookieJarFile.read(jar).cookies
            #expect(
                kept.map(\.summary) == ["flavour=rye  127.0.0.1/  expires 2099-01-01T00:00:00Z  httpOnly", "extra=1  127.0.0.1/  session"])
            #expect(try FileManager.default.attributesOfItem(atPath: jar)[.posixPermissions] as? Int == 0o600)

            tui.press(.escape)
            try await tui.waitForScreen { !$0.text.contains("Cookies: ") }
            tui.press(.character("2"), .control("u"))
            tui.type("\(server.baseURL)/cookies")
            tui.press(.enter)
            try await tui.waitForScreen { $0.text.contains("flavour: rye") && $0.text.contains("extra: 1") }
            #expect(try await tui.quit() == 0)

            let curl = await ChildProcess.run("/usr/bin/curl", ["-sS", "-b", jar, "\(server.baseURL)/cookies"])
            #expect(curl.status == 0)
            let echoed = try JSONSerialization.jsonObject(with: curl.stdout) as? [String: Any]
            #expect(echoed?["cookies"] as? [String: String] == ["flavour": "rye", "extra": "1"], "\(curl.text)")
        }
    }
}
