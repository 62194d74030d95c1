import BasketKit
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite struct CertificatePlanTests {
  static let now = Date(timeIntervalSince1970: 1_796_000_000)
  static let day: TimeInterval = 24 * 60 * 60

  @Test func theServerCoversLocalhostTheHostNameItsMDNSNameTheNamesAskedForAndPrivateAddresses() {
    let names = CertificatePlan.serverNames(
      hostName: "Pantry", addresses: ["192.168.1.20", "10.0.0.7", "203.0.113.7", "100.101.2.3"],
      names: ["basket.home", "Basket.Home", "not a name"])
    #expect(
      names == [
        .dns("localhost"), .ip("127.0.0.1"), .ip("::1"), .dns("pantry"), .dns("pantry.local"),
        .dns("basket.home"), .ip("192.168.1.20"), .ip("10.0.0.7"), .ip("100.101.2.3"),
      ])
  }

  @Test(arguments: [
    ("10.1.2.3", true), ("172.16.0.1", true), ("172.31.255.255", true), ("172.32.0.1", false),
    ("192.168.0.1", true), ("192.169.0.1", false), ("127.0.0.1", true), ("169.254.3.4", true),
    ("100.64.0.1", true), ("100.128.0.1", false), ("8.8.8.8", false), ("fd12::5", true),
    ("fe80::1", true), ("2001:db8::1", false), ("::1", true), ("300.1.1.1", false),
    ("01.2.3.4", false), ("not an address", false),
  ])
  func privateAddressesAreTheOnesTheAuthorityMayName(address: String, isPrivate: Bool) {
    #expect(CertificatePlan.isPrivate(address) == isPrivate)
  }

  @Test func theAuthorityMayVouchForHomeDomainsTheHostAndTheNamesItWasMadeWith() {
    let domains = CertificatePlan.authorityDomains(
      hostName: "pantry", names: ["basket.example", "kitchen.home"])
    #expect(domains == CertificatePlan.homeDomains + ["pantry", "basket.example"])
    #expect(CertificatePlan.isCovered("kitchen.home", by: domains))
    #expect(CertificatePlan.isCovered("pantry.local", by: domains))
    #expect(!CertificatePlan.isCovered("bank.example", by: domains))
    #expect(!CertificatePlan.isCovered("evilhome", by: domains), "a suffix is a whole label")
    #expect(
      CertificatePlan.uncovered(
        [.dns("shop.example"), .ip("8.8.8.8"), .dns("x.lan")], domains: domains)
        == [.dns("shop.example"), .ip("8.8.8.8")])
  }

  @Test func aServerCertificateLivesAtMost397DaysAndStartsAnHourEarly() {
    let validity = CertificatePlan.serverValidity(now: Self.now)
    #expect(validity.until.timeIntervalSince(Self.now) == 397 * Self.day)
    #expect(Self.now.timeIntervalSince(validity.from) == 3600)
  }

  @Test func itIsIssuedAgainThirtyDaysBeforeItRunsOutOrWhenTheNamesChange() {
    let names: Set<CertificateName> = [.dns("localhost"), .ip("192.168.1.20")]
    let validity = CertificatePlan.serverValidity(now: Self.now)
    func renewal(after days: Double, wanted: Set<CertificateName> = names)
      -> CertificatePlan.Renewal?
    {
      CertificatePlan.renewal(
        validFrom: validity.from, validUntil: validity.until, issuedFor: names, wanted: wanted,
        now: Self.now.addingTimeInterval(days * Self.day))
    }
    #expect(renewal(after: 0) == nil)
    #expect(renewal(after: 366) == nil)
    #expect(renewal(after: 368) == .expiring)
    #expect(renewal(after: 400) == .expiring)
    #expect(renewal(after: -1) == .expiring, "not valid yet: the clock went back")
    #expect(renewal(after: 10, wanted: [.dns("localhost"), .ip("192.168.1.21")]) == .namesChanged)
  }

  @Test(arguments: [
    ("basket.home", true), ("pantry", true), ("a-b.c-d", true), ("-bad.home", false),
    ("bad-.home", false), ("two..dots", false), ("", false), ("under_score", false),
    ("192.168.1.2", false), (String(repeating: "a", count: 64), false),
  ])
  func certificateNamesAreDNSNames(name: String, valid: Bool) {
    #expect(CertificatePlan.isDNSName(name) == valid)
  }

  @Test func aNameReadsBackFromItsText() {
    for name in [CertificateName.dns("basket.home"), .ip("192.168.1.20"), .ip("fd12::5")] {
      #expect(CertificateName(name.description) == name)
    }
    #expect(CertificateName("URI:https://x") == nil)
  }
}

@Suite struct InvitationRulesTests {
  static let now = Date(timeIntervalSince1970: 1_796_000_000)

  @Test func anInvitationPairsOnceWithinFifteenMinutes() throws {
    var invitations: [Invitation] = []
    let made = try InvitationRules.invite(codeHash: "h1", now: Self.now, in: &invitations)
    #expect(made.expiresAt.timeIntervalSince(Self.now) == 15 * 60)
    try InvitationRules.redeem(
      codeHash: "h1", now: Self.now.addingTimeInterval(60), in: &invitations)
    #expect(throws: InvitationRules.Refusal.used) {
      try InvitationRules.redeem(
        codeHash: "h1", now: Self.now.addingTimeInterval(61), in: &invitations)
    }
    _ = try InvitationRules.invite(codeHash: "h2", now: Self.now, in: &invitations)
    #expect(throws: InvitationRules.Refusal.expired) {
      try InvitationRules.redeem(
        codeHash: "h2", now: Self.now.addingTimeInterval(15 * 60), in: &invitations)
    }
    #expect(throws: InvitationRules.Refusal.unknown) {
      try InvitationRules.redeem(codeHash: "nope", now: Self.now, in: &invitations)
    }
  }

  @Test func atMostTwentyWaitAndOldOnesAreForgottenAfterADay() throws {
    var invitations: [Invitation] = []
    for index in 0..<InvitationRules.maximumLive {
      _ = try InvitationRules.invite(codeHash: "h\(index)", now: Self.now, in: &invitations)
    }
    #expect(throws: InvitationRules.Refusal.tooMany) {
      try InvitationRules.invite(codeHash: "more", now: Self.now, in: &invitations)
    }
    // Once they ran out, new ones can be made; a day later the old ones are gone.
    _ = try InvitationRules.invite(
      codeHash: "later", now: Self.now.addingTimeInterval(16 * 60), in: &invitations)
    _ = try InvitationRules.invite(
      codeHash: "next day", now: Self.now.addingTimeInterval(24 * 60 * 60 + 20 * 60),
      in: &invitations)
    #expect(invitations.map(\.codeHash) == ["later", "next day"])
  }

  @Test func codesAreTwentyUnambiguousLettersFromRandomBytes() throws {
    let code = try #require(InvitationRules.code(from: Array(0..<20)))
    #expect(code.count == 20 && InvitationRules.isCode(code))
    #expect(!code.contains("0") && !code.contains("l") && !code.contains("o"))
    #expect(InvitationRules.code(from: [1, 2, 3]) == nil)
    #expect(!InvitationRules.isCode("aaaa"))
    #expect(!InvitationRules.isCode(String(repeating: "0", count: 20)))
  }
}

@Suite struct QRDrawingTests {
  /// A 3×3 "code": dark corners and centre.
  let matrix = QRMatrix(width: 3, dark: [true, false, true, false, true, false, true, false, true])

  @Test func halfBlocksDrawLightModulesWithAQuietZone() {
    let lines = QRDrawing.halfBlocks(matrix).split(separator: "\n")
    // 3 modules + 4 + 4 quiet = 11 columns; 11 rows in 6 lines of two.
    #expect(lines.count == 6)
    #expect(lines.allSatisfy { $0.count == 11 })
    #expect(lines[0] == Substring(String(repeating: "█", count: 11)))
    // Rows 4 and 5: the code's first row (dark, light, dark) over its second (light, dark, light).
    #expect(lines[2] == "████▄▀▄████")
  }

  @Test func theSVGHasOneSquarePerDarkModuleAndEscapesItsLabel() {
    let svg = QRDrawing.svg(matrix, label: "a <b> & \"c\"")
    #expect(svg.contains(#"viewBox="0 0 11 11""#))
    #expect(svg.ranges(of: "h1v1h-1z").count == 5)
    #expect(svg.contains("a &lt;b&gt; &amp; &quot;c&quot;"))
  }
}
