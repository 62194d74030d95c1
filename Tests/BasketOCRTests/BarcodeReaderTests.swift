import BasketKit
import BasketOCR
import Foundation
import Testing

/// zbar's `zbarimg` on barcode photos made with zint (Tests/cases/barcodes/README.md).
@Suite struct BarcodeReaderTests {
  static let photos = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("cases/barcodes")

  private func read(_ name: String, reader: BarcodeReader = BarcodeReader()) throws
    -> ScannedCodes
  {
    try reader.codes(photoAt: Self.photos.appendingPathComponent(name).path)
  }

  @Test(
    arguments: [
      ("ean13.png", "4006381333931", Barcode.Format.ean13),
      ("ean8.png", "96385074", .ean8),
      // UPC-A stays UPC-A (zbar would call it an EAN-13 with a leading zero by default).
      ("upca.png", "036000291452", .upcA),
      ("itf14.png", "10012345678902", .gtin14),
    ])
  func readsEachKindOfProductCode(photo: String, digits: String, format: Barcode.Format)
    throws
  {
    let scanned = try read(photo)
    #expect(scanned.codes.map(\.digits) == [digits])
    #expect(scanned.codes.first?.format == format)
  }

  @Test func aPhotoWithoutAProductCodeHasNone() throws {
    #expect(try read("blank.png") == ScannedCodes())
    #expect(try read("qr.png") == ScannedCodes(codes: [], ignored: 1))
  }

  @Test func readsEveryProductOnAPhoto() throws {
    #expect(Set(try read("two.png").codes.map(\.digits)) == ["4006381333931", "036000291452"])
  }

  @Test func namesThePackageWhenZbarIsMissing() {
    let error = #expect(throws: PhotoImportError.self) {
      try read("ean13.png", reader: BarcodeReader(program: "/nonexistent/zbarimg"))
    }
    #expect(error?.message.contains("zbar-tools") == true)
  }

  @Test func checksThePhotoFirst() {
    let error = #expect(throws: PhotoImportError.self) {
      try read("README.md")
    }
    #expect(error?.message.contains("is not a photo") == true)
  }
}
