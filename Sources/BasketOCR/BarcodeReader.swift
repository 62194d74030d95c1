import BasketKit
import Glibc

/// Reads product barcodes from a photo by running zbar's `zbarimg` program (Debian
/// zbar-tools), for the same reason Tesseract runs as a program: a hostile image can only
/// crash or stall that process, which the time limit ends.
///
/// UPC-A is enabled explicitly: by default zbar reports it as an EAN-13 with a leading zero.
public struct BarcodeReader: Sendable {
  /// The program run; nil when none was found.
  public var program: String?
  public var timeout: Duration
  /// The most memory (address space, bytes) one run may take: 1 GiB.
  public var memory: Int = 1 << 30

  var limits: ProgramRun.Limits { ProgramRun.Limits(time: timeout, memory: memory) }

  /// `program`, else `zbarimg` found on `searchPath` (the configuration's `PATH`).
  public init(program: String? = nil, searchPath: String? = nil, timeout: Duration = .seconds(20)) {
    self.program =
      program ?? Tesseract.find("zbarimg", in: searchPath ?? "/usr/local/bin:/usr/bin:/bin")
    self.timeout = timeout
  }

  static let missing = PhotoImportError(
    "reading barcodes from photos needs zbar, which isn't installed: install the Debian "
      + "package zbar-tools (sudo apt-get install zbar-tools), or type the code")

  /// The product codes on the photo at `path` (checked as `PhotoFile.check` does first).
  public func codes(photoAt path: String) throws -> ScannedCodes {
    _ = try PhotoFile.check(path)
    guard let program, access(program, X_OK) == 0 else { throw Self.missing }
    let name = PhotoFile.name(path)
    let arguments = [
      "-q", "--nodbus", "-Supca.enable", "-Sean8.enable", "-Sean13.enable", "-Si25.enable",
      path,
    ]
    let run: ProgramRun
    do {
      run = try ProgramRun.run(program, arguments, limits: limits)
    } catch .timedOut {
      throw PhotoImportError(
        "zbar took longer than \(timeout.components.seconds) s on \(name) and was stopped; "
          + "try a smaller photo, or type the code")
    } catch {
      throw ProgramRun.error(error, program: "zbar", name: name, missing: Self.missing)
    }
    // zbarimg: 0 found symbols, 4 found none; anything else is a failure.
    if run.status == 4, !run.crashed { return ScannedCodes() }
    guard run.status == 0, !run.crashed else {
      let detail = run.errors.split(separator: "\n").last.map { ": \($0.prefix(200))" } ?? ""
      throw PhotoImportError(
        "zbar \(run.crashed ? "crashed" : "failed") reading \(name)\(detail)")
    }
    return ScannedCodes.reading(run.output)
  }
}
