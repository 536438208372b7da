import CNcursesShims
import CNcursesw
import FerryTUI
import Foundation

/// The terminal through ncursesw: wide characters, 256/8/no colours, bracketed paste, resize.
public final class CursesTerminal: Terminal {
    public private(set) var colorCount = 0
    private var screen: OpaquePointer?
    /// `/dev/tty`, opened for keys when standard input carries data (`ferry view -`).
    private var keyboard: UnsafeMutablePointer<FILE>?
    private var pairs: [PairKey: Int32] = [:]
    private var stopped = false
    /// An event read ahead while deciding what an ESC meant.
    private var pending: Message?
    /// Polled beside the keyboard, so a posted message ends the wait at once (nil: out of descriptors,
    /// and the wait runs its whole timeout).
    private let wakePipe = WakePipe()

    private struct PairKey: Hashable {
        var foreground: Int32
        var background: Int32
    }

    /// Takes over the terminal. Refuses (never exits) when stdin/stdout are not terminals or TERM is unknown.
    /// With `keysFromTerminal`, keys are read from `/dev/tty` when standard input is not a terminal, as `less` does.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment, keysFromTerminal: Bool = false) throws {
        guard isatty(STDOUT_FILENO) == 1 else { throw TerminalError.notATerminal(stream: "standard output") }
        if isatty(STDIN_FILENO) != 1 {
            guard keysFromTerminal else { throw TerminalError.notATerminal(stream: "standard input") }
            guard let tty = fopen("/dev/tty", "r") else { throw TerminalError.notATerminal(stream: "/dev/tty (no controlling terminal)") }
            keyboard = tty
        }
        guard let term = environment["TERM"], !term.isEmpty, term != "dumb" else {
            keyboard.map { _ = fclose($0) }
            throw TerminalError.unknownTerminal(environment["TERM"])
        }
        let library = environment["FERRY_NCURSESW"] ?? Self.library
        var reason = [CChar](repeating: 0, count: 512)
        guard ferry_nc_load(library, &reason, reason.count) == 1 else {
            keyboard.map { _ = fclose($0) }
            throw TerminalError.libraryMissing(
                library: library, reason: String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        setlocale(LC_ALL, "")
        guard let screen = ferry_nc_newterm(term, keyboard) else {
            keyboard.map { _ = fclose($0) }
            throw TerminalError.unknownTerminal(term)
        }
        self.screen = screen
        ferry_nc_take_over(screen)
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        if !noColor, ferry_nc_start_color() == 1 { colorCount = Int(ferry_nc_colors()) }
        ferry_nc_write_raw("\u{1B}[?2004h")
        _ = ferry_nc_enable_mouse()
    }

    deinit { stop() }

    /// Debian's ncursesw, loaded when the first terminal starts (`ferry_nc_load`); `FERRY_NCURSESW`
    /// names another build of it.
    static let library = "libncursesw.so.6"

    public var size: (width: Int, height: Int) {
        (Int(ferry_nc_max_x(ferry_nc_stdscr())), Int(ferry_nc_max_y(ferry_nc_stdscr())))
    }

    public func draw(_ canvas: Canvas, previous: Canvas?) {
        if previous == nil { ferry_nc_clear() }
        for run in canvas.changes(since: previous) {
            var x = run.x
            for cell in run.cells {
                defer { x += 1 }
                guard !cell.isContinuation else { continue }
                let wide = cell.text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
                let (attrs, pair) = attributes(cell.style)
                _ = ferry_nc_put(Int32(run.y), Int32(x), wide, Int32(wide.count), attrs, pair)
            }
        }
        ferry_nc_refresh(Int32(canvas.cursor?.y ?? -1), Int32(canvas.cursor?.x ?? 0))
    }

    public func nextEvent(timeout: Int) -> Message? {
        if let event = pending {
            pending = nil
            return event
        }
        guard let wakePipe else { return readKey(timeout: timeout) }
        // What curses has read ahead comes first; then the keyboard or a wake-up, whichever is first.
        if let event = readKey(timeout: 0) { return event }
        var waits = [
            pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakePipe.readEnd, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&waits, 2, Int32(timeout))
        if ready > 0, waits[1].revents != 0 { wakePipe.drain() }
        if ready > 0, waits[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .terminate(.terminalLost) }
        // A signal (a resize: curses then says KEY_RESIZE) or a key.
        if ready < 0 || waits[0].revents != 0 { return readKey(timeout: 0) }
        return nil
    }

    public var wakeUp: @Sendable () -> Void {
        { [wakePipe] in wakePipe?.wake() }
    }

    /// Where keys come from: `/dev/tty` when standard input carries data.
    private var inputDescriptor: Int32 { keyboard.map { fileno($0) } ?? STDIN_FILENO }

    /// A key curses has or reads within `timeout` milliseconds.
    private func readKey(timeout: Int) -> Message? {
        var value: UInt32 = 0
        switch ferry_nc_get(Int32(timeout), &value) {
        case KEY_CODE_YES: return keyCode(Int32(value))
        case OK: return character(value)
        default:
            // get_wch says ERR both for "no key yet" and for a terminal that is gone; only the latter ends the loop.
            return ferry_nc_input_closed(inputDescriptor) == 1 ? .terminate(.terminalLost) : nil
        }
    }

    public func copyToClipboard(_ text: String) {
        ferry_nc_write_raw("\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}")
    }

    public func suspend() {
        ferry_nc_write_raw("\u{1B}[?2004l")
        ferry_nc_suspend()
    }

    public func resume() {
        ferry_nc_write_raw("\u{1B}[?2004h")
        ferry_nc_resume()
    }

    public func stop() {
        guard !stopped, let screen else { return }
        stopped = true
        ferry_nc_write_raw("\u{1B}[?2004l")
        ferry_nc_end(screen)
        self.screen = nil
        keyboard.map { _ = fclose($0) }
        keyboard = nil
    }

    // MARK: - Input

    private func keyCode(_ code: Int32) -> Message? {
        switch code {
        case KEY_RESIZE: return .resize(width: size.width, height: size.height)
        case KEY_MOUSE: return mouseEvent()
        case KEY_UP: return .key(.up)
        case KEY_DOWN: return .key(.down)
        case KEY_LEFT: return .key(.left)
        case KEY_RIGHT: return .key(.right)
        case KEY_HOME: return .key(.home)
        case KEY_END: return .key(.end)
        case KEY_PPAGE: return .key(.pageUp)
        case KEY_NPAGE: return .key(.pageDown)
        case KEY_DC: return .key(.delete)
        case KEY_BACKSPACE: return .key(.backspace)
        case KEY_ENTER: return .key(.enter)
        case KEY_BTAB: return .key(.backTab)
        default: break
        }
        for n in 1...12 where code == ferry_nc_key_f(Int32(n)) { return .key(.function(n)) }
        let name = ferry_nc_keyname(code).map { String(cString: $0) }
        switch name {
        case "kLFT5": return .key(.controlLeft)
        case "kRIT5": return .key(.controlRight)
        default: return nil
        }
    }

    private func character(_ value: UInt32) -> Message? {
        switch value {
        case 0x1B: return escapeSequence()
        case 0x0D, 0x0A: return .key(.enter)
        case 0x09: return .key(.tab)
        case 0x7F, 0x08: return .key(.backspace)
        case 0x01...0x1A: return .key(.control(Character(Unicode.Scalar(value + 0x60)!)))
        case 0x00..<0x20: return nil
        default: return Unicode.Scalar(value).map { .key(.character(Character($0))) }
        }
    }

    /// The press, release, motion or wheel turn behind KEY_MOUSE; nil for other mouse events.
    private func mouseEvent() -> Message? {
        var x: Int32 = 0
        var y: Int32 = 0
        switch ferry_nc_mouse_event(&x, &y) {
        case 1: return .mouse(MouseEvent(.press, x: Int(x), y: Int(y)))
        case 2: return .mouse(MouseEvent(.wheelUp, x: Int(x), y: Int(y)))
        case 3: return .mouse(MouseEvent(.wheelDown, x: Int(x), y: Int(y)))
        case 4: return .mouse(MouseEvent(.release, x: Int(x), y: Int(y)))
        case 5: return .mouse(MouseEvent(.motion, x: Int(x), y: Int(y)))
        default: return nil
        }
    }

    /// After ESC: a bracketed paste (`ESC [200~ … ESC [201~`), Alt+key, or Esc itself.
    private func escapeSequence() -> Message? {
        var value: UInt32 = 0
        guard ferry_nc_get(0, &value) == OK else { return .key(.escape) }
        guard value == UInt32(UInt8(ascii: "[")) else {
            guard value >= 0x20, value != 0x7F else {
                pending = character(value)
                return .key(.escape)
            }
            return Unicode.Scalar(value).map { .key(.alt(Character($0))) }
        }
        var introducer = ""
        while introducer.count < 4, ferry_nc_get(0, &value) == OK, let scalar = Unicode.Scalar(value) {
            introducer.unicodeScalars.append(scalar)
        }
        guard introducer == "200~" else { return nil }
        var pasted = ""
        while ferry_nc_get(100, &value) == OK, let scalar = Unicode.Scalar(value) {
            pasted.unicodeScalars.append(scalar)
            if pasted.hasSuffix("\u{1B}[201~") {
                pasted.removeLast(6)
                break
            }
        }
        return .paste(pasted.replacingOccurrences(of: "\r", with: "\n"))
    }

    // MARK: - Styles

    private func attributes(_ style: Style) -> (attr_t, Int32) {
        var attrs = attr_t(0)
        if style.bold { attrs |= ferry_nc_attr_bold() }
        if style.dim { attrs |= ferry_nc_attr_dim() }
        if style.underline { attrs |= ferry_nc_attr_underline() }
        if style.reverse { attrs |= ferry_nc_attr_reverse() }
        guard colorCount >= 8 else { return (attrs, 0) }
        let key = PairKey(foreground: number(style.foreground), background: number(style.background))
        if key.foreground == -1, key.background == -1 { return (attrs, 0) }
        if let pair = pairs[key] { return (attrs, pair) }
        let pair = Int32(pairs.count + 1)
        guard pair < min(ferry_nc_color_pairs(), 32767) else { return (attrs, 0) }
        _ = ferry_nc_init_pair(Int16(pair), Int16(key.foreground), Int16(key.background))
        pairs[key] = pair
        return (attrs, pair)
    }

    private func number(_ color: Style.Color) -> Int32 {
        switch color.reduced(toColors: colorCount) {
        case .default: -1
        case .indexed(let index): Int32(index)
        }
    }
}
