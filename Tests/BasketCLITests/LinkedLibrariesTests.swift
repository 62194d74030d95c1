import Foundation
import Testing

/// What the built `basket` binary asks the dynamic loader for, which sets its memory and its
/// start: read from its ELF dynamic section, not from the source, so a target that starts
/// importing full Foundation (which brings ICU and its data, tens of MB) fails here however it
/// got in.
@Suite struct LinkedLibrariesTests {
  /// The libraries the binary names itself (DT_NEEDED), in order.
  static func needed(_ bytes: [UInt8]) throws -> [String] {
    func integer(_ offset: Int, _ size: Int) throws -> Int {
      guard offset >= 0, offset + size <= bytes.count else { throw ELFError.truncated }
      var value = 0
      for index in (0..<size).reversed() { value = value << 8 | Int(bytes[offset + index]) }
      return value
    }
    // ELF64, little-endian: the only kind this project builds.
    guard bytes.count > 64, bytes[0..<4].elementsEqual([0x7F, 0x45, 0x4C, 0x46]), bytes[4] == 2,
      bytes[5] == 1
    else { throw ELFError.notELF64 }
    let sections = try integer(0x28, 8)
    let entrySize = try integer(0x3A, 2)
    let count = try integer(0x3C, 2)
    var dynamic: (offset: Int, size: Int, link: Int)?
    var headers: [(type: Int, offset: Int, size: Int, link: Int)] = []
    for index in 0..<count {
      let at = sections + index * entrySize
      headers.append(
        (
          try integer(at + 4, 4), try integer(at + 0x18, 8), try integer(at + 0x20, 8),
          try integer(at + 0x28, 4)
        ))
    }
    for header in headers where header.type == 6 {  // SHT_DYNAMIC
      dynamic = (header.offset, header.size, header.link)
    }
    guard let dynamic, headers.indices.contains(dynamic.link) else { throw ELFError.noDynamic }
    let strings = headers[dynamic.link].offset
    var names: [String] = []
    for at in stride(from: dynamic.offset, to: dynamic.offset + dynamic.size, by: 16) {
      let tag = try integer(at, 8)
      if tag == 0 { break }  // DT_NULL
      guard tag == 1 else { continue }  // DT_NEEDED
      var end = strings + (try integer(at + 8, 8))
      let start = end
      while end < bytes.count, bytes[end] != 0 { end += 1 }
      names.append(String(decoding: bytes[start..<end], as: UTF8.self))
    }
    return names
  }

  enum ELFError: Error { case notELF64, truncated, noDynamic }

  static let forbidden = [
    "libFoundation.so", "libFoundationInternationalization", "_FoundationICU", "libicu",
  ]

  @Test func theBinaryLinksNeitherFullFoundationNorICU() throws {
    let binary = try BasketBinary.executable.get()
    let needed = try Self.needed(Array(try Data(contentsOf: binary)))
    #expect(needed.contains("libsqlite3.so.0"), "the reading works: \(needed)")
    #expect(needed.contains { $0.hasPrefix("libFoundationEssentials") }, "\(needed)")
    let bad = needed.filter { name in Self.forbidden.contains { name.contains($0) } }
    #expect(bad.isEmpty, "basket links \(bad): a product target imports full Foundation")
  }

  /// The libraries the adapters open on first use (and what libxml2, libical and
  /// libmicrohttpd bring): a command that needs none of them must not load them at start.
  static let opened = [
    "libcurl", "libxml2", "libical", "libicu", "libmicrohttpd", "libgnutls", "libcrypto",
    "libarchive",
  ]

  @Test func theBinaryLeavesLibcurlLibxml2LibicalLibcryptoAndLibarchiveToFirstUse() throws {
    let binary = try BasketBinary.executable.get()
    let needed = try Self.needed(Array(try Data(contentsOf: binary)))
    let bad = needed.filter { name in Self.opened.contains { name.hasPrefix($0) } }
    #expect(bad.isEmpty, "basket links \(bad): an adapter calls a C library directly")
  }

  @Test(arguments: [
    // NB: what links each, on Debian with scripts/setup's packages.
    ("libcurl", ["/usr/bin/curl"]),
    ("libical", ["/usr/lib/x86_64-linux-gnu/libicalss.so.3"]),
    ("libicu", ["/usr/lib/x86_64-linux-gnu/libxml2.so.2"]),
    ("libgnutls", ["/usr/lib/x86_64-linux-gnu/libmicrohttpd.so.12"]),
    ("libcrypto", ["/usr/lib/x86_64-linux-gnu/libssl.so.3"]),
    ("libarchive", ["/usr/lib/x86_64-linux-gnu/libtesseract.so.5", "/usr/bin/tesseract"]),
    (
      "libxml2",
      [
        "/usr/lib/x86_64-linux-gnu/libxslt.so.1",
        "/usr/lib/x86_64-linux-gnu/libMagickCore-6.Q16.so.6",
      ]
    ),
  ])
  func theCheckSeesEachOpenedLibraryWhereItIsLinked(library: String, candidates: [String])
    throws
  {
    let path = try #require(
      candidates.first { FileManager.default.fileExists(atPath: $0) },
      "none of \(candidates) is installed")
    let needed = try Self.needed(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    #expect(needed.contains { $0.hasPrefix(library) }, "\(path): \(needed)")
  }

  @Test func theCheckSeesFullFoundationWhereItIsLinked() throws {
    // The test runner imports Foundation: its own binary must show up as linking it.
    let runner = try Self.needed(
      Array(try Data(contentsOf: URL(fileURLWithPath: "/proc/self/exe"))))
    #expect(runner.contains { name in Self.forbidden.contains { name.contains($0) } }, "\(runner)")
  }
}
