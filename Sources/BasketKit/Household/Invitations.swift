#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A one-time invitation for a phone to join the household: a random code, handed out as a
/// link and a QR code, that pairs the first browser to open it within its lifetime. The store
/// keeps only the code's digest (`codeHash`), never the code, and never the household secret.
public struct Invitation: Equatable, Sendable {
  /// The SHA-256 of the code, hex: what a link is checked against.
  public var codeHash: String
  public var createdAt: Date
  public var expiresAt: Date
  /// When a browser was paired with it; an invitation is used once.
  public var usedAt: Date?

  public init(codeHash: String, createdAt: Date, expiresAt: Date, usedAt: Date? = nil) {
    self.codeHash = codeHash
    self.createdAt = createdAt
    self.expiresAt = expiresAt
    self.usedAt = usedAt
  }

  /// Whether it can still pair a phone at `now`.
  public func isLive(at now: Date) -> Bool { usedAt == nil && now < expiresAt }
}

/// What the invitations need from a store: read them all and write them back in one
/// transaction (there are never more than a few dozen).
public protocol InvitationStore: Sendable {
  func modifyInvitations<T: Sendable>(_ body: @Sendable (inout [Invitation]) throws -> T) throws
    -> T
}

/// The invitation rules, as pure functions over the stored invitations.
public enum InvitationRules {
  /// An invitation pairs a phone within 15 minutes, or not at all.
  public static let lifetime: TimeInterval = 15 * 60
  /// At most this many wait unused at once; a household needs one or two.
  public static let maximumLive = 20
  /// Used and expired invitations are forgotten a day after they stopped working.
  public static let kept: TimeInterval = 24 * 60 * 60
  /// The letters a code is made of: no 0/o, 1/l, so one read aloud or typed is right.
  public static let alphabet = Array("abcdefghijkmnpqrstuvwxyz23456789")
  /// Letters in a code: 20 of 32, 100 bits.
  public static let codeLength = 20

  /// The code `bytes` (random, at least `codeLength` of them) spell.
  public static func code(from bytes: [UInt8]) -> String? {
    guard bytes.count >= codeLength else { return nil }
    return String(bytes.prefix(codeLength).map { alphabet[Int($0) % alphabet.count] })
  }

  /// Whether `text` could be a code (so anything else is refused before it is hashed).
  public static func isCode(_ text: String) -> Bool {
    text.count == codeLength && text.allSatisfy { alphabet.contains($0) }
  }

  /// Why an invitation can't be made or used.
  public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// `maximumLive` wait unused already.
    case tooMany
    case used
    case expired
    case unknown

    public var description: String {
      switch self {
      case .tooMany:
        "\(InvitationRules.maximumLive) invitations are waiting already; use one, or wait for them to run out (15 minutes)"
      case .used:
        "this invitation has been used already; ask someone in the household for a new one"
      case .expired:
        "this invitation ran out (they last 15 minutes); ask someone in the household for a new one"
      case .unknown:
        "this is not an invitation to this household; ask someone in the household for a new one"
      }
    }
  }

  /// Adds an invitation for the code whose digest is `codeHash`, after forgetting old ones.
  public static func invite(codeHash: String, now: Date, in invitations: inout [Invitation])
    throws(Refusal) -> Invitation
  {
    forgetOld(now: now, in: &invitations)
    guard invitations.count(where: { $0.isLive(at: now) }) < maximumLive else { throw .tooMany }
    let invitation = Invitation(
      codeHash: codeHash, createdAt: now, expiresAt: now.addingTimeInterval(lifetime))
    invitations.append(invitation)
    return invitation
  }

  /// Uses the invitation for `codeHash`: it pairs once, within its lifetime.
  public static func redeem(codeHash: String, now: Date, in invitations: inout [Invitation])
    throws(Refusal)
  {
    guard let index = invitations.firstIndex(where: { $0.codeHash == codeHash }) else {
      throw .unknown
    }
    guard invitations[index].usedAt == nil else { throw .used }
    guard now < invitations[index].expiresAt else { throw .expired }
    invitations[index].usedAt = now
  }

  static func forgetOld(now: Date, in invitations: inout [Invitation]) {
    invitations.removeAll { invitation in
      let ended = invitation.usedAt.map { min($0, invitation.expiresAt) } ?? invitation.expiresAt
      return now.timeIntervalSince(ended) > kept
    }
  }
}
