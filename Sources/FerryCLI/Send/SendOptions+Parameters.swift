import FerryCore
import Foundation

/// `--param`, `--params-json`, `--encode`, `--array-style`, `--plist-format`, `--pretty-json` and
/// `--keep-key-order`, read and checked (SendOptions+Description places them).
extension SendOptions {
    var hasParameters: Bool { !params.isEmpty || paramsJSON != nil }

    /// The encoding the flags ask for; without `--encode`, AFNetworking's form behaviour by method.
    func parameterEncoding() throws -> ParameterEncoding {
        let style = try Self.choice(arrayStyle, "--array-style", default: QueryStringEncoder.ArrayStyle.brackets)
        let query = QueryStringEncoder(arrayStyle: style, keepsKeyOrder: keepKeyOrder)
        let plist = try Self.choice(plistFormat, "--plist-format", default: PropertyListRequestSerializer.Format.xml)
        guard plistFormat == nil || encode == "plist" else {
            throw FerryError.invalidRequest(reason: .invalidArgument(name: "--plist-format", problem: "only applies to --encode plist"))
        }
        guard !prettyJSON || encode == "json" else {
            throw FerryError.invalidRequest(reason: .invalidArgument(name: "--pretty-json", problem: "only applies to --encode json"))
        }
        let format: ParameterEncoding.Format
        switch encode {
        case nil, "form": format = .form
        case "query": format = .query
        case "json": format = .json(pretty: prettyJSON)
        case "plist": format = .propertyList(plist)
        case let other?:
            throw FerryError.invalidRequest(
                reason: .invalidArgument(name: "--encode \(other)", problem: "expected query, form, json or plist"))
        }
        return ParameterEncoding(format: format, query: query)
    }

    /// The parameters given, `--params-json`'s members then each `--param`, as one object; nil when there are none.
    func parameters() throws -> Parameters? {
        guard hasParameters else { return nil }
        var entries: [(key: String, value: Parameters)] = []
        if let paramsJSON, case .object(let members) = try Parameters(json: paramsJSON) { entries = members }
        let pairs = try params.map { argument -> (String, String) in
            guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
                throw FerryError.invalidRequest(reason: .invalidArgument(name: "--param \(argument)", problem: "expected `key=value`"))
            }
            return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
        }
        if case .object(let flat) = Parameters.flat(pairs) { entries += flat }
        return .object(entries)
    }

    private static func choice<Choice: RawRepresentable & CaseIterable>(
        _ text: String?, _ flag: String, default value: Choice
    ) throws -> Choice
    where Choice.RawValue == String {
        guard let text else { return value }
        guard let choice = Choice(rawValue: text) else {
            let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw FerryError.invalidRequest(reason: .invalidArgument(name: "\(flag) \(text)", problem: "expected one of \(names)"))
        }
        return choice
    }
}
