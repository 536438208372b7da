import Foundation

/// The flat node table of a `Document`: three columns of 9 bytes per entry in all (one block for
/// a small table, three for a large one).
///
/// Entries are in document order. A container has an opening entry (its `NodeID`) whose `link`
/// is the index of its closing entry; the closing entry's `start` is the byte offset where the
/// container's end tag or bracket begins and its `link` is the opening index. A scalar's `link`
/// is the byte offset just past it. A container's children are the entries between the two.
///
/// The `Document` made with a table owns its memory and releases it when it goes (a table is no
/// object of its own: one allocation fewer per document).
struct NodeTable: @unchecked Sendable {
    /// The kind column's value for closing entries.
    static let closing: UInt8 = 0xFF

    let count: Int
    /// Closing entries among `count`.
    let closingCount: Int
    let kinds: UnsafeMutablePointer<UInt8>
    let starts: UnsafeMutablePointer<UInt32>
    let links: UnsafeMutablePointer<UInt32>
    /// The three columns are one block, `starts` its beginning.
    private let isOneBlock: Bool

    fileprivate init(_ builder: Builder) {
        count = builder.count
        closingCount = builder.closingCount
        kinds = builder.kinds
        starts = builder.starts
        links = builder.links
        isOneBlock = builder.isOneBlock
    }

    /// Gives the columns back; only the owning `Document`'s deinit calls it.
    func release() { Builder.release(kinds, starts, links, isOneBlock: isOneBlock) }

    /// Fills a table; a value type so the parsers' hot loop has no reference-counting or
    /// exclusivity checks. A table estimated at up to `oneBlockCapacity` entries starts as one block
    /// (one allocation: a contract's check parses two small documents an exchange); one that
    /// outgrows its block, or is estimated larger, has a column each, which grow with `realloc`
    /// (it moves large blocks by remapping pages rather than copying them). Call `finish()` or
    /// `discard()` exactly once.
    struct Builder {
        /// 36 KiB of table, at most, in one block.
        static let oneBlockCapacity = 4096

        private(set) var count = 0
        private(set) var closingCount = 0
        private var capacity: Int
        private(set) var kinds: UnsafeMutablePointer<UInt8>
        private(set) var starts: UnsafeMutablePointer<UInt32>
        private(set) var links: UnsafeMutablePointer<UInt32>
        private(set) var isOneBlock: Bool

        init(estimatedCount: Int) {
            capacity = max(estimatedCount, 16)
            isOneBlock = capacity <= Self.oneBlockCapacity
            guard isOneBlock else {
                kinds = Self.reallocate(nil, capacity)
                starts = Self.reallocate(nil, capacity)
                links = Self.reallocate(nil, capacity)
                return
            }
            // `starts`, then `links`, then `kinds`: each column aligned for its type.
            guard let block = malloc(capacity * 9) else { fatalError("out of memory for \(capacity) document nodes") }
            starts = block.bindMemory(to: UInt32.self, capacity: capacity)
            links = (block + capacity * 4).bindMemory(to: UInt32.self, capacity: capacity)
            kinds = (block + capacity * 8).bindMemory(to: UInt8.self, capacity: capacity)
        }

        @inline(__always)
        mutating func append(_ kind: UInt8, start: Int, link: Int) -> Int {
            if count == capacity { grow(to: capacity * 2) }
            let index = count
            kinds[index] = kind
            starts[index] = UInt32(truncatingIfNeeded: start)
            links[index] = UInt32(truncatingIfNeeded: link)
            count = index &+ 1  // below capacity, so no overflow
            return index
        }

        /// Appends the closing entry of the container opened at `opening`, and links the two.
        @inline(__always)
        mutating func close(_ opening: Int, at offset: Int) {
            let closing = append(NodeTable.closing, start: offset, link: opening)
            links[opening] = UInt32(truncatingIfNeeded: closing)
            closingCount &+= 1
        }

        /// The finished table, its unused capacity given back (a block's is kept: it is small).
        mutating func finish() -> NodeTable {
            if !isOneBlock { grow(to: max(count, 1)) }
            return NodeTable(self)
        }

        func discard() { Self.release(kinds, starts, links, isOneBlock: isOneBlock) }

        @inline(never)  // off the parsers' hot path
        private mutating func grow(to newCapacity: Int) {
            if isOneBlock {
                // Out of the block into a column each.
                let (oldKinds, oldStarts, oldLinks) = (kinds, starts, links)
                kinds = Self.reallocate(nil, newCapacity)
                starts = Self.reallocate(nil, newCapacity)
                links = Self.reallocate(nil, newCapacity)
                kinds.update(from: oldKinds, count: count)
                starts.update(from: oldStarts, count: count)
                links.update(from: oldLinks, count: count)
                free(oldStarts)
                isOneBlock = false
                capacity = newCapacity
                return
            }
            kinds = Self.reallocate(kinds, newCapacity)
            starts = Self.reallocate(starts, newCapacity)
            links = Self.reallocate(links, newCapacity)
            capacity = newCapacity
        }

        fileprivate static func release(
            _ kinds: UnsafeMutablePointer<UInt8>, _ starts: UnsafeMutablePointer<UInt32>, _ links: UnsafeMutablePointer<UInt32>,
            isOneBlock: Bool
        ) {
            free(starts)
            guard !isOneBlock else { return }
            free(kinds)
            free(links)
        }

        /// Asks Linux to back a large column with 2 MiB pages (transparent huge pages, where the
        /// system allows them on request): filling the table then costs one page fault per 2 MiB
        /// instead of one per 4 KiB, which was a fifth of the parse time of a large body.
        private static func adviseHugePages(_ block: UnsafeMutableRawPointer, _ size: Int) {
            #if os(Linux)
                let hugePage = 2 << 20
                guard size >= 2 * hugePage else { return }
                let page = Int(sysconf(Int32(_SC_PAGESIZE)))
                let start = (Int(bitPattern: block) + page - 1) & -page
                let end = (Int(bitPattern: block) + size) & -page
                _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_HUGEPAGE)
            #endif
        }

        private static func reallocate<T>(_ pointer: UnsafeMutablePointer<T>?, _ count: Int) -> UnsafeMutablePointer<T> {
            let size = count * MemoryLayout<T>.stride
            guard let raw = realloc(pointer, size) else { fatalError("out of memory for \(count) document nodes") }
            adviseHugePages(raw, size)
            return raw.bindMemory(to: T.self, capacity: count)
        }
    }
}
