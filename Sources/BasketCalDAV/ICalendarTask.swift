import BasketKit
internal import CICal
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads and writes one task as iCalendar (RFC 5545) with libical: a VCALENDAR holding one
/// VTODO, as CalDAV clients PUT and GET it.
///
/// What Basket uses (UID, SUMMARY, STATUS, COMPLETED, CREATED, LAST-MODIFIED, DESCRIPTION)
/// becomes the `ReminderTask`'s fields. Everything else (priority, due date, alarms, the time zones
/// they name, any X- property) is `kept`: a VCALENDAR of its own that the core stores untouched
/// and that writing folds back in, so a client's fields are never lost.
public enum ICalendarTask {
  /// Why a body isn't a task Basket can take; each reads as one sentence for the client.
  public struct Unreadable: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
  }

  /// Bodies larger than this are refused before libical sees them.
  public static let maximumBytes = 256 * 1024

  /// The properties Basket reads (or derives) itself; never kept.
  private static let own: Set<UInt32> = [
    ICAL_UID_PROPERTY.rawValue, ICAL_SUMMARY_PROPERTY.rawValue, ICAL_STATUS_PROPERTY.rawValue,
    ICAL_COMPLETED_PROPERTY.rawValue, ICAL_DTSTAMP_PROPERTY.rawValue,
    ICAL_CREATED_PROPERTY.rawValue, ICAL_LASTMODIFIED_PROPERTY.rawValue,
    ICAL_PERCENTCOMPLETE_PROPERTY.rawValue,
  ]

  /// NB: libical keeps global state (its error number, the built-in time zones); one call at a
  /// time.
  private static let lock = Mutex(())

  /// The task in an iCalendar body, as it came: bytes, because a folded line may split a
  /// UTF-8 character (RFC 5545 folds octets), and only unfolding makes it whole again.
  public static func read(_ body: [UInt8]) throws -> ReminderTask {
    guard body.count <= maximumBytes else {
      throw Unreadable("the task is larger than \(maximumBytes / 1024) KiB")
    }
    guard !body.contains(0) else { throw Unreadable("the task holds a NUL byte") }
    return try lock.withLock { _ in
      let task = try (body + [0]).withUnsafeBufferPointer { buffer in
        try buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
          try readLocked($0)
        }
      }
      // NB: libical reads on past much it can't make sense of, and what it then writes may
      // not read back the same: a task is taken only if it would be given back as it came.
      let again = try? writeLocked(task).withCString { try readLocked($0) }
      guard again == task else {
        throw Unreadable("the task can't be read back as it was sent: a property is malformed")
      }
      return task
    }
  }

  /// `read` for a body already in a string.
  public static func read(_ text: String) throws -> ReminderTask {
    try read(Array(text.utf8))
  }

  /// The task as an iCalendar body (CRLF line ends, lines folded at 75 octets).
  public static func write(_ task: ReminderTask) -> String {
    lock.withLock { _ in writeLocked(task) }
  }

  /// Runs `body`, which calls libical, while no other call does.
  static func withLibical<T>(_ body: () -> T) -> T {
    lock.withLock { _ in body() }
  }

  // MARK: - Kept properties

  /// The VTODO properties and components in a task's `kept` text, as a calendar-query filter
  /// reads them: each value's text, with its instant (date-times in their time zone, dates and
  /// floating times as UTC) or its length (durations).
  public static func keptProperties(_ kept: String) -> KeptProperties {
    guard !kept.isEmpty else { return KeptProperties() }
    return lock.withLock { _ in
      guard let calendar = ical.icalcomponent_new_from_string(kept) else { return KeptProperties() }
      defer { ical.icalcomponent_free(calendar) }
      var found = KeptProperties()
      if !components(of: calendar, ICAL_VTIMEZONE_COMPONENT).isEmpty {
        found.components.insert("VTIMEZONE")
      }
      guard let todo = components(of: calendar, ICAL_VTODO_COMPONENT).first else { return found }
      if !components(of: todo, ICAL_VALARM_COMPONENT).isEmpty { found.components.insert("VALARM") }
      for property in properties(of: todo) {
        guard let name = ical.icalproperty_get_property_name(property).map({ decoded($0) }) else {
          continue
        }
        found.properties[name.uppercased(), default: []].append(filterValue(property, in: todo))
      }
      return found
    }
  }

  private static func filterValue(_ property: OpaquePointer, in todo: OpaquePointer)
    -> FilterValue
  {
    var value = FilterValue(text: "")
    if let raw = ical.icalproperty_get_value_as_string_r(property) {
      value.text = decoded(raw)
      ical.icalmemory_free_buffer(raw)
    }
    guard let held = ical.icalproperty_get_value(property) else { return value }
    switch ical.icalvalue_isa(held) {
    case ICAL_DATETIME_VALUE, ICAL_DATE_VALUE:
      let time = ical.icalproperty_get_datetime_with_component(property, todo)
      if ical.icaltime_is_null_time(time) == 0, ical.icaltime_is_valid_time(time) != 0 {
        let seconds = ical.icaltime_as_timet_with_zone(
          time, time.zone ?? ical.icaltimezone_get_utc_timezone())
        value.date = Date(timeIntervalSince1970: TimeInterval(seconds))
      }
    case ICAL_DURATION_VALUE:
      value.seconds = TimeInterval(ical.icaldurationtype_as_int(ical.icalvalue_get_duration(held)))
    default:
      break
    }
    return value
  }

  /// `kept` with what `joining` brings that it lacks: the joining task's properties of a kind
  /// (an X- property: of a name) the kept VTODO hasn't, its alarms when the kept task has
  /// none, and the time zones they name. What `kept` holds is never replaced. Either may be
  /// empty; an unreadable one counts as empty.
  public static func mergeKept(_ kept: String, _ joining: String) -> String {
    guard !joining.isEmpty else { return kept }
    return lock.withLock { _ in
      guard let adding = parsedCalendar(joining) else { return kept }
      defer { ical.icalcomponent_free(adding) }
      guard let base = parsedCalendar(kept) else { return text(of: adding) }
      defer { ical.icalcomponent_free(base) }
      guard let from = components(of: adding, ICAL_VTODO_COMPONENT).first,
        let into = components(of: base, ICAL_VTODO_COMPONENT).first
      else { return text(of: base) }
      let key: (OpaquePointer) -> String = { property in
        ical.icalproperty_get_property_name(property).map { decoded($0).uppercased() } ?? ""
      }
      let present = Set(properties(of: into).map(key))
      for property in properties(of: from) where !present.contains(key(property)) {
        ical.icalcomponent_add_property(into, ical.icalproperty_new_clone(property))
      }
      if components(of: into, ICAL_VALARM_COMPONENT).isEmpty {
        for alarm in components(of: from, ICAL_VALARM_COMPONENT) {
          ical.icalcomponent_add_component(into, ical.icalcomponent_new_clone(alarm))
        }
      }
      let zones = Set(components(of: base, ICAL_VTIMEZONE_COMPONENT).map(zoneID))
      for zone in components(of: adding, ICAL_VTIMEZONE_COMPONENT)
      where !zones.contains(zoneID(zone)) {
        ical.icalcomponent_add_component(base, ical.icalcomponent_new_clone(zone))
      }
      return text(of: base)
    }
  }

  /// `text` read as a VCALENDAR; nil when it is empty or isn't one.
  private static func parsedCalendar(_ text: String) -> OpaquePointer? {
    guard !text.isEmpty, let parsed = ical.icalcomponent_new_from_string(text) else { return nil }
    guard ical.icalcomponent_isa(parsed) == ICAL_VCALENDAR_COMPONENT else {
      ical.icalcomponent_free(parsed)
      return nil
    }
    return parsed
  }

  private static func zoneID(_ zone: OpaquePointer) -> String {
    ical.icalcomponent_get_first_property(zone, ICAL_TZID_PROPERTY)
      .flatMap { ical.icalproperty_get_tzid($0) }.map { decoded($0) } ?? ""
  }

  // MARK: - Reading

  private static func readLocked(_ text: UnsafePointer<CChar>) throws -> ReminderTask {
    guard let root = ical.icalcomponent_new_from_string(text) else {
      throw Unreadable("the body is not iCalendar (RFC 5545)")
    }
    defer { ical.icalcomponent_free(root) }
    let calendar: OpaquePointer
    if ical.icalcomponent_isa(root) == ICAL_VCALENDAR_COMPONENT {
      calendar = root
    } else {
      throw Unreadable("a task is sent as a VCALENDAR holding one VTODO")
    }
    let todos = components(of: calendar, ICAL_VTODO_COMPONENT)
    guard todos.count == 1, let todo = todos.first else {
      if todos.isEmpty, !components(of: calendar, ICAL_VEVENT_COMPONENT).isEmpty {
        throw Unreadable("Basket's list holds tasks (VTODO), not events (VEVENT)")
      }
      throw Unreadable(
        todos.isEmpty
          ? "the calendar holds no VTODO" : "a resource holds one VTODO, not \(todos.count)")
    }
    // NB: libical reads on past what it can't read, leaving X-LIC-ERROR properties behind;
    // anything it couldn't read, in the task or the time zones it keeps, refuses the body.
    if let error = firstError(in: calendar) {
      throw Unreadable("the task can't be read: \(error)")
    }
    for child in components(of: todo, ICAL_ANY_COMPONENT)
    where ical.icalcomponent_isa(child) != ICAL_VALARM_COMPONENT {
      throw Unreadable("a VTODO holds only VALARM components")
    }
    guard let uidProperty = ical.icalcomponent_get_first_property(todo, ICAL_UID_PROPERTY),
      let uid = ical.icalproperty_get_uid(uidProperty).map({ trimmed(decoded($0)) }),
      !uid.isEmpty
    else { throw Unreadable("the VTODO has no UID") }
    guard uid.utf8.count <= 255 else { throw Unreadable("the UID is longer than 255 bytes") }
    guard !uid.unicodeScalars.contains(where: isControl) else {
      throw Unreadable("the UID holds control characters")
    }
    // NB: a line break or other control character in a summary becomes a space: an item's
    // name is one line (and a bare CR would not survive being written again).
    let summary = trimmed(
      String(
        String.UnicodeScalarView(
          (ical.icalcomponent_get_first_property(todo, ICAL_SUMMARY_PROPERTY)
            .flatMap { ical.icalproperty_get_summary($0) }.map { decoded($0) } ?? "")
            .unicodeScalars.map { isControl($0) ? " " : $0 })))
    var completed = time(ICAL_COMPLETED_PROPERTY, of: todo)
    if let status = ical.icalcomponent_get_first_property(todo, ICAL_STATUS_PROPERTY) {
      let done = ical.icalproperty_get_status(status) == ICAL_STATUS_COMPLETED
      if done, completed == nil { completed = Date(timeIntervalSince1970: 0) }
      if !done { completed = nil }
    }
    // NB: the note is the DESCRIPTION, as sent (the core cleans it); RFC 5545 allows one, and
    // a task sent with more has them joined, never dropped.
    let descriptions = properties(of: todo).filter {
      ical.icalproperty_isa($0) == ICAL_DESCRIPTION_PROPERTY
    }.compactMap { ical.icalproperty_get_description($0).map { decoded($0) } }
    return ReminderTask(
      uid: uid, summary: summary, completed: completed,
      created: time(ICAL_CREATED_PROPERTY, of: todo),
      lastModified: time(ICAL_LASTMODIFIED_PROPERTY, of: todo),
      note: descriptions.isEmpty ? nil : descriptions.joined(separator: "\n"),
      kept: kept(calendar: calendar, todo: todo))
  }

  /// The calendar without Basket's own properties (the DESCRIPTION is the note), as text; ""
  /// when nothing else is left.
  private static func kept(calendar: OpaquePointer, todo: OpaquePointer) -> String {
    let copy = ical.icalcomponent_new_vcalendar()!
    defer { ical.icalcomponent_free(copy) }
    for zone in components(of: calendar, ICAL_VTIMEZONE_COMPONENT) {
      ical.icalcomponent_add_component(copy, ical.icalcomponent_new_clone(zone))
    }
    let task = ical.icalcomponent_new_clone(todo)!
    for property in properties(of: task)
    where own.contains(ical.icalproperty_isa(property).rawValue)
      || ical.icalproperty_isa(property) == ICAL_DESCRIPTION_PROPERTY
    {
      ical.icalcomponent_remove_property(task, property)
      ical.icalproperty_free(property)
    }
    let empty =
      ical.icalcomponent_get_first_property(task, ICAL_ANY_PROPERTY) == nil
      && ical.icalcomponent_get_first_component(task, ICAL_ANY_COMPONENT) == nil
    ical.icalcomponent_add_component(copy, task)
    return empty ? "" : text(of: copy)
  }

  // MARK: - Writing

  private static func writeLocked(_ task: ReminderTask) -> String {
    let calendar =
      task.kept.isEmpty
      ? nil
      : ical.icalcomponent_new_from_string(task.kept).flatMap { parsed in
        ical.icalcomponent_isa(parsed) == ICAL_VCALENDAR_COMPONENT
          ? parsed
          : {
            ical.icalcomponent_free(parsed); return nil
          }()
      }
    let root = calendar ?? ical.icalcomponent_new_vcalendar()!
    defer { ical.icalcomponent_free(root) }
    for property in properties(of: root) {
      let kind = ical.icalproperty_isa(property)
      if kind == ICAL_VERSION_PROPERTY || kind == ICAL_PRODID_PROPERTY {
        ical.icalcomponent_remove_property(root, property)
        ical.icalproperty_free(property)
      }
    }
    mark(root, product: "Basket shopping list")
    let todo: OpaquePointer
    if let existing = components(of: root, ICAL_VTODO_COMPONENT).first {
      todo = existing
    } else {
      todo = ical.icalcomponent_new_vtodo()!
      ical.icalcomponent_add_component(root, todo)
    }
    for property in properties(of: todo)
    where own.contains(ical.icalproperty_isa(property).rawValue) {
      ical.icalcomponent_remove_property(todo, property)
      ical.icalproperty_free(property)
    }
    let stamp = task.lastModified ?? task.created ?? Date(timeIntervalSince1970: 0)
    ical.icalcomponent_add_property(todo, ical.icalproperty_new_uid(task.uid))
    ical.icalcomponent_add_property(todo, ical.icalproperty_new_dtstamp(utc(stamp)))
    if let created = task.created {
      ical.icalcomponent_add_property(todo, ical.icalproperty_new_created(utc(created)))
    }
    if let modified = task.lastModified {
      ical.icalcomponent_add_property(todo, ical.icalproperty_new_lastmodified(utc(modified)))
    }
    if !task.summary.isEmpty {  // NB: libical refuses an empty SUMMARY when it reads one
      ical.icalcomponent_add_property(todo, ical.icalproperty_new_summary(task.summary))
    }
    // NB: the note replaces a DESCRIPTION kept from before notes (when tasks were stored
    // whole); without a note, such a one is given back as it came.
    if let note = task.note {
      for property in properties(of: todo)
      where ical.icalproperty_isa(property) == ICAL_DESCRIPTION_PROPERTY {
        ical.icalcomponent_remove_property(todo, property)
        ical.icalproperty_free(property)
      }
      ical.icalcomponent_add_property(todo, ical.icalproperty_new_description(note))
    }
    if let completed = task.completed {
      ical.icalcomponent_add_property(todo, ical.icalproperty_new_status(ICAL_STATUS_COMPLETED))
      ical.icalcomponent_add_property(todo, ical.icalproperty_new_completed(utc(completed)))
      ical.icalcomponent_add_property(todo, ical.icalproperty_new_percentcomplete(100))
    } else {
      ical.icalcomponent_add_property(todo, ical.icalproperty_new_status(ICAL_STATUS_NEEDSACTION))
    }
    return text(of: root)
  }

  // MARK: - libical

  private static func components(of parent: OpaquePointer, _ kind: icalcomponent_kind)
    -> [OpaquePointer]
  {
    walk(ical.icalcomponent_get_first_component(parent, kind)) {
      ical.icalcomponent_get_next_component(parent, kind)
    }
  }

  private static func properties(of component: OpaquePointer) -> [OpaquePointer] {
    walk(ical.icalcomponent_get_first_property(component, ICAL_ANY_PROPERTY)) {
      ical.icalcomponent_get_next_property(component, ICAL_ANY_PROPERTY)
    }
  }

  /// What one of libical's iterators walks: `first`, then what `next` gives until nil.
  private static func walk(_ first: OpaquePointer?, next: () -> OpaquePointer?) -> [OpaquePointer] {
    var found: [OpaquePointer] = []
    var current = first
    while let item = current {
      found.append(item)
      current = next()
    }
    return found
  }

  /// A date-time property as an instant: UTC, or in the time zone its TZID names (from the
  /// calendar's VTIMEZONE, else libical's built-in zones); a floating time is read as UTC.
  private static func time(_ kind: icalproperty_kind, of todo: OpaquePointer) -> Date? {
    guard let property = ical.icalcomponent_get_first_property(todo, kind) else { return nil }
    let value = ical.icalproperty_get_datetime_with_component(property, todo)
    guard ical.icaltime_is_null_time(value) == 0, ical.icaltime_is_valid_time(value) != 0 else {
      return nil
    }
    let zone = value.zone ?? ical.icaltimezone_get_utc_timezone()
    let seconds = ical.icaltime_as_timet_with_zone(value, zone)
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }

  static func utc(_ date: Date) -> icaltimetype {
    let seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    return ical.icaltime_from_timet_with_zone(seconds, 0, ical.icaltimezone_get_utc_timezone())
  }

  /// `text` without leading and trailing spaces (which iCalendar doesn't keep).
  private static func trimmed(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
      let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
    else { return "" }
    return String(scalars[first...last])
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || scalar.value == 0x7F
  }

  /// A C string as text; bytes that aren't UTF-8 become U+FFFD.
  private static func decoded(_ text: UnsafePointer<CChar>) -> String {
    String(decoding: UnsafeRawBufferPointer(start: text, count: strlen(text)), as: UTF8.self)
  }

  /// The answer to a free-busy-query over `start..<end` (RFC 4791 §7.10): a VFREEBUSY with no
  /// busy time, since a task list holds no events.
  public static func emptyFreeBusy(start: Date, end: Date, stamp: Date) -> String {
    calendarText(product: "Basket shopping list") {
      let busy = ical.icalcomponent_new_vfreebusy()!
      ical.icalcomponent_add_property(busy, ical.icalproperty_new_dtstamp(utc(stamp)))
      ical.icalcomponent_add_property(busy, ical.icalproperty_new_dtstart(utc(start)))
      ical.icalcomponent_add_property(busy, ical.icalproperty_new_dtend(utc(end)))
      return busy
    }
  }

  /// A VCALENDAR from Basket's `product` holding the one component `make` builds, as
  /// iCalendar text.
  static func calendarText(product: String, holding make: () -> OpaquePointer) -> String {
    withLibical {
      let calendar = ical.icalcomponent_new_vcalendar()!
      defer { ical.icalcomponent_free(calendar) }
      mark(calendar, product: product)
      ical.icalcomponent_add_component(calendar, make())
      return text(of: calendar)
    }
  }

  /// Says `calendar` is iCalendar 2.0 written by Basket's `product` ("Basket meal plan").
  private static func mark(_ calendar: OpaquePointer, product: String) {
    ical.icalcomponent_add_property(calendar, ical.icalproperty_new_version("2.0"))
    ical.icalcomponent_add_property(
      calendar, ical.icalproperty_new_prodid("-//Basket//\(product)//EN"))
  }

  static func text(of component: OpaquePointer) -> String {
    guard let raw = ical.icalcomponent_as_ical_string_r(component) else { return "" }
    defer { ical.icalmemory_free_buffer(raw) }
    return String(cString: raw)
  }

  /// The first error libical noted in `component` or any component inside it, if any.
  private static func firstError(in component: OpaquePointer) -> String? {
    if let property = ical.icalcomponent_get_first_property(component, ICAL_XLICERROR_PROPERTY) {
      return ical.icalproperty_get_xlicerror(property).map { String(decoded($0).prefix(200)) }
        ?? "a property is malformed"
    }
    for child in components(of: component, ICAL_ANY_COMPONENT) {
      if let found = firstError(in: child) { return found }
    }
    return nil
  }
}
