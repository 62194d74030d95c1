import BasketKit
import BasketTestSupport
import Testing

@testable import BasketWeb

@Suite struct AccessTests {
  static let secret = "correct-horse-battery"

  @Test func withASecretEveryAPICallNeedsASession() {
    let harness = Harness(mode: .householdSecret(Self.secret))
    #expect(harness.send("GET", "/api/v2/list").status == 401)
    #expect(harness.send("POST", "/api/v2/items", json: #"{"name":"Milk"}"#).status == 401)
    #expect(harness.send("GET", "/api/v2/events").status == 401)
    #expect(harness.send("GET", "/api/v2/suggestions").status == 401)
    #expect(harness.body(harness.send("GET", "/api/v2/list"))["error"]?.string != nil)
    // The app shell is public: it holds no household data.
    #expect(harness.send("GET", "/").status == 200)
    let session = harness.body(harness.send("GET", "/api/v2/session"))
    #expect(session["mode"]?.string == "secret")
    #expect(session["paired"] == .bool(false))
  }

  @Test func thePairingLinkSetsAStrictHttpOnlyCookieThatOpensTheAPI() throws {
    let harness = Harness(mode: .householdSecret(Self.secret))
    let response = harness.send("GET", "/pair", query: ["secret": Self.secret])
    #expect(response.status == 303)
    #expect(response.header("Location") == "/?paired")
    let cookie = try #require(response.header("Set-Cookie"))
    #expect(cookie.hasPrefix("basket_session=v1."))
    #expect(cookie.contains("HttpOnly"))
    #expect(cookie.contains("SameSite=Strict"))
    #expect(cookie.contains("Path=/"))
    let value = String(cookie.split(separator: ";")[0])
    let list = harness.send("GET", "/api/v2/list", headers: ["Cookie": "theme=x; \(value)"])
    #expect(list.status == 200)
    #expect(
      harness.body(harness.send("GET", "/api/v2/session", headers: ["Cookie": value]))["paired"]
        == .bool(true))
  }

  @Test func thePairingFormSetsTheCookieToo() {
    let harness = Harness(mode: .householdSecret(Self.secret))
    let response = harness.send("POST", "/api/v2/pair", json: #"{"secret":"\#(Self.secret)"}"#)
    #expect(response.status == 204)
    #expect(response.header("Set-Cookie")?.contains("HttpOnly") == true)
  }

  @Test func aWrongSecretGetsNoCookie() {
    let harness = Harness(mode: .householdSecret(Self.secret))
    let link = harness.send("GET", "/pair", query: ["secret": "guess-guess"])
    #expect(link.status == 303)
    #expect(link.header("Location") == "/?pairing=wrong")
    #expect(link.header("Set-Cookie") == nil)
    let form = harness.send("POST", "/api/v2/pair", json: #"{"secret":"nope-nope"}"#)
    #expect(form.status == 403)
    #expect(form.header("Set-Cookie") == nil)
  }

  @Test func guessingIsThrottled() {
    let harness = Harness(mode: .householdSecret(Self.secret))
    for _ in 0..<10 { _ = harness.send("POST", "/api/v2/pair", json: #"{"secret":"wrong-one"}"#) }
    #expect(
      harness.send("POST", "/api/v2/pair", json: #"{"secret":"\#(Self.secret)"}"#).status == 429)
    harness.clock.advance(by: 61)
    #expect(
      harness.send("POST", "/api/v2/pair", json: #"{"secret":"\#(Self.secret)"}"#).status == 204)
  }

  @Test func withoutASecureRandomSourcePairingSaysSoInsteadOfCrashing() {
    let clock = TestClock()
    let app = WebApp(
      environment: WebEnvironment(
        basket: Fixtures.basket(clock: clock),
        access: AccessPolicy(mode: .householdSecret(Self.secret)),
        randomBytes: { _ in nil }))
    let response = app.handle(
      Request(
        method: "POST", path: "/api/v2/pair",
        headers: ["Host": "h:1", "Content-Type": "application/json"],
        body: Array(#"{"secret":"\#(Self.secret)"}"#.utf8)))
    #expect(response.status == 503)
  }

  @Test(arguments: [
    "v1.0707070707070707070707070707070707.deadbeef", "v1.abc.def", "garbage", "",
    "v2.07070707070707070707070707070707.00",
  ])
  func aForgedOrMangledCookieIs401(value: String) {
    let harness = Harness(mode: .householdSecret(Self.secret))
    #expect(
      harness.send("GET", "/api/v2/list", headers: ["Cookie": "basket_session=\(value)"]).status
        == 401)
  }

  @Test func aCookieSignedUnderAnotherSecretIs401() throws {
    let other = Harness(mode: .householdSecret("another-secret"))
    let cookie = try #require(
      other.send("GET", "/pair", query: ["secret": "another-secret"]).header("Set-Cookie"))
    let harness = Harness(mode: .householdSecret(Self.secret))
    let value = String(cookie.split(separator: ";")[0])
    #expect(harness.send("GET", "/api/v2/list", headers: ["Cookie": value]).status == 401)
  }

  @Test func aCrossOriginWriteIs403() {
    let harness = Harness()
    let foreign = harness.send(
      "POST", "/api/v2/items", json: #"{"name":"Milk"}"#, headers: ["Origin": "http://evil.example"]
    )
    #expect(foreign.status == 403)
    let crossSite = harness.send(
      "POST", "/api/v2/clear",
      headers: ["Origin": "http://127.0.0.1:8080", "Sec-Fetch-Site": "cross-site"])
    #expect(crossSite.status == 403)
    let nullOrigin = harness.send("DELETE", "/api/v2/items/x", headers: ["Origin": "null"])
    #expect(nullOrigin.status == 403)
    #expect(harness.names("toGet").isEmpty)
    // Scripts and curl send no Origin and pass.
    let script = harness.app.handle(
      Request(
        method: "POST", path: "/api/v2/items",
        headers: ["Host": "127.0.0.1:8080", "Content-Type": "application/json"],
        body: Array(#"{"name":"Milk"}"#.utf8)))
    #expect(script.status == 201)
  }

  @Test func withoutASecretOnlyLoopbackHostNamesAreAnswered() {
    let harness = Harness()
    #expect(harness.send("GET", "/api/v2/list", headers: ["Host": "localhost:8080"]).status == 200)
    #expect(harness.send("GET", "/api/v2/list", headers: ["Host": "127.0.0.1"]).status == 200)
    #expect(
      harness.send("GET", "/api/v2/list", headers: ["Host": "rebind.evil.example:8080"]).status
        == 403)
    #expect(harness.send("GET", "/", headers: ["Host": "192.168.1.9:8080"]).status == 403)
  }

  @Test func withASecretAnyHostNameIsAnswered() {
    let harness = Harness(mode: .householdSecret(Self.secret))
    #expect(harness.send("GET", "/", headers: ["Host": "basket.home:8080"]).status == 200)
  }

  @Test func thePairingPathPercentEncodesTheSecret() {
    #expect(AccessPolicy.pairingPath(secret: "abc 12&=") == "/pair?secret=abc%2012%26%3D")
    #expect(Request.parseQuery("secret=abc%2012%26%3D")["secret"] == "abc 12&=")
  }
}
