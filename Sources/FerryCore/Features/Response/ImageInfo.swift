import Foundation

/// What an image's headers say, read without decoding pixels: PNG, JPEG, GIF, BMP, WebP, ICO.
public struct ImageInfo: Hashable, Sendable {
    public enum Format: String, Sendable { case png = "PNG", jpeg = "JPEG", gif = "GIF", bmp = "BMP", webp = "WebP", ico = "ICO" }

    public var format: Format
    public var width: Int
    public var height: Int
    /// Bits per pixel (all channels), when the header says.
    public var bitsPerPixel: Int?
    /// Frames in an animation (APNG, GIF, animated WebP) or images in an ICO; 1 otherwise.
    public var frameCount: Int

    public init(format: Format, width: Int, height: Int, bitsPerPixel: Int?, frameCount: Int) {
        self.format = format
        self.width = width
        self.height = height
        self.bitsPerPixel = bitsPerPixel
        self.frameCount = frameCount
    }

    /// Reads the header of `bytes`; throws `ImageInfo.Problem` when it is not a recognised image
    /// or the header is damaged (every offset is bounds-checked).
    public static func read(_ bytes: Data) throws(Problem) -> ImageInfo {
        let reader = ByteReader(bytes)
        if reader.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return try png(reader) }
        if reader.starts(with: [0xFF, 0xD8, 0xFF]) { return try jpeg(reader) }
        if reader.starts(with: Array("GIF87a".utf8)) || reader.starts(with: Array("GIF89a".utf8)) { return try gif(reader) }
        if reader.starts(with: Array("BM".utf8)) { return try bmp(reader) }
        if reader.starts(with: Array("RIFF".utf8)), reader.matches(Array("WEBP".utf8), at: 8) { return try webp(reader) }
        if reader.starts(with: [0, 0, 1, 0]) { return try ico(reader) }
        throw Problem(message: "unknown signature")
    }

    /// Why an image header could not be read.
    public struct Problem: Error, Hashable, Sendable {
        public var message: String
    }

    // MARK: - Formats

    private static func png(_ r: ByteReader) throws(Problem) -> ImageInfo {
        guard try r.ascii(at: 12, count: 4) == "IHDR" else { throw Problem(message: "PNG without IHDR") }
        let width = Int(try r.uint32BE(at: 16)), height = Int(try r.uint32BE(at: 20))
        let depth = Int(try r.byte(at: 24)), colourType = try r.byte(at: 25)
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colourType)] ?? 1
        var frames = 1
        var offset = 8
        while offset + 8 <= r.count {  // look for acTL (APNG) before the image data
            let length = Int(try r.uint32BE(at: offset))
            let type = try r.ascii(at: offset + 4, count: 4)
            if type == "acTL" { frames = Int(try r.uint32BE(at: offset + 8)) }
            if type == "IDAT" || type == "IEND" { break }
            offset += 12 + length
        }
        return ImageInfo(format: .png, width: width, height: height, bitsPerPixel: depth * channels, frameCount: frames)
    }

    private static func jpeg(_ r: ByteReader) throws(Problem) -> ImageInfo {
        var offset = 2
        while offset + 4 <= r.count {
            guard try r.byte(at: offset) == 0xFF else { throw Problem(message: "JPEG marker expected at \(offset)") }
            let marker = try r.byte(at: offset + 1)
            if marker == 0xFF { offset += 1; continue }
            let length = Int(try r.uint16BE(at: offset + 2))
            // SOF0–SOF15 carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                let precision = Int(try r.byte(at: offset + 4))
                let height = Int(try r.uint16BE(at: offset + 5)), width = Int(try r.uint16BE(at: offset + 7))
                let components = Int(try r.byte(at: offset + 9))
                return ImageInfo(format: .jpeg, width: width, height: height, bitsPerPixel: precision * components, frameCount: 1)
            }
            guard length >= 2 else { throw Problem(message: "JPEG segment length \(length) at \(offset)") }
            offset += 2 + length
        }
        throw Problem(message: "JPEG without a frame header")
    }

    private static func gif(_ r: ByteReader) throws(Problem) -> ImageInfo {
        let width = Int(try r.uint16LE(at: 6)), height = Int(try r.uint16LE(at: 8))
        let flags = try r.byte(at: 10)
        let depth = Int(flags & 0x07) + 1
        var offset = 13 + (flags & 0x80 != 0 ? 3 << depth : 0)
        var frames = 0
        scan: while offset < r.count {
            switch try r.byte(at: offset) {
            case 0x2C:  // image descriptor, optional local colour table, LZW size, data sub-blocks
                frames += 1
                let local = try r.byte(at: offset + 9)
                offset += 10 + (local & 0x80 != 0 ? 3 << (Int(local & 0x07) + 1) : 0) + 1
                offset = try r.skipSubBlocks(from: offset)
            case 0x21:  // extension: label, then sub-blocks
                offset = try r.skipSubBlocks(from: offset + 2)
            case 0x3B:
                break scan
            default:
                throw Problem(message: "GIF block expected at \(offset)")
            }
        }
        return ImageInfo(format: .gif, width: width, height: height, bitsPerPixel: depth, frameCount: max(frames, 1))
    }

    private static func bmp(_ r: ByteReader) throws(Problem) -> ImageInfo {
        let headerSize = try r.uint32LE(at: 14)
        if headerSize == 12 {  // OS/2 BITMAPCOREHEADER
            return ImageInfo(
                format: .bmp, width: Int(try r.uint16LE(at: 18)), height: Int(try r.uint16LE(at: 20)),
                bitsPerPixel: Int(try r.uint16LE(at: 24)), frameCount: 1)
        }
        let width = Int(Int32(bitPattern: try r.uint32LE(at: 18))), height = Int(Int32(bitPattern: try r.uint32LE(at: 22)))
        return ImageInfo(format: .bmp, width: abs(width), height: abs(height), bitsPerPixel: Int(try r.uint16LE(at: 28)), frameCount: 1)
    }

    private static func webp(_ r: ByteReader) throws(Problem) -> ImageInfo {
        switch try r.ascii(at: 12, count: 4) {
        case "VP8 ":
            let width = Int(try r.uint16LE(at: 26) & 0x3FFF), height = Int(try r.uint16LE(at: 28) & 0x3FFF)
            return ImageInfo(format: .webp, width: width, height: height, bitsPerPixel: 24, frameCount: 1)
        case "VP8L":
            let bits = try r.uint32LE(at: 21)
            let alpha = (bits >> 28) & 1 == 1
            return ImageInfo(
                format: .webp, width: Int(bits & 0x3FFF) + 1, height: Int((bits >> 14) & 0x3FFF) + 1,
                bitsPerPixel: alpha ? 32 : 24, frameCount: 1)
        case "VP8X":
            let flags = try r.byte(at: 20)
            let width = Int(try r.uint24LE(at: 24)) + 1, height = Int(try r.uint24LE(at: 27)) + 1
            var frames = 0
            var offset = 30
            while offset + 8 <= r.count {
                if try r.ascii(at: offset, count: 4) == "ANMF" { frames += 1 }
                let size = Int(try r.uint32LE(at: offset + 4))
                offset += 8 + size + (size & 1)
            }
            return ImageInfo(
                format: .webp, width: width, height: height, bitsPerPixel: flags & 0x10 != 0 ? 32 : 24, frameCount: max(frames, 1))
        default:
            throw Problem(message: "WebP without a VP8, VP8L or VP8X chunk")
        }
    }

    private static func ico(_ r: ByteReader) throws(Problem) -> ImageInfo {
        let count = Int(try r.uint16LE(at: 4))
        guard count > 0 else { throw Problem(message: "ICO with no images") }
        var best = (width: 0, height: 0, bits: 0)
        for index in 0..<count {
            let entry = 6 + index * 16
            let width = Int(try r.byte(at: entry)), height = Int(try r.byte(at: entry + 1))
            let size = (width == 0 ? 256 : width, height == 0 ? 256 : height, Int(try r.uint16LE(at: entry + 6)))
            if size.0 * size.1 > best.width * best.height { best = size }
        }
        return ImageInfo(
            format: .ico, width: best.width, height: best.height, bitsPerPixel: best.bits == 0 ? nil : best.bits, frameCount: count)
    }
}
