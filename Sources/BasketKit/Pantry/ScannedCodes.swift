/// What a barcode reader (zbar's `zbarimg`) printed for a photo, as pantry codes.
///
/// zbar prints one symbol a line, `TYPE:DATA` ("EAN-13:4006381333931", "UPC-A:036000291452",
/// "I2/5:10012345678902"). Product codes are kept: EAN-8, UPC-A, EAN-13, and an ITF-14
/// (zbar's I2/5) of 14 digits, which is a GTIN-14. Everything else (QR codes, other
/// symbologies, data that fails the pantry's barcode rules) is counted as ignored, so a face
/// can say what it saw.
public struct ScannedCodes: Equatable, Sendable {
  /// The distinct product codes, in the order read (one product once, however written).
  public var codes: [Barcode]
  /// The symbols read that are not product codes.
  public var ignored: Int

  public init(codes: [Barcode] = [], ignored: Int = 0) {
    self.codes = codes
    self.ignored = ignored
  }

  /// The symbologies whose data is a GS1 product code.
  static let productTypes: Set<String> = ["EAN-8", "UPC-A", "EAN-13", "I2/5"]

  /// Reads zbar's output. Tolerates anything: lines it can't read are ignored symbols.
  public static func reading(_ output: String) -> ScannedCodes {
    var scanned = ScannedCodes()
    var keys: Set<String> = []
    for line in output.split(whereSeparator: \.isNewline) {
      guard !line.allSatisfy({ $0 == " " || $0 == "\t" }) else { continue }
      guard let colon = line.firstIndex(of: ":") else {
        scanned.ignored += 1
        continue
      }
      let type = String(line[..<colon])
      let data = String(line[line.index(after: colon)...])
      guard productTypes.contains(type), let code = try? Barcode(data),
        type != "I2/5" || code.format == .gtin14
      else {
        scanned.ignored += 1
        continue
      }
      if keys.insert(code.key).inserted { scanned.codes.append(code) }
    }
    return scanned
  }
}
