import BasketFetch
import BasketKit
import BasketTestSupport
import Foundation
import Testing

@Suite struct PageFetcherTests {
  let server: RecipePageServer
  init() throws { server = try RecipePageServer() }

  /// Local addresses allowed (the test server is on this machine), otherwise the rules.
  private func fetcher(
    timeout: Double = Double(WebAddressRules.timeoutSeconds),
    permits: @escaping @Sendable ([UInt8]) -> Bool = { _ in true },
    online: Bool = true
  ) -> PageFetcher {
    PageFetcher(
      timeoutSeconds: timeout, maximumBytes: WebAddressRules.maximumBytes,
      maximumRedirects: WebAddressRules.maximumRedirects, permits: permits, isOnline: { online })
  }

  @Test func fetchesAPageAndSaysWhereItEndedUp() throws {
    let page = try fetcher().fetch(server.address("/redirect/3"))
    #expect(page.address == server.address("/recipe.html"))
    #expect(page.contentType == "text/html; charset=utf-8")
    #expect(String(decoding: page.bytes, as: UTF8.self).contains("Fetched flapjacks"))
  }

  @Test func refusesThisMachineAndTheHouseholdNetworkUnlessAllowed() throws {
    #expect(throws: WebFetchError.localAddress(host: "127.0.0.1")) {
      try PageFetcher().fetch(server.address("/recipe.html"))
    }
    #expect(throws: WebFetchError.localAddress(host: "localhost")) {
      try PageFetcher().fetch("http://localhost:\(server.port)/recipe.html")
    }
    #expect(
      try PageFetcher(allowLocal: true).fetch(server.address("/recipe.html")).bytes.count > 100)
  }

  @Test func checksTheAddressAgainAfterARedirect() throws {
    let onlyThisOne: @Sendable ([UInt8]) -> Bool = { $0 == [127, 0, 0, 1] }
    let elsewhere = "http://127.0.0.2:\(server.port)/recipe.html"
    #expect(throws: WebFetchError.localAddress(host: "127.0.0.2")) {
      try fetcher(permits: onlyThisOne).fetch(server.address("/to?url=" + elsewhere))
    }
  }

  @Test func followsAtMostFiveRedirects() throws {
    #expect(try fetcher().fetch(server.address("/redirect/5")).bytes.count > 100)
    #expect(throws: WebFetchError.tooManyRedirects(host: "127.0.0.1")) {
      try fetcher().fetch(server.address("/redirect/6"))
    }
  }

  @Test(arguments: ["ftp://example.com/recipe.html", "file:///etc/passwd", "gopher://x/"])
  func fetchesOnlyHTTPAndHTTPS(address: String) {
    #expect(throws: WebFetchError.self) { try fetcher().fetch(address) }
    do {
      _ = try fetcher().fetch(address)
    } catch {
      guard case .unsupportedScheme = error else {
        Issue.record("\(error)")
        return
      }
    }
  }

  @Test(arguments: ["file:///etc/passwd", "ftp://127.0.0.1/x"])
  func followsNoRedirectToAnotherScheme(target: String) throws {
    #expect(throws: WebFetchError.unsupportedScheme("the address it redirected to")) {
      try fetcher().fetch(server.address("/to?url=" + target))
    }
  }

  @Test(arguments: ["/big", "/declared-big", "/gzip-bomb"])
  func stopsAtFiveMegabytes(path: String) {
    #expect(throws: WebFetchError.tooLarge(host: "127.0.0.1")) {
      try fetcher().fetch(server.address(path))
    }
  }

  @Test func givesUpWhenThePageTakesTooLong() {
    #expect(throws: WebFetchError.timedOut(host: "127.0.0.1")) {
      try fetcher(timeout: 0.5).fetch(server.address("/slow?seconds=3"))
    }
  }

  @Test func saysWhenThePageIsNotThere() {
    #expect(throws: WebFetchError.httpStatus(host: "127.0.0.1", status: 404)) {
      try fetcher().fetch(server.address("/missing"))
    }
  }

  @Test func tellsNoNetworkFromAnAddressThatIsNotThere() {
    #expect(throws: WebFetchError.offline(host: "recipes.invalid")) {
      try fetcher(online: false).fetch("https://recipes.invalid/pie")
    }
    #expect(throws: WebFetchError.nameNotFound(host: "recipes.invalid")) {
      try fetcher(online: true).fetch("https://recipes.invalid/pie")
    }
    #expect(
      WebFetchError.offline(host: "example.com").description
        == "Basket couldn't reach example.com: no network. Save the page and import the file instead."
    )
  }

  @Test func saysWhenNothingListens() throws {
    let closed = try RecipePageServer()
    let address = closed.address("/recipe.html")
    closed.stop()
    #expect(throws: WebFetchError.refused(host: "127.0.0.1")) { try fetcher().fetch(address) }
  }
}
