import CSV
import FerryCore
import Foundation

/// The rows of `ferry run --data FILE`: a CSV file with a header row, or a JSON array of objects
/// whose values are scalars. Each row's values become variables for one round of the run. A row
/// that does not fit is an error naming its line (CSV) or JSON pointer.
public enum RunData {
    public static func rows(fromFile path: String) throws -> [[Variable]] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw FerryError.localFile(reason: .unreadable(path: path, error: POSIXError(.ENOENT)))
        }
        guard let text = String(data: data, encoding: .utf8) else { throw problem(path, "is not UTF-8 text") }
        let first = text.first { !$0.isWhitespace }
        return first == "[" ? try json(data, path: path) : try csv(text, path: path)
    }

    private static func csv(_ text: String, path: String) throws -> [[Variable]] {
        let reader: CSVReader
        do {
            reader = try CSVReader(string: text, hasHeaderRow: true)
        } catch {
            throw problem(path, "line 1: the header row cannot be read")
        }
        guard let header = reader.headerRow, !header.isEmpty, !header.contains(where: \.isEmpty) else {
            throw problem(path, "line 1: the header row names no variables (or an empty one)")
        }
        var rows: [[Variable]] = []
        var line = 1 + header.reduce(0) { $0 + $1.count { $0 == "\n" } }
        while let row = reader.next() {
            line += 1
            if row == [""] { continue }
            guard row.count == header.count else {
                throw problem(path, "line \(line): \(row.count) field(s) where the header row has \(header.count)")
            }
            rows.append(zip(header, row).map { Variable(name: $0, value: $1) })
            line += row.reduce(0) { $0 + $1.count { $0 == "\n" } }
        }
        if let error = reader.error { throw problem(path, "after line \(line): \(error)") }
        return rows
    }

    private static func json(_ data: Data, path: String) throws -> [[Variable]] {
        let document: Document
        do {
            document = try JSONParser.parse(data)
        } catch {
            throw problem(path, "line \(error.line), column \(error.column): \(error.message)")
        }
        guard document.kind(of: document.root) == .array else { throw problem(path, "expected an array of objects") }
        return try document.children(of: document.root).enumerated().map { index, row in
            guard document.kind(of: row) == .object else { throw problem(path, "/\(index): expected an object of variables") }
            return try document.children(of: row).map { member in
                let name = document.key(of: member) ?? ""
                guard !document.kind(of: member).isContainer else {
                    throw problem(path, "/\(index)/\(name): a nested value cannot be a variable")
                }
                return Variable(name: name, value: document.value(of: member) ?? "")
            }
        }
    }

    private static func problem(_ path: String, _ message: String) -> FerryError {
        .invalidRequest(reason: .invalidArgument(name: "--data \(path)", problem: message))
    }
}
