import FerryCore
import Testing

/// Query strings byte for byte: AFNetworking's own test cases, then what it never covered.
@Suite struct QueryStringEncoderTests {
    private func encode(_ parameters: Parameters, _ encoder: QueryStringEncoder = QueryStringEncoder()) throws -> String {
        try encoder.encode(parameters)
    }

    @Test func afnetworkingCases() throws {
        #expect(try encode(.object([("key", .string("value"))])) == "key=value")
        #expect(try encode(.object([("key2", .string("value2")), ("key1", .string("value1"))])) == "key1=value1&key2=value2")
        #expect(try encode(.object([("key", .object([("subkey", .string("value"))]))])) == "key%5Bsubkey%5D=value")
        #expect(try encode(.object([("key", .array([.string("a"), .string("b")]))])) == "key%5B%5D=a&key%5B%5D=b")
        #expect(try encode(.object([("key", .null)])) == "key")
        #expect(
            try encode(.object([("key", .bool(true)), ("off", .bool(false)), ("n", .number("12345678901234567890"))]))
                == "key=1&n=12345678901234567890&off=0")
        #expect(try encode(.object([("key&", .string("value&"))])) == "key%26=value%26")
    }

    @Test func reservedCharactersAreEscapedExceptQuestionMarkAndSlash() {
        #expect(QueryStringEncoder.percentEscaped(":#[]@!$&'()*+,;=/?") == "%3A%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D/?")
        #expect(QueryStringEncoder.percentEscaped("a-b.c_d~e f%") == "a-b.c_d~e%20f%25")
    }

    @Test func emojiCJKAndCombiningMarksAreEscapedWhole() {
        #expect(QueryStringEncoder.percentEscaped("🐘") == "%F0%9F%90%98")
        #expect(QueryStringEncoder.percentEscaped("👨‍👩‍👧") == "%F0%9F%91%A8%E2%80%8D%F0%9F%91%A9%E2%80%8D%F0%9F%91%A7")
        #expect(QueryStringEncoder.percentEscaped("東京") == "%E6%9D%B1%E4%BA%AC")
        #expect(QueryStringEncoder.percentEscaped("e\u{301}") == "e%CC%81")
        let long = String(repeating: "a🇫🇷", count: 40)
        #expect(QueryStringEncoder.percentEscaped(long) == String(repeating: "a%F0%9F%87%AB%F0%9F%87%B7", count: 40))
    }

    @Test func nestedArraysOfObjects() throws {
        let parameters = Parameters.object([
            ("users", .array([.object([("name", .string("ann")), ("age", .number("30"))]), .object([("name", .string("bo"))])])),
            ("meta", .object([("tags", .array([.array([.string("x")])]))])),
        ])
        #expect(
            try encode(parameters)
                == "meta%5Btags%5D%5B%5D%5B%5D=x&users%5B%5D%5Bage%5D=30&users%5B%5D%5Bname%5D=ann&users%5B%5D%5Bname%5D=bo")
        #expect(
            try encode(parameters, QueryStringEncoder(arrayStyle: .indices, keepsKeyOrder: true))
                == "users%5B0%5D%5Bname%5D=ann&users%5B0%5D%5Bage%5D=30&users%5B1%5D%5Bname%5D=bo&meta%5Btags%5D%5B0%5D%5B0%5D=x")
    }

    @Test func arrayStyles() throws {
        let parameters = Parameters.object([("a", .array([.string("1"), .string("x,y"), .null])), ("b", .string("z"))])
        #expect(try encode(parameters, QueryStringEncoder(arrayStyle: .brackets)) == "a%5B%5D=1&a%5B%5D=x%2Cy&a%5B%5D&b=z")
        #expect(try encode(parameters, QueryStringEncoder(arrayStyle: .repeat)) == "a=1&a=x%2Cy&a&b=z")
        #expect(try encode(parameters, QueryStringEncoder(arrayStyle: .indices)) == "a%5B0%5D=1&a%5B1%5D=x%2Cy&a%5B2%5D&b=z")
        #expect(try encode(parameters, QueryStringEncoder(arrayStyle: .comma)) == "a=1,x%2Cy,&b=z")
        let ofObjects = Parameters.object([("a", .array([.object([("k", .string("v"))])]))])
        #expect(try encode(ofObjects, QueryStringEncoder(arrayStyle: .comma)) == "a%5B%5D%5Bk%5D=v")
    }

    @Test func keyOrderIsSortedUnlessKept() throws {
        let parameters = Parameters.flat([("z", "1"), ("a", "2"), ("z", "3")])
        #expect(try encode(parameters) == "a=2&z%5B%5D=1&z%5B%5D=3")
        #expect(try encode(parameters, QueryStringEncoder(keepsKeyOrder: true)) == "z%5B%5D=1&z%5B%5D=3&a=2")
    }

    @Test func topLevelMustBeAnObject() {
        #expect(throws: FerryError.self) { try encode(.array([.string("a")])) }
        #expect((try? encode(.object([]))) == "")
    }
}
