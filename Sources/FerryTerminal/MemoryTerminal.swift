import FerryTUI
import Foundation

/// A terminal in memory, as ratatui's `TestBackend`: the runtime paints into a screen of cells that
/// tests read back, and reads the keys, pastes and resizes that tests queue.
///
/// Each `draw` is applied as a real terminal applies it, run by run onto what is already there, so
/// a frame whose diff misses a change leaves the old cells showing. Safe to use from several
/// threads: the runtime's loop runs on one while a test feeds input and reads the screen on another.
public final class MemoryTerminal: Terminal, @unchecked Sendable {
    public let colorCount: Int
    private let condition = NSCondition()
    private var width: Int
    private var height: Int
    private var painted: Canvas
    private var input: [Message] = []
    private var isHungUp = false
    private var isStopped = false
    private var isWoken = false
    private var copied: [String] = []
    private let onDraw: (@Sendable (Canvas) -> Void)?

    /// A `width`×`height` terminal with `colorCount` colours (0, 8, 16 or 256); `onDraw`, when given,
    /// sees the screen after every frame is painted (on the painting thread).
    public init(width: Int, height: Int, colorCount: Int = 256, onDraw: (@Sendable (Canvas) -> Void)? = nil) {
        self.width = width
        self.height = height
        self.colorCount = colorCount
        self.onDraw = onDraw
        painted = Canvas(width: width, height: height)
    }

    public var size: (width: Int, height: Int) {
        locked { (width, height) }
    }

    /// The screen as painted so far.
    public var screen: Canvas {
        locked { painted }
    }

    /// What the runtime asked to copy to the clipboard, oldest first.
    public var clipboard: [String] {
        locked { copied }
    }

    public func copyToClipboard(_ text: String) {
        locked { copied.append(text) }
    }

    /// True once `stop()` was called.
    public var stopped: Bool {
        locked { isStopped }
    }

    public func draw(_ canvas: Canvas, previous: Canvas?) {
        let screen: Canvas = locked {
            // As curses clears the screen before a full repaint.
            if previous == nil { painted = Canvas(width: width, height: height) }
            for run in canvas.changes(since: previous) {
                var x = run.x
                for cell in run.cells {
                    defer { x += 1 }
                    guard !cell.isContinuation else { continue }
                    painted.put(cell.text, x: x, y: run.y, style: cell.style)
                }
            }
            painted.cursor = canvas.cursor
            return painted
        }
        onDraw?(screen)
    }

    public func nextEvent(timeout: Int) -> Message? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: Double(max(0, timeout)) / 1000)
        while input.isEmpty, !isHungUp, !isWoken {
            guard condition.wait(until: deadline) else { break }
        }
        isWoken = false
        if !input.isEmpty { return input.removeFirst() }
        return isHungUp ? .terminate(.terminalLost) : nil
    }

    public var wakeUp: @Sendable () -> Void {
        { [weak self] in self?.wake() }
    }

    private func wake() {
        locked {
            isWoken = true
            condition.broadcast()
        }
    }

    /// Nothing to hand over in memory.
    public func suspend() {}
    public func resume() {}

    public func stop() {
        locked { isStopped = true }
    }

    // MARK: - Input

    /// Queues keys, pastes or other events for the runtime to read, in order.
    public func send(_ events: [Message]) {
        locked {
            input += events
            condition.broadcast()
        }
    }

    /// Queues each key of `keys`.
    public func press(_ keys: [Key]) {
        send(keys.map { .key($0) })
    }

    /// Queues `text` as typed, one key per character (a newline as Enter).
    public func type(_ text: String) {
        press(text.map { $0 == "\n" ? .enter : .character($0) })
    }

    /// Changes the size, clears the screen as a resized terminal may, and queues the resize event.
    public func resize(width: Int, height: Int) {
        locked {
            self.width = width
            self.height = height
            painted = Canvas(width: width, height: height)
            input.append(.resize(width: width, height: height))
            condition.broadcast()
        }
    }

    /// Closes the input, as a terminal that went away: once the queued events are read, every read
    /// says `.terminate(.terminalLost)`.
    public func hangUp() {
        locked {
            isHungUp = true
            condition.broadcast()
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }
}
