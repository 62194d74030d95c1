import Foundation

/// Runs the built `basket` binary with its own temporary store, for end-to-end tests.
struct BasketBinary {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The debug build of `basket` (the README's test command builds it before testing).
  static let executable: URL = {
    let candidates = ["debug", "release"].map {
      packageRoot.appendingPathComponent(".build/\($0)/basket")
    }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
      ?? candidates[0]
  }()

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
    try run(program: Self.executable.path, arguments, environment: extra)
  }

  /// Runs any program with this store's environment (plus `extra`).
  func run(program: String, _ arguments: [String], environment extra: [String: String] = [:])
    throws -> Result
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.environment = environment.merging(extra) { $1 }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// Runs at a given instant (BASKET_NOW).
  @discardableResult
  func run(_ arguments: [String], at now: String) throws -> Result {
    try run(arguments, environment: ["BASKET_NOW": now])
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
