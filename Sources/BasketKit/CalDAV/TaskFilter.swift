#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A calendar-query filter (RFC 4791 §9.7): a comp-filter naming VCALENDAR, holding
/// comp-filters (VTODO, VEVENT…) and prop-filters. The WebDAV adapter reads it from the
/// request; the core decides which tasks it matches.
///
/// Every condition is applied over what a task holds: Basket's own fields (UID, SUMMARY,
/// STATUS, COMPLETED, PERCENT-COMPLETE, CREATED, LAST-MODIFIED, DTSTAMP) and the properties
/// kept for a client (DUE, PRIORITY, DESCRIPTION…, read by the iCalendar adapter). A condition
/// Basket can't judge (a param-filter, a filter inside a VALARM or VTIMEZONE, a time range on
/// a recurring task) counts as met, so a query answers at least what it asks for, never less.
public struct ComponentFilter: Equatable, Sendable {
  /// The component's name, upper case ("VCALENDAR", "VTODO").
  public var name: String
  /// Matches only where the component is absent.
  public var isNotDefined: Bool
  public var timeRange: TimeRange?
  public var properties: [PropertyFilter]
  public var components: [ComponentFilter]
  /// `test="anyof"`: one condition suffices (the default, allof, needs all of them).
  public var anyOf: Bool

  public init(
    _ name: String, isNotDefined: Bool = false, timeRange: TimeRange? = nil,
    properties: [PropertyFilter] = [], components: [ComponentFilter] = [], anyOf: Bool = false
  ) {
    self.name = name.uppercased()
    self.isNotDefined = isNotDefined
    self.timeRange = timeRange
    self.properties = properties
    self.components = components
    self.anyOf = anyOf
  }

  /// Whether the calendar object holding `task` matches this filter (its VCALENDAR one).
  /// `kept` reads the task's kept properties; it is called only when a condition needs them.
  public func matches(_ task: ReminderTask, kept: () -> KeptProperties) -> Bool {
    guard name == "VCALENDAR" else { return isNotDefined }
    return withoutActuallyEscaping(kept) { kept in
      var view = TaskView(task: task, read: kept)
      return !isNotDefined && conditionsHold(on: .calendar, &view)
    }
  }

  fileprivate func conditionsHold(on component: TaskView.Component, _ view: inout TaskView)
    -> Bool
  {
    var results: [Bool] = []
    if let timeRange { results.append(view.overlaps(component, timeRange)) }
    for property in properties { results.append(property.matches(in: component, &view)) }
    for child in components {
      results.append(child.matches(inside: component, &view))
    }
    return anyOf ? results.isEmpty || results.contains(true) : !results.contains(false)
  }

  private func matches(inside parent: TaskView.Component, _ view: inout TaskView) -> Bool {
    guard let present = view.has(name, inside: parent) else { return true }
    guard present else { return isNotDefined }
    if isNotDefined { return false }
    guard let component = TaskView.Component(name: name) else { return true }
    return conditionsHold(on: component, &view)
  }
}

/// A prop-filter (RFC 4791 §9.7.2).
public struct PropertyFilter: Equatable, Sendable {
  /// The property's name, upper case ("COMPLETED", "STATUS").
  public var name: String
  /// Matches only where the property is absent.
  public var isNotDefined: Bool
  public var timeRange: TimeRange?
  public var textMatch: TextMatch?
  /// Whether it holds param-filters, which Basket doesn't judge (they count as met).
  public var hasParameterFilters: Bool
  /// `test="anyof"`.
  public var anyOf: Bool

  public init(
    _ name: String, isNotDefined: Bool = false, timeRange: TimeRange? = nil,
    textMatch: TextMatch? = nil, hasParameterFilters: Bool = false, anyOf: Bool = false
  ) {
    self.name = name.uppercased()
    self.isNotDefined = isNotDefined
    self.timeRange = timeRange
    self.textMatch = textMatch
    self.hasParameterFilters = hasParameterFilters
    self.anyOf = anyOf
  }

  fileprivate func matches(in component: TaskView.Component, _ view: inout TaskView) -> Bool {
    guard let values = view.values(of: name, in: component) else { return true }
    guard !values.isEmpty else { return isNotDefined }
    if isNotDefined { return false }
    var results: [Bool] = []
    if let timeRange {
      results.append(values.contains { value in value.date.map(timeRange.contains) ?? true })
    }
    if let textMatch { results.append(values.contains { textMatch.matches($0.text) }) }
    if hasParameterFilters { results.append(true) }
    return anyOf ? results.isEmpty || results.contains(true) : !results.contains(false)
  }
}

/// A text-match (RFC 4791 §9.7.5): the value contains `text`, or with `negate`, doesn't.
public struct TextMatch: Equatable, Sendable {
  public var text: String
  public var negate: Bool
  /// i;ascii-casemap (the default) and i;unicode-casemap; false: i;octet.
  public var caseless: Bool

  public init(_ text: String, negate: Bool = false, caseless: Bool = true) {
    self.text = text
    self.negate = negate
    self.caseless = caseless
  }

  public func matches(_ value: String) -> Bool {
    let found =
      caseless ? value.lowercased().contains(text.lowercased()) : value.contains(text)
    return found != negate
  }
}

/// A time-range (RFC 4791 §9.9): from `start` (included) to `end` (excluded); nil is open.
public struct TimeRange: Equatable, Sendable {
  public var start: Date?
  public var end: Date?

  public init(start: Date?, end: Date?) {
    self.start = start
    self.end = end
  }

  /// Whether a property's instant falls in the range: start ≤ value < end.
  public func contains(_ date: Date) -> Bool {
    (start.map { $0 <= date } ?? true) && (end.map { date < $0 } ?? true)
  }
}

/// One value of a property as a filter sees it: its text, and the instant (a date-time or
/// date) or length (a duration) it stands for.
public struct FilterValue: Equatable, Sendable {
  public var text: String
  public var date: Date?
  public var seconds: TimeInterval?

  public init(text: String, date: Date? = nil, seconds: TimeInterval? = nil) {
    self.text = text
    self.date = date
    self.seconds = seconds
  }
}

/// The properties and components a task keeps for its client (`ReminderTask.kept`), as the
/// iCalendar adapter reads them for a filter.
public struct KeptProperties: Equatable, Sendable {
  /// By upper-case property name, the VTODO's values.
  public var properties: [String: [FilterValue]]
  /// The components kept: "VALARM" inside the VTODO, "VTIMEZONE" beside it.
  public var components: Set<String>

  public init(properties: [String: [FilterValue]] = [:], components: Set<String> = []) {
    self.properties = properties
    self.components = components
  }
}

/// A task as a filter reads it, asking for its kept properties only once, when first needed.
private struct TaskView {
  enum Component {
    case calendar, todo

    init?(name: String) {
      switch name {
      case "VCALENDAR": self = .calendar
      case "VTODO": self = .todo
      default: return nil
      }
    }
  }

  let task: ReminderTask
  let read: () -> KeptProperties
  var cache: KeptProperties?

  init(task: ReminderTask, read: @escaping () -> KeptProperties) {
    self.task = task
    self.read = read
  }

  mutating func kept() -> KeptProperties {
    if let cache { return cache }
    let found = task.kept.isEmpty ? KeptProperties() : read()
    cache = found
    return found
  }

  /// Whether a component called `name` is inside `parent`; nil when Basket can't tell.
  mutating func has(_ name: String, inside parent: Component) -> Bool? {
    switch (parent, name) {
    case (.calendar, "VTODO"): true
    case (.calendar, "VEVENT"), (.calendar, "VJOURNAL"), (.calendar, "VFREEBUSY"): false
    case (.calendar, "VTIMEZONE"), (.todo, "VALARM"): kept().components.contains(name)
    case (.calendar, _), (.todo, _): false
    }
  }

  /// The values of property `name` in `component` (empty: absent); nil when Basket can't tell.
  mutating func values(of name: String, in component: Component) -> [FilterValue]? {
    guard component == .todo else { return nil }
    let done = task.completed != nil
    switch name {
    case "UID": return [FilterValue(text: task.uid)]
    case "SUMMARY": return task.summary.isEmpty ? [] : [FilterValue(text: task.summary)]
    case "STATUS": return [FilterValue(text: done ? "COMPLETED" : "NEEDS-ACTION")]
    case "PERCENT-COMPLETE": return done ? [FilterValue(text: "100")] : []
    case "COMPLETED": return Self.instant(task.completed)
    case "CREATED": return Self.instant(task.created)
    case "LAST-MODIFIED": return Self.instant(task.lastModified)
    case "DTSTAMP":
      return Self.instant(task.lastModified ?? task.created ?? Date(timeIntervalSince1970: 0))
    default: return kept().properties[name] ?? []
    }
  }

  private static func instant(_ date: Date?) -> [FilterValue] {
    date.map { [FilterValue(text: ISO8601.string($0), date: $0)] } ?? []
  }

  /// Whether `component` overlaps `range` (RFC 4791 §9.9, VTODO's table).
  mutating func overlaps(_ component: Component, _ range: TimeRange) -> Bool {
    guard component == .todo else { return true }
    let recurs = ["RRULE", "RDATE"].contains { !(kept().properties[$0] ?? []).isEmpty }
    if recurs { return true }  // NB: each instance would need judging; a superset instead
    func first(_ name: String) -> Date? { values(of: name, in: .todo)?.first?.date }
    let start = range.start ?? .distantPast
    let end = range.end ?? .distantFuture
    let duration = kept().properties["DURATION"]?.first?.seconds
    switch (first("DTSTART"), duration, first("DUE"), first("COMPLETED"), first("CREATED")) {
    case (let dtstart?, let duration?, nil, _, _):
      let finish = dtstart.addingTimeInterval(duration)
      return start <= finish && (end > dtstart || end >= finish)
    case (let dtstart?, nil, let due?, _, _):
      return (start < due || start <= dtstart) && (end > dtstart || end >= due)
    case (let dtstart?, nil, nil, _, _):
      return start <= dtstart && end > dtstart
    case (nil, nil, let due?, _, _):
      return start < due && end >= due
    case (nil, nil, nil, let completed?, let created?):
      return (start <= created || start <= completed) && (end >= created || end >= completed)
    case (nil, nil, nil, let completed?, nil):
      return start <= completed && end >= completed
    case (nil, nil, nil, nil, let created?):
      return end > created
    default:
      return true
    }
  }
}
