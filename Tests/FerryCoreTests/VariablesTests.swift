import FerryCore
import Foundation
import Testing

@Suite struct VariablesTests {
    static let fixedDate = Date(timeIntervalSince1970: 1_700_000_000)

    func resolver(_ variables: [Variable] = [], host: [String: String]? = nil) -> VariableResolver {
        VariableResolver(variables, hostEnvironment: host, now: { Self.fixedDate }, randomInt: { 42 })
    }

    @Test func templatesSplitIntoTextAndNames() {
        #expect(Template("{{base}}/users/{{ id }}?q=1").pieces == [.variable("base"), .text("/users/"), .variable("id"), .text("?q=1")])
        #expect(Template("no {{ and {{}} stay }} text {{").pieces == [.text("no {{ and {{}} stay }} text {{")])
        #expect(Template("{{a}}{{b}}{{a}}").variableNames == ["a", "b"])
    }

    /// Names are trimmed of what Foundation calls whitespace (tabs, no-break and other spaces), and
    /// text around them keeps every scalar, combining marks after a brace included.
    @Test func templatesKeepEveryScalarAroundThePlaceholders() {
        let name = "\t\u{00A0}\u{2003}id\u{3000} "
        #expect(Template("{{\(name)}}").pieces == [.variable(name.trimmingCharacters(in: .whitespaces))])
        #expect(Template("é{{x}}\u{301}ü{{ y}").pieces == [.text("é"), .variable("x"), .text("\u{301}ü{{ y}")])
        #expect(Template("{{\u{301}x}}").pieces == [.variable("\u{301}x")])
        #expect(Template("").pieces.isEmpty)
    }

    @Test func variablesAndBuiltInsAreReplaced() throws {
        let resolver = resolver([Variable(name: "user", value: "ann")])
        #expect(try resolver.render("{{user}}-{{$timestamp}}-{{$randomInt}}", place: "url") == "ann-1700000000-42")
        #expect(try resolver.render("{{$isoTimestamp}}", place: "url") == "2023-11-14T22:13:20Z")
        let uuid = try resolver.render("{{$uuid}}", place: "url")
        #expect(UUID(uuidString: uuid) != nil)
        #expect(try resolver.render("{{$uuid}}", place: "url") != uuid)
    }

    @Test func aHeaderNameIsFilledInToo() throws {
        var description = RequestDescription(url: "http://h/")
        description.headers = [.init(name: "{{key}}", value: "{{fruit}}")]
        let resolved = try description.resolved(
            with: resolver([Variable(name: "key", value: "Fruit"), Variable(name: "fruit", value: "Apple")]), directory: "/")
        #expect(resolved.request.headers["Fruit"] == "Apple")
    }

    @Test func anUnresolvedVariableNamesItselfAndWhereItIs() throws {
        let error = try #require(throws: FerryError.self) { try resolver().render("Bearer {{token}}", place: "header Authorization") }
        guard case .invalidRequest(.unresolvedVariable(let name, let place)) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(name == "token")
        #expect(place == "header Authorization")
        #expect(error.link.message == "the variable {{token}} in the header Authorization has no value; nothing was sent")
    }

    /// A value made of other variables is filled in turn, as Postman, Insomnia and the `.http`
    /// editors do; built-ins are not expanded twice; a cycle is an error that names it.
    @Test func aValueMadeOfOtherVariablesIsExpandedAndACycleIsNamed() throws {
        let resolver = resolver([
            Variable(name: "scheme", value: "https"), Variable(name: "host", value: "{{ account }}.example.com"),
            Variable(name: "account", value: "acme"), Variable(name: "baseURL", value: "{{scheme}}://{{host}}"),
            Variable(name: "stamp", value: "t={{$timestamp}}"),
        ])
        #expect(try resolver.render("{{baseURL}}/users?{{stamp}}", place: "url") == "https://acme.example.com/users?t=1700000000")
        let missing = try #require(throws: FerryError.self) {
            try self.resolver([Variable(name: "url", value: "{{scheme}}://x")]).render("{{url}}", place: "url")
        }
        guard case .invalidRequest(.unresolvedVariable(let name, _)) = missing else {
            Issue.record("unexpected \(missing)")
            return
        }
        #expect(name == "scheme", "the inner name is the one a chain or --var must give")
        let cycle = try #require(throws: FerryError.self) {
            try self.resolver([Variable(name: "a", value: "x{{b}}"), Variable(name: "b", value: "{{ a }}")]).render("{{a}}", place: "url")
        }
        #expect(cycle.link.message == "the variable {{a}}: its value is made of itself: {{a}} → {{b}} → {{a}}")
    }

    /// A placeholder inside another's name is filled first, as Postman reads newman's own test
    /// `{{host.{{one}}}}`; placeholders side by side and JSON braces are not nesting.
    @Test func aNameMadeOfAnotherVariableIsFilledInnermostFirst() throws {
        let resolver = resolver([
            Variable(name: "one", value: "1"), Variable(name: "host.1", value: "postman-echo.com"),
            Variable(name: "level", value: "{{ one }}"), Variable(name: "a.b.1", value: "deep"), Variable(name: "b", value: "b"),
        ])
        #expect(try resolver.render("https://{{host.{{one}}}}/get", place: "url") == "https://postman-echo.com/get")
        #expect(try resolver.render("{{a.{{b}}.{{level}}}}", place: "url") == "deep")
        #expect(try resolver.render("{\"x\":{{one}}}{{b}}", place: "body") == "{\"x\":1}b")
        let missing = try #require(throws: FerryError.self) { try resolver.render("{{host.{{two}}}}", place: "url") }
        guard case .invalidRequest(.unresolvedVariable(let name, _)) = missing else {
            Issue.record("unexpected \(missing)")
            return
        }
        #expect(name == "two")
    }

    /// Postman's dynamic variables are built-ins (names and words of random letters), with values of their kind.
    @Test func postmansDynamicVariablesHaveValuesOfTheirKind() throws {
        func value(_ name: String) throws -> String { try resolver().render("{{\(name)}}", place: "url") }
        #expect(UUID(uuidString: try value("$guid")) != nil)
        #expect(UUID(uuidString: try value("$randomUUID")) != nil)
        #expect(try value("$randomIP").split(separator: ".").compactMap { UInt8($0) }.count == 4)
        #expect(try value("$randomIPV6").split(separator: ":").count == 8)
        #expect(try value("$randomMACAddress").wholeMatch(of: /([0-9a-f]{2}:){5}[0-9a-f]{2}/) != nil)
        #expect(try value("$randomHexColor").wholeMatch(of: /#[0-9a-f]{6}/) != nil)
        #expect(["true", "false"].contains(try value("$randomBoolean")))
        #expect(try value("$randomEmail").wholeMatch(of: /user_[a-z0-9]{8}@example\.com/) != nil)
        #expect(try value("$randomSemver").wholeMatch(of: /\d\.\d\.\d/) != nil)
        #expect(try value("$randomFullName").wholeMatch(of: /[A-Z][a-z]{5} [A-Z][a-z]{7}/) != nil, "letters, not a real name")
        #expect(try value("$randomInt 10 12").wholeMatch(of: /1[012]/) != nil)
        #expect(throws: FerryError.self) { try value("$randomCompanyName") }
        #expect(throws: FerryError.self) { try value("$randomString 0") }
        #expect(BuiltInVariable.names.allSatisfy { (try? value($0)) != nil })
    }

    @Test func hostVariablesOnlyWhenAllowed() throws {
        #expect(throws: FerryError.self) { try resolver().render("{{$env.HOME}}", place: "url") }
        #expect(try resolver(host: ["HOME": "/home/ann"]).render("{{$env.HOME}}", place: "url") == "/home/ann")
        #expect(throws: FerryError.self) { try resolver(host: [:]).render("{{$env.MISSING}}", place: "url") }
    }

    @Test func laterLayersWinButSecretsStaySecret() throws {
        var resolver = resolver([Variable(name: "password", value: "one", isSecret: true)])
        resolver.add([Variable(name: "password", value: "two")])
        #expect(try resolver.render("{{password}}", place: "body") == "two")
        #expect(resolver.redaction.redact("pw=two") == "pw={{password}}")
    }

    @Test func redactionReplacesSecretsAlsoPercentEncoded() {
        let redaction = Redaction([
            .init(secret: "p@ss word&1", replacement: "{{password}}"),
            .init(secret: "p@ss", replacement: "{{short}}"),
        ])
        #expect(redaction.redact("x p@ss word&1 y") == "x {{password}} y")
        #expect(redaction.redact("?pw=p%40ss%20word%261") == "?pw={{password}}")
        #expect(redaction.redact("p@ss") == "{{short}}")
        #expect(Redaction([.init(secret: "", replacement: "{{empty}}")]).redact("text") == "text")
    }

    @Test func valuesAreEscapedForTheBodyTheyLandIn() throws {
        let resolver = VariableResolver([Variable(name: "v", value: "a\"b\\c\n<&>"), Variable(name: "o", value: #"{"k": 1}"#)])
        let json = try resolver.render(
            #"{"s": "{{v}}", "o": {{o}}, "e": "x\"{{v}}"}"#, place: "body",
            escaping: TemplateEscaping(contentType: "application/json; charset=utf-8"))
        #expect(json == #"{"s": "a\"b\\c\n<&>", "o": {"k": 1}, "e": "x\"a\"b\\c\n<&>"}"#)
        #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil)
        #expect(TemplateEscaping(contentType: "application/problem+json") == .json)
        let xml = try resolver.render("<a>{{v}}</a>", place: "body", escaping: TemplateEscaping(contentType: "application/x-plist"))
        #expect(xml == "<a>a\"b\\c\n&lt;&amp;&gt;</a>")
        #expect(TemplateEscaping(contentType: "text/plain") == .none)
        #expect(TemplateEscaping(contentType: nil) == .none)
        #expect(try resolver.render("{{v}}", place: "url") == "a\"b\\c\n<&>", "URLs and headers get the value as it is")
    }
}
