import Foundation

/// The member names an object schema's `properties` and `required` list, numbered (the
/// properties' first, in their order; a repeated name keeps its first number), and found from an
/// instance member's key as UTF-8 — read in place from the body — through a small open-addressed
/// table of FNV-1a hashes: no key is decoded and no `String` hashed while validating.
final class SchemaMemberNames: Sendable {
    /// The names by number.
    let names: [String]
    /// The names' UTF-8 back to back: name `i` ends at `ends[i]` and starts where name `i - 1` ends.
    private let bytes: [UInt8]
    private let ends: [Int]
    /// A name's number plus one in the slot its hash leads to (or a later one); 0 in a free slot.
    private let slots: [Int32]
    private let mask: Int

    init(_ listed: [String]) {
        var names: [String] = []
        var bytes: [UInt8] = []
        var ends: [Int] = []
        var capacity = 8
        while capacity < listed.count * 2 { capacity *= 2 }
        var slots = [Int32](repeating: 0, count: capacity)
        for name in listed {
            let utf8 = Array(name.utf8)
            var slot = utf8.withUnsafeBytes { Self.hash($0) } & (capacity - 1)
            var known = false
            while slots[slot] != 0 {
                let other = Int(slots[slot]) - 1
                if names[other] == name {
                    known = true
                    break
                }
                slot = (slot + 1) & (capacity - 1)
            }
            guard !known else { continue }
            names.append(name)
            bytes += utf8
            ends.append(bytes.count)
            slots[slot] = Int32(names.count)
        }
        self.names = names
        self.bytes = bytes
        self.ends = ends
        self.slots = slots
        mask = capacity - 1
    }

    /// The number of the name whose UTF-8 is `key`; nil for a name not listed.
    func index(of key: UnsafeRawBufferPointer) -> Int? {
        var slot = Self.hash(key) & mask
        return bytes.withUnsafeBytes { stored in
            while true {
                let entry = Int(slots[slot])
                guard entry != 0 else { return nil }
                let end = ends[entry - 1]
                let start = entry == 1 ? 0 : ends[entry - 2]
                if end - start == key.count, key.count == 0 || memcmp(stored.baseAddress! + start, key.baseAddress!, key.count) == 0 {
                    return entry - 1
                }
                slot = (slot + 1) & mask
            }
        }
    }

    /// The number of `name`; nil for a name not listed.
    func index(of name: String) -> Int? {
        var name = name
        return name.withUTF8 { index(of: UnsafeRawBufferPointer($0)) }
    }

    private static func hash(_ key: UnsafeRawBufferPointer) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}
