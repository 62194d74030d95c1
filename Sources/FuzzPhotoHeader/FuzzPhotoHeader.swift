// Fuzz target for the pixel size read from a photo's header before OCR (`PhotoHeader`), and
// the format told from its first bytes (`PhotoFormat.of`).
//
// Built with `-sanitize=fuzzer -DFUZZING` by `scripts/fuzz`, libFuzzer calls `fuzzOne` with
// mutated bytes. Built normally, `main` replays the seed corpus (or the files given) through
// the same checks, so the seeds run as a regression test.

import BasketOCR
import SeedReplay

/// Checks what the header reader promises for any bytes, read as every format (not only the
/// one they start like): nothing traps; it asks only for bytes at offsets from zero, a bounded
/// number at a time, and a bounded number of times; a size it reads is positive both ways; and
/// reading through a file-like callback gives what reading the bytes in memory gives.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let detected = PhotoFormat.of(bytes)
  let formats: [PhotoFormat] = [.jpeg, .png, .tiff, .webp, .gif, .bmp, .heif, .avif]
  for format in formats {
    var asked = 0
    let read = PhotoHeader.size(format) { offset, count in
      asked += 1
      require(offset >= 0, "asked for bytes at \(offset)")
      require(count > 0 && count <= 64 << 10, "asked for \(count) bytes")
      guard offset < bytes.count else { return [] }
      return Array(bytes[offset..<min(bytes.count, offset + count)])
    }
    // NB: a JPEG's segments are walked one read or two each, at least two bytes apart.
    require(asked <= 4 << 20, "\(asked) reads for \(bytes.count) bytes")
    if let read {
      require(read.width > 0 && read.height > 0, "a size of \(read.width)×\(read.height)")
    }
    require(PhotoHeader.size(format, of: bytes) == read, "memory and file reads differ")
  }
  if let detected {
    require(PhotoFormat.of(bytes + [0, 0, 0]) == detected, "trailing bytes changed the format")
  }
  return 0
}

#if !FUZZING
  /// Replays the seed corpus, or the files and folders given, through `fuzzOne`.
  @main
  enum Replay {
    static func main() throws { try SeedReplay.run("PhotoHeader", fuzzOne) }
  }
#endif
