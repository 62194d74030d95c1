import CLinux
import Dispatch
import Glibc

/// One run of an outside program (Tesseract, zbar) on a photo: its own process (and process
/// group), a clean environment, no standard input, its output read through pipes up to a
/// bound, a memory limit, and a time limit after which it is stopped (then killed) and reaped.
///
/// The memory limit is set by running the program under util-linux's `prlimit --as=BYTES`,
/// which sets `RLIMIT_AS` on itself and then execs the program (same process, so the time
/// limit's signals reach the program itself). `posix_spawn` has no action for resource limits,
/// and util-linux is an essential Debian package, so no C helper has to be built and shipped.
/// Without `prlimit`, `/bin/sh -c 'ulimit -v KB; exec "$0" "$@"'` does the same.
struct ProgramRun {
  var status: Int32
  var crashed: Bool
  var output: String
  var errors: String

  /// How one run may go wrong other than by its exit status.
  enum Failure: Error, Equatable {
    /// It ran past its time limit and was stopped.
    case timedOut
    /// It printed more than the bound on standard output or standard error and was stopped.
    case printedTooMuch
    /// Other runs held every slot for longer than the wait allowed.
    case busy
    /// It could not be started at all (the program is missing or not executable).
    case cannotStart
  }

  /// What a run may use.
  struct Limits: Sendable {
    var time: Duration
    /// Address space of the program (`RLIMIT_AS`), in bytes.
    var memory: Int = 1 << 30
    var outputBytes: Int = 8 << 20
    var errorBytes: Int = 64 << 10
    /// How long a caller waits for one of the `concurrentRuns` slots.
    var queueWait: Duration = .seconds(60)
  }

  /// The most runs at once in this process: each Tesseract may use up to `Limits.memory`.
  static let concurrentRuns = 2
  private static let slots = DispatchSemaphore(value: concurrentRuns)

  static let environment = ["OMP_THREAD_LIMIT=1", "PATH=/usr/local/bin:/usr/bin:/bin"]

  /// Runs `program` with `arguments` within `limits`.
  static func run(_ program: String, _ arguments: [String], limits: Limits) throws(Failure)
    -> ProgramRun
  {
    guard access(program, X_OK) == 0 else { throw .cannotStart }
    guard slots.wait(timeout: .now() + seconds(limits.queueWait)) == .success else {
      throw .busy
    }
    defer { slots.signal() }
    let command = limited(program, arguments, memory: limits.memory)
    var outPipe: [Int32] = [-1, -1]
    var errPipe: [Int32] = [-1, -1]
    guard makePipe(&outPipe) else { throw .cannotStart }
    guard makePipe(&errPipe) else {
      close(outPipe[0])
      close(outPipe[1])
      throw .cannotStart
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
    // NB: Only the three streams: a descriptor another thread opened without close-on-exec
    // (a client's socket, a fetch) would otherwise stay open as long as the program runs.
    posix_spawn_file_actions_addclosefrom_np(&actions, 3)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // NB: a process group of its own, so a stop reaches whatever the program started too
    // (a script's `sleep` would otherwise hold the pipes open after the script was killed).
    posix_spawnattr_setpgroup(&attributes, 0)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    var pid: pid_t = 0
    let started = withCStrings(command) { argv in
      withCStrings(environment) { envp in
        posix_spawn(&pid, argv[0]!, &actions, &attributes, argv, envp)
      }
    }
    close(outPipe[1])
    close(errPipe[1])
    defer {
      close(outPipe[0])
      close(errPipe[0])
    }
    guard started == 0 else { throw .cannotStart }

    let deadline = ContinuousClock.now + limits.time
    var output: [UInt8] = []
    var errors: [UInt8] = []
    var open = [true, true]
    var failure: Failure?
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    while open[0] || open[1] {
      let left = ContinuousClock.now.duration(to: deadline)
      guard left > .zero else {
        failure = .timedOut
        break
      }
      var fds = [
        pollfd(fd: open[0] ? outPipe[0] : -1, events: Int16(POLLIN), revents: 0),
        pollfd(fd: open[1] ? errPipe[0] : -1, events: Int16(POLLIN), revents: 0),
      ]
      let milliseconds = Int32(min(max(seconds(left) * 1000, 1), 1000))
      let ready = poll(&fds, 2, milliseconds)
      if ready < 0, errno != EINTR { break }
      guard ready > 0 else { continue }
      for index in 0..<2 where open[index] && fds[index].revents != 0 {
        let count = read(fds[index].fd, &buffer, buffer.count)
        if count < 0, errno == EINTR || errno == EAGAIN { continue }
        guard count > 0 else {
          open[index] = false
          continue
        }
        if index == 0 {
          output += buffer[0..<count]
        } else {
          errors += buffer[0..<count]
        }
      }
      if output.count > limits.outputBytes || errors.count > limits.errorBytes {
        failure = .printedTooMuch
        break
      }
    }
    if let failure {
      stop(pid)
      throw failure
    }
    // The pipes are closed: the program has ended (or closed them); wait for it up to the
    // deadline.
    var status: Int32 = 0
    while true {
      let reaped = waitpid(pid, &status, WNOHANG)
      if reaped == pid { break }
      if reaped < 0, errno != EINTR { break }
      if ContinuousClock.now >= deadline {
        stop(pid)
        throw .timedOut
      }
      usleep(2_000)
    }
    let signalled = (status & 0x7F) != 0 && (status & 0x7F) != 0x7F
    return ProgramRun(
      status: signalled ? status & 0x7F : (status >> 8) & 0xFF, crashed: signalled,
      output: String(decoding: output, as: UTF8.self),
      errors: String(decoding: errors, as: UTF8.self))
  }

  /// `program` and `arguments` run under an address-space limit of `memory` bytes.
  static func limited(_ program: String, _ arguments: [String], memory: Int) -> [String] {
    for prlimit in ["/usr/bin/prlimit", "/bin/prlimit"] where access(prlimit, X_OK) == 0 {
      return [prlimit, "--as=\(memory)", "--", program] + arguments
    }
    return ["/bin/sh", "-c", "ulimit -v \(memory >> 10) && exec \"$0\" \"$@\"", program]
      + arguments
  }

  /// Stops the process group of `pid`: TERM, up to a second's grace, then KILL; and reaps it.
  private static func stop(_ pid: pid_t) {
    kill(-pid, SIGTERM)
    var status: Int32 = 0
    for _ in 0..<100 {
      if waitpid(pid, &status, WNOHANG) == pid {
        kill(-pid, SIGKILL)
        return
      }
      usleep(10_000)
    }
    kill(-pid, SIGKILL)
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
  }

  /// A pipe whose ends close on exec (the child gets them only through `dup2`).
  private static func makePipe(_ ends: inout [Int32]) -> Bool {
    ends.withUnsafeMutableBufferPointer { pipe2($0.baseAddress!, O_CLOEXEC) } == 0
  }

  private static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }

  private static func withCStrings<R>(
    _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R
  ) -> R {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    return body(pointers)
  }
}

extension ProgramRun {
  /// The message for a run of `program` on the photo `name` that failed with `failure`.
  static func error(_ failure: Failure, program: String, name: String, missing: PhotoImportError)
    -> PhotoImportError
  {
    switch failure {
    case .cannotStart: missing
    case .timedOut: PhotoImportError("\(program) took too long on \(name) and was stopped")
    case .printedTooMuch:
      PhotoImportError("\(program) printed too much reading \(name) and was stopped")
    case .busy:
      PhotoImportError(
        "too many photos are being read at once (\(concurrentRuns) at a time); try again shortly")
    }
  }
}
