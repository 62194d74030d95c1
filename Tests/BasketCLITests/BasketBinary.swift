import Foundation

/// Runs the built `basket` binary with its own temporary store, for end-to-end tests.
struct BasketBinary {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The built `basket`, or why it can't be used (missing, or older than its sources).
  static let executable = Swift.Result { try BuiltExecutable.locate("basket") }

  let directory: URL
  var storePath: String { directory.appendingPathComponent("basket.sqlite").path }
  var environment: [String: String]

  init(now: String? = "2026-07-06T10:00:00Z") {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("basket-cli-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    environment = ["HOME": directory.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
    environment["BASKET_STORE"] = directory.appendingPathComponent("basket.sqlite").path
    if let now { environment["BASKET_NOW"] = now }
  }

  @discardableResult
  func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Result {
    try run(program: Self.executable.get().path, arguments, environment: extra)
  }

  /// Runs `basket` with `input` on its standard input.
  func run(_ arguments: [String], input: [UInt8]) throws -> Result {
    try run(program: Self.executable.get().path, arguments, input: input)
  }

  /// Runs any program with this store's environment (plus `extra`).
  func run(
    program: String, _ arguments: [String], environment extra: [String: String] = [:],
    input: [UInt8]? = nil
  ) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.environment = environment.merging(extra) { $1 }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let stdin = Pipe()
    process.standardInput = input == nil ? FileHandle.nullDevice : stdin
    try process.run()
    if let input {
      try stdin.fileHandleForWriting.write(contentsOf: input)
      try stdin.fileHandleForWriting.close()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// Starts an empty list in the store (only a command that adds starts one).
  func startEmptyList() throws {
    let added = try run(["add", "placeholder"])
    let removed = try run(["remove", "placeholder"])
    precondition(added.status == 0 && removed.status == 0, added.stderr + removed.stderr)
  }

  /// Runs at a given instant (BASKET_NOW).
  @discardableResult
  func run(_ arguments: [String], at now: String) throws -> Result {
    try run(arguments, environment: ["BASKET_NOW": now])
  }

  /// Runs with the clock pinned `minutes` after the store's own start, 6 July 2026 10:00 UTC,
  /// for the tests in which time passes between commands (a trip, a shop's walking order).
  @discardableResult
  func run(_ arguments: [String], at minutes: Int) throws -> Result {
    let date = Date(timeIntervalSince1970: 1_783_332_000 + Double(minutes * 60))
    return try run(arguments, at: ISO8601DateFormatter().string(from: date))
  }

  func listJSON(at now: String? = nil) throws -> [String: Any] {
    let result = try now.map { try run(["list", "--json"], at: $0) } ?? run(["list", "--json"])
    precondition(result.status == 0, result.stderr)
    return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
  }

  func names(_ section: String, at now: String? = nil) throws -> [String] {
    let items = try listJSON(at: now)[section] as! [[String: Any]]
    return items.map { $0["name"] as! String }
  }
}

extension BasketBinary {
  /// What `basket serve` printed before it was stopped.
  struct Served {
    var banner: String
    var stderr: String
  }

  /// Starts `basket ARGS` (a serve command; "PORT" is replaced by a free port), waits for its
  /// banner, then stops it with SIGINT.
  func serve(_ arguments: [String]) throws -> Served {
    // NB: a port taken between freePort() and the server's bind is retried on a new one.
    for _ in 0..<4 {
      let served = try serveOnce(arguments)
      if !served.stderr.contains("cannot listen") { return served }
    }
    return try serveOnce(arguments)
  }

  private func serveOnce(_ arguments: [String]) throws -> Served {
    let process = Process()
    process.executableURL = try Self.executable.get()
    let port = try Self.freePort()
    process.arguments = arguments.map { $0 == "PORT" ? String(port) : $0 }
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    var banner = Data()
    let deadline = Date(timeIntervalSinceNow: 20)
    while process.isRunning, Date() < deadline,
      !String(decoding: banner, as: UTF8.self).contains("Ctrl-C")
    {
      banner += out.fileHandleForReading.availableData
    }
    if process.isRunning { process.interrupt() }
    process.waitUntilExit()
    return Served(
      banner: String(decoding: banner, as: UTF8.self),
      stderr: String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
  }

  /// A TCP port nothing listens on right now (the kernel's pick).
  static func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    guard bound else { throw BuiltExecutable.Unusable(description: "no free port") }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}
