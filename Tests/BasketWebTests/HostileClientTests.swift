import BasketKit
import BasketTestSupport
import Testing

@testable import BasketWeb

#if canImport(Glibc)
  import Glibc
#endif

/// The server under slow and hostile clients, over real sockets (an in-process `WebServer`
/// on a free port, over an in-memory store).
@Suite(.serialized) struct HostileClientTests {
  /// A started server; stopped when the test ends.
  final class Running {
    let harness = Harness()
    let server: WebServer

    init(requestTimeout: Double = 5, heartbeatSeconds: Double = 15) throws {
      server = WebServer(
        app: harness.app,
        configuration: WebServer.Configuration(
          host: "127.0.0.1", port: 0, requestTimeout: requestTimeout,
          heartbeatSeconds: heartbeatSeconds))
      try server.start()
    }

    var port: Int { server.port }

    deinit {
      server.stop()
    }
  }

  /// Twenty list reads in turn, each answered and within a second: the server is still
  /// serving ordinary requests whatever the test holds open.
  private func expectListReadsStayQuick(
    port: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var slowest = 0.0
    for _ in 0..<20 {
      let (status, seconds) = SocketClient.timedGet(port: port, seconds: 3)
      #expect(status == 200, sourceLocation: sourceLocation)
      slowest = max(slowest, seconds)
    }
    #expect(
      slowest < 1, "the slowest list read took \(slowest) s", sourceLocation: sourceLocation)
  }

  @Test func aListReadAnswersQuicklyWhileHundredsOfIdleAndHalfSentConnectionsAreOpen() throws {
    let running = try Running()
    running.harness.add("Milk")
    var held: [SocketClient] = []
    for _ in 0..<300 {
      if let client = SocketClient(port: running.port) { held.append(client) }
    }
    for _ in 0..<60 {
      guard let client = SocketClient(port: running.port) else { continue }
      client.send("GET /api/v2/list HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow")
      held.append(client)
    }
    #expect(held.count == 360)
    expectListReadsStayQuick(port: running.port)
  }

  @Test(arguments: ["", "GET /api/v2/list HTTP/1.1\r\nHost: 127.0.0.1\r\n"])
  func aConnectionThatSendsNoCompleteRequestIsClosedWithinAFewSeconds(sent: String) throws {
    let running = try Running(requestTimeout: 2)
    let client = try #require(SocketClient(port: running.port))
    let start = SocketClient.now()
    if !sent.isEmpty { client.send(sent) }
    let (_, closed) = client.read(seconds: 5)
    #expect(closed, "still open after 5 s")
    #expect(SocketClient.now() - start < 3)
  }

  @Test func quickEventStreamRoundsFreeTheirSlotsAtOnce() throws {
    let running = try Running()
    for _ in 0..<40 {
      let client = try #require(SocketClient(port: running.port))
      client.send("GET /api/v2/events HTTP/1.1\r\nHost: 127.0.0.1:\(running.port)\r\n\r\n")
      let (text, _) = client.read(until: "event: hello", seconds: 2)
      #expect(SocketClient.status(of: text) == 200, "\(text.prefix(200))")
    }
    var waited = 0.0
    while running.server.eventStreamCount > 0, waited < 1 {
      usleep(20_000)
      waited += 0.02
    }
    #expect(running.server.eventStreamCount == 0, "slots still taken 1 s after the clients left")
    let page = try #require(SocketClient(port: running.port))
    page.send("GET /api/v2/events HTTP/1.1\r\nHost: 127.0.0.1:\(running.port)\r\n\r\n")
    #expect(SocketClient.status(of: page.read(until: "event: hello", seconds: 2).text) == 200)
  }

  @Test func openEventStreamsDoNotStarveOrdinaryRequests() throws {
    let running = try Running()
    var streams: [SocketClient] = []
    for index in 0..<100 {
      // NB: from four addresses: one address holds at most 32 streams.
      let client = try #require(SocketClient(port: running.port, from: "127.0.0.\(index % 4 + 1)"))
      client.send("GET /api/v2/events HTTP/1.1\r\nHost: 127.0.0.1:\(running.port)\r\n\r\n")
      let (text, _) = client.read(until: "event: hello", seconds: 2)
      #expect(SocketClient.status(of: text) == 200)
      streams.append(client)
    }
    #expect(running.server.eventStreamCount == 100)
    expectListReadsStayQuick(port: running.port)
  }

  @Test func aRequestWithMoreThan64HeadersIsRefusedWith431() throws {
    let running = try Running()
    // Host and Connection are two of the headers.
    let filler = (0..<63).map { "X-Filler-\($0): 1" }
    let tooMany = try #require(SocketClient(port: running.port))
    #expect(tooMany.get("/api/v2/list", port: running.port, headers: filler).status == 431)
    let enough = try #require(SocketClient(port: running.port))
    #expect(
      enough.get("/api/v2/list", port: running.port, headers: Array(filler.dropLast())).status
        == 200)
  }

  @Test func aLateHostHeaderIsNotDroppedUnchecked() throws {
    let running = try Running()
    // Without a secret only loopback host names are answered; a foreign Host past the 64th
    // header must not slip through as "no Host".
    let filler = (0..<70).map { "X-Filler-\($0): 1" }
    let client = try #require(SocketClient(port: running.port))
    let head =
      (["GET /api/v2/list HTTP/1.1"] + filler + ["Host: rebind.evil.example", "Connection: close"])
      .joined(separator: "\r\n") + "\r\n\r\n"
    client.send(head)
    let status = SocketClient.status(of: client.read(seconds: 3).text)
    #expect(status != 200)
    #expect(status != 0)
  }

  @Test func aWriteThroughTheServerReachesEveryOpenStreamAtOnce() throws {
    let running = try Running()
    var streams: [SocketClient] = []
    for _ in 0..<5 {
      let client = try #require(SocketClient(port: running.port))
      client.send("GET /api/v2/events HTTP/1.1\r\nHost: 127.0.0.1:\(running.port)\r\n\r\n")
      #expect(client.read(until: "event: hello", seconds: 2).text.contains("event: hello"))
      streams.append(client)
    }
    let writer = try #require(SocketClient(port: running.port))
    let body = #"{"name":"Milk"}"#
    let start = SocketClient.now()
    writer.send(
      "POST /api/v2/items HTTP/1.1\r\nHost: 127.0.0.1:\(running.port)\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
    )
    for stream in streams {
      let (text, _) = stream.read(until: "event: change", seconds: 2)
      #expect(text.contains("event: change"))
    }
    // NB: generous for a shared machine; the old server polled every 200 ms and 100 ms.
    #expect(SocketClient.now() - start < 0.15)
    #expect(SocketClient.status(of: writer.read(seconds: 2).text) == 201)
  }

  /// The housekeeping thread tidies when a Got it item's hour ends, so an open page (and a
  /// CalDAV client's next sync) sees it leave although nobody writes.
  @Test func aGotItItemLeavesOpenPagesWithItsHourThoughNobodyWrites() throws {
    let running = try Running()
    let basket = running.harness.basket
    let milk = try basket.add(text: "Milk").item.id
    try basket.check(milk)
    let stream = try #require(SocketClient(port: running.port))
    stream.send("GET /api/v2/events HTTP/1.1\r\nHost: 127.0.0.1:\(running.port)\r\n\r\n")
    #expect(stream.read(until: "event: hello", seconds: 2).text.contains("event: hello"))
    running.harness.clock.advance(by: ListTiming.gotItTTL)
    let (text, _) = stream.read(until: milk.uuidString, seconds: 3)
    #expect(text.contains("event: change") && text.contains(milk.uuidString))
    #expect(try running.harness.store.items().isEmpty)
  }

  @Test func stoppingTheServerEndsOpenStreamsPromptly() throws {
    let running = try Running()
    let client = try #require(SocketClient(port: running.port))
    client.send("GET /api/v2/events HTTP/1.1\r\nHost: 127.0.0.1:\(running.port)\r\n\r\n")
    #expect(client.read(until: "event: hello", seconds: 2).text.contains("event: hello"))
    let start = SocketClient.now()
    running.server.stop()
    #expect(SocketClient.now() - start < 1)
    #expect(client.read(seconds: 2).closed)
  }

  @Test func anOpenStreamHearsAPingEveryHeartbeatAsItsHelloSays() throws {
    let running = try Running(heartbeatSeconds: 0.2)
    let client = try #require(SocketClient(port: running.port))
    client.send("GET /api/v2/events HTTP/1.1\r\nHost: 127.0.0.1:\(running.port)\r\n\r\n")
    let hello = client.read(until: #""heartbeat":200}"#, seconds: 2).text
    #expect(hello.contains(#"event: hello\#ndata: {"revision":0,"heartbeat":200}"#), "\(hello)")
    // NB: nothing changes on the list, so only pings can arrive: about five in a second.
    let (text, closed) = client.read(seconds: 1.1)
    #expect(!closed)
    let pings = text.ranges(of: "event: ping\ndata: {}\n\n").count
    #expect(pings >= 3, "\(pings) pings in 1.1 s at one every 0.2 s: \(text)")
    #expect(pings <= 8, "\(pings) pings in 1.1 s at one every 0.2 s")
  }
}
