import Testing

@testable import BasketWeb

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite struct HouseholdSecretTests {
  @Test func theHouseholdSecretIsMadeOnceWithMode0600() throws {
    let path = "/tmp/basket-secret-test-\(UInt32.random(in: 0...UInt32.max)).secret"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let first = try HouseholdSecret.loadOrCreate(at: path) { "first-secret-123" }
    #expect(first == ("first-secret-123", true))
    let second = try HouseholdSecret.loadOrCreate(at: path) { "never-used-456" }
    #expect(second == ("first-secret-123", false))
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    #expect(HouseholdSecret.generate(randomBytes: WebEnvironment.systemRandomBytes)?.count == 20)
  }
}
