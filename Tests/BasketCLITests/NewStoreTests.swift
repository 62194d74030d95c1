import Foundation
import Testing

/// A new list is started only by a command that adds, and says where; every other command on a
/// path with no store says so and creates nothing, so a mistyped `--store` is caught.
@Suite struct NewStoreTests {
  let basket = BasketBinary()
  var typo: String { basket.directory.appendingPathComponent("tpyo/lists/basket.sqlite").path }

  private func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

  @Test func addingToANewStoreSaysWhereTheListStarted() throws {
    let first = try basket.run(["--store", typo, "add", "milk"])
    #expect(first.status == 0)
    #expect(first.stderr == "Started a new list at \(typo)\n")
    #expect(first.stdout == "Added milk\n")
    let second = try basket.run(["--store", typo, "add", "bread"])
    #expect(second.stderr.isEmpty)
  }

  @Test(arguments: [
    ["list"], ["list", "--json"], ["suggest", "mi"], ["usuals"], ["check", "milk"],
    ["uncheck", "milk"], ["remove", "milk"], ["rename", "milk", "oat milk"], ["qty", "milk", "2"],
    ["note", "milk", "the big tub"], ["clear"], ["undo"], [],
  ])
  func aCommandThatDoesNotAddCreatesNothing(arguments: [String]) throws {
    let result = try basket.run(["--store", typo] + arguments)
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "basket: there is no list at \(typo); check the --store path ('basket add' starts a list)\n"
    )
    #expect(result.stdout.isEmpty)
    #expect(!exists(basket.directory.appendingPathComponent("tpyo").path))
  }

  @Test func theEnvironmentsStorePathIsCheckedTheSameWay() throws {
    let result = try basket.run(["list"], environment: ["BASKET_STORE": typo])
    #expect(result.status == 1)
    #expect(result.stderr.contains("check BASKET_STORE"))
    #expect(!exists(basket.directory.appendingPathComponent("tpyo").path))
  }

  @Test func theDefaultPlaceHasNoListUntilTheFirstAdd() throws {
    var fresh = BasketBinary()
    fresh.environment["BASKET_STORE"] = nil
    let dataHome = fresh.directory.appendingPathComponent("data").path
    // A first run lists an empty list (exit 0) and creates nothing.
    let list = try fresh.run(["list", "--json"], environment: ["XDG_DATA_HOME": dataHome])
    #expect(list.status == 0)
    #expect(list.stdout.filter { !$0.isWhitespace } == "{\"gotIt\":[],\"toGet\":[]}")
    #expect(!exists(dataHome))
    // Commands that need a list say there is none yet.
    let check = try fresh.run(["check", "milk"], environment: ["XDG_DATA_HOME": dataHome])
    #expect(check.status == 1)
    #expect(
      check.stderr
        == "basket: there is no list yet at \(dataHome)/basket/basket.sqlite; 'basket add ITEM' starts one\n"
    )
    #expect(!exists(dataHome))
    let add = try fresh.run(["add", "milk"], environment: ["XDG_DATA_HOME": dataHome])
    #expect(add.stderr == "Started a new list at \(dataHome)/basket/basket.sqlite\n")
  }

  @Test func emojiNeverTouchesTheStore() throws {
    let result = try basket.run(["--store", typo, "emoji", "milk"])
    #expect(result.status == 0)
    #expect(!exists(basket.directory.appendingPathComponent("tpyo").path))
  }

  @Test func anEmptyFileIsNotYetAList() throws {
    #expect(FileManager.default.createFile(atPath: basket.storePath, contents: Data()))
    #expect(try basket.run(["list"]).status == 1)
    let add = try basket.run(["add", "milk"])
    #expect(add.stderr == "Started a new list at \(basket.storePath)\n")
    #expect(try basket.names("toGet") == ["milk"])
  }
}
