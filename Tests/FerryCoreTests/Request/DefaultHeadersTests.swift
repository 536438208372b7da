import FerryCore
import Testing

/// `Accept-Language` from the POSIX locale variables in AFNetworking's format, and `User-Agent`.
@Suite struct DefaultHeadersTests {
    @Test func languagesQualitiesAndOverrides() {
        #expect(DefaultHeaders.preferredLanguages(environment: ["LANG": "fr_FR.UTF-8@euro"]) == ["fr-FR"])
        #expect(
            DefaultHeaders.preferredLanguages(environment: ["LANGUAGE": "de:en_GB", "LANG": "fr_FR.UTF-8"]) == ["de", "en-GB", "fr-FR"])
        #expect(DefaultHeaders.preferredLanguages(environment: ["LANGUAGE": "de", "LC_ALL": "C"]) == [])
        #expect(DefaultHeaders.acceptLanguage(for: []) == "en;q=1")
        #expect(
            DefaultHeaders.acceptLanguage(for: ["a", "b", "c", "d", "e", "f", "g"]) == "a;q=1, b;q=0.9, c;q=0.8, d;q=0.7, e;q=0.6, f;q=0.5")
        let applied = DefaultHeaders.applied(to: ["User-Agent": "", "X": "1"])
        #expect(applied.values(for: "User-Agent") == [""])
        #expect(applied["Accept-Language"] == DefaultHeaders.acceptLanguage)
        #expect(DefaultHeaders.applied(to: [:])["User-Agent"] == FerryInfo.userAgent)
    }
}
