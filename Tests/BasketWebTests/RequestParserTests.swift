import Testing

@testable import BasketWeb

/// Raw request pieces → `Request`, or a refusal (pure; the server and the fuzz target use it).
@Suite struct RequestParserTests {
  static func parse(
    _ method: String = "GET", _ target: String, _ headers: [(String, String)] = [("Host", "h")]
  ) throws(RequestParser.Refusal) -> Request {
    try RequestParser.parse(
      method: method, target: target, headers: headers.map { (name: $0.0, value: $0.1) })
  }

  @Test func pathQueryAndHeadersAreDecoded() throws {
    let request = try Self.parse(
      "GET", "/api/v2/suggestions?q=oat+mi&x=%F0%9F%8D%8E#ignored",
      [
        ("Host", "127.0.0.1:8080"), ("X-Thing", "a"), ("x-thing", "b"), ("Cookie", "a=1"),
        ("cookie", "b=2"),
      ])
    #expect(request.path == "/api/v2/suggestions")
    #expect(request.query == ["q": "oat mi", "x": "🍎"])
    #expect(request.header("host") == "127.0.0.1:8080")
    #expect(request.header("X-THING") == "a, b")
    #expect(request.cookie("b") == "2")
  }

  @Test(arguments: [
    ("/a%20b", "/a b"), ("/a+b", "/a+b"), ("/%E2%9C%93", "/✓"), ("/bad%zz", "/bad%zz"),
    ("/end%4", "/end%4"), ("/", "/"),
  ])
  func pathEscapesAreDecodedButPlusStays(target: String, path: String) throws {
    #expect(try Self.parse("GET", target).path == path)
  }

  /// Found by FuzzRequest: "/" and a combining mark make one Character, so a path starting
  /// with one did not `hasPrefix("/")`, and the same mark sent unescaped was refused.
  @Test(arguments: ["/%E1%9C%93/.{\"/%E2%9C%93/1", "/\u{0301}api/v1/list"])
  func aCombiningMarkAfterTheSlashStillGivesAPathStartingWithASlashByte(target: String) throws {
    let path = try Self.parse("GET", target).path
    #expect(path.utf8.first == UInt8(ascii: "/"))
    #expect(Harness().send("GET", path).status == 404)
  }

  @Test(arguments: [
    ("GET", "/%00", 400), ("GET", "/%0A", 400), ("GET", "/%FF", 400), ("GET", "*", 400),
    ("GET", "http://evil.example/", 400), ("GET", "", 400), ("G T", "/", 400), ("", "/", 400),
    ("GET", "/" + String(repeating: "a", count: 9000), 414),
  ])
  func badTargetsAndMethodsAreRefused(method: String, target: String, status: Int) {
    #expect {
      try Self.parse(method, target)
    } throws: { error in
      (error as? RequestParser.Refusal)?.status == status
    }
  }

  @Test func sixtyFourHeadersPassAndSixtyFiveGet431() throws {
    let headers = [("Host", "h")] + (1..<64).map { ("X-Filler-\($0)", "1") }
    #expect(try Self.parse("GET", "/", headers).headers.count == 64)
    #expect {
      try Self.parse("GET", "/", headers + [("Origin", "http://evil.example")])
    } throws: { error in
      (error as? RequestParser.Refusal)?.status == 431
    }
  }

  @Test(arguments: ["Host", "Origin", "Content-Length", "Sec-Fetch-Site"])
  func aRepeatedSecurityHeaderIsRefused(name: String) {
    #expect {
      try Self.parse(
        "POST", "/api/v2/items", [("Host", "h"), (name, "a"), (name.lowercased(), "b")])
    } throws: { error in
      (error as? RequestParser.Refusal)?.status == 400
    }
  }

  @Test func aHeaderNameWithSpacesIsRefused() {
    #expect(throws: RequestParser.Refusal.self) {
      try Self.parse("GET", "/", [("Bad Name", "x")])
    }
  }

  @Test func theRefusalIsAnAPIErrorResponse() {
    let refusal = RequestParser.Refusal(status: 431, message: "too many header lines")
    #expect(refusal.response.status == 431)
    #expect(refusal.response.text == #"{"error":"too many header lines"}"#)
  }
}
