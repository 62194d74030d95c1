#if canImport(Glibc)
  import Glibc
#endif
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A bare TCP client for the server tests: connect, send bytes, read with a deadline. It plays
/// the slow and hostile clients (idle, half-sent, connect-and-close) that curl can't.
final class SocketClient {
  let fd: Int32

  /// Connects to 127.0.0.1:`port` from `source` (another loopback address plays another
  /// machine); nil if the connection is refused.
  init?(port: Int, from source: String? = nil) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { return nil }
    if let source {
      guard Self.call({ bind($0, $1, $2) }, fd, Self.address(source)) == 0 else {
        close(fd)
        return nil
      }
    }
    guard Self.call({ connect($0, $1, $2) }, fd, Self.address("127.0.0.1", port: port)) == 0
    else {
      close(fd)
      return nil
    }
    self.fd = fd
  }

  /// The IPv4 `host`:`port` as the socket calls take it.
  private static func address(_ host: String, port: Int = 0) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr(host)
    return address
  }

  /// Calls `bind` or `connect` on `fd` with `address`: 0, or -1 with errno set.
  private static func call(
    _ function: (Int32, UnsafePointer<sockaddr>, socklen_t) -> Int32, _ fd: Int32,
    _ address: sockaddr_in
  ) -> Int32 {
    var address = address
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        function(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
  }

  deinit {
    close(fd)
  }

  @discardableResult
  func send(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { buffer in
      Glibc.send(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL)) == buffer.count
    }
  }

  /// Reads what arrives until `marker` appears, the peer closes, or `seconds` pass.
  /// Returns the text read and whether the peer closed the connection.
  func read(until marker: String? = nil, seconds: Double) -> (text: String, closed: Bool) {
    let deadline = Self.now() + seconds
    var bytes: [UInt8] = []
    while true {
      if let marker, String(decoding: bytes, as: UTF8.self).contains(marker) {
        return (String(decoding: bytes, as: UTF8.self), false)
      }
      let remaining = deadline - Self.now()
      if remaining <= 0 { return (String(decoding: bytes, as: UTF8.self), false) }
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, Int32(max(1, remaining * 1000))) > 0 else { continue }
      var buffer = [UInt8](repeating: 0, count: 65_536)
      let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if count <= 0 { return (String(decoding: bytes, as: UTF8.self), true) }
      bytes += buffer[..<count]
    }
  }

  /// Sends a complete GET and reads the whole response; returns its status (0 if none came
  /// within `seconds`) and the text.
  func get(_ path: String, port: Int, headers: [String] = [], seconds: Double = 5) -> (
    status: Int, text: String
  ) {
    let head =
      (["GET \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Connection: close"] + headers)
      .joined(separator: "\r\n") + "\r\n\r\n"
    guard send(head) else { return (0, "") }
    let (text, _) = read(seconds: seconds)
    return (Self.status(of: text), text)
  }

  static func status(of response: String) -> Int {
    let parts = response.prefix(40).split(separator: " ")
    guard parts.count >= 2, parts[0].hasPrefix("HTTP/") else { return 0 }
    return Int(parts[1]) ?? 0
  }

  /// Monotonic seconds.
  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// One GET /api/v2/list on a fresh connection: status and seconds taken.
  static func timedGet(port: Int, path: String = "/api/v2/list", seconds: Double = 5) -> (
    status: Int, seconds: Double
  ) {
    let start = now()
    guard let client = SocketClient(port: port) else { return (0, now() - start) }
    let (status, _) = client.get(path, port: port, seconds: seconds)
    return (status, now() - start)
  }
}
