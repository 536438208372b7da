import FerryTUI

/// A screen to paint canvases on and a source of input, as the runtime sees it.
public protocol Terminal: AnyObject {
    /// Columns and rows now.
    var size: (width: Int, height: Int) { get }
    /// Colours available: 0 for monochrome (no colour support, or `NO_COLOR`), else 8, 16 or 256.
    var colorCount: Int { get }
    /// Paints the cells of `canvas` that differ from `previous` (all of them when it is nil).
    func draw(_ canvas: Canvas, previous: Canvas?)
    /// The next key, paste or resize, waiting at most `timeout` milliseconds; nil when none came,
    /// `.terminate(.terminalLost)` when the terminal's input hung up or closed.
    func nextEvent(timeout: Int) -> Message?
    /// Cuts the `nextEvent` waiting now short (it returns nil), or the next one when none is waiting:
    /// how other threads say a message is ready. Safe from any thread, and after the terminal is gone.
    var wakeUp: @Sendable () -> Void { get }
    /// Asks the terminal to put `text` on the system clipboard (OSC 52); terminals that do not allow
    /// it ignore the request, so the caller shows the text as well.
    func copyToClipboard(_ text: String)
    /// Gives the terminal back (for `$EDITOR` or Ctrl-Z) until `resume()`.
    func suspend()
    func resume()
    /// Restores the terminal for good. Safe to call more than once.
    func stop()
}
