import BasketKit
internal import CICal

/// Writes one planned meal as iCalendar (RFC 5545) with libical: a VCALENDAR holding one
/// all-day VEVENT (DTSTART and DTEND as DATE values, the day and the next), transparent so
/// it never reads as busy time. The plan's calendar is read-only: nothing is read back.
public enum ICalendarEvent {
  /// The event as an iCalendar body (CRLF line ends, lines folded at 75 octets).
  public static func write(_ event: PlanEvent) -> String {
    ICalendarTask.calendarText(product: "Basket meal plan") {
      let vevent = ical.icalcomponent_new_vevent()!
      let stamp = ICalendarTask.utc(event.stamp)
      ical.icalcomponent_add_property(vevent, ical.icalproperty_new_uid(event.uid))
      ical.icalcomponent_add_property(vevent, ical.icalproperty_new_dtstamp(stamp))
      ical.icalcomponent_add_property(vevent, ical.icalproperty_new_created(stamp))
      ical.icalcomponent_add_property(vevent, ical.icalproperty_new_lastmodified(stamp))
      ical.icalcomponent_add_property(vevent, ical.icalproperty_new_dtstart(day(event.date)))
      ical.icalcomponent_add_property(
        vevent, ical.icalproperty_new_dtend(day(event.date.adding(days: 1))))
      // NB: libical refuses an empty SUMMARY when it reads one; a recipe always has a title.
      if !event.summary.isEmpty {
        ical.icalcomponent_add_property(vevent, ical.icalproperty_new_summary(event.summary))
      }
      ical.icalcomponent_add_property(
        vevent, ical.icalproperty_new_description(event.description))
      ical.icalcomponent_add_property(vevent, ical.icalproperty_new_transp(ICAL_TRANSP_TRANSPARENT))
      return vevent
    }
  }

  /// `date` as an iCalendar DATE value.
  private static func day(_ date: PlanDate) -> icaltimetype {
    ical.icaltime_from_string(date.compact)
  }
}
