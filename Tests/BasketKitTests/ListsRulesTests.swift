import BasketKit
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The household's lists as pure rules: names folded as item names are, order kept dense,
/// removal kept restorable, the last list kept.
@Suite struct ListsRulesTests {
  let now = Fixtures.monday

  private func household(_ names: [String]) throws -> [ShoppingList] {
    var lists: [ShoppingList] = []
    for (n, name) in names.enumerated() {
      _ = try ListsRules.add(
        name, id: Fixtures.id(n + 1), at: now.addingTimeInterval(Double(n)), to: &lists)
    }
    return lists
  }

  @Test func namesAreCleanedFoldedAndFoundByNameOrID() throws {
    let lists = try household(["  Groceries\t", "Party food"])
    #expect(lists.map(\.name) == ["Groceries", "Party food"])
    #expect(lists.map(\.position) == [0, 1])
    #expect(ListsRules.find("PARTY FOODS", in: lists)?.id == Fixtures.id(2))
    #expect(ListsRules.find(Fixtures.id(1).uuidString, in: lists)?.name == "Groceries")
    #expect(ListsRules.find("nope", in: lists) == nil)
    #expect(throws: ListsError.noSuchList("nope", ["Groceries", "Party food"])) {
      try ListsRules.live("nope", in: lists)
    }
  }

  @Test(arguments: [
    ("", "a list needs a name"), ("\u{7}\u{200B}", "a list needs a name"),
    (String(repeating: "x", count: 41), "a list's name can be at most 40 characters"),
    ("6F1C2A4E-0000-4000-8000-000000000001", "a list's name can't look like a list's id"),
  ])
  func aBadNameIsRefused(name: String, reason: String) {
    #expect(throws: ListsError.badName(reason)) { try ListsRules.name(name) }
  }

  @Test func aTakenNameIsRefusedAmongLiveListsOnly() throws {
    var lists = try household(["Groceries", "Party"])
    #expect(throws: ListsError.duplicate("Party")) {
      try ListsRules.add("parties", id: Fixtures.id(9), at: now, to: &lists)
    }
    #expect(throws: ListsError.duplicate("Groceries")) {
      try ListsRules.rename("party", to: "GROCERIES", in: &lists)
    }
    _ = try ListsRules.remove("Party", at: now, in: &lists)
    // Removed, its name is free again; restoring it while taken is refused.
    _ = try ListsRules.add("Party", id: Fixtures.id(9), at: now, to: &lists)
    #expect(throws: ListsError.duplicate("Party")) {
      try ListsRules.restore(Fixtures.id(2).uuidString, in: &lists)
    }
  }

  @Test func movingKeepsTheOthersInOrder() throws {
    var lists = try household(["A", "B", "C", "D"])
    _ = try ListsRules.move("d", to: 1, in: &lists)
    #expect(ListsRules.live(lists).map(\.name) == ["A", "D", "B", "C"])
    _ = try ListsRules.move("a", to: 99, in: &lists)
    #expect(ListsRules.live(lists).map(\.name) == ["D", "B", "C", "A"])
    #expect(ListsRules.live(lists).map(\.position) == [0, 1, 2, 3])
  }

  @Test func removingKeepsTheListRestorableAndNeverTheLastOne() throws {
    var lists = try household(["Groceries", "Party"])
    let removed = try ListsRules.remove("party", at: now, in: &lists)
    #expect(removed.removedAt == now)
    #expect(ListsRules.live(lists).map(\.name) == ["Groceries"])
    #expect(throws: ListsError.removed("Party")) { try ListsRules.live("Party", in: lists) }
    #expect(throws: ListsError.lastList("Groceries")) {
      try ListsRules.remove("groceries", at: now, in: &lists)
    }
    #expect(throws: ListsError.notRemoved("Groceries")) {
      try ListsRules.restore("groceries", in: &lists)
    }
    let back = try ListsRules.restore("party", in: &lists)
    #expect(back.removedAt == nil)
    #expect(ListsRules.live(lists).map(\.name) == ["Groceries", "Party"])
  }
}
