import FerryCore
import Foundation

extension ResponsePrinter {
    /// Prints what a serializer produced: documents pretty-printed (coloured and escaped only on a
    /// terminal), text as text, image facts as one line, data like a body. `node` picks one subtree.
    func printValue(_ value: SerializedValue, body: ResponseBody, contentType: String?, node: NodeID? = nil) throws {
        switch value {
        case .empty:
            return
        case .data:
            try printBody(body, contentType: contentType)
        case .text(let text, _):
            printText(text)
        case .image(let info):
            stdout.line(ValueSummary.ImagePart(info).line)
        case .document(let document):
            let printer = DocumentPrettyPrinter(
                colored: stdout.isTerminal, terminalSafe: stdout.isTerminal,
                stringLimit: stdout.isTerminal ? DocumentPrettyPrinter.terminalStringLimit : nil)
            printer.print(document, node: node) { stdout.write($0) }
        }
    }

    /// Prints the whole body as `hexdump -C` does, a page at a time so a large body is never held.
    func printHexDump(_ dump: HexDump) throws {
        let pageRows = 4096
        var row: Int64 = 0
        while row < dump.rowCount {
            let rows = try dump.rows(from: row, count: pageRows)
            stdout.write(rows.map { $0.rendered + "\n" }.joined())
            row += Int64(pageRows)
        }
        if dump.source.count > 0 { stdout.line(dump.endLine) }
    }
}
