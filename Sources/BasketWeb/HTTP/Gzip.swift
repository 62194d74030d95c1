import BasketKit
internal import CZlib

/// gzip (RFC 1952) through zlib, opened the first time a client accepts it rather than linked,
/// so commands that never serve don't load it. Thread-safe: every call has its own stream.
enum Gzip {
  /// The functions, or why the library could not be opened.
  static let loaded = load("libz.so.1")

  /// Opens zlib by its file name (`loaded` holds the real one's result).
  static func load(_ soname: String) -> Result<basket_zlib, MissingLibrary> {
    MissingLibrary.open(
      soname, feature: "compressing answers", library: "zlib", package: "zlib1g",
      with: basket_zlib_load)
  }

  /// Whether zlib could be opened (else answers go uncompressed).
  static var isAvailable: Bool {
    if case .success = loaded { return true }
    return false
  }

  /// `bytes` as one gzip member at `level` (1 fastest to 9 smallest); nil when zlib is
  /// missing or fails. Cost: one pass, about 10–20 ms a megabyte of JSON at level 6.
  static func compress(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8]? {
    guard case .success(let zlib) = loaded, bytes.count < Int(UInt32.max) else { return nil }
    // NB: on the heap: zlib keeps the stream's address and checks it on every call.
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    defer { stream.deallocate() }
    let started = withUnsafePointer(to: zlib) { basket_zlib_deflate_gzip($0, stream, level) }
    guard started == Z_OK else { return nil }
    defer { _ = zlib.deflateEnd(stream) }
    // NB: deflateBound counts the gzip header and trailer; 64 bytes spare all the same.
    var out = [UInt8](repeating: 0, count: Int(zlib.deflateBound(stream, uLong(bytes.count))) + 64)
    let result = bytes.withUnsafeBytes { input in
      out.withUnsafeMutableBytes { output in
        stream.pointee.next_in = UnsafeMutablePointer(
          mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(output.count)
        return zlib.deflate(stream, Z_FINISH)
      }
    }
    guard result == Z_STREAM_END else { return nil }
    out.removeSubrange(Int(stream.pointee.total_out)...)
    return out
  }

  /// A gzip member's bytes uncompressed, or nil when they aren't one, zlib is missing, or
  /// they would come to more than `limit` bytes.
  static func decompress(_ bytes: [UInt8], limit: Int) -> [UInt8]? {
    guard case .success(let zlib) = loaded, bytes.count < Int(UInt32.max) else { return nil }
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    defer { stream.deallocate() }
    guard withUnsafePointer(to: zlib, { basket_zlib_inflate_gzip($0, stream) }) == Z_OK else {
      return nil
    }
    defer { _ = zlib.inflateEnd(stream) }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    return bytes.withUnsafeBytes { input -> [UInt8]? in
      stream.pointee.next_in = UnsafeMutablePointer(
        mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
      stream.pointee.avail_in = uInt(input.count)
      while true {
        let result = chunk.withUnsafeMutableBytes { output -> Int32 in
          stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
          stream.pointee.avail_out = uInt(output.count)
          return zlib.inflate(stream, Z_NO_FLUSH)
        }
        let made = chunk.count - Int(stream.pointee.avail_out)
        guard out.count + made <= limit else { return nil }
        out += chunk[..<made]
        switch result {
        case Z_STREAM_END: return stream.pointee.avail_in == 0 ? out : nil
        case Z_OK: continue
        case Z_BUF_ERROR where made > 0: continue
        default: return nil
        }
      }
    }
  }
}
