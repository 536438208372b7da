/// Cuts a byte stream into lines ending in CRLF, LF or CR, fed in pieces of any size (a CRLF split
/// between two pieces is one line end). A line longer than `maximumLineLength` keeps its first bytes
/// and is marked as cut, so memory stays bounded whatever the stream sends.
struct StreamLineScanner {
    /// One complete line, without its end.
    struct Line {
        var bytes: [UInt8]
        /// Bytes it took in the stream, its line end included.
        var size: Int
        var truncated: Bool
    }

    let maximumLineLength: Int
    private var current: [UInt8] = []
    private var currentSize = 0
    private var currentTruncated = false
    /// The last piece ended in CR: an LF starting the next one belongs to that line end.
    private var afterCR = false
    /// Such an LF, counted in the size of the next line (the one it ended is already out).
    private var carriedSize = 0

    init(maximumLineLength: Int) {
        self.maximumLineLength = maximumLineLength
    }

    /// The lines `bytes` completes, in order.
    mutating func feed(_ bytes: UnsafeRawBufferPointer, _ emit: (Line) -> Void) {
        var start = 0
        var index = 0
        let count = bytes.count
        if afterCR, count > 0, bytes[0] == 0x0A {
            start = 1
            index = 1
            carriedSize += 1
        }
        afterCR = false
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                append(bytes, from: start, to: index)
                var size = currentSize + carriedSize + 1
                carriedSize = 0
                if byte == 0x0D {
                    if index + 1 < count {
                        if bytes[index + 1] == 0x0A {
                            index += 1
                            size += 1
                        }
                    } else {
                        afterCR = true
                    }
                }
                emit(Line(bytes: current, size: size, truncated: currentTruncated))
                current.removeAll(keepingCapacity: current.capacity <= 4096)
                currentSize = 0
                currentTruncated = false
                start = index + 1
            }
            index += 1
        }
        append(bytes, from: start, to: count)
    }

    /// The bytes of a last line that has no line end (at the end of the stream), if there are any.
    mutating func finish() -> Line? {
        defer {
            current = []
            currentSize = 0
            currentTruncated = false
            afterCR = false
            carriedSize = 0
        }
        return currentSize > 0 ? Line(bytes: current, size: currentSize, truncated: currentTruncated) : nil
    }

    private mutating func append(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) {
        guard end > start else { return }
        currentSize += end - start
        let room = maximumLineLength - current.count
        if room >= end - start {
            current.append(contentsOf: bytes[start..<end])
        } else {
            if room > 0 { current.append(contentsOf: bytes[start..<(start + room)]) }
            currentTruncated = true
        }
    }
}
