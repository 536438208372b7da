import FerryCore
import Testing

@testable import FerryInterop

/// A pasted curl command's shell variables (`"Bearer $TOKEN"`) become Ferry variables the user gives
/// a value, named in the report; quoted and escaped dollars stay as written.
@Suite struct ShellVariablesTests {
    @Test func variablesBecomeFerryVariables() throws {
        let commands = try ShellWords.commands(
            in: #"curl -H "Authorization: Bearer $TOKEN" https://${HOST}/v2/$PATH_1 -d '$LITERAL' -d \$ESCAPED -d "$1 $?""#)
        let command = try #require(commands.first)
        #expect(command.words[2] == "Authorization: Bearer {{TOKEN}}")
        #expect(command.words[3] == "https://{{HOST}}/v2/{{PATH_1}}")
        #expect(command.words[5] == "$LITERAL" && command.words[7] == "$ESCAPED" && command.words[9] == "$1 $?")
        #expect(command.variables == ["TOKEN", "HOST", "PATH_1"])
    }

    @Test func theImportNamesThemAndTheRequestReadsThem() throws {
        let collection = try CurlImporter().importCollection(
            #"curl -H "Authorization: Bearer $DO_API_TOKEN" "http://localhost:28139/v2/images?type=distribution""#, source: "a.sh",
            directory: "/")
        let request = try #require(collection.requests.first).description
        #expect(request.headers.contains { $0.value == "Bearer {{DO_API_TOKEN}}" }, "\(request.headers)")
        #expect(collection.report.notes.contains { $0.kind == .approximated && $0.message.hasPrefix("$DO_API_TOKEN is a shell variable") })
    }
}
