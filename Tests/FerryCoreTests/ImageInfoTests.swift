import FerryCore
import Foundation
import Testing

/// Image headers built byte by byte, each field where its format puts it.
@Suite struct ImageInfoTests {
    private func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    private func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16 & 0xFFFF) }
    private func be32(_ value: Int) -> [UInt8] { le32(value).reversed() }

    @Test func png() throws {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += be32(13) + Array("IHDR".utf8) + be32(640) + be32(480) + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
        bytes += be32(8) + Array("acTL".utf8) + be32(12) + be32(0) + [0, 0, 0, 0]
        bytes += be32(0) + Array("IDAT".utf8) + [0, 0, 0, 0]
        #expect(try ImageInfo.read(Data(bytes)) == ImageInfo(format: .png, width: 640, height: 480, bitsPerPixel: 32, frameCount: 12))
    }

    @Test func jpegSkipsSegmentsUntilTheFrameHeader() throws {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xE0, 0x00, 0x06, 0x4A, 0x46, 0x49, 0x46]  // APP0, 4 bytes of payload
        bytes += [0xFF, 0xC4, 0x00, 0x03, 0x00]  // DHT: in the SOF range, not a frame
        bytes += [0xFF, 0xC2, 0x00, 0x11, 8, 0x01, 0xE0, 0x02, 0x80, 3]  // SOF2: 8 bits, 480 × 640, 3 components
        #expect(try ImageInfo.read(Data(bytes)) == ImageInfo(format: .jpeg, width: 640, height: 480, bitsPerPixel: 24, frameCount: 1))
    }

    @Test func gifCountsFrames() throws {
        var bytes = Array("GIF89a".utf8) + le16(10) + le16(20) + [0x80 | 0x01, 0, 0] + [UInt8](repeating: 0, count: 12)  // 4-colour table
        for _ in 0..<3 {
            bytes += [0x21, 0xF9, 4, 0, 0, 0, 0, 0]  // graphic control extension
            bytes += [0x2C] + le16(0) + le16(0) + le16(10) + le16(20) + [0]  // image descriptor, no local table
            bytes += [2, 2, 0x4C, 0x01, 0]  // LZW size, one sub-block, terminator
        }
        bytes += [0x3B]
        #expect(try ImageInfo.read(Data(bytes)) == ImageInfo(format: .gif, width: 10, height: 20, bitsPerPixel: 2, frameCount: 3))
    }

    @Test func bmpWithATopDownHeight() throws {
        let bytes = Array("BM".utf8) + le32(0) + le32(0) + le32(54) + le32(40) + le32(100) + le32(-50 & 0xFFFF_FFFF) + le16(1) + le16(24)
        #expect(try ImageInfo.read(Data(bytes)) == ImageInfo(format: .bmp, width: 100, height: 50, bitsPerPixel: 24, frameCount: 1))
    }

    @Test func webpLosslessAndExtended() throws {
        let bits = (300 - 1) | (200 - 1) << 14 | 1 << 28
        let lossless = Array("RIFF".utf8) + le32(0) + Array("WEBPVP8L".utf8) + le32(5) + [0x2F] + le32(bits)
        #expect(try ImageInfo.read(Data(lossless)) == ImageInfo(format: .webp, width: 300, height: 200, bitsPerPixel: 32, frameCount: 1))

        var extended = Array("RIFF".utf8) + le32(0) + Array("WEBPVP8X".utf8) + le32(10) + [0x02, 0, 0, 0]
        extended += [UInt8(799 & 0xFF), UInt8(799 >> 8), 0, UInt8(599 & 0xFF), UInt8(599 >> 8), 0]
        for _ in 0..<2 { extended += Array("ANMF".utf8) + le32(2) + [0, 0] }
        #expect(try ImageInfo.read(Data(extended)) == ImageInfo(format: .webp, width: 800, height: 600, bitsPerPixel: 24, frameCount: 2))
    }

    @Test func icoReportsItsLargestImage() throws {
        var bytes: [UInt8] = [0, 0, 1, 0] + le16(2)
        bytes += [16, 16, 0, 0] + le16(1) + le16(32) + le32(0) + le32(0)
        bytes += [0, 0, 0, 0] + le16(1) + le16(32) + le32(0) + le32(0)  // 0 means 256
        #expect(try ImageInfo.read(Data(bytes)) == ImageInfo(format: .ico, width: 256, height: 256, bitsPerPixel: 32, frameCount: 2))
    }

    @Test func truncatedOrUnknownInputIsAProblemNotACrash() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48]
        #expect(throws: ImageInfo.Problem.self) { try ImageInfo.read(Data(png)) }
        #expect(throws: ImageInfo.Problem.self) { try ImageInfo.read(Data("hello".utf8)) }
        #expect(throws: ImageInfo.Problem.self) { try ImageInfo.read(Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01])) }
        for cut in 0..<40 {
            _ = try? ImageInfo.read(Data(Array("GIF89a".utf8) + [UInt8](repeating: 0xFF, count: cut)))
        }
    }

    @Test func theSerializerWrapsProblemsInTheChain() {
        let response = Response(
            status: 200, reasonPhrase: "OK", httpVersion: "HTTP/1.1", headers: ["Content-Type": "image/png"],
            body: .empty, effectiveURL: "http://h/", remoteAddress: nil, redirects: [], timeline: Timeline(start: Date()), sent: nil)
        do {
            _ = try ImageResponseSerializer().serialize(ResponseInput(method: .get, response: response, bytes: Data("nope".utf8)))
            Issue.record("expected an error")
        } catch {
            #expect(ErrorChain(error).links.first?.reason == "unrecognizedImage")
        }
    }
}
