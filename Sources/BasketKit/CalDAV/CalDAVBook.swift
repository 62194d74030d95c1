#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What Basket remembers about an item a CalDAV client has written: the resource name and UID
/// the client chose, and the properties Basket doesn't use. An item no client has written has
/// no record; it is served as `<id>.ics` with its id as UID.
public struct CalDAVResource: Equatable, Sendable {
  /// The resource's name in the collection ("9C1F….ics", or whatever the client chose).
  public var name: String
  public var item: UUID
  public var uid: String
  /// `ReminderTask.kept`: the client's properties Basket doesn't use.
  public var kept: String
  /// The client's task was merged into an item that is served under another name: this name
  /// now reads as removed, and a later write to it still reaches the item.
  public var absorbed: Bool
  /// The store revision that last wrote the record (set by the store).
  public var revision: Int64

  public init(
    name: String, item: UUID, uid: String, kept: String = "", absorbed: Bool = false,
    revision: Int64 = 0
  ) {
    self.name = name
    self.item = item
    self.uid = uid
    self.kept = kept
    self.absorbed = absorbed
    self.revision = revision
  }
}

/// Where the records live: the SQLite store, or memory in tests.
public protocol CalDAVStore: Sendable {
  /// The record with resource name `name`.
  func resource(named name: String) throws -> CalDAVResource?
  /// The records naming `item`, absorbed ones included.
  func resources(item: UUID) throws -> [CalDAVResource]
  /// Every record written after `revision`.
  func resources(changedAfter revision: Int64) throws -> [CalDAVResource]
  /// Writes `resource` (by name) and bumps the store's revision, so a sync sees it; returns the
  /// new revision.
  @discardableResult
  func saveResource(_ resource: CalDAVResource) throws -> Int64
}

/// Why a CalDAV request can't be done, as the status a client understands.
public enum CalDAVError: Error, Equatable, Sendable, CustomStringConvertible {
  /// 412: the client's ETag is stale, or it asked to create what exists.
  case preconditionFailed(String)
  /// 404
  case notFound(String)
  /// 400 (or 403 for calendar rules): the task can't become an item.
  case refused(String)

  public var description: String {
    switch self {
    case .preconditionFailed(let reason), .notFound(let reason), .refused(let reason): reason
    }
  }
}

/// The list as a CalDAV task collection: the faces' CalDAV server calls this, and it turns
/// every client write into the list's own operations (the duplicate-aware add, check, rename,
/// quantity, remove), so the list's rules hold whoever makes a change.
public final class CalDAVBook: Sendable {
  public let store: any CalDAVStore
  public let basket: Basket
  /// Joins the properties a client's task brings (second) into those an item's task keeps
  /// (first), when the task is merged into that item: the iCalendar adapter's rule
  /// (`ICalendarTask.mergeKept`), passed in because the core never reads iCalendar. The
  /// default keeps the item's own and takes the joining task's only when it has none.
  public let mergeKept: @Sendable (String, String) -> String

  /// How far ahead of the server's clock a client's COMPLETED time may be and still be taken
  /// (a phone's clock runs a little fast or slow).
  public static let completionSkew: TimeInterval = 5 * 60

  public init(
    store: any CalDAVStore, basket: Basket,
    mergeKept: @escaping @Sendable (String, String) -> String = { kept, joining in
      kept.isEmpty ? joining : kept
    }
  ) {
    self.store = store
    self.basket = basket
    self.mergeKept = mergeKept
  }

  /// One task in the collection.
  public struct Entry: Equatable, Sendable {
    public var name: String
    public var item: UUID
    public var task: ReminderTask
    public var etag: String
  }

  /// What a write did.
  public enum Written: Equatable, Sendable {
    /// A new item (201); its ETag, or nil when Basket changed what was sent (merged it into an
    /// item already on the list, or tidied its summary), so the client must read it back.
    case created(etag: String?)
    /// An existing item changed (204).
    case updated(etag: String?)
  }

  /// The changes after a sync token, for sync-collection.
  public struct Changes: Equatable, Sendable {
    public var changed: [Entry]
    public var removed: [String]
    public var token: Int64
  }

  /// Every task: To get and Got it, as the list shows them.
  public func entries() throws -> [Entry] {
    let sections = try basket.sections()
    let records = try ownRecords()
    return (sections.toGet + sections.gotIt).map { entry(for: $0, record: records[$0.id]) }
  }

  /// The task named `name`, if the list shows it.
  public func entry(named name: String) throws -> Entry? {
    try entries(named: [name])[name]
  }

  /// The tasks of those `names` the list shows, by name (for calendar-multiget).
  ///
  /// Cost: one read of the list, then an indexed read or two per name.
  public func entries(named names: [String]) throws -> [String: Entry] {
    let sections = try basket.sections()
    let visible = Dictionary(
      (sections.toGet + sections.gotIt).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }
    )
    var found: [String: Entry] = [:]
    for name in names {
      guard let id = try item(named: name), let item = visible[id] else { continue }
      let entry = try entry(for: item)
      if entry.name == name { found[name] = entry }
    }
    return found
  }

  /// The collection's sync token: the store's revision.
  public func token() throws -> Int64 {
    try basket.store.revision()
  }

  /// The collection's tag (CalendarServer's getctag): a digest of every task's name and ETag,
  /// so it changes exactly when a task does (added, edited, checked, removed, cleared, or gone
  /// with the Got it hour) and not when the store changes for anything else (the pantry,
  /// recipes, products).
  public func collectionTag() throws -> String {
    Self.collectionTag(try entries())
  }

  /// The tag of a collection holding `entries`, in any order.
  public static func collectionTag(_ entries: [Entry]) -> String {
    digest(entries.map { "\($0.name) \($0.etag)" }.sorted())
  }

  /// When a client's task says it was completed at `sent`, the time Basket takes: `sent` when
  /// it is sane (not before the item was `added`, not later than `now` by more than
  /// `completionSkew`; a little ahead reads as now), else `now`.
  public static func completionTime(sent: Date, added: Date, now: Date) -> Date {
    guard sent >= added, sent <= now.addingTimeInterval(completionSkew) else { return now }
    return min(sent, now)
  }

  /// What changed after `token`; nil when the store no longer knows (the client then reads the
  /// whole collection again).
  public func changes(since token: Int64) throws -> Changes? {
    guard let changes = try basket.store.changes(since: token) else { return nil }
    let sections = try basket.sections()
    let visible = Dictionary(
      (sections.toGet + sections.gotIt).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }
    )
    var changed: [UUID: Item] = [:]
    var removedNames: Set<String> = []
    for item in changes.items {
      if visible[item.id] != nil {
        changed[item.id] = item
      } else {
        removedNames.formUnion(try names(of: item.id))
      }
    }
    for id in changes.removed { removedNames.formUnion(try names(of: id)) }
    for resource in try store.resources(changedAfter: token) {
      if resource.absorbed {
        removedNames.insert(resource.name)
      } else if changed[resource.item] == nil, let item = visible[resource.item] {
        changed[item.id] = item
      }
    }
    let entries = try changed.values.map { try entry(for: $0) }.sorted { $0.name < $1.name }
    removedNames.subtract(entries.map(\.name))
    return Changes(
      changed: entries, removed: removedNames.sorted(), token: try basket.store.revision())
  }

  /// Writes the task a client PUT at `name`. `ifMatch` is the ETag the client last saw (412
  /// when stale); `ifNoneMatch` asks to create only (412 when `name` exists).
  public func put(_ task: ReminderTask, named name: String, ifMatch: String?, ifNoneMatch: Bool)
    throws -> Written
  {
    // NB: a note too long refuses the whole task before anything changes.
    let note: String?
    do {
      note = try ItemNote.cleaned(task.note)
    } catch {
      throw CalDAVError.refused(error.description)
    }
    let record = try store.resource(named: name)
    let current = try item(named: name).flatMap { try visibleItem($0) }
    if ifNoneMatch, current != nil, record?.absorbed != true {
      throw CalDAVError.preconditionFailed("\(name) already exists")
    }
    if let ifMatch {
      guard let current else { throw CalDAVError.preconditionFailed("\(name) does not exist") }
      if ifMatch != "*", try entry(for: current).etag != ifMatch {
        throw CalDAVError.preconditionFailed("\(name) has changed since it was read")
      }
    }
    let read = TaskSummary.read(task.summary)
    guard let current else { return try create(task, read: read, note: note, named: name) }
    try update(current, to: task, read: read, note: note)
    if var record {
      if record.kept != task.kept {
        record.kept = task.kept
        try store.saveResource(record)
        if record.absorbed { try giveBack(task.kept, to: current.id) }
      }
    } else if !task.kept.isEmpty || task.uid != Self.defaultUID(current.id) {
      try store.saveResource(
        CalDAVResource(name: name, item: current.id, uid: task.uid, kept: task.kept))
    }
    guard let now = try visibleItem(current.id) else { return .updated(etag: nil) }
    let written = try entry(for: now)
    return .updated(etag: written.name == name && written.task == task ? written.etag : nil)
  }

  /// Removes the task named `name` from the list (`ifMatch`: 412 when stale).
  public func delete(named name: String, ifMatch: String?) throws {
    guard let id = try item(named: name), let item = try visibleItem(id) else {
      throw CalDAVError.notFound("\(name) is not on the list")
    }
    if let ifMatch, ifMatch != "*", try entry(for: item).etag != ifMatch {
      throw CalDAVError.preconditionFailed("\(name) has changed since it was read")
    }
    try basket.remove(item.id)
  }

  // MARK: - Writing

  private func create(
    _ task: ReminderTask, read: AddTextParser.Parsed, note: String?, named name: String
  ) throws -> Written {
    // NB: a client's UID that is an unused UUID becomes the item's id, so the task keeps one
    // identity everywhere; any other UID is remembered beside a fresh id.
    var id = basket.environment.ids()
    if let uuid = UUID(uuidString: task.uid) {
      if try visibleItem(uuid) != nil {
        throw CalDAVError.refused("another task on the list already has the UID \(task.uid)")
      }
      if try store.resources(item: uuid).isEmpty { id = uuid }
    }
    var result = try basket.apply(.add(item: id, .name(read.name, read.quantity)))
    if case .gone? = result.refusal {  // a removed item's id: its tombstone stays
      id = basket.environment.ids()
      result = try basket.apply(.add(item: id, .name(read.name, read.quantity)))
    }
    if let refusal = result.refusal { throw CalDAVError.refused(refusal.description) }
    guard let added = result.item else { throw CalDAVError.refused("the task was not added") }
    // NB: a task merged into an item keeps the item's note unless it brings one.
    if let note { try basket.setNote(added, note) }
    if let completed = task.completed, let item = try visibleItem(added) {
      try check(item, completedAt: completed)
    }
    let absorbed = added != id
    try store.saveResource(
      CalDAVResource(name: name, item: added, uid: task.uid, kept: task.kept, absorbed: absorbed))
    if absorbed { try giveBack(task.kept, to: added) }
    // NB: RFC 4791 §5.3.4: an ETag only when what is stored is what was sent; otherwise (a
    // merge, a tidied summary, the server's own times) the client reads the task back.
    guard !absorbed, let item = try visibleItem(added) else { return .created(etag: nil) }
    let written = try self.entry(for: item)
    return .created(etag: written.name == name && written.task == task ? written.etag : nil)
  }

  /// Checks `item` off at the time a client's task says it was completed, when that is sane.
  private func check(_ item: Item, completedAt sent: Date) throws {
    let at = Self.completionTime(sent: sent, added: item.addedAt, now: basket.now)
    if let refusal = try basket.apply(.check(item.id), at: at).refusal {
      throw CalDAVError.refused(refusal.description)
    }
  }

  /// Gives the properties a task merged into `item` brought (`kept`) back on the item's own
  /// task, joined to what it keeps already (`mergeKept`), so a note or a priority typed in a
  /// task app is never dropped by the duplicate-aware add.
  private func giveBack(_ kept: String, to item: UUID) throws {
    guard !kept.isEmpty else { return }
    if var own = try store.resources(item: item).first(where: { !$0.absorbed }) {
      let merged = mergeKept(own.kept, kept)
      guard merged != own.kept else { return }
      own.kept = merged
      try store.saveResource(own)
    } else {
      try store.saveResource(
        CalDAVResource(
          name: Self.defaultName(item), item: item, uid: Self.defaultUID(item),
          kept: mergeKept("", kept)))
    }
  }

  private func update(
    _ item: Item, to task: ReminderTask, read: AddTextParser.Parsed, note: String?
  ) throws {
    if note != item.note { try basket.setNote(item.id, note) }
    if task.summary != TaskSummary.text(name: item.name, quantity: item.quantity) {
      if read.name != item.name {
        try basket.update(
          item.id, name: read.name, quantity: read.quantity.map { .set($0) } ?? .clear)
      } else if read.quantity != item.quantity {
        _ = try basket.setQuantity(item.id, read.quantity)
      }
    }
    if let completed = task.completed, item.checkedAt == nil {
      guard let now = try visibleItem(item.id) else { return }
      try check(now, completedAt: completed)
    } else if task.completed == nil, item.checkedAt != nil {
      try basket.uncheck(item.id)
    }
  }

  // MARK: - Reading

  private func entry(for item: Item) throws -> Entry {
    entry(for: item, record: try store.resources(item: item.id).first { !$0.absorbed })
  }

  /// Each item's own record (not absorbed ones), read in one go for a whole collection.
  private func ownRecords() throws -> [UUID: CalDAVResource] {
    Dictionary(
      try store.resources(changedAfter: .min).filter { !$0.absorbed }.map { ($0.item, $0) },
      uniquingKeysWith: { first, _ in first })
  }

  private func entry(for item: Item, record: CalDAVResource?) -> Entry {
    let name = record?.name ?? Self.defaultName(item.id)
    let task = ReminderTask(
      uid: record?.uid ?? Self.defaultUID(item.id),
      summary: TaskSummary.text(name: item.name, quantity: item.quantity),
      completed: item.checkedAt, created: item.addedAt,
      lastModified: Self.lastModified(item), note: item.note, kept: record?.kept ?? "")
    return Entry(name: name, item: item.id, task: task, etag: Self.etag(task))
  }

  /// The item a resource name stands for: a record's, or the id in a default name.
  private func item(named name: String) throws -> UUID? {
    if let record = try store.resource(named: name) { return record.item }
    guard name.hasSuffix(".ics") else { return nil }
    let id = UUID(uuidString: String(name.dropLast(4)))
    guard let id, try store.resources(item: id).allSatisfy(\.absorbed) else { return nil }
    return id
  }

  private func names(of id: UUID) throws -> [String] {
    let records = try store.resources(item: id)
    let own = records.first { !$0.absorbed }?.name ?? Self.defaultName(id)
    return [own] + records.filter(\.absorbed).map(\.name)
  }

  private func visibleItem(_ id: UUID) throws -> Item? {
    let sections = try basket.sections()
    return (sections.toGet + sections.gotIt).first { $0.id == id }
  }

  static func defaultName(_ id: UUID) -> String { "\(id.uuidString).ics" }
  static func defaultUID(_ id: UUID) -> String { id.uuidString }

  static func lastModified(_ item: Item) -> Date {
    [
      item.addedAt, item.changed.name, item.changed.quantity, item.changed.checked,
      item.changed.note,
    ].max()!
  }

  /// A strong ETag over everything the task shows: it changes exactly when the task does. (A
  /// task without a note keeps the tag it had before notes, so clients need not read it again.)
  static func etag(_ task: ReminderTask) -> String {
    digest(
      [
        task.uid, task.summary, task.completed.map { "\($0.timeIntervalSince1970)" } ?? "-",
        task.created.map { "\($0.timeIntervalSince1970)" } ?? "-",
        task.lastModified.map { "\($0.timeIntervalSince1970)" } ?? "-", task.kept,
      ] + (task.note.map { [$0] } ?? []))
  }

  /// A quoted 64-bit FNV-1a digest of `fields`, each ended by a NUL (the plan's calendar
  /// tags its events with it too).
  static func digest(_ fields: [String]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for field in fields {
      for byte in field.utf8 + [0] {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
      }
    }
    let hex = String(hash, radix: 16)
    return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
  }
}
