import BasketCrypto
import BasketKit
import BasketTestSupport
import Foundation
import Testing

@testable import BasketWeb

/// The household's certificates on disk: made once, issued again when due (a frozen clock
/// moves), never made again silently when the authority is damaged, and moved aside (not
/// deleted) when the household replaces it.
@Suite struct HouseholdTLSTests {
  static let now = Date(timeIntervalSince1970: 1_796_000_000)
  static let day: TimeInterval = 24 * 60 * 60

  let directory: String
  let tls: HouseholdTLS

  init() throws {
    directory = NSTemporaryDirectory() + "basket-tls-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    tls = HouseholdTLS(storePath: directory + "/basket.sqlite")
  }

  func prepare(after days: Double = 0, addresses: [String] = ["192.168.1.20"], names: [String] = [])
    throws -> HouseholdTLS.Prepared
  {
    try tls.prepare(
      hostName: "pantry", addresses: addresses, names: names,
      now: Self.now.addingTimeInterval(days * Self.day))
  }

  func mode(_ path: String) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
  }

  @Test func theFirstStartMakesTheAuthorityAndTheServersCertificateWithPrivateKeys() throws {
    let first = try prepare(addresses: ["192.168.1.20", "203.0.113.9"])
    #expect(first.madeAuthority)
    #expect(first.renewed == .missing)
    #expect(first.serverNames.contains(.ip("192.168.1.20")))
    #expect(first.leftOut == [.ip("203.0.113.9")], "a public address can't be named")
    #expect(try mode(tls.authorityKeyPath) == 0o600)
    #expect(try mode(tls.serverKeyPath) == 0o600)
    let again = try prepare(after: 1, addresses: ["192.168.1.20", "203.0.113.9"])
    #expect(!again.madeAuthority)
    #expect(again.renewed == nil, "nothing is issued again while it serves")
    #expect(again.authority.summary.fingerprint == first.authority.summary.fingerprint)
  }

  @Test func theServersCertificateIsIssuedAgainBeforeItRunsOutAndWhenAddressesChange() throws {
    let first = try prepare()
    let served = try HouseholdCertificates.summary(
      of: String(contentsOfFile: tls.serverPath, encoding: .utf8))
    #expect(first.serverValidUntil == served.validUntil)
    #expect(try prepare(after: 300).renewed == nil)
    let renewed = try prepare(after: 370)
    #expect(renewed.renewed == .expiring)
    #expect(renewed.serverValidUntil > served.validUntil)
    let moved = try prepare(after: 371, addresses: ["192.168.1.42"])
    #expect(moved.renewed == .namesChanged)
    #expect(moved.serverNames.contains(.ip("192.168.1.42")))
    #expect(!moved.serverNames.contains(.ip("192.168.1.20")))
    #expect(moved.authority.summary.fingerprint == first.authority.summary.fingerprint)
  }

  @Test(arguments: ["certificate", "key", "mismatch", "readable key"])
  func aDamagedAuthorityIsAClearErrorNamingTheFileNeverANewOne(damage: String) throws {
    _ = try prepare()
    let before = try String(contentsOfFile: tls.authorityPath, encoding: .utf8)
    switch damage {
    case "certificate":
      try "-----BEGIN CERTIFICATE-----\nbroken\n".write(
        toFile: tls.authorityPath, atomically: true, encoding: .utf8)
    case "key": try FileManager.default.removeItem(atPath: tls.authorityKeyPath)
    case "mismatch":
      let other = try HouseholdCertificates.makeAuthority(
        commonName: "x", domains: ["home"], now: Self.now)
      try other.keyPEM.write(toFile: tls.authorityKeyPath, atomically: true, encoding: .utf8)
      chmod(tls.authorityKeyPath, 0o600)
    default: chmod(tls.authorityKeyPath, 0o644)
    }
    do {
      _ = try prepare(after: 1)
      Issue.record("a damaged authority was used")
    } catch {
      let message = "\(error)"
      #expect(message.contains(directory), "\(message)")
      #expect(message.contains("basket ca replace") || message.contains("chmod 600"), "\(message)")
    }
    if damage != "certificate" {
      #expect(try String(contentsOfFile: tls.authorityPath, encoding: .utf8) == before)
    }
  }

  @Test func replacingMovesTheOldAuthorityAsideAndMakesANewOne() throws {
    let first = try prepare()
    let replaced = try tls.replace(
      hostName: "pantry", names: ["basket.example"], now: Self.now.addingTimeInterval(60))
    #expect(replaced.summary.fingerprint != first.authority.summary.fingerprint)
    #expect(replaced.domains.contains("basket.example"))
    let kept = try FileManager.default.contentsOfDirectory(atPath: directory)
      .filter { $0.contains(".replaced-") }
    #expect(kept.contains { $0.hasPrefix("basket.sqlite.ca.key.replaced-") })
    #expect(kept.contains { $0.hasPrefix("basket.sqlite.ca.pem.replaced-") })
    #expect(try prepare(names: ["basket.example"]).renewed == .missing)
  }

  @Test func aNameTheAuthorityWasNotMadeForSaysHowToAddIt() throws {
    _ = try prepare()
    #expect(try prepare(names: ["kitchen.home"]).serverNames.contains(.dns("kitchen.home")))
    do {
      _ = try prepare(names: ["basket.example"])
      Issue.record("an uncovered name was accepted")
    } catch {
      #expect("\(error)".contains("basket ca replace --name basket.example"))
    }
  }
}

/// The welcome door, invitations and trusted proxies through `WebApp.handle`.
@Suite struct WelcomeDoorTests {
  let clock = TestClock()
  let store = InMemoryStore()
  let invitations = InMemoryInvitationStore()
  let app: WebApp
  let door = WelcomeDoor(
    httpsPort: 8443, welcomePort: 8080, authorityPEM: "PEM", authorityDER: [0x30, 0x82, 1, 2],
    fingerprint: (0..<32).map { _ in "AB" }.joined(separator: ":"))

  init() {
    var environment = WebEnvironment(
      basket: Fixtures.basket(clock: clock, store: store),
      access: AccessPolicy(mode: .householdSecret("apple-pie-42")), timeZone: .gmt,
      randomBytes: { count in (0..<count).map { UInt8($0 * 7 % 256) } })
    environment.invitations = invitations
    environment.welcome = door
    app = WebApp(environment: environment)
  }

  func get(_ path: String, secure: Bool, from address: String = "192.168.1.30") -> Response {
    app.handle(
      Request(
        method: "GET", path: path, headers: ["Host": "basket.home:\(secure ? 8443 : 8080)"],
        isSecure: secure, clientAddress: address))
  }

  @Test func overPlainHTTPOnlyTheWelcomeIsServedAndTheRestGoesToHTTPS() {
    let welcome = get("/", secure: false)
    #expect(welcome.status == 200)
    #expect(welcome.text.contains("Certificate Trust Settings"))
    #expect(welcome.text.contains(door.fingerprint))
    #expect(welcome.text.contains(#"data-probe="https://basket.home:8443/trust-check""#))
    let csp = welcome.headers.first { $0.name == "Content-Security-Policy" }?.value ?? ""
    #expect(csp.contains("connect-src https://basket.home:8443"))
    #expect(welcome.headers.filter { $0.name == "Content-Security-Policy" }.count == 1)
    let certificate = get("/ca.crt", secure: false)
    #expect(certificate.body == door.authorityDER)
    for path in ["/api/v2/list", "/", "/dav/basket/"] where path != "/" {
      let redirected = get(path, secure: false)
      #expect(redirected.status == 308)
      #expect(
        redirected.headers.contains {
          $0.name == "Location" && $0.value == "https://basket.home:8443\(path)"
        })
    }
    #expect(get("/api/v2/list", secure: true).status == 401, "over HTTPS the API is there")
  }

  @Test func theIPhoneProfileInstallsTheAuthorityAsARoot() {
    let profile = get("/ca.mobileconfig", secure: false)
    #expect(profile.headers.contains { $0.value == "application/x-apple-aspen-config" })
    let text = profile.text
    #expect(text.contains("<string>com.apple.security.root</string>"))
    #expect(text.contains("<data>\n" + Data(door.authorityDER).base64EncodedString()))
    #expect(text.contains("<string>Configuration</string>"))
    #expect(text.ranges(of: "<key>PayloadUUID</key>").count == 2)
  }

  @Test func anInvitationPairsOnceAndAUsedOneCountsAsAWrongGuess() throws {
    let made = try WebApp.makeInvitation(
      store: invitations, randomBytes: { _ in Array(1...20) }, now: clock.now)
    let joined = get("/join/\(made.code)", secure: true)
    #expect(joined.status == 303)
    let cookie = try #require(joined.headers.first { $0.name == "Set-Cookie" }?.value)
    #expect(cookie.contains("Secure") && cookie.contains("HttpOnly"))
    let again = get("/join/\(made.code)", secure: true)
    #expect(again.status == 410)
    #expect(again.text.contains("used already"))
    for _ in 0..<10 { _ = get("/join/\(made.code)", secure: true) }
    #expect(get("/join/\(made.code)", secure: true).status == 429)
    #expect(get("/join/\(made.code)", secure: true, from: "192.168.1.31").status == 410)
  }

  @Test func aPairedPhoneMakesAnInvitationWithALinkToTheWelcomeDoorAndAQRCode() throws {
    let made = try WebApp.makeInvitation(
      store: invitations, randomBytes: { _ in Array(1...20) }, now: clock.now)
    let cookie = try #require(
      get("/join/\(made.code)", secure: true).headers.first { $0.name == "Set-Cookie" }?.value
        .split(separator: ";").first.map(String.init))
    let answer = app.handle(
      Request(
        method: "POST", path: "/api/v2/invitations",
        headers: [
          "Host": "basket.home:8443", "Cookie": cookie, "Origin": "https://basket.home:8443",
        ],
        isSecure: true, clientAddress: "192.168.1.30"))
    #expect(answer.status == 201, "\(answer.text)")
    let body = try JSONValue.parse(answer.body)
    guard case .string(let url)? = body["url"] else {
      Issue.record("no url")
      return
    }
    #expect(url.hasPrefix("http://basket.home:8080/join/"))
    if case .string(let svg)? = body["qrSVG"] { #expect(svg.hasPrefix("<svg")) }
  }

  @Test func forwardedHeadersCountOnlyFromATrustedProxy() {
    /// A request with `headers` from `client`, as a server whose proxy is 127.0.0.1 reads it.
    func received(_ headers: [String: String], from client: String) -> Request {
      var request = Request(method: "GET", path: "/", headers: headers, clientAddress: client)
      ForwardedHeaders.apply(to: &request, trustedProxies: ["127.0.0.1"])
      return request
    }
    let request = received(
      ["X-Forwarded-For": "6.6.6.6, 192.168.1.40", "X-Forwarded-Proto": "https"],
      from: "127.0.0.1")
    #expect(request.clientAddress == "192.168.1.40")
    #expect(request.isSecure)
    let stranger = received(
      ["X-Forwarded-For": "10.0.0.9", "X-Forwarded-Proto": "https"], from: "192.168.1.50")
    #expect(stranger.clientAddress == "192.168.1.50")
    #expect(!stranger.isSecure)
    let garbage = received(["X-Forwarded-For": "not-an-address"], from: "127.0.0.1")
    #expect(garbage.clientAddress == "127.0.0.1")
  }
}
