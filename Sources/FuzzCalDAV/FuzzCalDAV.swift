// Fuzz target for what CalDAV clients send: iCalendar task bodies (libical, behind
// ICalendarTask) and WebDAV request bodies (libxml2, behind DAVXML), and the multistatus
// writer over text a client controls.
//
// Built with `-sanitize=fuzzer -DFUZZING` by `scripts/fuzz`, libFuzzer calls `fuzzOne` with
// mutated inputs. Built normally, `main` replays the seed corpus (or the files given) through
// the same checks. An input's first byte picks the reader (0: iCalendar, 1: PROPFIND,
// 2: REPORT, 3: the writer); the rest is the body. A REPORT's calendar-query filter is also
// applied to a few tasks, and a task's kept properties are read and merged as a filter and
// the duplicate-aware add do.

import BasketCalDAV
import BasketKit
import SeedReplay

/// Checks what the readers promise: nothing traps; a refusal is the reader's own error with
/// a reason; a task read and written reads back with the same fields, and writing it again
/// changes nothing; what the writer writes is well-formed XML whatever the text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let body = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  switch data[0] % 4 {
  case 0: checkTask(body)
  case 1:
    do {
      if case .properties(let names) = try DAVXML.propfind(body) { checkProperties(names) }
    } catch { requireReason(error, DAVXML.Unreadable.self) }
  case 2:
    do {
      let report = try DAVXML.report(body)
      switch report {
      case .calendarQuery(let names, let filter):
        checkProperties(names)
        if let filter { checkFilter(filter) }
      case .multiget(let names, _), .syncCollection(let names, _, _): checkProperties(names)
      case .freeBusy: break
      }
    } catch { requireReason(error, DAVXML.Unreadable.self) }
  default: checkWriter(String(decoding: body, as: UTF8.self))
  }
  return 0
}

private func checkTask(_ body: [UInt8]) {
  let first: ReminderTask
  do {
    first = try ICalendarTask.read(body)
  } catch {
    requireReason(error, ICalendarTask.Unreadable.self)
    return
  }
  require(!first.uid.isEmpty, "a task without a UID")
  let written = ICalendarTask.write(first)
  let second: ReminderTask
  do {
    second = try ICalendarTask.read(written)
  } catch {
    require(false, "what was written doesn't read back: \(error)\n\(written)")
    return
  }
  require(second.uid == first.uid, "the UID changed: \(first.uid) → \(second.uid)")
  require(second.summary == first.summary, "the summary changed")
  require((second.completed == nil) == (first.completed == nil), "done became not done")
  let again = try? ICalendarTask.read(ICalendarTask.write(second))
  require(again == second, "writing a task twice is not stable")
  _ = ICalendarTask.keptProperties(first.kept)
  let merged = ICalendarTask.mergeKept(sample.kept, first.kept)
  _ = ICalendarTask.keptProperties(merged)
}

/// A task as a client might keep it: an alarm, a due date in a named time zone, notes.
private let sample: ReminderTask = {
  let body =
    [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Fuzz//EN", "BEGIN:VTIMEZONE",
      "TZID:Europe/Berlin", "BEGIN:STANDARD", "DTSTART:19701025T030000", "TZOFFSETFROM:+0200",
      "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE", "BEGIN:VTODO", "UID:sample",
      "SUMMARY:Milk (2 L)", "STATUS:COMPLETED", "COMPLETED:20261202T100000Z",
      "CREATED:20261201T100000Z", "PRIORITY:1", "DESCRIPTION:the blue one",
      "DUE;TZID=Europe/Berlin:20261203T180000", "CATEGORIES:dairy", "BEGIN:VALARM",
      "ACTION:DISPLAY", "TRIGGER:-PT15M", "DESCRIPTION:Milk", "END:VALARM", "END:VTODO",
      "END:VCALENDAR",
    ].joined(separator: "\r\n") + "\r\n"
  return (try? ICalendarTask.read(body)) ?? ReminderTask(uid: "sample", summary: "Milk")
}()

/// Applies `filter` to a task with kept properties and to a bare one: nothing may trap.
private func checkFilter(_ filter: ComponentFilter) {
  require(!sample.kept.isEmpty, "the sample task keeps nothing")
  _ = filter.matches(sample) { ICalendarTask.keptProperties(sample.kept) }
  _ = filter.matches(ReminderTask(uid: "bare", summary: "Bread")) { KeptProperties() }
}

/// The properties a request names: each once, and never more than the bound.
private func checkProperties(_ names: [DAVName]) {
  require(names.count <= DAVXML.maximumProperties, "\(names.count) properties named")
  require(Set(names).count == names.count, "a property named twice is kept twice")
}

private func checkWriter(_ text: String) {
  // The bounded writer stops at its limit and still says so, whatever the text.
  let bounded = DAVXML.MultistatusWriter(limit: 256)
  var within = true
  for _ in 0..<4 where within {
    within = bounded.append(DAVResponse(href: text, status: 404))
  }
  require(within == (bounded.byteCount <= 256), "the writer's limit and its count disagree")
  let body = DAVXML.multistatus(
    [
      DAVResponse(
        href: text,
        propstats: [
          (200, [DAVElement(.d("displayname"), text: text)]), (404, [DAVElement(.c("x"))]),
        ]
      )
    ], syncToken: text)
  do {
    _ = try DAVXML.report(body)
    require(false, "a multistatus read as a report")
  } catch let error as DAVXML.Unreadable {
    require(
      error.description.contains("not multistatus") || error.description.contains("multistatus"),
      "what the writer wrote is not XML: \(error)")
  } catch {
    require(false, "an unexpected error: \(error)")
  }
}

private func requireReason<E: Error & CustomStringConvertible>(_ error: any Error, _: E.Type) {
  guard let error = error as? E else {
    require(false, "a refusal of another kind: \(error)")
    return
  }
  require(!error.description.isEmpty, "a refusal without a reason")
}

#if !FUZZING
  /// Replays the seed corpus, or the files and folders given, through `fuzzOne`.
  @main
  enum Replay {
    static func main() throws { try SeedReplay.run("CalDAV", fuzzOne) }
  }
#endif
