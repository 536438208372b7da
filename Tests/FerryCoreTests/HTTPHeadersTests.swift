import FerryCore
import Testing

@Suite struct HTTPHeadersTests {
    @Test func keepsOrderAndRepeatedNamesWithCaseInsensitiveLookup() {
        var headers: HTTPHeaders = ["Accept": "text/html", "Set-Cookie": "a=1"]
        headers.add(name: "set-cookie", value: "b=2")
        #expect(headers["SET-COOKIE"] == "a=1")
        #expect(headers.values(for: "Set-Cookie") == ["a=1", "b=2"])
        #expect(headers.map(\.name) == ["Accept", "Set-Cookie", "set-cookie"])
        #expect(headers["Missing"] == nil)
    }

    @Test func setReplacesAllAtTheFirstPosition() {
        var headers: HTTPHeaders = ["A": "1", "X-Id": "1", "B": "2", "x-id": "2"]
        headers.set(name: "X-ID", value: "3")
        #expect(headers.fields == [.init(name: "A", value: "1"), .init(name: "X-ID", value: "3"), .init(name: "B", value: "2")])
        headers.remove(name: "x-id")
        #expect(headers.map(\.name) == ["A", "B"])
    }

    @Test func caseInsensitivityIsASCIIOnly() {
        let headers: HTTPHeaders = ["Straße": "1"]
        #expect(headers["STRASSE"] == nil)
        #expect(headers["straße"] == "1")
    }
}
