import FerryCore
import Testing

/// Issue 33: what the TUI completes a gRPC request with — methods after the host, field names where
/// a key goes in the message's JSON and enum values where a value goes, following nested messages,
/// lists and maps.
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

    /// A message of enums and maps (as ferry.kinds.Kinds has): an enum, a list of it, maps to it and to a message.
    let kinds = GRPCSchemaOutline(
        methods: ["k.S/Echo": "k.Kinds"],
        messages: [
            "k.Kinds": [
                .init(name: "fEnum", enumValues: ["COLOUR_UNSPECIFIED", "RED", "GREEN"]),
                .init(name: "colours", enumValues: ["COLOUR_UNSPECIFIED", "RED", "GREEN"]),
                .init(name: "mapStringColour", enumValues: ["COLOUR_UNSPECIFIED", "RED", "GREEN"], isMap: true),
                .init(name: "mapBoolInner", messageType: "k.Inner", isMap: true),
                .init(name: "fMessage", messageType: "k.Inner"),
                .init(name: "fInt32"),
            ],
            "k.Inner": [.init(name: "label"), .init(name: "count"), .init(name: "nested", messageType: "k.Kinds")],
        ])

    @Test func enumValuesWhereAValueGoesAndMapsFollowed() {
        #expect(kinds.fieldCompletions(method: "k.S/Echo", before: #"{"fEnum": "#) == ["COLOUR_UNSPECIFIED", "RED", "GREEN"])
        #expect(kinds.fieldCompletions(method: "k.S/Echo", before: #"{"fEnum": "G"#) == ["GREEN"])
        #expect(kinds.fieldCompletions(method: "k.S/Echo", before: #"{"colours": ["RED", "#).count == 3, "a list's element")
        #expect(kinds.fieldCompletions(method: "k.S/Echo", before: #"{"mapStringColour": {"a": "R"#) == ["RED"], "a map's value")
        #expect(kinds.fieldCompletions(method: "k.S/Echo", before: #"{"mapStringColour": {"#).isEmpty, "a map's keys are its own")
        #expect(kinds.fieldCompletions(method: "k.S/Echo", before: #"{"mapStringColour": "#).isEmpty, "a map's value is an object")
        #expect(kinds.fieldCompletions(method: "k.S/Echo", before: #"{"mapBoolInner": {"true": {"l"#) == ["label"])
        #expect(
            kinds.fieldCompletions(method: "k.S/Echo", before: #"{"fMessage": {"nested": {"mapBoolInner": {"false": {"nested": {"fE"#)
                == ["fEnum"], "at any depth, through maps")
        #expect(kinds.fieldCompletions(method: "k.S/Echo", before: #"{"fInt32": "#).isEmpty, "a scalar has no values to offer")
        #expect(kinds.fieldCompletions(method: "k.S/Echo", before: #"{"fEnum": "RED", "#).count == 5, "the held key is not offered")
    }

    @Test func theScopeOfAValue() throws {
        let value = try #require(JSONCursorScope(before: #"{"a": {"b": "x"#))
        #expect(value.path == ["a"])
        #expect(value.valueOf == "b")
        #expect(value.prefix == "x" && value.inString)
        let element = try #require(JSONCursorScope(before: #"{"a": [1, "#))
        #expect(element.valueOf == "a" && element.prefix.isEmpty && !element.inString)
        #expect(JSONCursorScope(before: #"{"a": 1"#) == nil, "a value written")
        #expect(JSONCursorScope(before: #"{"a": "x", "#)?.valueOf == nil, "a key goes there")
    }

    @Test func theScopeReadsEscapesAndStrings() throws {
        let scope = try #require(JSONCursorScope(before: #"{"a\"{": "x{[", "b": {"c"#))
        #expect(scope.path == ["b"])
        #expect(scope.prefix == "c")
        #expect(scope.inString)
        #expect(scope.present.isEmpty)
    }
}
