extension ScannedCodes {
  /// The one product code on a photo: what a face scans.
  ///
  /// - Parameter photo: the photo's name, as the messages show it.
  /// - Throws: `ScanError` when the photo shows no product code, or several.
  public func onlyCode(onPhoto photo: String) throws(ScanError) -> Barcode {
    switch codes.count {
    case 1: return codes[0]
    case 0: throw .noProductCode(photo: photo, others: ignored)
    default: throw .severalCodes(photo: photo, codes: codes)
    }
  }
}

/// Why a photo gave no single product code; the message says what to do.
public enum ScanError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No product code; `others` symbols were read that are not product codes.
  case noProductCode(photo: String, others: Int)
  case severalCodes(photo: String, codes: [Barcode])

  public var description: String {
    switch self {
    case .noProductCode(let photo, let others):
      let seen =
        others > 0 ? " (\(others) other code\(others == 1 ? "" : "s") seen, not a product's)" : ""
      return "no product barcode found on \(photo)\(seen): photograph the barcode "
        + "straight on, filling most of the picture, or type its digits"
    case .severalCodes(let photo, let codes):
      return "\(photo) shows \(codes.count) product barcodes ("
        + codes.map(\.digits).joined(separator: ", ") + "): scan one of them by typing its digits"
    }
  }
}
