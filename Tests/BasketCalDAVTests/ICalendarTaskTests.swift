import BasketCalDAV
import BasketKit
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// iCalendar text with CRLF line ends, as clients send it.
private func ics(_ lines: [String]) -> String {
  lines.joined(separator: "\r\n") + "\r\n"
}

private func calendar(_ todo: [String], zones: [String] = []) -> String {
  ics(
    ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Apple Inc.//iOS 18//EN"] + zones
      + ["BEGIN:VTODO"] + todo + ["END:VTODO", "END:VCALENDAR"])
}

private let berlin = [
  "BEGIN:VTIMEZONE", "TZID:Europe/Berlin",
  "BEGIN:STANDARD", "DTSTART:19701025T030000", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "TZNAME:CET", "END:STANDARD",
  "BEGIN:DAYLIGHT", "DTSTART:19700329T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "TZNAME:CEST", "END:DAYLIGHT",
  "END:VTIMEZONE",
]

/// 2026-12-02 10:00:00 UTC.
private let tenUTC = Date(timeIntervalSince1970: 1_796_205_600)

@Suite struct ICalendarTaskTests {
  @Test func readsWhatBasketUsesAndKeepsEverythingElse() throws {
    let task = try ICalendarTask.read(
      calendar(
        [
          "UID:7F3C@icloud.com", "DTSTAMP:20261202T100000Z", "SUMMARY:Oat milk (2 L)",
          "STATUS:NEEDS-ACTION", "PRIORITY:1", "DESCRIPTION:the barista one",
          "DUE;TZID=Europe/Berlin:20261203T180000", "X-APPLE-SORT-ORDER:42",
          "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER:-PT15M",
          "END:VALARM",
        ], zones: berlin))
    #expect(task.uid == "7F3C@icloud.com")
    #expect(task.summary == "Oat milk (2 L)")
    #expect(task.completed == nil)
    #expect(task.note == "the barista one")
    for kept in [
      "PRIORITY:1", "DUE;TZID=Europe/Berlin:20261203T180000", "X-APPLE-SORT-ORDER:42",
      "BEGIN:VALARM", "DESCRIPTION:Reminder", "TRIGGER:-PT15M", "TZID:Europe/Berlin",
    ] {
      #expect(task.kept.contains(kept), "kept \(kept)")
    }
    for own in ["UID:", "SUMMARY:", "STATUS:", "DTSTAMP:", "DESCRIPTION:the barista"] {
      #expect(!task.kept.contains(own), "did not keep \(own)")
    }
  }

  @Test func theNoteIsTheDescriptionBothWaysAndAKeptOneFromBeforeNotesIsGivenBack() throws {
    let read = try ICalendarTask.read(
      calendar([
        "UID:a", "SUMMARY:Yoghurt", "DESCRIPTION:the big tub\\nfor Sam\\, lunch",
        "DESCRIPTION:a second one", "PRIORITY:5",
      ]))
    #expect(read.note == "the big tub\nfor Sam, lunch\na second one", "both kept, joined")
    #expect(!read.kept.contains("DESCRIPTION"))
    #expect(read.kept.contains("PRIORITY:5"))
    var task = read
    task.note = "the big tub; for Sam's lunch"
    let written = ICalendarTask.write(task)
    #expect(written.contains("DESCRIPTION:the big tub\\; for Sam's lunch"), "\(written)")
    #expect(try ICalendarTask.read(written) == task)
    // A task without a note writes no DESCRIPTION of its own…
    let plain = ICalendarTask.write(ReminderTask(uid: "b", summary: "Bread"))
    #expect(!plain.contains("DESCRIPTION"))
    // …and one kept whole before notes existed is given back as it came, until the client
    // sends it again.
    let legacy = ReminderTask(
      uid: "c", summary: "Jam",
      kept:
        "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nDESCRIPTION:the apricot one\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
    )
    let given = ICalendarTask.write(legacy)
    #expect(given.contains("DESCRIPTION:the apricot one"))
    var noted = legacy
    noted.note = "the cherry one"
    let replaced = ICalendarTask.write(noted)
    #expect(replaced.contains("DESCRIPTION:the cherry one") && !replaced.contains("apricot"))
  }

  @Test func writingGivesBackTheKeptPropertiesAndReadsAsTheSameTask() throws {
    let read = try ICalendarTask.read(
      calendar(
        ["UID:a", "SUMMARY:Bread", "PRIORITY:5", "X-TASKS-ORG-ORDER:3", "CATEGORIES:bakery"]))
    var task = read
    task.completed = tenUTC
    task.lastModified = tenUTC
    let written = ICalendarTask.write(task)
    for line in [
      "PRIORITY:5", "X-TASKS-ORG-ORDER:3", "CATEGORIES:bakery", "STATUS:COMPLETED",
      "COMPLETED:20261202T100000Z", "UID:a", "SUMMARY:Bread", "BEGIN:VTODO", "VERSION:2.0",
    ] {
      #expect(written.contains(line), "wrote \(line)")
    }
    #expect(written.contains("\r\n"))
    let again = try ICalendarTask.read(written)
    #expect(again == task)
    #expect(ICalendarTask.write(again) == written)
  }

  @Test func aNewTaskIsWrittenAsNeedsActionWithItsTimes() throws {
    let task = ReminderTask(
      uid: "9C1F", summary: "Eggs (12)", completed: nil, created: tenUTC, lastModified: tenUTC)
    let written = ICalendarTask.write(task)
    #expect(written.contains("STATUS:NEEDS-ACTION"))
    #expect(written.contains("DTSTAMP:20261202T100000Z"))
    #expect(written.contains("CREATED:20261202T100000Z"))
    #expect(try ICalendarTask.read(written) == task)
  }

  @Test func completedIsReadInTheTimeZoneItNames() throws {
    let task = try ICalendarTask.read(
      calendar(
        [
          "UID:a", "SUMMARY:Milk", "STATUS:COMPLETED",
          "COMPLETED;TZID=Europe/Berlin:20261202T110000",
        ],
        zones: berlin))
    #expect(task.completed == tenUTC)
    let utc = try ICalendarTask.read(
      calendar(["UID:a", "SUMMARY:Milk", "COMPLETED:20261202T100000Z"]))
    #expect(utc.completed == tenUTC)
  }

  @Test func statusDecidesWhetherItIsDone() throws {
    let reopened = try ICalendarTask.read(
      calendar(["UID:a", "SUMMARY:Milk", "STATUS:NEEDS-ACTION", "COMPLETED:20261202T100000Z"]))
    #expect(reopened.completed == nil)
    let doneWithoutTime = try ICalendarTask.read(
      calendar(["UID:a", "SUMMARY:Milk", "STATUS:COMPLETED"]))
    #expect(doneWithoutTime.completed != nil)
  }

  @Test func foldedLinesAndEscapesAreUndoneEvenInsideACharacter() throws {
    // "Crème fraîche" with the fold between the two bytes of "è" (RFC 5545 §3.1 folds octets).
    let summary =
      Array("SUMMARY:Cr".utf8) + [0xC3, 0x0D, 0x0A, 0x20, 0xA8] + Array("me fra".utf8)
      + Array("\r\n\tîche\\, thick\\; 30 %".utf8)
    let body =
      Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:a\r\n".utf8) + summary
      + Array("\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
    let task = try ICalendarTask.read(body)
    #expect(task.summary == "Crème fraîche, thick; 30 %")
    let written = ICalendarTask.write(task)
    #expect(written.contains("SUMMARY:Crème fraîche\\, thick\\; 30 %"))
    #expect(try ICalendarTask.read(written).summary == task.summary)
  }

  @Test func longSummariesAreFoldedAndComeBackWhole() throws {
    let long = String(repeating: "Pâté de campagne ", count: 12).trimmingSuffixSpace()
    let written = ICalendarTask.write(ReminderTask(uid: "a", summary: long))
    let lines = written.components(separatedBy: "\r\n")
    #expect(lines.allSatisfy { $0.utf8.count <= 75 })
    #expect(try ICalendarTask.read(written).summary == long)
  }

  @Test(
    arguments: [
      ("not a calendar at all", "not iCalendar"),
      (ics(["BEGIN:VTODO", "UID:a", "SUMMARY:x", "END:VTODO"]), "VCALENDAR"),
      (
        ics([
          "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:a", "SUMMARY:Party",
          "DTSTART:20261202T100000Z", "END:VEVENT", "END:VCALENDAR",
        ]), "not events"
      ),
      (calendar(["SUMMARY:no uid"]), "no UID"),
      (
        ics([
          "BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:a", "END:VTODO", "BEGIN:VTODO", "UID:b",
          "END:VTODO", "END:VCALENDAR",
        ]), "one VTODO"
      ),
      (calendar(["UID:a", "SUMMARY:x", "COMPLETED:yesterday"]), "can't be read"),
      (calendar(["UID:a", "SUMMARY:" + String(repeating: "x", count: 300_000)]), "larger"),
    ])
  func badBodiesAreRefusedWithAReason(body: String, reason: String) {
    #expect {
      try ICalendarTask.read(body)
    } throws: { error in
      (error as? ICalendarTask.Unreadable)?.description.contains(reason) == true
    }
  }

  // MARK: - Kept properties: merging and filtering

  private func kept(_ todo: [String], zones: [String] = []) throws -> String {
    try ICalendarTask.read(calendar(["UID:x"] + todo, zones: zones)).kept
  }

  @Test func aMergeAddsWhatTheItemLacksAndNeverReplacesWhatItKeeps() throws {
    let own = try kept(["PRIORITY:5", "X-APPLE-SORT-ORDER:3"])
    let joining = try kept(
      [
        "PRIORITY:1", "LOCATION:the blue shop", "X-APPLE-SORT-ORDER:9", "X-OTHER:yes",
        "DUE;TZID=Europe/Berlin:20261203T180000",
        "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "DESCRIPTION:Milk", "END:VALARM",
      ], zones: berlin)
    let merged = ICalendarTask.mergeKept(own, joining)
    let task = try ICalendarTask.read(
      ICalendarTask.write(ReminderTask(uid: "x", summary: "Milk", kept: merged)))
    let properties = ICalendarTask.keptProperties(task.kept)
    #expect(properties.properties["PRIORITY"]?.map(\.text) == ["5"])
    #expect(properties.properties["X-APPLE-SORT-ORDER"]?.map(\.text) == ["3"])
    #expect(properties.properties["LOCATION"]?.map(\.text) == ["the blue shop"])
    #expect(properties.properties["X-OTHER"]?.map(\.text) == ["yes"])
    // 18:00 in Berlin in December is 17:00 UTC: the time zone came along.
    #expect(
      properties.properties["DUE"]?.first?.date == tenUTC.addingTimeInterval(86_400 + 7 * 3600))
    #expect(properties.components == ["VALARM", "VTIMEZONE"])
    #expect(ICalendarTask.mergeKept("", joining) == joining)
    #expect(ICalendarTask.mergeKept(own, "") == own)
    #expect(ICalendarTask.mergeKept(merged, joining) == merged)
  }

  @Test func keptPropertiesGiveTextInstantsAndLengths() throws {
    let properties = ICalendarTask.keptProperties(
      try kept([
        "PRIORITY:1", "DUE;VALUE=DATE:20261203", "DTSTART:20261202T100000Z", "DURATION:PT1H30M",
      ]))
    #expect(properties.properties["PRIORITY"] == [FilterValue(text: "1")])
    #expect(properties.properties["DUE"]?.first?.date == tenUTC.addingTimeInterval(14 * 3600))
    #expect(properties.properties["DTSTART"]?.first?.date == tenUTC)
    #expect(properties.properties["DURATION"]?.first?.seconds == 5400)
    #expect(properties.components.isEmpty)
    #expect(ICalendarTask.keptProperties("") == KeptProperties())
    #expect(ICalendarTask.keptProperties("not a calendar") == KeptProperties())
  }
}

extension String {
  fileprivate func trimmingSuffixSpace() -> String {
    var text = self
    while text.hasSuffix(" ") { text.removeLast() }
    return text
  }
}
