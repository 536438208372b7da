import FerryCore
import Foundation
import Testing

@testable import FerryScript

/// A script's literals taken out so scripts that differ only in them share one compiled text
/// (issue 30): what is taken, what is left, which scripts are left whole, and that a script runs
/// the same either way.
@Suite struct ScriptLiteralsTests {
    @Test func scriptsDifferingInALiteralShareOneTextWithTheirColumnsKept() throws {
        let script = #"pm.test("json", () => pm.expect(pm.response.json().args.i).to.equal("%@"));"#
        let first = try #require(ScriptLiterals.make(script.replacingOccurrences(of: "%@", with: "0001")))
        let second = try #require(ScriptLiterals.make(script.replacingOccurrences(of: "%@", with: "0002")))
        #expect(first.text == second.text)
        #expect(first.text == #"pm.test(ƒ[0]  , () => pm.expect(pm.response.json().args.i).to.equal(ƒ[1]  ));"#)
        #expect(first.values == #"["json","0001"]"#)
        #expect(second.values == #"["json","0002"]"#)
        #expect(first.text.utf16.count == script.utf16.count - 2 + 4)
    }

    @Test func literalsWhosePlaceGivesThemAMeaningStay() {
        for script in [
            #"'use strict'; x = 1;"#,  // a directive
            #"const o = { "abcd": 1 };"#,  // a property name
            #"const o = { "abcd"() { return 1; } };"#,  // a method's name
            #"const x = y ? "abcd" : 0;"#,  // followed by a colon: told apart from a name by not taking it
            #"f("a", 123, 0x1234, 0123, 1.5e10, 12n)"#,  // too short, or not a plain decimal integer
            #"f("ab\ncd")"#,  // an escape
            #"function g() { return"abcd"; }"#,  // after a word's last letter
            #"const r = /"abcdef"/; f(`"abcdef"`);"#,  // inside a regular expression and a template's text
        ] {
            #expect(ScriptLiterals.make(script) == nil, "\(script)")
        }
    }

    @Test func scriptsThatCannotBeToldApartAreLeftWhole() {
        for script in [
            #"if (x) /"abcd"/.test(y); f("abcdef");"#,  // a regular expression or a division after `)`
            #"class A { "abcd" = 1 }; f("abcdef");"#,
            #"const ƒ = 1; f("abcdef");"#,
            #"f("abcdef"); const s = "never ends"#,
            #"f("abcdef"); /* never ends"#,
            #"f("abcdef"); const t = `${"#,
        ] {
            #expect(ScriptLiterals.make(script) == nil, "\(script)")
        }
    }

    @Test func literalsInsideTemplateSubstitutionsAndAfterDivisionsAreTaken() throws {
        let literals = try #require(ScriptLiterals.make(#"const t = `a ${f("abcdef", { k: "ghij" })} b`; const d = a / 2 + "wxyz";"#))
        #expect(literals.text == #"const t = `a ${f(ƒ[0]    , { k: ƒ[1]   })} b`; const d = a / 2 + ƒ[2]  ;"#)
        #expect(literals.values == #"["abcdef","ghij","wxyz"]"#)
    }

    @Test func charactersBeyondASCIIKeepTheColumnsAndWideSpacesSeparateWords() throws {
        // Read as UTF-8, padded in UTF-16 units: é is one unit, 𝒳 two; U+2028, U+00A0 and U+FEFF
        // separate tokens; a literal glued to a word (𝒳"abcd") stays.
        let script = "const é = f(\"abcdé\", '𝒳𝒳ab');\u{2028}g(\u{A0}\"wxyz\")\u{FEFF}; h(𝒳\"abcd\");"
        let literals = try #require(ScriptLiterals.make(script))
        #expect(literals.text == "const é = f(ƒ[0]   , ƒ[1]    );\u{2028}g(\u{A0}ƒ[2]  )\u{FEFF}; h(𝒳\"abcd\");")
        #expect(literals.values == #"["abcdé","𝒳𝒳ab","wxyz"]"#)
        #expect(literals.text.utf16.count == script.utf16.count)
        #expect(literals.restored("at ƒ[1]     and ƒ[0]") == "at '𝒳𝒳ab' and \"abcdé\"")
    }

    @Test func aScriptMentionsAWordAnywhereInItsText() {
        let script = ScriptSource("pm.environment.set(\"é\", 1); await x;")
        #expect(script.mentions(["set"]) && script.mentions(["nope", "await x;"]) && script.mentions(["\"é\""]))
        #expect(!script.mentions(["Request", "await y"]) && !script.mentions([]))
        #expect(!ScriptSource("se").mentions(["set"]))
    }

    @Test func aScriptRunsTheSameWithItsLiteralsTakenAndErrorsQuoteItsOwnText() async throws {
        let engine = try ScriptEngine.shared()
        let input = ScriptInput(
            info: .init(eventName: "test", requestName: "r", requestId: "r.ferry.yaml"), variables: [:],
            request: .init(method: "GET", url: "http://localhost/", headers: [], body: nil),
            response: .init(code: 200, status: "OK", headers: [], body: #"{"i":"0042"}"#, responseTime: 1, responseSize: 12))
        let outcome = await engine.run(
            ScriptSource(
                """
                pm.test("value", () => pm.expect(pm.response.json().i).to.equal("0042"));
                pm.test("number", () => pm.expect(Number(pm.response.json().i) + 1000).to.equal(1042));
                pm.test("quoted", () => "abcdef".nope());
                pm.environment.set("seen", "value-set");
                """, file: "r.ferry.yaml", line: 3), phase: .tests, input: input)
        #expect(outcome.error == nil)
        #expect(outcome.tests.map(\.passed) == [true, true, false])
        let message = try #require(outcome.tests.last?.error?.message)
        #expect(message.contains(#""abcdef".nope"#) && !message.contains("ƒ"), "\(message)")
        #expect(outcome.changes == ["seen": "value-set"])
        let broken = await engine.run(
            ScriptSource("pm.test(\"abcdef\", () => 1));", file: "r.ferry.yaml", line: 3), phase: .tests,
            input: input)
        #expect(broken.error?.name == "SyntaxError", "\(String(describing: broken.error))")
        #expect(broken.error.map { !$0.message.contains("ƒ") } == true)
    }
}
