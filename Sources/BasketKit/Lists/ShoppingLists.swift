#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One of the household's lists (Groceries, Hardware, Party…). Each has its own To get and Got
/// it; suggestions, emoji, shops and the pantry are shared.
public struct ShoppingList: Equatable, Sendable {
  public var id: UUID
  public var name: String
  /// Where the list sits among the others, from 0.
  public var position: Int
  public var createdAt: Date
  /// When it was removed; a removed list keeps its items and can be restored.
  public var removedAt: Date?
  /// Its collection's name in CalDAV (`/dav/NAME/`): never changes, whatever the list is
  /// called. The list a store had before several lists keeps "basket", where task apps
  /// already look.
  public var calDAVName: String

  public init(
    id: UUID, name: String, position: Int, createdAt: Date, removedAt: Date? = nil,
    calDAVName: String? = nil
  ) {
    self.id = id
    self.name = name
    self.position = position
    self.createdAt = createdAt
    self.removedAt = removedAt
    self.calDAVName = calDAVName ?? id.uuidString.lowercased()
  }

  public var isRemoved: Bool { removedAt != nil }
}

/// How many items a list has in each section.
public struct ListCounts: Equatable, Sendable {
  public var toGet: Int
  public var gotIt: Int

  public init(toGet: Int, gotIt: Int) {
    self.toGet = toGet
    self.gotIt = gotIt
  }

  public init(_ sections: ListSections) {
    self.init(toGet: sections.toGet.count, gotIt: sections.gotIt.count)
  }
}

/// The rules of the household's lists: names, order, removing and restoring. Pure: a store
/// reads the lists, applies one of these, and writes what changed in one transaction.
public enum ListsRules {
  /// A list's name is at most this many characters.
  public static let maxNameLength = 40
  /// A household keeps at most this many lists (removed ones included).
  public static let maxLists = 100
  /// The name the list a store had before several lists gets.
  public static let firstListName = "Groceries"

  /// The live lists, in order.
  public static func live(_ lists: [ShoppingList]) -> [ShoppingList] {
    lists.filter { !$0.isRemoved }.sorted {
      ($0.position, $0.createdAt) < ($1.position, $1.createdAt)
    }
  }

  /// The list named `text` (folded as item names are: case, plurals, accents) or whose id it
  /// is; live lists first, then removed ones.
  public static func find(_ text: String, in lists: [ShoppingList]) -> ShoppingList? {
    if let id = UUID(uuidString: text), let list = lists.first(where: { $0.id == id }) {
      return list
    }
    let key = NameKey.of(NameText.cleaned(text))
    guard !key.isEmpty else { return nil }
    return live(lists).first { NameKey.of($0.name) == key }
      ?? lists.filter(\.isRemoved).sorted {
        ($0.removedAt ?? .distantPast) > ($1.removedAt ?? .distantPast)
      }
      .first { NameKey.of($0.name) == key }
  }

  /// The live list `text` names.
  ///
  /// - Throws: `ListsError.noSuchList` (with the lists there are) or `.removed`.
  public static func live(_ text: String, in lists: [ShoppingList]) throws(ListsError)
    -> ShoppingList
  {
    guard let list = find(text, in: lists) else {
      throw .noSuchList(String(text.prefix(60)), live(lists).map(\.name))
    }
    guard !list.isRemoved else { throw .removed(list.name) }
    return list
  }

  /// A typed list name, cleaned.
  ///
  /// - Throws: `ListsError.badName` when nothing visible is left or it is too long.
  public static func name(_ raw: String) throws(ListsError) -> String {
    let name = NameText.cleaned(raw)
    guard !name.isEmpty else { throw .badName("a list needs a name") }
    guard name.count <= maxNameLength else {
      throw .badName("a list's name can be at most \(maxNameLength) characters")
    }
    guard UUID(uuidString: name) == nil else {
      throw .badName("a list's name can't look like a list's id")
    }
    return name
  }

  /// Adds a list named `raw` at the end.
  public static func add(
    _ raw: String, id: UUID, at now: Date, to lists: inout [ShoppingList]
  ) throws(ListsError) -> ShoppingList {
    let name = try name(raw)
    try checkFree(name, among: lists, except: nil)
    guard lists.count < maxLists else {
      throw .badName("a household can keep at most \(maxLists) lists; remove one for good first")
    }
    let list = ShoppingList(
      id: id, name: name, position: (live(lists).map(\.position).max() ?? -1) + 1, createdAt: now)
    lists.append(list)
    return list
  }

  /// Renames the live list `old` names to `raw`.
  public static func rename(_ old: String, to raw: String, in lists: inout [ShoppingList])
    throws(ListsError) -> ShoppingList
  {
    let list = try live(old, in: lists)
    let name = try name(raw)
    try checkFree(name, among: lists, except: list.id)
    return update(list.id, in: &lists) { $0.name = name }
  }

  /// Moves the live list `text` names to `position` (from 0; past the end: last), the others
  /// keeping their order.
  public static func move(_ text: String, to position: Int, in lists: inout [ShoppingList])
    throws(ListsError) -> ShoppingList
  {
    let list = try live(text, in: lists)
    var order = live(lists).filter { $0.id != list.id }.map(\.id)
    order.insert(list.id, at: min(max(position, 0), order.count))
    for (index, id) in order.enumerated() {
      _ = update(id, in: &lists) { $0.position = index }
    }
    return lists.first { $0.id == list.id } ?? list
  }

  /// Removes the live list `text` names; its items stay with it, and it can be restored. The
  /// household's last list can't be removed.
  public static func remove(_ text: String, at now: Date, in lists: inout [ShoppingList])
    throws(ListsError) -> ShoppingList
  {
    let list = try live(text, in: lists)
    guard live(lists).count > 1 else { throw .lastList(list.name) }
    return update(list.id, in: &lists) { $0.removedAt = now }
  }

  /// Brings back the removed list `text` names, last in the order.
  public static func restore(_ text: String, in lists: inout [ShoppingList]) throws(ListsError)
    -> ShoppingList
  {
    guard let list = find(text, in: lists) else {
      throw .noSuchList(String(text.prefix(60)), live(lists).map(\.name))
    }
    guard list.isRemoved else { throw .notRemoved(list.name) }
    try checkFree(list.name, among: lists, except: list.id)
    let position = (live(lists).map(\.position).max() ?? -1) + 1
    return update(list.id, in: &lists) {
      $0.removedAt = nil
      $0.position = position
    }
  }

  private static func checkFree(_ name: String, among lists: [ShoppingList], except id: UUID?)
    throws(ListsError)
  {
    let key = NameKey.of(name)
    if let taken = live(lists).first(where: { $0.id != id && NameKey.of($0.name) == key }) {
      throw .duplicate(taken.name)
    }
  }

  private static func update(
    _ id: UUID, in lists: inout [ShoppingList], _ change: (inout ShoppingList) -> Void
  ) -> ShoppingList {
    guard let index = lists.firstIndex(where: { $0.id == id }) else {
      preconditionFailure("updating a list that isn't there")
    }
    change(&lists[index])
    return lists[index]
  }
}

/// Why a change to the lists was refused; reads as one sentence for the user.
public enum ListsError: Error, Equatable, Sendable, CustomStringConvertible {
  case badName(String)
  /// Another live list has that name (as it is spelt).
  case duplicate(String)
  /// No list has that name: what was asked, and the lists there are.
  case noSuchList(String, [String])
  /// That list was removed (it can be restored).
  case removed(String)
  case notRemoved(String)
  /// The household's only list.
  case lastList(String)

  public var description: String {
    switch self {
    case .badName(let reason): reason
    case .duplicate(let name): "there is a list called \(name) already"
    case .noSuchList(let asked, let names):
      names.isEmpty
        ? "there is no list called \"\(asked)\""
        : "there is no list called \"\(asked)\"; the lists are " + names.joined(separator: ", ")
    case .removed(let name):
      "the list \(name) was removed; restore it (basket lists restore \(name)) to use it"
    case .notRemoved(let name): "the list \(name) isn't removed"
    case .lastList(let name):
      "\(name) is the household's only list, so it can't be removed; add another first"
    }
  }
}

/// What a store that keeps several lists offers besides each list (`ListStore`).
public protocol ListsStore: Sendable {
  /// Every list, removed ones too, in order.
  func lists() throws -> [ShoppingList]

  /// Runs `body` over the lists inside one write transaction and writes what it changed.
  func modifyLists<T>(_ body: (inout [ShoppingList]) throws -> T) throws -> T

  /// Runs `body` with every list read and change of this store on the list `id` (on this
  /// thread or task only).
  ///
  /// - Throws: `ListsError` when that list doesn't exist or was removed.
  func onList<T>(_ id: UUID, _ body: () throws -> T) throws -> T

  /// The list reads and changes go to now (the scoped one, else the process's, else the
  /// household's first).
  func currentList() throws -> ShoppingList

  /// Reads and changes the list `id` in this process from now on (nil: the household's
  /// first), wherever no body is scoped to another (`onList`).
  func useList(_ id: UUID?)
}
