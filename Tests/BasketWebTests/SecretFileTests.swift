import BasketKit
import Testing

@testable import BasketWeb

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The household secret's file rules, the serve flags about secrets, and generated secrets.
@Suite struct SecretFileTests {
  static let path = "/home/ann/.local/share/basket/basket.sqlite.secret"

  @Test(arguments: [0o600, 0o400, 0o700])
  func aPrivateFileWithALongEnoughSecretIsUsed(mode: Int) throws {
    let secret = try HouseholdSecret.validate(
      contents: Array("  kitchen-table-42 \nignored\n".utf8), mode: UInt32(0o100000 | mode),
      path: Self.path)
    #expect(secret == "kitchen-table-42")
  }

  @Test(arguments: [0o644, 0o640, 0o604, 0o660, 0o666, 0o610])
  func aFileOthersCanReachIsRefusedWithTheFix(mode: Int) {
    #expect {
      try HouseholdSecret.validate(
        contents: Array("kitchen-table-42".utf8), mode: UInt32(0o100000 | mode), path: Self.path)
    } throws: { error in
      let message = (error as? HouseholdSecret.FileError)?.description ?? ""
      return message.contains("chmod 600 \(Self.path)")
        && message.contains("mode \(String(mode, radix: 8))")
    }
  }

  @Test(arguments: [
    ("short12", "shorter than 8 characters"), ("", "is empty"), ("\n\n", "is empty"),
  ])
  func aShortOrEmptySecretIsRefused(contents: String, fragment: String) {
    #expect {
      try HouseholdSecret.validate(contents: Array(contents.utf8), mode: 0o100600, path: Self.path)
    } throws: { error in
      (error as? HouseholdSecret.FileError)?.description.contains(fragment) == true
    }
  }

  @Test func theFileOnDiskIsCheckedToo() throws {
    let path = "/tmp/basket-secret-mode-\(UInt32.random(in: 0...UInt32.max)).secret"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data("kitchen-table-42\n".utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    #expect(throws: HouseholdSecret.FileError.self) {
      try HouseholdSecret.loadOrCreate(at: path) { "never-used-456" }
    }
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    #expect(
      try HouseholdSecret.loadOrCreate(at: path) { "never-used-456" } == ("kitchen-table-42", false)
    )
  }

  @Test func aGeneratedSecretUsesEveryCharacterEquallyAndSkipsBiasedBytes() throws {
    // 248 = 8 × 31 is the first byte that would favour the first characters: it is skipped.
    var calls = 0
    let secret = try #require(
      HouseholdSecret.generate { count in
        calls += 1
        return (0..<count).map { UInt8(truncatingIfNeeded: $0 % 2 == 0 ? 248 + $0 % 8 : $0) }
      })
    #expect(secret.count == 20)
    #expect(secret.allSatisfy { HouseholdSecret.alphabet.contains($0) })
    #expect(secret.hasPrefix("bdfhk"))  // bytes 1, 3, 5, 7, 9 → alphabet[1], [3], [5], [7], [9]
    #expect(calls == 2)
  }

  @Test func aFailingRandomSourceMakesNoSecret() {
    #expect(HouseholdSecret.generate { _ in nil } == nil)
    #expect(HouseholdSecret.generate { count in [UInt8](repeating: 255, count: count) } == nil)
  }

  @Test func aSecretOnTheCommandLineIsWarnedAbout() throws {
    let flag = try ServeOptions.parse(
      ["--secret", "kitchen-table-42"], configuration: BasketConfiguration())
    #expect(flag.secretSource == .commandLine)
    #expect(flag.secretWarning?.contains("BASKET_SECRET") == true)
    let environment = try ServeOptions.parse(
      [], configuration: BasketConfiguration(secret: "kitchen-table-42"))
    #expect(environment.secretSource == .environment)
    #expect(environment.secretWarning == nil)
  }

  @Test func thePairingLinkIsShownOnlyWhenAsked() throws {
    #expect(
      try ServeOptions.parse([], configuration: BasketConfiguration()).showPairingLink == false)
    #expect(
      try ServeOptions.parse(["--show-pairing-link"], configuration: BasketConfiguration())
        .showPairingLink)
  }
}
