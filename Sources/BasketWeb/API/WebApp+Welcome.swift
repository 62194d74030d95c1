import BasketCrypto
import BasketKit
import BasketQR

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The way in for a new phone:
///
/// - The welcome page, over plain HTTP on its own port (`WelcomeDoor`), for a phone that
///   doesn't trust the household's authority yet: `/` (the steps for iPhone, Android and a
///   desktop browser), `/ca.crt` (the authority, DER), `/ca.mobileconfig` (an iPhone profile),
///   `/join/CODE` (the steps, then on to the invitation over HTTPS), `/welcome.css` and
///   `/welcome.js`; every other path is redirected to HTTPS.
/// - `GET /join/CODE` over HTTPS (or wherever the app is served): a one-time invitation pairs
///   this browser and opens the list; a used, expired or unknown one says so in plain words
///   and counts against the address's pairing guesses.
/// - `POST /api/v3/invitations` from a paired phone ("Add a phone"): a new invitation, its link
///   and its QR code.
extension WebApp {
  public static let joinPrefix = "/join/"
  /// What the welcome page asks over HTTPS to learn whether this device trusts the authority
  /// yet: an empty answer another origin may read (the API's answers are same-origin only).
  static let trustCheckPath = "/trust-check"
  static let trustCheck = Response(
    status: 204,
    headers: [
      .init("Cache-Control", "no-store"), .init("Cross-Origin-Resource-Policy", "cross-origin"),
    ])

  /// Whether `request` arrived at the welcome page's plain-HTTP door.
  func isWelcomeRequest(_ request: Request) -> Bool {
    environment.welcome?.welcomePort != nil && !request.isSecure
  }

  /// `body` as a file the browser saves as `filename` rather than shows.
  private static func download(_ body: [UInt8], _ type: String, _ filename: String) -> Response {
    Response(
      status: 200,
      headers: [
        .init("Content-Type", type),
        .init("Content-Disposition", "attachment; filename=\"\(filename)\""),
        .init("Cache-Control", "no-cache"),
      ], body: body)
  }

  func welcome(_ request: Request) -> Response {
    guard let door = environment.welcome else { return .error(404, "no such page") }
    guard request.method == "GET" || request.method == "HEAD" else {
      return .error(405, "use GET here", headers: [.init("Allow", "GET, HEAD")])
    }
    let host = String(AccessPolicy.hostName(request.header("host") ?? "localhost"))
    let https = "https://\(host):\(door.httpsPort)"
    switch request.path {
    case "/", "/welcome":
      return welcomePage(door, https: https, next: https + "/", invitation: false)
    case "/ca.crt":
      return Self.download(
        door.authorityDER, "application/x-x509-ca-cert", "basket-household-ca.crt")
    case "/ca.pem":
      return Self.download(
        Array(door.authorityPEM.utf8), "application/x-pem-file", "basket-household-ca.pem")
    case "/ca.mobileconfig":
      return Self.download(
        Array(door.mobileConfig.utf8), "application/x-apple-aspen-config",
        "basket-at-home.mobileconfig")
    case "/welcome.css", "/welcome.js":
      return StaticAssets.response(for: request)
    case _ where request.path.hasPrefix(Self.joinPrefix):
      let code = String(request.path.dropFirst(Self.joinPrefix.count))
      guard InvitationRules.isCode(code) else {
        return Self.page(
          404, "Not an invitation",
          "<p>This link is not a Basket invitation. Ask someone in the household for a new one.</p>"
        )
      }
      return welcomePage(
        door, https: https, next: "\(https)\(Self.joinPrefix)\(code)", invitation: true)
    default:
      // NB: the path only: a query on the plain-HTTP door is not carried across.
      let target = https + request.path
      return Response(
        status: 308, headers: [.init("Location", target), .init("Cache-Control", "no-store")])
    }
  }

  /// The welcome page: the authority's fingerprint, the steps for each kind of device, and the
  /// way on (`next`), which its script takes by itself once this device trusts the authority.
  private func welcomePage(_ door: WelcomeDoor, https: String, next: String, invitation: Bool)
    -> Response
  {
    let e = Markup.escaped
    let lead =
      invitation
      ? "You've been invited to the household's shopping list. This phone needs to trust your household's Basket once; it takes a minute."
      : "This device needs to trust your household's Basket once, so the list opens over a private connection and keeps working when you're out of signal. It takes a minute."
    let body = """
      <main class="welcome" data-next="\(e(next))" data-probe="\(e(https))\(Self.trustCheckPath)">
        <h1><span aria-hidden="true">🧺</span> Welcome to Basket</h1>
        <p class="lead">\(e(lead))</p>
        <p id="trusted" class="trusted" role="status" hidden>This device trusts your Basket. <a href="\(e(next))">Open Basket</a></p>
        <section class="steps">
          <h2>iPhone or iPad</h2>
          <ol>
            <li><a class="button" href="/ca.mobileconfig">Download the profile</a>, then tap <b>Allow</b>.</li>
            <li>Open <b>Settings</b>, tap <b>Profile Downloaded</b> near the top, then <b>Install</b> (it asks for your passcode) and <b>Install</b> again.</li>
            <li>In <b>Settings → General → About → Certificate Trust Settings</b>, switch on <b>\(e(door.authorityName))</b>.</li>
            <li>Come back here and tap <a href="\(e(next))">Open Basket</a>. In Safari, <b>Share → Add to Home Screen</b> installs it.</li>
          </ol>
        </section>
        <section class="steps">
          <h2>Android</h2>
          <ol>
            <li><a class="button" href="/ca.crt">Download the certificate</a>.</li>
            <li>Open <b>Settings</b> and search for <b>CA certificate</b> (usually <b>Security &amp; privacy → More security settings → Encryption &amp; credentials → Install a certificate → CA certificate</b>). Tap <b>Install anyway</b> and choose <b>basket-household-ca.crt</b>.</li>
            <li>Come back here and tap <a href="\(e(next))">Open Basket</a>. Chrome offers to <b>Install app</b> from its menu.</li>
          </ol>
        </section>
        <section class="steps">
          <h2>A computer</h2>
          <ol>
            <li><a class="button" href="/ca.crt">Download the certificate</a>.</li>
            <li><b>Chrome or Edge:</b> Settings → Privacy and security → Security → Manage certificates → Authorities (or Trusted Root Certification Authorities) → Import, and trust it for websites. <b>Firefox:</b> Settings → Privacy &amp; Security → Certificates → View Certificates → Authorities → Import → "Trust this CA to identify websites". <b>Mac:</b> open it, then in Keychain Access set it to <b>Always Trust</b>.</li>
            <li>Then <a href="\(e(next))">open Basket</a>.</li>
          </ol>
        </section>
        <p class="fingerprint">To check it's yours: the certificate's SHA-256 fingerprint is <code>\(e(door.fingerprint))</code>. <code>basket ca</code> on the server shows the same.</p>
        <p class="small">It can vouch only for your home network's names and addresses, never for another website.</p>
      </main>
      """
    var response = Self.page(200, "Welcome to Basket", body, script: true)
    // NB: the script asks the HTTPS door whether this device trusts it yet.
    response.headers.append(
      .init(
        "Content-Security-Policy",
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src \(https); base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
      ))
    return response
  }

  /// A small page of the welcome door or the join link, in the app's look.
  static func page(_ status: Int, _ title: String, _ body: String, script: Bool = false)
    -> Response
  {
    let html = """
      <!doctype html>
      <html lang="en">
      <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(Markup.escaped(title))</title>
        <link rel="stylesheet" href="/welcome.css">
        \(script ? #"<script type="module" src="/welcome.js"></script>"# : "")
      </head>
      <body>
      \(body)
      </body>
      </html>

      """
    return Response(
      status: status,
      headers: [
        .init("Content-Type", "text/html; charset=utf-8"), .init("Cache-Control", "no-store"),
      ], body: Array(html.utf8))
  }

  // MARK: - Joining

  /// `GET /join/CODE`: pairs this browser with a one-time invitation.
  func join(_ request: Request) -> Response {
    guard request.method == "GET" || request.method == "HEAD" else {
      return .error(405, "use GET here", headers: [.init("Allow", "GET, HEAD")])
    }
    guard access.requiresSession else { return Self.redirect("/") }
    let code = String(request.path.dropFirst(Self.joinPrefix.count))
    let now = basket.now
    let client = request.clientAddress
    guard throttle.allows(client, at: now) else {
      return Self.joinRefusal(
        429, "Too many tries",
        "Too many wrong or used invitations came from this device. Wait a minute, then open a new one."
      )
    }
    let refusal: InvitationRules.Refusal?
    if let store = environment.invitations, InvitationRules.isCode(code),
      let hash = HMACSHA256.digest(Array(code.utf8))?.hexString
    {
      do {
        try store.modifyInvitations { invitations in
          try InvitationRules.redeem(codeHash: hash, now: now, in: &invitations)
        }
        refusal = nil
      } catch let error as InvitationRules.Refusal {
        refusal = error
      } catch {
        return Self.joinRefusal(
          503, "Try again", "The server could not read its invitations: \(error)")
      }
    } else {
      refusal = .unknown
    }
    if let refusal {
      throttle.recordWrongGuess(from: client, at: now)
      let title =
        switch refusal {
        case .used: "This invitation was used"
        case .expired: "This invitation ran out"
        default: "Not an invitation"
        }
      return Self.joinRefusal(refusal == .unknown ? 404 : 410, title, refusal.description)
    }
    guard let nonce = environment.randomBytes(16), nonce.count == 16,
      let value = access.sessionValue(nonce: nonce)
    else {
      return Self.joinRefusal(503, "Try again", "The server cannot make a session right now.")
    }
    var response = Self.redirect("/?paired")
    response.headers.append(
      .init("Set-Cookie", access.setCookieHeader(value: value, secure: request.isSecure)))
    return response
  }

  private static func joinRefusal(_ status: Int, _ title: String, _ message: String) -> Response {
    let sentence = message.prefix(1).uppercased() + message.dropFirst()
    return page(
      status, title,
      """
      <main class="welcome">
        <h1><span aria-hidden="true">🧺</span> \(Markup.escaped(title))</h1>
        <p class="lead">\(Markup.escaped(String(sentence)))\(sentence.hasSuffix(".") ? "" : ".")</p>
        <p>On a phone that already has the list, <b>Add a phone</b> (at the bottom of the list) makes a new invitation; on the server, <code>basket invite</code> does.</p>
      </main>
      """)
  }

  // MARK: - Making invitations

  /// `POST /api/v3/invitations` `{"op"?}` → 201 `{"url", "expiresAt", "qrSVG"}`.
  func invite(_ request: Request) throws -> Response {
    _ = try JSONBody(request, allowed: [])
    guard access.requiresSession else {
      throw RequestError(
        409, "this server is only on this machine; start it on the network to add a phone")
    }
    guard let store = environment.invitations else {
      throw RequestError(503, "this server keeps no invitations")
    }
    let made = try Self.makeInvitation(
      store: store, randomBytes: environment.randomBytes, now: basket.now)
    let host = request.header("host") ?? "localhost"
    let url: String
    if let door = environment.welcome, let welcomePort = door.welcomePort {
      url = "http://\(AccessPolicy.hostName(host)):\(welcomePort)\(Self.joinPrefix)\(made.code)"
    } else {
      url = "\(request.isSecure ? "https" : "http")://\(host)\(Self.joinPrefix)\(made.code)"
    }
    var members: [(String, JSONValue)] = [
      ("url", .string(url)), ("expiresAt", .string(ISO8601.string(made.invitation.expiresAt))),
    ]
    if let matrix = try? QRCode.matrix(url) {
      members.append(("qrSVG", .string(QRDrawing.svg(matrix, label: "QR code of the invitation"))))
    } else {
      members.append(("qrSVG", .null))
    }
    return .json(201, .object(members))
  }

  /// A new invitation in `store`: its code (shown once, never stored) and what is kept.
  public static func makeInvitation(
    store: any InvitationStore, randomBytes: (Int) -> [UInt8]?, now: Date
  ) throws -> (code: String, invitation: Invitation) {
    guard let bytes = randomBytes(InvitationRules.codeLength),
      let code = InvitationRules.code(from: bytes),
      let hash = HMACSHA256.digest(Array(code.utf8))?.hexString
    else { throw RequestError(503, "the server has no secure random source right now") }
    do {
      let invitation = try store.modifyInvitations { invitations in
        try InvitationRules.invite(codeHash: hash, now: now, in: &invitations)
      }
      return (code, invitation)
    } catch let refusal as InvitationRules.Refusal {
      throw RequestError(429, refusal.description)
    }
  }
}
