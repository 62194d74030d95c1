import BasketKit
import BasketTestSupport
import Testing

@testable import BasketRecipeImport

/// LibXML2 is opened on first use: a missing library is an error naming its Debian package.
@Suite struct LibXML2LoadingTests {
  @Test func theInstalledLibraryOpensWithEveryFunction() throws {
    _ = try LibXML2.loaded.get()
  }

  @Test func aMissingLibraryNamesThePackageThatBringsIt() throws {
    let result = LibXML2.load("libxml2-not-installed.so")
    let missing = try #require(result.failure)
    #expect(missing.description == "reading recipe pages needs libxml2: apt-get install libxml2")
    #expect(missing.reason.contains("libxml2-not-installed.so"), "\(missing.reason)")
  }

  @Test func aLibraryWithoutTheFunctionsIsRefusedByTheFirstMissingOne() throws {
    let missing = try #require(LibXML2.load("libm.so.6").failure)
    #expect(missing.reason == "htmlCtxtUseOptions")
  }
}
