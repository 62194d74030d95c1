#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One planned meal as a calendar client sees it: an all-day VEVENT on its date, the
/// recipe's title as its summary. The iCalendar adapter writes it; the core never reads
/// iCalendar.
public struct PlanEvent: Equatable, Sendable {
  /// The resource's name in the collection: "<meal id>.ics".
  public var name: String
  /// Stable for the meal's life: "<meal id>@basket".
  public var uid: String
  public var summary: String
  public var date: PlanDate
  /// "For 4 servings. Planned in Basket." or "As the recipe is written. Planned in Basket."
  public var description: String
  /// When it was planned: the event's DTSTAMP and CREATED.
  public var stamp: Date
  /// A strong ETag over everything the event shows.
  public var etag: String
}

/// The plan as a read-only calendar of events (CalDAV): every planned meal, past and to come.
public enum PlanCalendar {
  /// The event of `meal`, titled `title` (the recipe's title now, or when it was planned).
  public static func event(_ meal: PlannedMeal, title: String? = nil) -> PlanEvent {
    let id = meal.id.uuidString.lowercased()
    let summary = title ?? meal.recipe.title
    let description =
      (meal.servings.map { "For \($0) serving\($0 == 1 ? "" : "s")." }
        ?? "As the recipe is written.") + " Planned in Basket."
    return PlanEvent(
      name: "\(id).ics", uid: "\(id)@basket", summary: summary, date: meal.date,
      description: description, stamp: meal.addedAt,
      etag: CalDAVBook.digest([
        id, summary, meal.date.description, description, "\(meal.addedAt.timeIntervalSince1970)",
      ]))
  }

  /// Whether a calendar-query `filter` matches `event`: a VEVENT comp-filter's time-range
  /// against the event's day (midnight to midnight, read as UTC as floating dates are); a
  /// filter for another component (VTODO) matches none, as it is absent. Conditions on
  /// properties count as met, so a query answers at least what it asks for.
  public static func matches(_ event: PlanEvent, _ filter: ComponentFilter) -> Bool {
    guard filter.name == "VCALENDAR" else { return filter.isNotDefined }
    guard !filter.isNotDefined else { return false }
    var results: [Bool] = []
    if let range = filter.timeRange { results.append(overlaps(event, range)) }
    for child in filter.components {
      guard child.name == "VEVENT" else {
        results.append(child.isNotDefined)
        continue
      }
      results.append(!child.isNotDefined && (child.timeRange.map { overlaps(event, $0) } ?? true))
    }
    return filter.anyOf ? results.isEmpty || results.contains(true) : !results.contains(false)
  }

  /// Whether the event's day meets `range` (RFC 4791 §9.9: start < day's end, end > its start).
  static func overlaps(_ event: PlanEvent, _ range: TimeRange) -> Bool {
    let start = Date(timeIntervalSince1970: Double(event.date.dayNumber) * 86_400)
    let end = start.addingTimeInterval(86_400)
    return (range.start.map { $0 < end } ?? true) && (range.end.map { $0 > start } ?? true)
  }

  /// The collection's tag (CalendarServer's getctag): it changes exactly when an event does.
  public static func collectionTag(_ events: [PlanEvent]) -> String {
    CalDAVBook.digest(["plan"] + events.map { "\($0.name) \($0.etag)" }.sorted())
  }
}

extension PlanBook {
  /// Every planned meal as an event, by date.
  public func events() throws -> [PlanEvent] {
    var titles: [UUID: String] = [:]
    let meals = try all()
    for id in Set(meals.compactMap(\.recipe.id)) {
      if let recipe = try recipes.recipe(id) { titles[id] = recipe.title }
    }
    return meals.map { meal in
      PlanCalendar.event(meal, title: meal.recipe.id.flatMap { titles[$0] })
    }
  }
}
