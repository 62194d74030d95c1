import Testing

@testable import BasketWeb

/// `Accept-Encoding` (RFC 9110 §12.5.3) and `If-None-Match` (§13.1.2) as the list reads them.
@Suite struct ContentNegotiationTests {
  @Test(
    arguments: [
      (nil, false),
      ("", false),
      ("gzip", true),
      ("GZip", true),
      ("x-gzip", true),
      ("gzip, deflate, br, zstd", true),
      ("deflate, br", false),
      ("identity", false),
      ("gzip;q=0", false),
      ("gzip; q=0.000", false),
      ("gzip;Q=0", false),
      ("gzip;q=0.001", true),
      ("gzip;q=1.0", true),
      ("gzip;q=1.5", false),
      ("gzip;q=0.0001", false),
      ("gzip;q=abc", false),
      ("*", true),
      ("*;q=0", false),
      ("br, *;q=0.5", true),
      ("*, gzip;q=0", false),
      ("gzip;q=0, *", false),
      (" , gzip ,", true),
    ] as [(String?, Bool)])
  func acceptEncodingAllowsGzipOnlyWithAWeightAboveZero(header: String?, gzip: Bool) {
    #expect(AcceptEncoding.acceptsGzip(header) == gzip)
  }

  @Test(
    arguments: [
      (nil, false),
      ("*", true),
      (#""0123456789abcdef""#, true),
      (#"W/"0123456789abcdef""#, true),
      (#""other", "0123456789abcdef""#, true),
      (#""a,b",  W/"0123456789abcdef""#, true),
      (#""0123456789abcdee""#, false),
      (#""0123456789abcdef-gzip""#, false),
      ("0123456789abcdef", false),
      (#""unclosed"#, false),
      ("", false),
    ] as [(String?, Bool)])
  func ifNoneMatchComparesTagsWeakly(header: String?, matches: Bool) {
    #expect(EntityTag.noneMatch(header, matches: #""0123456789abcdef""#) == matches)
  }

  @Test func aTagIsAQuotedHashOfTheBytes() {
    let tag = EntityTag.of(Array("[1,2,3]".utf8))
    #expect(tag.count == 18 && tag.first == "\"" && tag.last == "\"")
    #expect(tag.dropFirst().dropLast().allSatisfy { $0.isHexDigit })
    #expect(tag == EntityTag.of(Array("[1,2,3]".utf8)))
    #expect(tag != EntityTag.of(Array("[1,2,4]".utf8)))
    #expect(WebApp.gzipTag(tag) == String(tag.dropLast()) + "-gzip\"")
  }

  @Test func gzipRoundTripsThroughZlib() throws {
    let text = Array(String(repeating: #"{"name":"Apples","emoji":"🍎"},"#, count: 200).utf8)
    let compressed = try #require(Gzip.compress(text))
    #expect(compressed.starts(with: [0x1F, 0x8B]))  // the gzip magic number
    #expect(compressed.count < text.count / 10)
    #expect(Gzip.decompress(compressed, limit: 1 << 20) == text)
    #expect(Gzip.decompress(compressed, limit: 100) == nil)  // over the limit
    #expect(Gzip.decompress(Array(compressed.dropLast(4)), limit: 1 << 20) == nil)  // cut short
  }

  @Test func aMissingZlibIsReportedWithItsPackage() {
    guard case .failure(let missing) = Gzip.load("libz-not-here.so.1") else {
      Issue.record("a library that isn't there opened")
      return
    }
    #expect(missing.description == "compressing answers needs zlib: apt-get install zlib1g")
  }
}
