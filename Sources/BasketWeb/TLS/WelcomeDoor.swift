import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the plain-HTTP welcome page knows: where the app is served over HTTPS and the
/// household's authority, for the phones that don't trust it yet.
public struct WelcomeDoor: Sendable, Equatable {
  /// The HTTPS port the app is served on.
  public var httpsPort: Int
  /// The welcome page's own port (plain HTTP), or nil when there is none.
  public var welcomePort: Int?
  public var authorityPEM: String
  /// The authority in DER, for `/ca.crt` and the iPhone profile.
  public var authorityDER: [UInt8]
  public var fingerprint: String
  public var authorityName: String

  public init(
    httpsPort: Int, welcomePort: Int?, authorityPEM: String, authorityDER: [UInt8],
    fingerprint: String, authorityName: String = "Basket household authority"
  ) {
    self.httpsPort = httpsPort
    self.welcomePort = welcomePort
    self.authorityPEM = authorityPEM
    self.authorityDER = authorityDER
    self.fingerprint = fingerprint
    self.authorityName = authorityName
  }

  /// An iPhone configuration profile (a property list, RFC-less but documented by Apple's
  /// Configuration Profile Reference) that installs the authority as a trusted root: one
  /// `com.apple.security.root` payload holding the DER. Its identifiers derive from the
  /// fingerprint, so the same authority is the same profile, and a new one replaces nothing.
  public var mobileConfig: String {
    let hex = fingerprint.filter { $0 != ":" }.lowercased()
    func uuid(_ salt: Character) -> String {
      let digits = Array(hex)
      let chunk = String(digits.prefix(32)).replacingCharacters(at: 0, with: salt)
      return [
        chunk.prefix(8), chunk.dropFirst(8).prefix(4), chunk.dropFirst(12).prefix(4),
        chunk.dropFirst(16).prefix(4), chunk.dropFirst(20).prefix(12),
      ].joined(separator: "-")
        .uppercased()
    }
    let certificate = Data(authorityDER).base64EncodedString(options: [.lineLength64Characters])
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
        <key>PayloadContent</key>
        <array>
          <dict>
            <key>PayloadCertificateFileName</key>
            <string>basket-household-ca.cer</string>
            <key>PayloadContent</key>
            <data>
      \(certificate)
            </data>
            <key>PayloadDescription</key>
            <string>Lets this device trust your household's Basket server.</string>
            <key>PayloadDisplayName</key>
            <string>\(Markup.escaped(authorityName))</string>
            <key>PayloadIdentifier</key>
            <string>home.basket.ca.\(hex.prefix(16))</string>
            <key>PayloadType</key>
            <string>com.apple.security.root</string>
            <key>PayloadUUID</key>
            <string>\(uuid("a"))</string>
            <key>PayloadVersion</key>
            <integer>1</integer>
          </dict>
        </array>
        <key>PayloadDescription</key>
        <string>Installs the certificate authority of your household's Basket, so this device can open the shopping list over HTTPS and keep it offline. It can vouch only for your home network's names and addresses.</string>
        <key>PayloadDisplayName</key>
        <string>Basket at home</string>
        <key>PayloadIdentifier</key>
        <string>home.basket.profile.\(hex.prefix(16))</string>
        <key>PayloadRemovalDisallowed</key>
        <false/>
        <key>PayloadType</key>
        <string>Configuration</string>
        <key>PayloadUUID</key>
        <string>\(uuid("b"))</string>
        <key>PayloadVersion</key>
        <integer>1</integer>
      </dict>
      </plist>

      """
  }
}

extension String {
  fileprivate func replacingCharacters(at offset: Int, with character: Character) -> String {
    var characters = Array(self)
    guard offset < characters.count else { return self }
    characters[offset] = character
    return String(characters)
  }
}
