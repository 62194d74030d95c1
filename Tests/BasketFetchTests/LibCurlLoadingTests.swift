import BasketKit
import Testing

@testable import BasketFetch

/// LibCurl is opened on first use: a missing library is an error naming its Debian package.
@Suite struct LibCurlLoadingTests {
  @Test func theInstalledLibraryOpensWithEveryFunction() throws {
    _ = try LibCurl.loaded.get()
  }

  @Test func aMissingLibraryNamesThePackageThatBringsIt() throws {
    let result = LibCurl.load("libcurl-not-installed.so")
    let missing = try #require(Self.failure(result))
    #expect(
      missing.description
        == "fetching recipe pages by their address needs libcurl: apt-get install libcurl4")
    #expect(missing.reason.contains("libcurl-not-installed.so"), "\(missing.reason)")
  }

  @Test func aLibraryWithoutTheFunctionsIsRefusedByTheFirstMissingOne() throws {
    let missing = try #require(Self.failure(LibCurl.load("libm.so.6")))
    #expect(missing.reason == "curl_easy_cleanup")
  }

  static func failure<T>(_ result: Result<T, MissingLibrary>) -> MissingLibrary? {
    if case .failure(let missing) = result { return missing }
    return nil
  }
}
