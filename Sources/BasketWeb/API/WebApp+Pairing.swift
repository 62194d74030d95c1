import BasketKit

extension WebApp {
  /// GET /api/v3/session: whether this browser may use the API, so the page knows whether to
  /// show the pairing form.
  /// With a welcome page, `welcome` is its address (the steps to trust the household's
  /// authority), for a page that can't install itself.
  func session(_ request: Request) -> Response {
    var welcome = JSONValue.null
    if let port = environment.welcome?.welcomePort {
      welcome = .string(
        "http://\(AccessPolicy.hostName(request.header("host") ?? "localhost")):\(port)/")
    }
    return .json(
      200,
      .object([
        ("mode", .string(access.requiresSession ? "secret" : "open")),
        ("paired", .bool(access.hasSession(request))), ("welcome", welcome),
      ]))
  }

  /// POST /api/v3/pair `{"secret"}`: the pairing form. Sets the session cookie.
  func pair(_ request: Request) -> Response {
    guard access.requiresSession else { return .noContent }
    let secret: String?
    do {
      secret = try JSONBody(request, allowed: ["secret"]).string("secret")
    } catch let error as RequestError {
      return .error(error.status, error.message)
    } catch {
      return .error(400, "\(error)")
    }
    guard let secret else { return .error(400, "send the household secret as \"secret\"") }
    switch attempt(secret, request) {
    case .paired(let cookie):
      var response = Response.noContent
      response.headers.append(.init("Set-Cookie", cookie))
      return response
    case .wrong:
      return .error(403, "that is not this household's secret")
    case .throttled:
      return .error(429, "too many wrong secrets from this device; wait a minute and try again")
    case .unavailable:
      return .error(503, "the server cannot make a session right now; try again")
    }
  }

  /// GET /pair?secret=…: the pairing link printed at start-up. Sets the session cookie and
  /// sends the browser on to the app, so the secret doesn't linger in the address bar.
  func pairPage(_ request: Request) -> Response {
    guard request.method == "GET" || request.method == "HEAD" else {
      return .error(405, "use GET here", headers: [.init("Allow", "GET, HEAD")])
    }
    guard access.requiresSession else { return Self.redirect("/") }
    switch attempt(request.query["secret"] ?? "", request) {
    case .paired(let cookie):
      var response = Self.redirect("/?paired")
      response.headers.append(.init("Set-Cookie", cookie))
      return response
    case .wrong:
      return Self.redirect("/?pairing=wrong")
    case .throttled, .unavailable:
      return Self.redirect("/?pairing=wait")
    }
  }

  private enum PairingAttempt {
    case paired(cookie: String)
    case wrong
    case throttled
    case unavailable
  }

  /// Checks `secret` from the request's client, within that client's allowance of wrong
  /// guesses (`PairingGuesses`): a stranger's guesses never lock out another device.
  private func attempt(_ secret: String, _ request: Request) -> PairingAttempt {
    let now = basket.now
    let client = request.clientAddress
    guard throttle.allows(client, at: now) else { return .throttled }
    guard access.secretMatches(secret) else {
      throttle.recordWrongGuess(from: client, at: now)
      return .wrong
    }
    guard let nonce = environment.randomBytes(16), nonce.count == 16,
      let value = access.sessionValue(nonce: nonce)
    else { return .unavailable }
    return .paired(cookie: access.setCookieHeader(value: value, secure: request.isSecure))
  }

  static func redirect(_ location: String) -> Response {
    Response(
      status: 303, headers: [.init("Location", location), .init("Cache-Control", "no-store")])
  }
}
