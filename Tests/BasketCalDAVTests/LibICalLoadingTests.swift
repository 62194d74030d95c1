import BasketKit
import BasketTestSupport
import Testing

@testable import BasketCalDAV

/// LibICal is opened on first use: a missing library is an error naming its Debian package.
@Suite struct LibICalLoadingTests {
  @Test func theInstalledLibraryOpensWithEveryFunction() throws {
    _ = try LibICal.loaded.get()
  }

  @Test func aMissingLibraryNamesThePackageThatBringsIt() throws {
    let result = LibICal.load("libical-not-installed.so")
    let missing = try #require(result.failure)
    #expect(missing.description == "CalDAV needs libical: apt-get install libical3")
    #expect(missing.reason.contains("libical-not-installed.so"), "\(missing.reason)")
  }

  @Test func aLibraryWithoutTheFunctionsIsRefusedByTheFirstMissingOne() throws {
    let missing = try #require(LibICal.load("libm.so.6").failure)
    #expect(missing.reason == "icalcomponent_add_component")
  }
}
