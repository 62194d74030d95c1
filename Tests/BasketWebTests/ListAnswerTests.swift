import BasketKit
import BasketTestSupport
import Synchronization
import Testing

@testable import BasketWeb

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The list served from memory (`ListCache`): made once per state, its ETag and 304, gzip by
/// `Accept-Encoding`, `Vary`, and the bound on what is kept.
@Suite struct ListAnswerTests {
  /// A harness with `count` items, enough for a list over the gzip threshold by default.
  static func harness(
    items count: Int = 20, limits: WebEnvironment.AnswerLimits = .init()
  ) -> Harness {
    let harness = Harness(limits: limits)
    for index in 0..<count { harness.add("Item \(Self.word(index))") }
    return harness
  }

  /// A word per number, so no name reads as a quantity ("Item 3" would be three items).
  static func word(_ number: Int) -> String {
    String(
      String(number, radix: 26).map { Character(UnicodeScalar(($0.hexDigitValue ?? 0) + 97)!) })
  }

  static let gzip = ["Accept-Encoding": "gzip, deflate, br"]

  @Test func theListCarriesItsTagTheServersClockAndVary() throws {
    let harness = Self.harness()
    let response = harness.send("GET", "/api/v2/list")
    #expect(response.status == 200)
    let tag = try #require(response.header("ETag"))
    #expect(tag == EntityTag.of(response.body))
    #expect(response.header("Vary") == "Accept-Encoding")
    #expect(response.header("Cache-Control") == "private, no-cache")
    #expect(response.header("Content-Encoding") == nil)
    #expect(response.header("Basket-Now") == ISO8601.string(harness.basket.now))
    #expect(harness.body(response)["now"] == nil)
    #expect(harness.body(response)["revision"]?.number == Double(try harness.store.revision()))
  }

  @Test func aReadAtTheSameStateIsTheSameBytesMadeOnce() {
    let harness = Self.harness()
    let first = harness.send("GET", "/api/v2/list")
    let made = harness.app.listCache.made
    for _ in 0..<20 {
      harness.clock.advance(by: 1)
      let again = harness.send("GET", "/api/v2/list")
      #expect(again.body == first.body)
      #expect(again.header("ETag") == first.header("ETag"))
      #expect(again.header("Basket-Now") == ISO8601.string(harness.basket.now))
    }
    #expect(harness.app.listCache.made == made)
    harness.add("Milk")
    let changed = harness.send("GET", "/api/v2/list")
    #expect(changed.header("ETag") != first.header("ETag"))
    #expect(harness.app.listCache.made == made + 1)
  }

  @Test func onlyAListReadMemoryHoldsIsAnsweredWithoutAWorker() throws {
    let harness = Self.harness()
    func read(_ path: String = "/api/v2/list", _ headers: [String: String] = [:]) -> Request {
      Request(
        method: "GET", path: path, query: [:],
        headers: headers.merging(["Host": "127.0.0.1:8080"]) { $1 }, body: [])
    }
    let app = harness.app
    _ = harness.send("GET", "/api/v2/list")
    #expect(!app.answersFromMemory(read()), "no revision reported: the store must be read")
    app.noteRevision(try harness.store.revision())
    #expect(app.answersFromMemory(read()))
    #expect(!app.answersFromMemory(read("/api/v2/list", Self.gzip)), "its gzip isn't made yet")
    _ = harness.send("GET", "/api/v2/list", headers: Self.gzip)
    #expect(app.answersFromMemory(read("/api/v2/list", Self.gzip)))
    #expect(!app.answersFromMemory(read("/api/v3/list")), "v3's answer isn't made yet")
    _ = harness.send("GET", "/api/v3/list")
    #expect(app.answersFromMemory(read("/api/v3/list")))
    for other in ["/api/v1/list", "/api/v2/changes", "/api/v2/list/", "/"] {
      #expect(!app.answersFromMemory(read(other)), "\(other)")
    }
    #expect(
      !app.answersFromMemory(
        Request(method: "POST", path: "/api/v2/list", query: [:], headers: [:], body: [])))
    harness.add("Milk")
    #expect(!app.answersFromMemory(read()), "a write moved the list")
  }

  @Test func ifNoneMatchWithTheTagIs304WithNoBody() throws {
    let harness = Self.harness()
    let tag = try #require(harness.send("GET", "/api/v2/list").header("ETag"))
    for offered in [tag, "W/\(tag)", "\"stale\", \(tag)", "*"] {
      let response = harness.send("GET", "/api/v2/list", headers: ["If-None-Match": offered])
      #expect(response.status == 304, "\(offered)")
      #expect(response.body.isEmpty)
      #expect(response.header("ETag") == tag)
      #expect(response.header("Vary") == "Accept-Encoding")
      #expect(response.header("Cache-Control") == "private, no-cache")
      #expect(response.header("Basket-Now") != nil)
      #expect(response.header("Content-Type") == nil)
    }
    harness.add("Milk")
    let moved = harness.send("GET", "/api/v2/list", headers: ["If-None-Match": tag])
    #expect(moved.status == 200)
    #expect(harness.names("toGet").first == "Milk")
  }

  @Test func timeAloneMovesTheTagWhenItChangesTheList() throws {
    let harness = Self.harness(items: 2)
    let milk = harness.add("Milk")
    _ = harness.send("POST", "/api/v2/items/\(milk)/check")
    let before = try #require(harness.send("GET", "/api/v2/list").header("ETag"))
    harness.clock.advance(by: ListTiming.gotItTTL + 1)
    let after = harness.send("GET", "/api/v2/list", headers: ["If-None-Match": before])
    #expect(after.status == 200)
    #expect(harness.body(after)["gotIt"] == .array([]))
  }

  @Test func gzipIsSentToAClientThatAcceptsIt() throws {
    let harness = Self.harness()
    let plain = harness.send("GET", "/api/v2/list")
    #expect(plain.body.count >= WebApp.minimumGzipBytes)
    let zipped = harness.send("GET", "/api/v2/list", headers: Self.gzip)
    #expect(zipped.status == 200)
    #expect(zipped.header("Content-Encoding") == "gzip")
    #expect(zipped.header("Vary") == "Accept-Encoding")
    #expect(zipped.header("ETag") == WebApp.gzipTag(try #require(plain.header("ETag"))))
    #expect(zipped.body.count < plain.body.count / 2)
    #expect(Gzip.decompress(zipped.body, limit: 1 << 20) == plain.body)
  }

  @Test(arguments: ["gzip;q=0", "br, deflate", "identity", "*;q=0", "*, gzip;q=0"])
  func gzipRefusedOrNotNamedSendsTheBodyAsItIs(acceptEncoding: String) {
    let harness = Self.harness()
    let response = harness.send(
      "GET", "/api/v2/list", headers: ["Accept-Encoding": acceptEncoding])
    #expect(response.header("Content-Encoding") == nil)
    #expect(response.header("Vary") == "Accept-Encoding")
    #expect(response.body == harness.send("GET", "/api/v2/list").body)
  }

  @Test func aSmallListIsNotCompressed() {
    let harness = Self.harness(items: 1)
    let response = harness.send("GET", "/api/v2/list", headers: Self.gzip)
    #expect(response.body.count < WebApp.minimumGzipBytes)
    #expect(response.header("Content-Encoding") == nil)
    #expect(response.header("ETag") == EntityTag.of(response.body))
  }

  @Test func theTagMatchesOnlyTheEncodingItNamed() throws {
    let harness = Self.harness()
    let plainTag = try #require(harness.send("GET", "/api/v2/list").header("ETag"))
    let zippedTag = try #require(
      harness.send("GET", "/api/v2/list", headers: Self.gzip).header("ETag"))
    let zipped = Self.gzip.merging(["If-None-Match": zippedTag]) { $1 }
    #expect(harness.send("GET", "/api/v2/list", headers: zipped).status == 304)
    let plainAskingGzip = Self.gzip.merging(["If-None-Match": plainTag]) { $1 }
    #expect(harness.send("GET", "/api/v2/list", headers: plainAskingGzip).status == 200)
    let zippedAskingPlain = ["If-None-Match": zippedTag]
    #expect(harness.send("GET", "/api/v2/list", headers: zippedAskingPlain).status == 200)
  }

  @Test func theCacheKeepsNoMoreThanItsLimit() {
    var small = WebEnvironment.AnswerLimits()
    small.listCacheBytes = 1024
    let harness = Self.harness(items: 30, limits: small)
    let first = harness.send("GET", "/api/v2/list", headers: Self.gzip)
    #expect(first.status == 200)
    #expect(harness.app.listCache.bytes == 0)
    let made = harness.app.listCache.made
    let again = harness.send("GET", "/api/v2/list", headers: Self.gzip)
    #expect(again.body == first.body)
    // NB: not kept, so made again: the bound costs time, never memory.
    #expect(harness.app.listCache.made == made + 1)
    #expect(harness.app.listCache.bytes <= 1024)
  }

  @Test func aBodyThatFitsIsKeptWithoutAGzipThatDoesNot() throws {
    let plainSize = Self.harness(items: 30).send("GET", "/api/v2/list").body.count
    var limits = WebEnvironment.AnswerLimits()
    limits.listCacheBytes = plainSize + 16
    let harness = Self.harness(items: 30, limits: limits)
    let zipped = harness.send("GET", "/api/v2/list", headers: Self.gzip)
    #expect(zipped.header("Content-Encoding") == "gzip")
    #expect(harness.app.listCache.bytes == plainSize)
    let made = harness.app.listCache.made
    let later = harness.send("GET", "/api/v2/list", headers: Self.gzip)
    #expect(later.header("Content-Encoding") == nil)
    #expect(later.body.count == plainSize)
    #expect(harness.app.listCache.made == made)
    #expect(harness.app.listCache.bytes <= limits.listCacheBytes)
  }

  @Test func memoryIsHandedBackOnceForEachLargeListMadeAndNeverForASmallOne() throws {
    let released = Mutex(0)
    var limits = WebEnvironment.AnswerLimits()
    limits.largeList = 2_000
    let harness = Harness(limits: limits, releaseMemory: { released.withLock { $0 += 1 } })
    for index in 0..<5 { harness.add("Item \(Self.word(index))") }
    _ = harness.send("GET", "/api/v2/list")
    #expect(released.withLock { $0 } == 0, "a list under the size holds little")
    for index in 5..<40 { harness.add("Item \(Self.word(index))") }
    let large = harness.send("GET", "/api/v2/list")
    #expect(large.body.count >= limits.largeList)
    #expect(released.withLock { $0 } == 1)
    for _ in 0..<5 { _ = harness.send("GET", "/api/v2/list") }
    _ = harness.send("GET", "/api/v2/list", headers: Self.gzip)
    #expect(released.withLock { $0 } == 1, "read from memory, or only compressed: nothing read")
    harness.add("Milk")
    _ = harness.send("GET", "/api/v2/list")
    #expect(released.withLock { $0 } == 2, "a new state is read from the store again")
  }

  @Test func theDefaultLimitKeepsAFiveThousandItemListWithItsGzip() throws {
    let harness = Harness()
    let items = (0..<5_000).map { index in
      Item(
        id: UUID(), name: "Item \(Self.word(index))", emoji: "🧺",
        addedAt: harness.basket.now.addingTimeInterval(-Double(index)))
    }
    try harness.store.modify { draft in draft.items.append(contentsOf: items) }
    let response = harness.send("GET", "/api/v2/list", headers: Self.gzip)
    #expect(response.header("Content-Encoding") == "gzip")
    #expect(harness.app.listCache.bytes > response.body.count)
    #expect(harness.app.listCache.bytes <= ListCache.defaultLimit)
  }

  @Test func versionOneKeepsNowInTheBodyAndAWeakTag() throws {
    let harness = Self.harness()
    let response = harness.send("GET", "/api/v1/list", headers: Self.gzip)
    #expect(response.status == 200)
    #expect(response.header("Content-Encoding") == nil)
    #expect(harness.body(response)["now"]?.string == ISO8601.string(harness.basket.now))
    let tag = try #require(response.header("ETag"))
    #expect(tag.hasPrefix("W/\""))
    harness.clock.advance(by: 1)
    let later = harness.send("GET", "/api/v1/list")
    #expect(later.header("ETag") == tag)
    #expect(harness.body(later)["now"]?.string == ISO8601.string(harness.basket.now))
    #expect(
      harness.send("GET", "/api/v1/list", headers: ["If-None-Match": tag]).status == 304)
  }

  @Test func changesCarryATagAnd304AndGzipWhenLarge() throws {
    let harness = Harness()
    let since = try harness.store.revision()
    for index in 0..<30 { harness.add("Item \(Self.word(index))") }
    let query = ["since": "\(since)"]
    let plain = harness.send("GET", "/api/v2/changes", query: query)
    let tag = try #require(plain.header("ETag"))
    #expect(tag == EntityTag.of(plain.body))
    #expect(plain.header("Vary") == "Accept-Encoding")
    let again = harness.send(
      "GET", "/api/v2/changes", headers: ["If-None-Match": tag], query: query)
    #expect(again.status == 304)
    #expect(again.body.isEmpty)
    let zipped = harness.send("GET", "/api/v2/changes", headers: Self.gzip, query: query)
    #expect(zipped.header("Content-Encoding") == "gzip")
    #expect(Gzip.decompress(zipped.body, limit: 1 << 20) == plain.body)
  }

  @Test func aLiveChangeIsWrittenOncePerVersion() throws {
    let harness = Harness()
    let since = try harness.store.revision()
    harness.add("Milk")
    let notice = try #require(harness.app.changeNotice(after: since))
    let current = String(decoding: notice.frame, as: UTF8.self)
    let legacy = String(decoding: notice.frame(for: .v1), as: UTF8.self)
    let v2 = String(decoding: notice.frame(for: .v2), as: UTF8.self)
    #expect(notice.frame(for: .v3) == notice.frame)
    #expect(current.contains(#""addedAt":17"#), "v3: milliseconds since 1970")
    #expect(v2.contains(#""addedAt":"20"#), "v2: ISO 8601 text")
    #expect(v2.contains(#""measure":"poured""#) && !v2.contains("null"))
    #expect(current.contains(#""measure":"poured""#))
    #expect(!current.contains("null"))
    #expect(legacy.contains(#""units":["ml","L","units"]"#))
    #expect(legacy.contains(#""checkedAt":null"#))
  }
}
