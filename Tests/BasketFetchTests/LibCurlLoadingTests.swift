import BasketKit
import BasketTestSupport
import Testing

@testable import BasketFetch

/// LibCurl is opened on first use: a missing library is an error naming its Debian package.
@Suite struct LibCurlLoadingTests {
  @Test func theInstalledLibraryOpensWithEveryFunction() throws {
    _ = try LibCurl.loaded.get()
  }

  @Test func aMissingLibraryNamesThePackageThatBringsIt() throws {
    let result = LibCurl.load("libcurl-not-installed.so")
    let missing = try #require(result.failure)
    #expect(
      missing.description
        == "fetching recipe pages by their address needs libcurl: apt-get install libcurl4")
    #expect(missing.reason.contains("libcurl-not-installed.so"), "\(missing.reason)")
  }

  @Test func aLibraryWithoutTheFunctionsIsRefusedByTheFirstMissingOne() throws {
    let missing = try #require(LibCurl.load("libm.so.6").failure)
    #expect(missing.reason == "curl_easy_cleanup")
  }
}
