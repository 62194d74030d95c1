#if canImport(Glibc)
  import Glibc

  // NB: Signal handlers can only touch plain global memory and call async-signal-safe
  // functions (write, tcsetattr, sigaction, raise). Everything they read is prepared here
  // before they are installed.

  nonisolated(unsafe) private var relayWriteEnd: Int32 = -1

  private func relaySignal(_ signal: Int32) {
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(relayWriteEnd, &byte, 1)
    errno = saved
  }

  /// Turns asynchronous signals (resize, terminate, hang-up, continue) into bytes on a pipe
  /// the run loop polls alongside the keyboard (the self-pipe trick).
  final class SignalRelay {
    let readEnd: Int32
    private let writeEnd: Int32
    private let signals: [Int32]
    private var previous: [sigaction]

    init(signals: [Int32]) throws {
      var ends: [Int32] = [-1, -1]
      guard pipe(&ends) == 0 else { throw TerminalError.failed("pipe") }
      readEnd = ends[0]
      writeEnd = ends[1]
      for end in ends {
        _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      }
      self.signals = signals
      relayWriteEnd = writeEnd
      previous = []
      for signal in signals {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = relaySignal
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var old = sigaction()
        _ = sigaction(signal, &action, &old)
        previous.append(old)
      }
    }

    /// The signals that arrived since the last call.
    func drain() -> [Int32] {
      var received: [Int32] = []
      var buffer = [UInt8](repeating: 0, count: 64)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
        guard count > 0 else { break }
        received += buffer[0..<count].map { Int32($0) }
      }
      return received
    }

    /// Puts the previous handlers back and closes the pipe.
    func uninstall() {
      for (signal, var old) in zip(signals, previous) { _ = sigaction(signal, &old, nil) }
      relayWriteEnd = -1
      close(readEnd)
      close(writeEnd)
    }
  }

  /// What a crash handler needs to put the terminal back, prepared in advance.
  private struct CrashRestore {
    var input: Int32
    var output: Int32
    var settings: termios
    var bytes: UnsafeMutablePointer<UInt8>
    var count: Int
    /// The handlers in place before ours, indexed by signal number.
    var previous: UnsafeMutablePointer<sigaction>
  }

  nonisolated(unsafe) private var crashRestore: UnsafeMutablePointer<CrashRestore>?

  private let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

  private func restoreOnCrash(_ signal: Int32) {
    if let restore = crashRestore {
      _ = write(restore.pointee.output, restore.pointee.bytes, restore.pointee.count)
      _ = tcsetattr(restore.pointee.input, TCSANOW, &restore.pointee.settings)
      // Hand the signal to whoever had it before (the runtime's backtracer, or the default
      // action); it is delivered again as soon as this handler returns.
      _ = sigaction(signal, restore.pointee.previous + Int(signal), nil)
    } else {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = SIG_DFL
      _ = sigaction(signal, &action, nil)
    }
    _ = raise(signal)
  }

  /// Puts the terminal back on a crash (segfault, trap, abort): writes the leave sequence and
  /// the saved termios from inside the signal handler, then lets the crash proceed.
  enum CrashGuard {
    static func arm(input: Int32, output: Int32, settings: termios, leave: String) {
      let bytes = Array(leave.utf8)
      let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
      buffer.initialize(from: bytes, count: bytes.count)
      let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
      previous.initialize(repeating: sigaction(), count: 65)
      let restore = UnsafeMutablePointer<CrashRestore>.allocate(capacity: 1)
      restore.initialize(
        to: CrashRestore(
          input: input, output: output, settings: settings, bytes: buffer, count: bytes.count,
          previous: previous))
      crashRestore = restore
      for signal in crashSignals {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = restoreOnCrash
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        _ = sigaction(signal, &action, previous + Int(signal))
      }
    }

    /// Puts the earlier crash handlers back (the terminal was restored normally).
    static func disarm() {
      guard let restore = crashRestore else { return }
      for signal in crashSignals {
        _ = sigaction(signal, restore.pointee.previous + Int(signal), nil)
      }
      crashRestore = nil
      // NB: The buffers are left allocated: a handler on another thread could still be
      // reading them, and they are a few hundred bytes once per run.
    }
  }
#endif
