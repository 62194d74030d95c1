import BasketKit
internal import CQREncode
import Synchronization

/// QR codes from libqrencode, opened on first use rather than linked, so that commands that
/// never draw one don't load it. The drawing itself is the core's (`QRDrawing`).
public enum QRCode {
  /// The functions, or why the library could not be opened.
  static let loaded = MissingLibrary.open(
    "libqrencode.so.4", feature: "drawing invitation QR codes", library: "libqrencode",
    package: "libqrencode4", with: basket_qrencode_load)

  /// NB: libqrencode is thread-safe when built with pthreads (Debian's is); the lock keeps
  /// that a guarantee rather than an assumption.
  private static let lock = Mutex(())

  /// Why a text can't be a QR code.
  public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// The modules of `text` as a QR code (medium error correction, the smallest version that
  /// holds it): `true` is dark, row by row, without the quiet zone.
  public static func matrix(_ text: String) throws -> QRMatrix {
    let library = try loaded.get()
    guard text.utf8.count <= 1000, !text.utf8.contains(0) else {
      throw Failure(description: "a QR code here holds at most 1,000 bytes of text")
    }
    return try lock.withLock { _ in
      guard let code = library.QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else {
        throw Failure(description: "libqrencode could not encode the text")
      }
      defer { library.QRcode_free(code) }
      let width = Int(code.pointee.width)
      let data = UnsafeBufferPointer(start: code.pointee.data, count: width * width)
      return QRMatrix(width: width, dark: data.map { $0 & 1 == 1 })
    }
  }
}
