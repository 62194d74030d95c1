import BasketKit
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite struct BarcodeTests {
  @Test(
    arguments: [
      // The worked examples of the GS1 check digit (EAN-8, UPC-A, EAN-13, GTIN-14).
      ("96385074", "96385074", Barcode.Format.ean8),
      ("73513537", "73513537", .ean8),
      ("00123457", "00123457", .ean8),
      ("036000291452", "036000291452", .upcA),
      ("012345678905", "012345678905", .upcA),
      ("4006381333931", "4006381333931", .ean13),
      ("0036000291452", "0036000291452", .ean13),
      ("10036000291459", "10036000291459", .gtin14),
      ("00036000291452", "00036000291452", .gtin14),
      ("00000000000000", "00000000000000", .gtin14),
      // What people type around the digits is dropped.
      ("4 006381 333931", "4006381333931", .ean13),
      ("0-36000-29145-2", "036000291452", .upcA),
      ("  96385074\t", "96385074", .ean8),
    ] as [(String, String, Barcode.Format)])
  func readsValidCodesKeepingLeadingZeros(text: String, digits: String, format: Barcode.Format)
    throws
  {
    let code = try Barcode(text)
    #expect(code.digits == digits)
    #expect(code.format == format)
    #expect(code.key.count == 14)
    #expect(code.key.hasSuffix(digits))
  }

  @Test func aUPCAItsEANThirteenAndItsGTINFourteenAreOneProduct() throws {
    let upc = try Barcode("036000291452")
    let ean = try Barcode("0036000291452")
    let gtin = try Barcode("00036000291452")
    #expect(upc.key == "00036000291452")
    #expect(upc.isSameProduct(as: ean) && ean.isSameProduct(as: gtin))
    #expect(upc != ean)  // still written as they were
    #expect(upc.digits == "036000291452" && ean.digits == "0036000291452")
    #expect(!upc.isSameProduct(as: try Barcode("4006381333931")))
    // An EAN-8 keeps its own identity beside longer codes.
    #expect(try Barcode("96385074").key == "00000096385074")
  }

  @Test(
    arguments: [
      ("4006381333932", "the check digit should be 1, not 2"),
      ("036000291453", "the check digit should be 2, not 3"),
      ("96385070", "the check digit should be 4, not 0"),
      ("10036000291458", "the check digit should be 9, not 8"),
      ("00123450", "the check digit should be 7, not 0"),
      ("03600029145", "a barcode has 8, 12, 13 or 14 digits; this has 11"),
      ("1234567", "a barcode has 8, 12, 13 or 14 digits; this has 7"),
      ("123456789", "a barcode has 8, 12, 13 or 14 digits; this has 9"),
      ("123456789012345", "a barcode has 8, 12, 13 or 14 digits; this has 15"),
      ("", "a barcode has 8, 12, 13 or 14 digits; this has none"),
      (" - ", "a barcode has 8, 12, 13 or 14 digits; this has none"),
      ("40063813339x1", "barcodes are digits only: 'x' isn't"),
      ("4006381333931.", "barcodes are digits only: '.' isn't"),
      ("٤٠٠٦٣٨١٣٣٣٩٣١", "barcodes are digits only: '٤' isn't"),
      ("9638\u{7}5074", "barcodes are digits only: 'U+7' isn't"),
      (
        String(repeating: "1", count: 80), "a barcode has 8, 12, 13 or 14 digits; this has far more"
      ),
    ] as [(String, String)])
  func refusesInvalidCodesSayingWhatIsWrong(text: String, message: String) {
    do {
      _ = try Barcode(text)
      Issue.record("\(text) was read as a barcode")
    } catch {
      #expect((error as BarcodeError).description == message)
    }
  }

  @Test func theCheckDigitWeighsDigitsThreeAndOneFromTheRight() {
    #expect(Barcode.checkDigit(of: [4, 0, 0, 6, 3, 8, 1, 3, 3, 3, 9, 3]) == 1)
    #expect(Barcode.checkDigit(of: [9, 6, 3, 8, 5, 0, 7]) == 4)
    #expect(Barcode.checkDigit(of: [UInt8]()) == 0)
  }

  @Test func encodesAsItsDigits() throws {
    let code = try Barcode("0036000291452")
    let data = try JSONEncoder().encode([code])
    #expect(String(decoding: data, as: UTF8.self) == "[\"0036000291452\"]")
    #expect(try JSONDecoder().decode([Barcode].self, from: data) == [code])
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([Barcode].self, from: Data("[\"0036000291453\"]".utf8))
    }
  }
}
