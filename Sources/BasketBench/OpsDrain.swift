import BasketKit
import BasketStore
import BasketTestSupport
import BasketWeb
import Foundation

/// Draining a phone's queue of offline changes: through `POST /api/v3/ops` (one request, one
/// transaction), beside the same changes sent one request each (each its own transaction),
/// and beside `/ops` applying each change in its own transaction (the contract as first
/// written). Each in-process through `WebApp.handle` (server time only) and, when the release
/// `basket` is built, over HTTP to `basket serve` on loopback.
enum OpsDrain {
  /// One way of sending the queue.
  enum Way: String, CaseIterable {
    case batch = "POST /ops, one transaction"
    case batchPerOp = "POST /ops, a transaction per change"
    case single = "one request per change"
  }

  struct Figures {
    var seconds: [Double] = []
    var requests = 0
  }

  /// The queue: a phone that saw `fixture` items offline for an hour made these changes.
  static func queue(count: Int, fixture: [Item], now: Date) -> [ListOperation] {
    var operations: [ListOperation] = []
    var added: [UUID] = []
    var clear: UUID?
    for n in 0..<count {
      let at = now.addingTimeInterval(-3600 + Double(n))
      let id = UUID()
      let seen = fixture[n % fixture.count].id
      let mine = added.isEmpty ? seen : added[n % added.count]
      let change: ListOperation.Change
      switch n % 10 {
      case 0, 1, 2: change = .add(item: id, .text("\(n % 4 + 1) l bench item \(n)"))
      case 3, 4: change = .check(seen)
      case 5: change = .uncheck(seen)
      case 6: change = .rename(mine, name: "renamed item \(n)")
      case 7: change = .quantity(mine, Quantity(amount: Double(n % 9 + 1), unit: .units))
      case 8: change = n == 498 ? .undo(clear: clear ?? id) : .remove(fixture[count + n].id)
      default:
        if n == 489 {
          change = .clear(items: fixture.prefix(20).map(\.id))
          clear = id
        } else {
          change = .check(mine)
        }
      }
      if case .add = change { added.append(id) }
      operations.append(ListOperation(id: clear == id ? id : UUID(), at: at, change: change))
    }
    return operations
  }

  /// The request that sends `operation` on its own, as the single routes take it.
  static func request(for operation: ListOperation) -> (String, String, String) {
    let op =
      #""op":"\#(operation.id.uuidString.lowercased())","at":"\#(ISO8601.string(operation.at))""#
    func item(_ id: UUID) -> String { "/api/v3/items/\(id.uuidString.lowercased())" }
    switch operation.change {
    case .add(let id, .text(let text)):
      return ("POST", "/api/v3/items", #"{"text":"\#(text)","id":"\#(id.uuidString)",\#(op)}"#)
    case .add(let id, .name(let name, _)), .add(let id, .measured(let name, _)):
      return ("POST", "/api/v3/items", #"{"name":"\#(name)","id":"\#(id.uuidString)",\#(op)}"#)
    case .check(let id): return ("POST", item(id) + "/check", "{\(op)}")
    case .uncheck(let id): return ("POST", item(id) + "/uncheck", "{\(op)}")
    case .rename(let id, let name, _): return ("PATCH", item(id), #"{"name":"\#(name)",\#(op)}"#)
    case .quantity(let id, let quantity):
      let value = quantity.map { #"{"amount":\#($0.amount),"unit":"\#($0.unit.rawValue)"}"# }
      return ("PATCH", item(id), #"{"quantity":\#(value ?? "null"),\#(op)}"#)
    case .amount:
      // NB: an amount in a recipe unit has no single route; the phone sends it in a batch.
      let body = (try? batches([operation]).first) ?? #"{"ops":[]}"#
      return ("POST", "/api/v3/ops", body)
    case .note(let id, let note):
      let value = note.map { #""\#($0)""# } ?? "null"
      return ("PATCH", item(id), #"{"note":\#(value),\#(op)}"#)
    case .remove(let id): return ("DELETE", item(id), "{\(op)}")
    case .clear(let ids):
      let list = (ids ?? []).map { #""\#($0.uuidString)""# }.joined(separator: ",")
      return ("POST", "/api/v3/clear", #"{"items":[\#(list)],\#(op)}"#)
    case .undo(let clear):
      return ("POST", "/api/v3/undo", #"{"clear":"\#(clear?.uuidString ?? "")",\#(op)}"#)
    }
  }

  /// `{"ops": [...]}` bodies of at most 500 changes each.
  static func batches(_ operations: [ListOperation]) throws -> [String] {
    let encoder = JSONEncoder()
    return try stride(from: 0, to: operations.count, by: OpsBody.maxOperations).map { start in
      let chunk = operations[start..<min(start + OpsBody.maxOperations, operations.count)]
      let ops = try chunk.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
      return #"{"ops":[\#(ops.joined(separator: ","))]}"#
    }
  }

  /// A store holding `count` items (every third checked a minute ago), copied per round.
  static func makeTemplate(at path: String, count: Int, now: Date) throws -> [Item] {
    let items = (0..<count).map { n in
      Item(
        id: UUID(), name: "fixture item \(n)", emoji: "🧺",
        addedAt: now.addingTimeInterval(-7200 + Double(n)),
        checkedAt: n % 3 == 0 && n >= 40 ? now.addingTimeInterval(-60) : nil)
    }
    let (store, _) = try SQLiteStore.open(at: path, now: now)
    try store.modify { draft in for item in items { draft.insert(item) } }
    return items
  }

  /// Measures and prints the figures.
  static func report(in directory: URL, rounds: Int, changes: Int, binary: String?) throws {
    let now = Date()
    let template = directory.appendingPathComponent("ops-template.sqlite").path
    let fixture = try makeTemplate(at: template, count: 1000, now: now)
    var figures: [String: Figures] = [:]
    var generator = SeededGenerator(seed: 11)
    for round in 0..<rounds {
      for way in Way.allCases.shuffled(using: &generator) {
        let path = directory.appendingPathComponent("ops-\(round)-\(way).sqlite").path
        try FileManager.default.copyItem(atPath: template, toPath: path)
        let operations = queue(count: changes, fixture: fixture, now: Date())
        let (seconds, requests) = try drainInProcess(operations, way: way, store: path)
        figures["in process: \(way.rawValue)", default: Figures()].seconds.append(seconds)
        figures["in process: \(way.rawValue)", default: Figures()].requests = requests
      }
      guard let binary else { continue }
      for way in [Way.batch, .single].shuffled(using: &generator) {
        let path = directory.appendingPathComponent("http-\(round)-\(way).sqlite").path
        try FileManager.default.copyItem(atPath: template, toPath: path)
        let operations = queue(count: changes, fixture: fixture, now: Date())
        let (seconds, requests) = try drainOverHTTP(
          operations, way: way, store: path, binary: binary)
        figures["over HTTP: \(way.rawValue)", default: Figures()].seconds.append(seconds)
        figures["over HTTP: \(way.rawValue)", default: Figures()].requests = requests
      }
    }
    print("")
    print(
      "Draining \(changes) offline changes (a store of 1,000 items; medians of \(rounds) rounds, interleaved)"
    )
    for (label, figure) in figures.sorted(by: { $0.key < $1.key }) {
      print(
        "\(label): \(ms(percentile(figure.seconds, 0.5))) in \(figure.requests) request\(figure.requests == 1 ? "" : "s")"
      )
    }
  }

  private static func app(store path: String, perOperation: Bool) throws -> WebApp {
    let (store, _) = try SQLiteStore.open(at: path, now: Date())
    let basket = Basket(
      store: perOperation ? OneTransactionPerStep(store) : store,
      environment: BasketEnvironment(
        clock: .system, ids: .random, classifier: EmojiClassifier.shared,
        suggestions: { SuggestionEngine(dictionary: [String]()) }))
    return WebApp(
      environment: WebEnvironment(basket: basket, access: AccessPolicy(mode: .loopbackOnly)))
  }

  private static let headers = [
    "Host": "127.0.0.1", "Origin": "http://127.0.0.1", "Content-Type": "application/json",
  ]

  private static func drainInProcess(_ operations: [ListOperation], way: Way, store: String) throws
    -> (Double, Int)
  {
    let app = try app(store: store, perOperation: way == .batchPerOp)
    let requests: [Request]
    switch way {
    case .batch, .batchPerOp:
      requests = try batches(operations).map {
        Request(method: "POST", path: "/api/v3/ops", headers: headers, body: Array($0.utf8))
      }
    case .single:
      requests = operations.map(request(for:)).map { method, path, body in
        Request(method: method, path: path, headers: headers, body: Array(body.utf8))
      }
    }
    let start = DispatchTime.now().uptimeNanoseconds
    for request in requests {
      let status = app.handle(request).status
      guard status < 300 || status == 404 || status == 409 else {
        throw BenchError("\(request.method) \(request.path) answered \(status)")
      }
    }
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, requests.count)
  }

  private static func drainOverHTTP(
    _ operations: [ListOperation], way: Way, store: String, binary: String
  ) throws -> (Double, Int) {
    let port = 20_000 + Int.random(in: 0..<20_000)
    let server = Process()
    server.executableURL = URL(fileURLWithPath: binary)
    server.arguments = ["serve", "--store", store, "--port", String(port)]
    server.standardOutput = FileHandle.nullDevice
    server.standardError = FileHandle.nullDevice
    try server.run()
    defer {
      server.terminate()
      server.waitUntilExit()
    }
    let client = try HTTPClient(port: port, waitingUpTo: 20)
    let requests: [(String, String, String)]
    switch way {
    case .batch, .batchPerOp: requests = try batches(operations).map { ("POST", "/api/v3/ops", $0) }
    case .single: requests = operations.map(request(for:))
    }
    let start = DispatchTime.now().uptimeNanoseconds
    for (method, path, body) in requests {
      let status = try client.send(method, path, body: body)
      guard status < 300 || status == 404 || status == 409 else {
        throw BenchError("\(method) \(path) answered \(status) over HTTP")
      }
    }
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, requests.count)
  }
}

struct BenchError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// The store with every step of a batch in its own transaction: `/ops` as first specified.
final class OneTransactionPerStep: StoreOverStore {
  let base: any ListStore

  init(_ base: any ListStore) {
    self.base = base
  }

  func modify<T>(_ body: (inout ListDraft) throws -> T) throws -> T { try base.modify(body) }

  func modify<Input, T>(inOrder inputs: [Input], _ body: (Input, inout ListDraft) throws -> T)
    throws -> [T]
  {
    try inputs.map { input in try base.modify { try body(input, &$0) } }
  }
}

/// A keep-alive HTTP/1.1 client on one loopback connection: enough to time requests.
final class HTTPClient {
  private let socket: Int32
  private var buffer: [UInt8] = []

  init(port: Int, waitingUpTo seconds: Double) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
      let fd = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = in_port_t(UInt16(port).bigEndian)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      if connected == 0 {
        var yes: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        socket = fd
        return
      }
      close(fd)
      guard Date() < deadline else { throw BenchError("basket serve did not start on \(port)") }
      usleep(50_000)
    }
  }

  deinit { close(socket) }

  /// Sends one request and reads the whole response; returns its status.
  func send(_ method: String, _ path: String, body: String) throws -> Int {
    let bytes = Array(body.utf8)
    let head =
      "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(bytes.count)\r\n\r\n"
    let request = Array(head.utf8) + bytes
    var sent = 0
    while sent < request.count {
      let written = request[sent...].withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
      guard written > 0 else { throw BenchError("the connection closed while sending") }
      sent += written
    }
    let separator: [UInt8] = Array("\r\n\r\n".utf8)
    var headerEnd: Int?
    while headerEnd == nil {
      headerEnd = buffer.indices.dropLast(3).first { Array(buffer[$0..<$0 + 4]) == separator }
      if headerEnd == nil { try fill() }
    }
    let header = String(decoding: buffer[..<headerEnd!], as: UTF8.self)
    let status = Int(header.split(separator: " ").dropFirst().first ?? "") ?? 0
    let length =
      header.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
      .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
    let total = headerEnd! + 4 + length
    while buffer.count < total { try fill() }
    buffer.removeFirst(total)
    return status
  }

  private func fill() throws {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    let count = chunk.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
    guard count > 0 else { throw BenchError("the connection closed while reading") }
    buffer += chunk[..<count]
  }
}
