import Foundation
import Testing

/// `--store`, `--help` and `--version` work before or after the command, as with `git -C`;
/// `--` keeps item names that look like options.
@Suite struct GlobalOptionsTests {
  let basket = BasketBinary()
  var other: String { basket.directory.appendingPathComponent("other.sqlite").path }

  @Test(arguments: [
    ["--store", "OTHER", "list"], ["list", "--store", "OTHER"], ["list", "--store=OTHER"],
    ["--store=OTHER", "list", "--json"], ["list", "--json", "--store", "OTHER"],
  ])
  func theStoreOptionGoesBeforeOrAfterTheCommand(arguments: [String]) throws {
    try basket.run(["--store", other, "add", "milk"])
    let result = try basket.run(arguments.map { $0.replacingOccurrences(of: "OTHER", with: other) })
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("milk"))
  }

  @Test func aCommandAfterTheStoreOptionUsesThatStore() throws {
    #expect(try basket.run(["add", "milk", "--store", other]).status == 0)
    #expect(try basket.run(["check", "milk", "--store", other]).status == 0)
    #expect(try basket.run(["list", "--store", other, "--line"]).stdout == "All done!\n")
    #expect(!FileManager.default.fileExists(atPath: basket.storePath))
  }

  @Test func itemNamesAfterDoubleDashAreNotOptions() throws {
    let result = try basket.run(["add", "--", "--store", "--help", "-h"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try basket.names("toGet") == ["-h", "--help", "--store"])
    #expect(try basket.run(["check", "--", "--store"]).status == 0)
    #expect(try basket.names("gotIt") == ["--store"])
  }

  @Test func helpAnywhereShowsTheCommandsHelp() throws {
    for arguments in [["add", "--help"], ["--help", "add"], ["add", "milk", "-h"]] {
      let result = try basket.run(arguments)
      #expect(result.status == 0)
      #expect(result.stdout.hasPrefix("Usage: basket add"), "\(arguments)")
    }
    #expect(try basket.run(["serve", "--store", other, "--help"]).stdout.contains("--tls-cert"))
    #expect(try basket.run(["help", "tui"]).stdout.contains("--reduce-motion"))
    #expect(try basket.run(["list", "--version"]).stdout.hasPrefix("basket "))
    #expect(!FileManager.default.fileExists(atPath: basket.storePath))
  }

  @Test(arguments: [
    (["list", "--store"], "--store needs a path"),
    (["list", "--store="], "--store needs a path"),
    (["--store", "a.sqlite", "list", "--store", "b.sqlite"], "--store is given twice"),
    (["--bogus", "list"], "unknown option --bogus"),
    (["list", "--bogus"], "list doesn't take --bogus"),
  ])
  func badGlobalOptionsAreUsageErrors(arguments: [String], message: String) throws {
    let result = try basket.run(arguments)
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("basket: \(message)"), "\(result.stderr)")
  }

  @Test func serveTakesTheStoreOptionAfterTheCommand() throws {
    let result = try basket.serve(["serve", "--store", other, "--port", "PORT"])
    #expect(result.banner.contains("Basket is served at http://127.0.0.1:"), "\(result.stderr)")
    #expect(result.stderr.contains("Started a new list at \(other)"))
    #expect(FileManager.default.fileExists(atPath: other))
  }

  @Test func aServeOptionsValueIsNeverTakenForAGlobalOption() throws {
    let result = try basket.run(["serve", "--secret", "--store", "--port", "nope"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--port must be a number"), "\(result.stderr)")
  }
}
