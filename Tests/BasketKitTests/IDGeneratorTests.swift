import Testing

@testable import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite struct IDGeneratorTests {
  /// Always the same 64 bits: shows where each lands.
  struct Fixed: RandomNumberGenerator {
    var value: UInt64
    mutating func next() -> UInt64 { value }
  }

  @Test func aRandomIDIsVersionFourWithTheRFCVariant() {
    var ones = Fixed(value: .max)
    #expect(
      IDGenerator.randomUUID(using: &ones).uuidString == "FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF")
    var zeros = Fixed(value: 0)
    #expect(
      IDGenerator.randomUUID(using: &zeros).uuidString == "00000000-0000-4000-8000-000000000000")
    var counting = Fixed(value: 0x0123_4567_89AB_CDEF)
    #expect(
      IDGenerator.randomUUID(using: &counting).uuidString == "01234567-89AB-4DEF-8123-456789ABCDEF")
  }

  @Test func theSystemsIDsDiffer() {
    let ids = (0..<1000).map { _ in IDGenerator.random() }
    #expect(Set(ids).count == 1000)
    #expect(ids.allSatisfy { $0.uuidString.dropFirst(14).first == "4" })
  }
}
