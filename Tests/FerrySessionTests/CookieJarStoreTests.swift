import FerryCore
import FerrySession
import FerryStore
import FerryTestSupport
import Foundation
import Testing

/// The collections' cookie jars in real files: jars stored from many tasks at once end on disk as the jar held.
@Suite struct CookieJarStoreTests {
    @Test func jarsStoredTogetherLeaveTheFileAsTheJarHeld() async throws {
        let directory = try TemporaryDirectory()
        let store = CookieJarStore(
            locations: StoreLocations(configDirectory: directory.path, dataDirectory: directory.path), collection: nil)
        for round in 0..<20 {
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<16 {
                    group.addTask {
                        var jar = CookieJar()
                        jar.cookies = [Cookie(domain: "example.com", name: "session", value: "\(round)-\(index)")]
                        try? store.store(jar, environment: "dev")
                    }
                }
            }
            let held = try store.jar(environment: "dev")
            #expect(try CookieJarFile.read(store.path(environment: "dev")) == held, "round \(round)")
        }
    }
}
