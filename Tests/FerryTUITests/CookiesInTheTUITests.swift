import FerryCore
import FerryStore
import FerryTestSupport
import FerryTUI
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
}
