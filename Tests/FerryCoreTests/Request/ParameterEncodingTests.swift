import FerryCore
import Foundation
import Testing

/// Where parameters go by method, and the form, JSON and property-list bodies byte for byte.
@Suite struct ParameterEncodingTests {
    private let parameters = Parameters.object([("b", .string("2 & 3")), ("a", .array([.number("1"), .bool(true)]))])

    private func request(_ method: HTTPMethod, _ url: String = "http://h/p", contentType: String? = nil) throws -> Request {
        var request = Request(method: method, url: try Request.parseURL(url))
        if let contentType { request.headers.add(name: "Content-Type", value: contentType) }
        return request
    }

    @Test(arguments: [HTTPMethod.get, .head, .delete])
    func uriMethodsPutParametersInTheURL(method: HTTPMethod) throws {
        var plain = try request(method)
        try ParameterEncoding().apply(parameters, to: &plain)
        #expect(plain.url.absoluteString == "http://h/p?a%5B%5D=1&a%5B%5D=1&b=2%20%26%203")
        var withQuery = try request(method, "http://h/p?x=1#frag")
        try ParameterEncoding().apply(parameters, to: &withQuery)
        #expect(withQuery.url.absoluteString == "http://h/p?x=1&a%5B%5D=1&a%5B%5D=1&b=2%20%26%203#frag")
        if case .none = withQuery.body {} else { Issue.record("a URI method got a body") }
    }

    @Test func otherMethodsGetAFormBody() throws {
        var post = try request(.post)
        try ParameterEncoding().apply(parameters, to: &post)
        #expect(post.headers["Content-Type"] == "application/x-www-form-urlencoded")
        #expect(try body(post) == "a%5B%5D=1&a%5B%5D=1&b=2%20%26%203")
        var empty = try request(.put, contentType: "text/x-mine")
        try ParameterEncoding().apply(.object([]), to: &empty)
        #expect(empty.headers.values(for: "Content-Type") == ["text/x-mine"])
        #expect(try body(empty) == "")
    }

    @Test func uriMethodsAreConfigurable() throws {
        var delete = try request(.delete)
        try ParameterEncoding(uriMethods: [.get]).apply(parameters, to: &delete)
        #expect(delete.url.query == nil)
        var post = try request(.post)
        try ParameterEncoding(format: .query).apply(parameters, to: &post)
        #expect(post.url.query == "a%5B%5D=1&a%5B%5D=1&b=2%20%26%203")
    }

    @Test func jsonKeepsOrderAndNumbersAsWritten() throws {
        let tree = Parameters.object([
            ("z", .number("12345678901234567890.5")), ("a", .array([.null, .bool(false), .object([])])),
            ("s", .string("\"é\n\u{01}/")),
        ])
        #expect(
            String(decoding: try JSONRequestSerializer().serialize(tree), as: UTF8.self)
                == #"{"z":12345678901234567890.5,"a":[null,false,{}],"s":"\"é\n\u0001/"}"#)
        #expect(
            String(decoding: try JSONRequestSerializer(pretty: true).serialize(tree), as: UTF8.self)
                == "{\n  \"z\": 12345678901234567890.5,\n  \"a\": [\n    null,\n    false,\n    {}\n  ],\n  \"s\": \"\\\"é\\n\\u0001/\"\n}")
        var post = try request(.post)
        try ParameterEncoding(format: .json(pretty: false)).apply(.object([("k", .string("v"))]), to: &post)
        #expect(post.headers["Content-Type"] == "application/json")
        #expect(try body(post) == #"{"k":"v"}"#)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func jsonRejectsNonFiniteNumbersWithTheirPath(value: Double) throws {
        let tree = Parameters.object([("outer", .array([.string("x"), .number(value)]))])
        #expect {
            try JSONRequestSerializer().serialize(tree)
        } throws: { error in
            guard case FerryError.requestSerializationFailed(.unencodableValue(let path, _, "JSON")) = error else { return false }
            return path == "$.outer[1]"
        }
    }

    @Test(arguments: [PropertyListRequestSerializer.Format.xml, .binary])
    func propertyListsRoundTrip(format: PropertyListRequestSerializer.Format) throws {
        let tree = Parameters.object([
            ("name", .string("Ferry ⛴")), ("count", .number("42")), ("ratio", .number("0.5")),
            ("flags", .array([.bool(true), .bool(false)])), ("nested", .object([("k", .string("v"))])),
        ])
        let data = try PropertyListRequestSerializer(format: format).serialize(tree)
        var actual = PropertyListSerialization.PropertyListFormat.openStep
        let decoded = try #require(try PropertyListSerialization.propertyList(from: data, options: [], format: &actual) as? [String: Any])
        #expect(actual == (format == .xml ? .xml : .binary))
        #expect(decoded["name"] as? String == "Ferry ⛴")
        #expect(decoded["count"] as? Int == 42)
        #expect(decoded["ratio"] as? Double == 0.5)
        #expect(decoded["flags"] as? [Bool] == [true, false])
        #expect((decoded["nested"] as? [String: Any])?["k"] as? String == "v")
        if format == .xml {
            let text = String(decoding: data, as: UTF8.self)
            #expect(text.hasPrefix("<?xml"))
            #expect(text.contains("<key>count</key>"))
        }
    }

    @Test func propertyListsRejectNullAndHugeIntegers() {
        for (tree, path) in [
            (Parameters.object([("a", .array([.null]))]), "$.a[0]"), (.object([("n", .number("99999999999999999999"))]), "$.n"),
        ] {
            #expect {
                try PropertyListRequestSerializer().serialize(tree)
            } throws: { error in
                guard case FerryError.requestSerializationFailed(.unencodableValue(let found, _, "property list")) = error else {
                    return false
                }
                return found == path
            }
        }
    }

    @Test(arguments: [
        ("http://h/foo", "text", "http://h/foo/text"),
        ("http://h/foo/", "text", "http://h/foo/text"),
        ("http://h", "text", "http://h/text"),
        ("http://h/foo", "/abs", "http://h/abs"),
        ("http://h/foo/bar", "../up?q=1", "http://h/foo/up?q=1"),
        ("http://h/foo", "https://other/x", "https://other/x"),
        ("http://h/foo", "//other/y", "http://other/y"),
        ("http://h/foo/", "?q=2", "http://h/foo/?q=2"),
    ])
    func baseURLResolution(base: String, reference: String, expected: String) throws {
        #expect(try BaseURL(try Request.parseURL(base)).resolve(reference).absoluteString == expected)
    }

    private func body(_ request: Request) throws -> String {
        guard case .bytes(let data) = request.body else {
            throw FerryError.invalidRequest(reason: .invalidArgument(name: "body", problem: "not bytes"))
        }
        return String(decoding: data, as: UTF8.self)
    }
}
