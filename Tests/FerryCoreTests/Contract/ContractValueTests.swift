import Foundation
import Testing

@testable import FerryCore

/// What the request's check reads without a parse: a parameter's number by JSON's grammar, and the
/// query's values without `URLComponents` — each against the reader it replaced.
@Suite struct ContractValueTests {
    @Test func aNumberIsWhatTheJSONParserReadsAsOne() {
        let texts = [
            "0", "7", "42", "-1", "-0", "3.25", "-1.5e3", "1E5", "2e-7", "1e+2", " 42", "42\n", "\t-3 ",
            "", " ", "-", "+1", "0042", "01", "1.", ".5", "1e", "1e+", "1.2.3", "0x10", "1 2", "NaN", "Infinity", "12a", "٣",
        ]
        for text in texts {
            let parsed = (try? JSONParser.parse(Data(text.utf8))).map { $0.kind(of: $0.root) == .number } ?? false
            #expect(ContractValue.isJSONNumber(text) == parsed, "\(text.debugDescription)")
        }
    }

    @Test func queryValuesAreURLComponentsQueryItems() throws {
        let urls = [
            "http://h/a?i=1", "http://h/a?i=1&j=two&i=3", "http://h/a?flag&x=", "http://h/a?q=caf%C3%A9%20au+lait&e=%3D%26",
            "http://h/a", "http://h/a?", "http://h/a?x=1#frag", "http://h/a?a=b=c", "http://h/a?&&x=1", "http://h/a?n%61me=1&name=2",
        ]
        for text in urls {
            let url = try #require(URL(string: text))
            let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            let query = url.query(percentEncoded: true) ?? ""
            for name in Set(items.map(\.name)).union(["i", "absent"]) {
                let expected = items.filter { $0.name == name }.map { $0.value ?? "" }
                #expect(OpenAPIContract.queryValues(named: name, in: query) == expected, "\(text) \(name)")
            }
        }
    }

    @Test func theOperationIsMatchedOnceForTheRequestAndItsResponse() throws {
        let contract = try OpenAPIContractTests.contract()
        let exchange = ExchangeContract(contract, method: .get, url: try #require(URL(string: "http://h/v1/pets/7")))
        #expect(exchange.check(request: Request(url: exchange.url)).findings == [])
        let response = OpenAPIContractTests.response(200, #"{"id": 7, "name": "Rex"}"#)
        #expect(exchange.check(response, document: nil).status == "200")
        #expect(exchange.check(response, document: nil) == contract.check(response, method: .get, url: exchange.url, document: nil))
    }
}
