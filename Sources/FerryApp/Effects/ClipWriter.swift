import FerryCore
import FerryInterop
import FerryTUI

/// The text a copy puts on the clipboard, and what to call it: a clip's own text, the body's first
/// bytes, or the request as a curl or HTTPie command (secrets kept as `{{name}}`).
enum ClipWriter {
    static func text(of clip: Clip) throws -> (text: String, what: String) {
        switch clip {
        case .text(let text, let what):
            return (text, what)
        case .body(let source, let limit):
            let data = try source.read(at: 0, count: Int(min(source.count, Int64(limit))))
            let what = source.count > Int64(limit) ? "the body's first \(RequestOptions.sizeText(Int64(limit)))" : "the body"
            return (String(decoding: data, as: UTF8.self), what)
        case .request(let source, let variables, let format):
            let resolver = VariableResolver(variables)
            switch format {
            case .curl:
                let command = try CurlExporter().command(
                    for: source.description, resolver: resolver, defaults: source.defaults,
                    directory: source.root)
                return (command, "curl command")
            case .httpie:
                var exporter = HTTPieExporter()
                let command = try exporter.command(
                    for: source.description, place: source.title, resolver: resolver,
                    defaults: source.defaults, directory: source.root)
                return (command, "HTTPie command")
            }
        }
    }
}
