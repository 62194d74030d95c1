import BasketKit
import BasketQR
import BasketWeb

#if canImport(Glibc)
  import Glibc
#endif
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `basket invite [--json]`: a one-time invitation for a phone, as a link and a QR code.
enum InviteCommand {
  static let help = """
    Usage: basket invite [--json]

    Makes a one-time invitation for a phone to join the household's list: a link, and the
    same link as a QR code to scan with the phone's camera. It pairs the first browser that
    opens it, within 15 minutes, and never carries the household secret; a used or expired
    one says to ask for a new one. `basket serve` must be running on the network for this
    store (the link points at it). A paired phone can invite another too: Add a phone.
      --json   {"url", "expiresAt"}

    """

  static func run(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let flags = try Flags(arguments, spec: Spec.invite)
    guard let joinBase = ServingFile(store: context.store.path).joinBase() else {
      context.err(
        "basket: no `basket serve` is sharing this store on the network, so an invitation would lead nowhere; start one (basket serve --host 0.0.0.0), then invite\n"
      )
      return 1
    }
    let book = try context.openRecipeBook(.existing)
    guard let store = book.basket.store as? any InvitationStore else {
      context.err("basket: this store keeps no invitations\n")
      return 1
    }
    let made = try WebApp.makeInvitation(
      store: store, randomBytes: WebEnvironment.systemRandomBytes, now: context.clock.now)
    let url = joinBase + made.code
    if flags.has("--json") {
      context.out(
        JSONValue.object([
          ("url", .string(url)), ("expiresAt", .string(ISO8601.string(made.invitation.expiresAt))),
        ]).encodedString + "\n")
      return 0
    }
    context.out(drawing(url: url, expiresAt: made.invitation.expiresAt, heading: "Invitation"))
    return 0
  }

  /// A new invitation in `store` for `serve`'s banner, drawn; a line saying why when none can
  /// be made.
  static func invitation(store: any InvitationStore, joinBase: String, now: Date, heading: String)
    -> String
  {
    do {
      let made = try WebApp.makeInvitation(
        store: store, randomBytes: WebEnvironment.systemRandomBytes, now: now)
      return drawing(
        url: joinBase + made.code, expiresAt: made.invitation.expiresAt, heading: heading)
    } catch {
      return "(no invitation now: \(error); `basket invite` makes one)\n"
    }
  }

  /// The link, the QR code in half blocks (or why there is none) and when it runs out.
  static func drawing(url: String, expiresAt: Date, heading: String) -> String {
    var text = "\(heading): scan this with the phone's camera, or open the link on it.\n"
    do {
      text += QRDrawing.halfBlocks(try QRCode.matrix(url))
    } catch {
      text += "(no QR code: \(error))\n"
    }
    let minutes = Int(InvitationRules.lifetime / 60)
    text += "\(url)\nUsable once, for \(minutes) minutes (until \(ISO8601.string(expiresAt))).\n"
    return text
  }
}

/// Where `basket serve` can be reached while it shares a store on the network, for `basket
/// invite`: `STORE.serving` (JSON: `join`, `app`, `pid`), written at start and removed at stop.
struct ServingFile {
  let path: String

  init(store: String) {
    path = store + ".serving"
  }

  func write(joinBase: String, app: String) {
    let text =
      JSONValue.object([
        ("join", .string(joinBase)), ("app", .string(app)), ("pid", .number(Double(getpid()))),
      ]).encodedString + "\n"
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return }
    defer { close(fd) }
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
  }

  func remove() { unlink(path) }

  /// The running server's join link base ("http://192.168.1.20:8080/join/"), or nil when no
  /// server is sharing the store (no file, or its process is gone).
  func joinBase() -> String? {
    guard let data = FileManager.default.contents(atPath: path),
      let value = try? JSONValue.parse(Array(data)),
      case .string(let join)? = value["join"], case .number(let pid)? = value["pid"],
      kill(pid_t(pid), 0) == 0 || errno == EPERM
    else { return nil }
    return join
  }
}

extension JSONValue {
  /// The value as compact JSON text.
  fileprivate var encodedString: String { String(decoding: encoded(), as: UTF8.self) }
}
