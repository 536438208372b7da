import FerryCore
import Foundation

extension RequestEditor {
    /// Sets the body file from what was typed (`~` expanded; empty goes back to the text body), or
    /// returns why the file cannot be sent.
    mutating func setBodyFile(_ text: String) -> String? {
        let path = (text.trimmingCharacters(in: .whitespaces) as NSString).expandingTildeInPath
        guard !path.isEmpty else {
            bodyFile = nil
            return nil
        }
        do {
            _ = try FileBodyStream.length(of: path)
        } catch {
            return "Body file: " + (ErrorChain(error).links.first?.message ?? "\(error)")
        }
        bodyFile = path
        return nil
    }

    /// The line the Body tab shows for a body file: its path and size.
    var bodyFileLine: String? {
        guard let bodyFile else { return nil }
        let size = (try? FileBodyStream.length(of: bodyFile)).map { ByteCountText.format($0) } ?? "unreadable now"
        return "file \(bodyFile) (\(size), streamed from disk) · f changes it, an empty path goes back to the text below"
    }
}
