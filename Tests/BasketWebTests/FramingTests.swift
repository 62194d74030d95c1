import BasketKit
import BasketTestSupport
import Testing

@testable import BasketWeb

/// Hostile body framings (RFC 9112 §6), as the pure rule judges them and against the real
/// server over a socket with a request pipelined behind each, so a smuggled request can't ride
/// behind a refused one.
@Suite(.serialized) struct FramingTests {
  static let post =
    "POST /api/v2/items HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
  static let smuggled = "GET /api/v2/list HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

  /// A head, the status it must get, and its body (then the smuggled GET follows).
  static let hostile: [(String, String, Int, String)] = [
    ("both lengths", "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n", 400, "0\r\n\r\n"),
    (
      "both, the other order", "Transfer-Encoding: chunked\r\nContent-Length: 3\r\n", 400,
      "0\r\n\r\n"
    ),
    ("unknown coding", "Transfer-Encoding: xchunked\r\n", 501, "5\r\nhello\r\n0\r\n\r\n"),
    ("two codings", "Transfer-Encoding: gzip, chunked\r\n", 501, "0\r\n\r\n"),
    (
      "chunked twice", "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n", 501,
      "0\r\n\r\n"
    ),
    ("differing lengths", "Content-Length: 2\r\nContent-Length: 3\r\n", 400, "{}"),
    ("a length list", "Content-Length: 2, 3\r\n", 400, "{}"),
    ("a signed length", "Content-Length: +2\r\n", 400, "{}"),
    ("a negative length", "Content-Length: -1\r\n", 400, ""),
  ]

  @Test func theRuleRefusesAmbiguousOrUnknownFramings() {
    func head(_ text: String) -> [(name: String, value: String)] {
      text.split(separator: "\r\n").map { line in
        let parts = line.split(separator: ":", maxSplits: 1)
        return (String(parts[0]), String(parts[1].dropFirst()))
      }
    }
    for (name, lines, status, _) in Self.hostile {
      let refusal = RequestFraming.refusal(head(lines))
      #expect(refusal?.status == status, "\(name)")
      #expect(refusal?.header("Connection") == "close", "\(name)")
    }
    for fine in [
      "Content-Length: 12\r\n", "Transfer-Encoding: Chunked\r\n", "Content-Length: 2, 2\r\n",
      "Accept: */*\r\n",
    ] {
      #expect(RequestFraming.refusal(head(fine)) == nil, "\(fine)")
    }
  }

  @Test func theServerAnswersEachOnceAndClosesWithoutAnsweringWhatFollows() throws {
    let harness = Harness()
    let server = WebServer(
      app: harness.app,
      configuration: WebServer.Configuration(host: "127.0.0.1", port: 0, requestTimeout: 5))
    try server.start()
    defer { server.stop() }
    for (name, lines, status, body) in Self.hostile {
      let client = try #require(SocketClient(port: server.port))
      client.send(Self.post + lines + "\r\n" + body + Self.smuggled)
      let started = SocketClient.now()
      let (text, closed) = client.read(seconds: 4)
      #expect(closed, "\(name): the connection stayed open")
      #expect(SocketClient.now() - started < 2, "\(name): took \(SocketClient.now() - started) s")
      #expect(SocketClient.status(of: text) == status, "\(name): \(text.prefix(80))")
      #expect(!text.contains("HTTP/1.1 200"), "\(name): the smuggled GET was answered")
      if !["a negative length", "a signed length", "a length list"].contains(name) {
        // NB: libmicrohttpd 0.9.75 refuses a malformed Content-Length itself, before the
        // server sees the request, and writes its head twice; the rest are the server's.
        #expect(text.components(separatedBy: "HTTP/1.1 ").count == 2, "\(name): \(text)")
      }
    }
    #expect(harness.names("toGet").isEmpty)
  }
}
