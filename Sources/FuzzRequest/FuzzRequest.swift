// Fuzz target for request paths and headers: `RequestParser` (raw method, target and header
// lines → `Request`) and `WebApp.handle` routing what it accepts (BasketWeb).
//
// An input is a request head as a client would send it ("METHOD TARGET ...", then "Name: value"
// lines, then a blank line) followed by a body. Built with `-sanitize=fuzzer -DFUZZING` by
// `scripts/fuzz`, libFuzzer calls `fuzzOne`; built normally, `main` replays the seed corpus
// (or the files given) through the same checks.

import BasketKit
import BasketTestSupport
import BasketWeb
import SeedReplay

/// Parses one request head and routes it through a fresh app, checking what they promise:
/// nothing traps; a refusal is 400, 414 or 431 with a short JSON error; an accepted request has
/// a decoded path starting with "/" and free of control characters, at most 64 headers, and
/// gets a response with a valid status and the security headers; only `/api/v3/events` streams.
/// Also checks that a pairing link for any text parses back to that text, and that a head
/// refused for its framing gets 400 or 501 and a closed connection.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let (method, target, headers, body) = split(bytes)
  checkPairingLink(String(decoding: bytes.prefix(200), as: UTF8.self))
  if let refusal = RequestFraming.refusal(headers) {
    require([400, 501].contains(refusal.status), "a framing refusal with \(refusal.status)")
    require(refusal.header("Connection") == "close", "a framing refusal that keeps the connection")
  }
  let request: Request
  do {
    request = try RequestParser.parse(
      method: method, target: target, headers: headers, body: body, isSecure: size % 2 == 1,
      clientAddress: "192.168.1.\(size % 256)")
  } catch {
    require([400, 414, 431].contains(error.status), "a refusal with status \(error.status)")
    require(error.message.utf8.count <= 200, "an unbounded refusal message")
    require(
      error.response.header("Content-Type")?.hasPrefix("application/json") == true,
      "a refusal that is not JSON")
    return 0
  }
  require(headers.count <= RequestParser.maxHeaders, "more than 64 headers accepted")
  require(request.path.utf8.first == UInt8(ascii: "/"), "a path that does not start with /")
  require(
    !request.path.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
    "a control character in the path")
  for (name, _) in headers {
    require(request.header(name) != nil, "header \(name) was dropped")
  }
  // Forwarded headers: believed from a trusted proxy only, and then only as an address.
  var forwarded = request
  ForwardedHeaders.apply(to: &forwarded, trustedProxies: ["10.0.0.1"])
  require(forwarded == request, "forwarded headers believed from an untrusted address")
  var proxied = request
  proxied.clientAddress = "10.0.0.1"
  ForwardedHeaders.apply(to: &proxied, trustedProxies: ["10.0.0.1"])
  require(
    proxied.clientAddress == "10.0.0.1" || IPAddressText.isIPv4(proxied.clientAddress)
      || IPAddressText.isIPv6(proxied.clientAddress),
    "a forwarded client that is no address: \(proxied.clientAddress)")
  let response = app(for: request).handle(request)
  require((100...599).contains(response.status), "status \(response.status)")
  require(response.header("Content-Security-Policy") != nil, "no security headers")
  if response.kind == .eventStream {
    require(request.path == "/api/v3/events", "a stream from \(request.path)")
  }
  return 0
}

/// Splits raw bytes into a method, a target, header lines and a body, as a server would.
private func split(_ bytes: [UInt8]) -> (String, String, [(name: String, value: String)], [UInt8]) {
  var headEnd = bytes.count
  var bodyStart = bytes.count
  for index in bytes.indices where bytes[index] == 0x0A {
    if index + 1 < bytes.count, bytes[index + 1] == 0x0A {
      (headEnd, bodyStart) = (index, index + 2)
      break
    }
    if index + 2 < bytes.count, bytes[index + 1] == 0x0D, bytes[index + 2] == 0x0A {
      (headEnd, bodyStart) = (index, index + 3)
      break
    }
  }
  let lines = bytes[..<headEnd].split(separator: 0x0A, omittingEmptySubsequences: false).map {
    String(decoding: $0.last == 0x0D ? $0.dropLast() : $0, as: UTF8.self)
  }
  let requestLine = (lines.first ?? "").split(
    separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
  let method = requestLine.first.map(String.init) ?? ""
  let target = requestLine.count > 1 ? String(requestLine[1]) : ""
  let headers = lines.dropFirst().filter { !$0.isEmpty }.map {
    line -> (name: String, value: String) in
    let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
    let value = parts.count > 1 ? parts[1].drop { $0 == " " || $0 == "\t" } : ""
    return (String(parts[0]), String(value))
  }
  return (method, target, headers, Array(bytes[min(bodyStart, bytes.count)...]))
}

/// The pairing link for `secret`, parsed back, carries `secret` unchanged.
private func checkPairingLink(_ secret: String) {
  let path = AccessPolicy.pairingPath(secret: secret)
  guard let request = try? RequestParser.parse(method: "GET", target: path, headers: []) else {
    fail("the pairing link \(path) was refused")
  }
  require(request.path == "/pair", "the pairing link's path is \(request.path)")
  require(request.query["secret"] == secret, "the pairing link lost its secret")
}

/// The app to route `request` through: a fresh one for anything that may change state (a
/// write, a pairing attempt), so inputs don't accumulate state and every run reproduces;
/// otherwise one shared app, since building an app per input would dominate the run time.
private func app(for request: Request) -> WebApp {
  let mayChangeState =
    !["GET", "HEAD"].contains(request.method) || request.path.hasPrefix("/pair")
    || request.path.hasPrefix("/api/v3/pair") || request.path.hasPrefix("/join/")
  return mayChangeState ? makeApp() : sharedApp
}

private let sharedApp = makeApp()

/// An app over an in-memory store and a frozen clock.
private func makeApp() -> WebApp {
  let clock = TestClock()
  let mode: AccessPolicy.Mode = .householdSecret("fuzzing-household-secret")
  var environment = WebEnvironment(
    basket: Fixtures.basket(clock: clock), access: AccessPolicy(mode: mode),
    randomBytes: { [UInt8](repeating: 7, count: $0) })
  // NB: the welcome door and invitations: plain-HTTP requests reach the door's pages.
  environment.invitations = InMemoryInvitationStore()
  environment.welcome = WelcomeDoor(
    httpsPort: 8443, welcomePort: 8080, authorityPEM: "PEM", authorityDER: [0x30],
    fingerprint: "AB:CD")
  return WebApp(environment: environment)
}

#if !FUZZING
  /// Replays the seed corpus, or the files and folders given, through `fuzzOne`.
  @main
  enum Replay {
    static func main() throws { try SeedReplay.run("Request", fuzzOne) }
  }
#endif
