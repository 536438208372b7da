import FerryCore
import Testing

/// Issue 33: what the TUI completes a gRPC request with — methods after the host, and field names
/// where a key goes in the message's JSON, following nested messages and lists.
@Suite struct GRPCSchemaOutlineTests {
    let outline = GRPCSchemaOutline(
        methods: ["routeguide.RouteGuide/GetFeature": "routeguide.Point", "routeguide.RouteGuide/ListFeatures": "routeguide.Rectangle"],
        messages: [
            "routeguide.Point": [.init(name: "latitude"), .init(name: "longitude")],
            "routeguide.Rectangle": [
                .init(name: "lo", messageType: "routeguide.Point"), .init(name: "hi", messageType: "routeguide.Point"),
            ],
        ])

    @Test func methodsAfterTheHost() {
        #expect(outline.methodCompletions(for: "route") == ["routeguide.RouteGuide/GetFeature", "routeguide.RouteGuide/ListFeatures"])
        #expect(outline.methodCompletions(for: "routeguide.RouteGuide/L") == ["routeguide.RouteGuide/ListFeatures"])
        #expect(outline.methodCompletions(for: "routeguide.RouteGuide/GetFeature").isEmpty)
    }

    @Test func fieldsWhereAKeyGoes() {
        let list = "routeguide.RouteGuide/ListFeatures"
        #expect(outline.fieldCompletions(method: list, before: "{") == ["lo", "hi"])
        #expect(outline.fieldCompletions(method: list, before: #"{"h"#) == ["hi"])
        #expect(outline.fieldCompletions(method: list, before: #"{"lo": {"#) == ["latitude", "longitude"])
        #expect(outline.fieldCompletions(method: list, before: #"{"lo": {"latitude": 1, "#) == ["longitude"], "a key held is not offered")
        #expect(outline.fieldCompletions(method: list, before: #"{"lo": {"latitude": 1}, "#) == ["hi"])
        #expect(outline.fieldCompletions(method: list, before: #"[{"lo": {}}, {"hi": {"lon"#) == ["longitude"], "a client stream's list")
        #expect(outline.fieldCompletions(method: list, before: #"{"lo": "#).isEmpty, "a value goes here")
        #expect(outline.fieldCompletions(method: list, before: #"{"lo""#).isEmpty, "its colon goes here")
        #expect(outline.fieldCompletions(method: list, before: #"{"nope": {"#).isEmpty)
        #expect(outline.fieldCompletions(method: "no.Such/Method", before: "{").isEmpty)
    }

    @Test func theScopeReadsEscapesAndStrings() throws {
        let scope = try #require(JSONCursorScope(before: #"{"a\"{": "x{[", "b": {"c"#))
        #expect(scope.path == ["b"])
        #expect(scope.prefix == "c")
        #expect(scope.inString)
        #expect(scope.present.isEmpty)
    }
}
