#if canImport(Glibc)
  import Glibc

  /// Why the terminal app could not start.
  public enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    case notATerminal
    case failed(String)

    public var description: String {
      switch self {
      case .notATerminal: "the terminal app needs a terminal (standard input and output)"
      case .failed(let what): "the terminal could not be set up: \(what)"
      }
    }
  }

  /// The terminal behind two file descriptors: raw mode, size and writing.
  final class TerminalDevice {
    let input: Int32
    let output: Int32
    /// The settings found at start, put back by `restore()`.
    private(set) var original = termios()

    /// Switches to the alternate screen, hides the cursor, stops autowrap (so the bottom-right
    /// cell can be drawn) and turns on bracketed paste.
    static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?2004h\u{1B}[H\u{1B}[2J"
    /// Undoes `enterSequence`: plain style, paste and autowrap back, cursor shown, main screen.
    static let leaveSequence = "\u{1B}[0m\u{1B}[?2004l\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"

    init(input: Int32, output: Int32) throws {
      guard isatty(input) == 1, isatty(output) == 1 else { throw TerminalError.notATerminal }
      self.input = input
      self.output = output
      guard tcgetattr(input, &original) == 0 else {
        throw TerminalError.failed("tcgetattr: \(String(cString: strerror(errno)))")
      }
    }

    /// Raw mode: no echo, no line buffering, no signals from keys (Ctrl-C and Ctrl-Z arrive as
    /// bytes), no flow control, no output processing. Reads return at once.
    func enterRawMode() {
      var raw = original
      raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
      raw.c_oflag &= ~tcflag_t(OPOST)
      raw.c_cflag |= tcflag_t(CS8)
      raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
      withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
        bytes[Int(VMIN)] = 0
        bytes[Int(VTIME)] = 0
      }
      _ = tcsetattr(input, TCSAFLUSH, &raw)
    }

    func restore() {
      _ = tcsetattr(input, TCSAFLUSH, &original)
    }

    /// The window size, or nil when the terminal won't say.
    func size() -> Size? {
      var window = winsize()
      guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0
      else { return nil }
      return Size(width: Int(window.ws_col), height: Int(window.ws_row))
    }

    /// Writes every byte, retrying after interruptions and short writes.
    func write(_ bytes: [UInt8]) {
      bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
          let written = Glibc.write(output, buffer.baseAddress! + offset, buffer.count - offset)
          if written > 0 {
            offset += written
          } else if written < 0, errno == EINTR || errno == EAGAIN {
            continue
          } else {
            return
          }
        }
      }
    }

    func write(_ text: String) {
      write(Array(text.utf8))
    }

    /// Reads what is waiting on the input (up to 4 KiB); empty when nothing is.
    func read() -> [UInt8] {
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = buffer.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
      return count > 0 ? Array(buffer[0..<count]) : []
    }
  }
#endif
