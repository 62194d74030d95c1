import BasketKit
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// calendar-query filters (RFC 4791 §9.7) over tasks: the shapes clients send.
@Suite struct TaskFilterTests {
  static let now = Fixtures.monday
  static let toGet = ReminderTask(uid: "a", summary: "Milk (2 L)", created: now, lastModified: now)
  static let gotIt = ReminderTask(
    uid: "b", summary: "Bread", completed: now.addingTimeInterval(600), created: now,
    lastModified: now.addingTimeInterval(600), kept: "kept")

  static func calendar(_ todo: ComponentFilter) -> ComponentFilter {
    ComponentFilter("VCALENDAR", components: [todo])
  }

  static let incomplete: [(String, ComponentFilter)] = [
    (
      "COMPLETED is-not-defined (Apple)",
      calendar(
        ComponentFilter("VTODO", properties: [PropertyFilter("COMPLETED", isNotDefined: true)]))
    ),
    (
      "STATUS NEEDS-ACTION",
      calendar(
        ComponentFilter(
          "VTODO", properties: [PropertyFilter("STATUS", textMatch: TextMatch("NEEDS-ACTION"))]))
    ),
    (
      "the caldav library's: no COMPLETED, STATUS neither COMPLETED nor CANCELLED",
      calendar(
        ComponentFilter(
          "VTODO",
          properties: [
            PropertyFilter("COMPLETED", isNotDefined: true),
            PropertyFilter(
              "STATUS", textMatch: TextMatch("COMPLETED", negate: true, caseless: false)),
            PropertyFilter(
              "STATUS", textMatch: TextMatch("CANCELLED", negate: true, caseless: false)),
          ]))
    ),
    (
      "PERCENT-COMPLETE is-not-defined",
      calendar(
        ComponentFilter(
          "VTODO", properties: [PropertyFilter("PERCENT-COMPLETE", isNotDefined: true)]))
    ),
  ]

  @Test(arguments: incomplete)
  func incompleteTaskFiltersMatchOnlyTasksStillToGet(label: String, filter: ComponentFilter) {
    #expect(filter.matches(Self.toGet) { KeptProperties() }, "\(label)")
    #expect(!filter.matches(Self.gotIt) { KeptProperties() }, "\(label)")
  }

  @Test func componentFiltersMatchTasksNotEvents() {
    let all = ComponentFilter("VCALENDAR")
    let todos = Self.calendar(ComponentFilter("VTODO"))
    let events = Self.calendar(ComponentFilter("VEVENT"))
    let noEvents = Self.calendar(ComponentFilter("VEVENT", isNotDefined: true))
    for task in [Self.toGet, Self.gotIt] {
      #expect(all.matches(task) { KeptProperties() })
      #expect(todos.matches(task) { KeptProperties() })
      #expect(!events.matches(task) { KeptProperties() })
      #expect(noEvents.matches(task) { KeptProperties() })
      #expect(!ComponentFilter("VTODO").matches(task) { KeptProperties() })
      #expect(!ComponentFilter("VCALENDAR", isNotDefined: true).matches(task) { KeptProperties() })
    }
  }

  @Test func textMatchesFollowTheirCollation() {
    let caseless = Self.calendar(
      ComponentFilter(
        "VTODO", properties: [PropertyFilter("SUMMARY", textMatch: TextMatch("milk"))]))
    let octet = Self.calendar(
      ComponentFilter(
        "VTODO",
        properties: [PropertyFilter("SUMMARY", textMatch: TextMatch("milk", caseless: false))]))
    #expect(caseless.matches(Self.toGet) { KeptProperties() })
    #expect(!octet.matches(Self.toGet) { KeptProperties() })
    #expect(!caseless.matches(Self.gotIt) { KeptProperties() })
  }

  @Test func anyOfNeedsOneConditionAndAllOfEvery() {
    let conditions = [
      PropertyFilter("SUMMARY", textMatch: TextMatch("bread")),
      PropertyFilter("COMPLETED", isNotDefined: true),
    ]
    let anyOf = Self.calendar(ComponentFilter("VTODO", properties: conditions, anyOf: true))
    let allOf = Self.calendar(ComponentFilter("VTODO", properties: conditions))
    #expect(anyOf.matches(Self.toGet) { KeptProperties() })
    #expect(anyOf.matches(Self.gotIt) { KeptProperties() })
    #expect(!allOf.matches(Self.toGet) { KeptProperties() })
    #expect(!allOf.matches(Self.gotIt) { KeptProperties() })
  }

  @Test func keptPropertiesAreReadOnlyWhenAFilterNeedsThem() {
    let kept = KeptProperties(
      properties: [
        "PRIORITY": [FilterValue(text: "1")],
        "DUE": [FilterValue(text: "20260706T180000Z", date: Self.now.addingTimeInterval(8 * 3600))],
      ],
      components: ["VALARM"])
    var reads = 0
    let read: () -> KeptProperties = {
      reads += 1
      return kept
    }
    let status = Self.calendar(
      ComponentFilter(
        "VTODO", properties: [PropertyFilter("STATUS", textMatch: TextMatch("COMPLETED"))]))
    #expect(status.matches(Self.gotIt, kept: read))
    #expect(reads == 0)
    let urgent = Self.calendar(
      ComponentFilter("VTODO", properties: [PropertyFilter("PRIORITY", textMatch: TextMatch("1"))]))
    #expect(urgent.matches(Self.gotIt, kept: read))
    #expect(!urgent.matches(Self.toGet, kept: read))  // keeps nothing: not asked
    #expect(reads == 1)
    let noPriority = Self.calendar(
      ComponentFilter("VTODO", properties: [PropertyFilter("PRIORITY", isNotDefined: true)]))
    #expect(!noPriority.matches(Self.gotIt, kept: read))
    #expect(noPriority.matches(Self.toGet, kept: read))
    let alarmed = Self.calendar(ComponentFilter("VTODO", components: [ComponentFilter("VALARM")]))
    #expect(alarmed.matches(Self.gotIt, kept: read))
    #expect(!alarmed.matches(Self.toGet, kept: read))
  }

  @Test func timeRangesFollowTheVTODOTable() {
    func range(_ from: TimeInterval, _ to: TimeInterval) -> ComponentFilter {
      Self.calendar(
        ComponentFilter(
          "VTODO",
          timeRange: TimeRange(
            start: Self.now.addingTimeInterval(from), end: Self.now.addingTimeInterval(to))))
    }
    let due = KeptProperties(properties: [
      "DUE": [FilterValue(text: "", date: Self.now.addingTimeInterval(3600))]
    ])
    // DUE alone: start < DUE ≤ end.
    #expect(range(0, 3600).matches(Self.gotIt) { due })
    #expect(!range(3600, 7200).matches(Self.gotIt) { due })
    // COMPLETED and CREATED: the window touches either.
    #expect(range(500, 700).matches(Self.gotIt) { KeptProperties() })
    #expect(!range(700, 800).matches(Self.gotIt) { KeptProperties() })
    // CREATED alone: any window ending after it.
    #expect(range(-7200, 1).matches(Self.toGet) { KeptProperties() })
    #expect(!range(-7200, 0).matches(Self.toGet) { KeptProperties() })
    // On a property: start ≤ value < end.
    let completedToday = Self.calendar(
      ComponentFilter(
        "VTODO",
        properties: [
          PropertyFilter(
            "COMPLETED",
            timeRange: TimeRange(start: Self.now, end: Self.now.addingTimeInterval(601)))
        ]))
    #expect(completedToday.matches(Self.gotIt) { KeptProperties() })
    #expect(!completedToday.matches(Self.toGet) { KeptProperties() })
  }

  @Test func whatBasketCantJudgeCountsAsMet() {
    let recurring = KeptProperties(properties: ["RRULE": [FilterValue(text: "FREQ=WEEKLY")]])
    let lastYear = Self.calendar(
      ComponentFilter(
        "VTODO",
        timeRange: TimeRange(start: nil, end: Self.now.addingTimeInterval(-365 * 86_400))))
    #expect(lastYear.matches(Self.gotIt) { recurring })
    #expect(!lastYear.matches(Self.gotIt) { KeptProperties() })
    let parameters = Self.calendar(
      ComponentFilter("VTODO", properties: [PropertyFilter("SUMMARY", hasParameterFilters: true)]))
    #expect(parameters.matches(Self.toGet) { KeptProperties() })
    let insideAlarm = Self.calendar(
      ComponentFilter(
        "VTODO",
        components: [
          ComponentFilter("VALARM", properties: [PropertyFilter("ACTION", isNotDefined: true)])
        ]))
    #expect(
      insideAlarm.matches(Self.gotIt) { KeptProperties(components: ["VALARM"]) })
  }
}
