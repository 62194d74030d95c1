import Foundation  // NB: Process lives in full Foundation; only tests use it.
import Testing

/// CalDAV against the built `basket serve`, as a calendar app or a hostile page reaches it: the
/// origin rule on every mutating request, free-busy-query, MKCALENDAR, and lockouts counted
/// apart.
@Suite(.serialized) struct CalDAVServeTests {
  typealias Server = ServeBinaryTests.Server
  static let task = [
    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN", "BEGIN:VTODO", "UID:t1",
    "DTSTAMP:20261202T100000Z", "SUMMARY:Milk", "END:VTODO", "END:VCALENDAR", "",
  ].joined(separator: "\r\n")
  static let calendar = ["-H", "Content-Type: text/calendar; charset=utf-8"]

  /// curl's status and body for `method` on `path`.
  static func dav(_ server: Server, _ method: String, _ path: String, _ extra: [String] = [])
    throws -> (Int, String)
  {
    try ServeBinaryTests.curl(["-X", method] + extra + [server.base + path])
  }

  @Test(.enabled(if: ServeBinaryTests.available))
  func aCrossOriginPutOrDeleteIsRefusedOnLoopbackToo() throws {
    let server = try Server()
    defer { #expect(server.stop() == 0) }
    let evil = ["-H", "Origin: http://evil.example"]
    let put = try Self.dav(
      server, "PUT", "/dav/basket/t1.ics", evil + Self.calendar + ["--data-binary", Self.task])
    #expect(put.0 == 403, "\(put.1)")
    #expect(try ServeBinaryTests.curl([server.base + "/api/v2/list"]).1.contains("Milk") == false)
    let made = try Self.dav(
      server, "PUT", "/dav/basket/t1.ics", Self.calendar + ["--data-binary", Self.task])
    #expect(made.0 == 201, "\(made.1)")
    let delete = try Self.dav(server, "DELETE", "/dav/basket/t1.ics", evil)
    #expect(delete.0 == 403, "\(delete.1)")
    let proppatch = try Self.dav(server, "PROPPATCH", "/dav/basket/", evil)
    #expect(proppatch.0 == 403, "\(proppatch.1)")
    #expect(try ServeBinaryTests.curl([server.base + "/api/v2/list"]).1.contains("Milk"))
    let own = try Self.dav(
      server, "DELETE", "/dav/basket/t1.ics", ["-H", "Origin: \(server.base)"])
    #expect(own.0 == 204, "\(own.1)")
  }

  @Test(.enabled(if: ServeBinaryTests.available))
  func freeBusyIsAnEmptyVFreeBusyAndMkcalendarIs403() throws {
    let server = try Server()
    defer { #expect(server.stop() == 0) }
    let query = """
      <?xml version="1.0" encoding="utf-8"?>
      <c:free-busy-query xmlns:c="urn:ietf:params:xml:ns:caldav">
        <c:time-range start="20261202T000000Z" end="20261209T000000Z"/>
      </c:free-busy-query>
      """
    let busy = try Self.dav(
      server, "REPORT", "/dav/basket/",
      ["-H", "Content-Type: application/xml", "-H", "Depth: 1", "--data-binary", query])
    #expect(busy.0 == 200, "\(busy.1)")
    #expect(busy.1.contains("BEGIN:VFREEBUSY"), "\(busy.1)")
    #expect(busy.1.contains("DTSTART:20261202T000000Z"), "\(busy.1)")
    #expect(busy.1.contains("DTEND:20261209T000000Z"), "\(busy.1)")
    #expect(!busy.1.contains("FREEBUSY:"), "\(busy.1)")
    let open = try Self.dav(
      server, "REPORT", "/dav/basket/",
      [
        "-H", "Content-Type: application/xml", "--data-binary",
        #"<c:free-busy-query xmlns:c="urn:ietf:params:xml:ns:caldav"/>"#,
      ])
    #expect(open.0 == 400 || open.0 == 403, "\(open.1)")
    let make = try Self.dav(server, "MKCALENDAR", "/dav/basket/other/")
    #expect(make.0 == 403, "\(make.1)")
    #expect(make.1.contains("calendar-collection-location-ok"), "\(make.1)")
  }

  @Test(.enabled(if: ServeBinaryTests.available))
  func aStalePasswordInATaskAppDoesNotLockOutPairing() throws {
    let secret = "household-secret-42"
    let server = try Server(extra: ["--secret", secret])
    defer { #expect(server.stop() == 0) }
    for _ in 0..<12 {
      _ = try Self.dav(server, "PROPFIND", "/dav/basket/", ["-u", "me:stale-password"])
    }
    let locked = try Self.dav(server, "PROPFIND", "/dav/basket/", ["-u", "me:\(secret)"])
    #expect(locked.0 == 429, "\(locked.1)")
    let paired = try ServeBinaryTests.curl(
      [
        "-H", "Content-Type: application/json", "-d", #"{"secret":"\#(secret)"}"#,
        server.base + "/api/v2/pair",
      ])
    #expect(paired.0 == 204, "\(paired.1)")
  }

  /// Names that the add bar reads as names alone (no digits, which it would take for amounts).
  static func distinctNames(_ count: Int) -> [String] {
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    return (0..<count).map { index in
      "thing \(letters[index / 676 % 26])\(letters[index / 26 % 26])\(letters[index % 26])q"
    }
  }

  @Test(.enabled(if: ServeBinaryTests.available))
  func aPropertyNamedThousandsOfTimesCostsTheServerLittleMemory() throws {
    let server = try Server()
    defer { #expect(server.stop() == 0) }
    #expect(try server.basket(["add"] + Self.distinctNames(300)).status == 0)
    let named = String(repeating: "<c:calendar-data/>", count: 3000)
    let body = """
      <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
      <d:prop>\(named)</d:prop></d:propfind>
      """
    #expect(body.utf8.count > 50_000 && body.utf8.count < 64 * 1024)
    let before = server.memory()
    let answer = try Self.dav(
      server, "PROPFIND", "/dav/basket/",
      ["-H", "Depth: 1", "-H", "Content-Type: application/xml", "--data-binary", body])
    #expect(answer.0 == 207)
    #expect(answer.1.ranges(of: "BEGIN:VTODO").count == 300)
    #expect(answer.1.utf8.count < 500_000, "\(answer.1.utf8.count) bytes")
    let after = server.memory()
    // NB: before the fix this request answered 329 MB and peaked past 1 GB.
    #expect(after.peak < before.peak + 60, "peak \(before.peak) → \(after.peak) MiB")
    #expect(after.resident < before.resident + 40, "\(before.resident) → \(after.resident) MiB")
  }
}
