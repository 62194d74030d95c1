import Foundation

/// One run of an outside program (Tesseract, zbar) on a photo: its own process, a clean
/// environment, no standard input, output captured in scratch files, and a time limit after
/// which it is stopped (then killed).
struct ProgramRun {
  var status: Int32
  var crashed: Bool
  var output: String
  var errors: String

  /// Runs `program` with `arguments`; nil when it ran past `timeout` and was stopped.
  static func run(_ program: String, _ arguments: [String], timeout: Duration) throws
    -> ProgramRun?
  {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("basket-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outPath = scratch.appendingPathComponent("out.txt").path
    let errPath = scratch.appendingPathComponent("err.txt").path
    _ = FileManager.default.createFile(atPath: outPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    guard let out = FileHandle(forWritingAtPath: outPath),
      let err = FileHandle(forWritingAtPath: errPath)
    else { throw PhotoImportError("cannot make a scratch file for \(program)'s output") }
    defer {
      try? out.close()
      try? err.close()
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    // NB: an environment of its own: one thread (more only slowed Tesseract on 2 cores), and
    // nothing of Basket's (the household secret) passed on.
    process.environment = ["OMP_THREAD_LIMIT": "1", "PATH": "/usr/local/bin:/usr/bin:/bin"]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = out
    process.standardError = err
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    try process.run()
    let (seconds, attoseconds) = timeout.components
    let limit = Double(seconds) + Double(attoseconds) / 1e18
    if finished.wait(timeout: .now() + limit) == .timedOut {
      process.terminate()
      if finished.wait(timeout: .now() + 1) == .timedOut {
        kill(process.processIdentifier, SIGKILL)
        finished.wait()
      }
      return nil
    }
    let read = { (path: String) in
      String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }
    return ProgramRun(
      status: process.terminationStatus, crashed: process.terminationReason == .uncaughtSignal,
      output: read(outPath), errors: read(errPath))
  }
}
