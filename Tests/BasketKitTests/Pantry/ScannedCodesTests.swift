import BasketKit
import Testing

@Suite struct ScannedCodesTests {
  @Test func keepsProductCodesOnceAndCountsTheRest() throws {
    let scanned = ScannedCodes.reading(
      """
      EAN-13:4006381333931
      UPC-A:036000291452
      EAN-13:0036000291452
      QR-Code:https://example.com
      I2/5:10012345678902
      I2/5:12345670
      EAN-13:4006381333932

      EAN-8:96385074
      garbage without a colon
      """)
    #expect(
      scanned.codes.map(\.digits) == [
        "4006381333931", "036000291452", "10012345678902", "96385074",
      ])
    #expect(scanned.codes.map(\.format) == [.ean13, .upcA, .gtin14, .ean8])
    // The EAN-13 form of the UPC-A is the same product; a QR code, an I2/5 that isn't 14
    // digits, a bad check digit and a line without a type are not product codes.
    #expect(scanned.ignored == 4)
  }

  @Test func nothingReadIsNoCodes() {
    #expect(ScannedCodes.reading("") == ScannedCodes())
    #expect(ScannedCodes.reading("\r\n \n") == ScannedCodes())
  }
}
