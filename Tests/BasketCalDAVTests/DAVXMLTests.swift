import BasketCalDAV
import BasketKit
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

@Suite struct DAVXMLTests {
  @Test func propfindBodiesSayWhatTheyWant() throws {
    #expect(try DAVXML.propfind([]) == .allProperties)
    #expect(try DAVXML.propfind(bytes("\r\n")) == .allProperties)
    #expect(
      try DAVXML.propfind(bytes(#"<D:propfind xmlns:D="DAV:"><D:allprop/></D:propfind>"#))
        == .allProperties)
    #expect(
      try DAVXML.propfind(bytes(#"<propfind xmlns="DAV:"><propname/></propfind>"#))
        == .propertyNames)
    let apple = """
      <?xml version="1.0" encoding="UTF-8"?>
      <A:propfind xmlns:A="DAV:" xmlns:B="urn:ietf:params:xml:ns:caldav"
        xmlns:C="http://apple.com/ns/ical/" xmlns:X="urn:example">
        <A:prop>
          <A:current-user-principal/>
          <B:calendar-home-set/>
          <C:calendar-color/>
          <X:unknown/>
        </A:prop>
      </A:propfind>
      """
    #expect(
      try DAVXML.propfind(bytes(apple))
        == .properties([
          .d("current-user-principal"), .c("calendar-home-set"),
          DAVName(DAVName.apple, "calendar-color"), DAVName("urn:example", "unknown"),
        ]))
  }

  @Test func reportsAreRead() throws {
    let query = """
      <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
        <d:prop><d:getetag/><c:calendar-data/></d:prop>
        <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"/></c:comp-filter>
        </c:filter>
      </c:calendar-query>
      """
    #expect(
      try DAVXML.report(bytes(query))
        == .calendarQuery(
          properties: [.d("getetag"), .c("calendar-data")],
          filter: ComponentFilter("VCALENDAR", components: [ComponentFilter("VTODO")])))
    let unfiltered = """
      <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
        <d:prop><d:getetag/></d:prop></c:calendar-query>
      """
    #expect(
      try DAVXML.report(bytes(unfiltered))
        == .calendarQuery(properties: [.d("getetag")], filter: nil))
    let multiget = """
      <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
        <d:prop><d:getetag/></d:prop><d:href>/dav/basket/a.ics</d:href>
        <d:href>/dav/basket/b.ics</d:href>
      </c:calendar-multiget>
      """
    #expect(
      try DAVXML.report(bytes(multiget))
        == .multiget(
          properties: [.d("getetag")], hrefs: ["/dav/basket/a.ics", "/dav/basket/b.ics"]))
    let sync = """
      <d:sync-collection xmlns:d="DAV:"><d:sync-token>
        urn:basket-sync:12 </d:sync-token><d:sync-level>1</d:sync-level>
        <d:limit><d:nresults>50</d:nresults></d:limit><d:prop><d:getetag/></d:prop>
      </d:sync-collection>
      """
    #expect(
      try DAVXML.report(bytes(sync))
        == .syncCollection(properties: [.d("getetag")], token: "urn:basket-sync:12", limit: 50))
  }

  @Test func calendarQueryFiltersAreReadWhole() throws {
    // What Apple's Reminders and the caldav library send for "tasks still to do", and a
    // time range, a negated case-sensitive match, anyof and a param-filter.
    let query = """
      <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
        <D:prop><D:getetag/></D:prop>
        <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="vtodo" test="anyof">
          <C:time-range start="20261201T000000Z" end="20261202T000000Z"/>
          <C:prop-filter name="COMPLETED"><C:is-not-defined/></C:prop-filter>
          <C:prop-filter name="STATUS">
            <C:text-match collation="i;octet" negate-condition="yes">COMPLETED</C:text-match>
          </C:prop-filter>
          <C:prop-filter name="CATEGORIES"><C:param-filter name="X"/></C:prop-filter>
          <C:comp-filter name="VALARM"><C:is-not-defined/></C:comp-filter>
        </C:comp-filter></C:comp-filter></C:filter>
      </C:calendar-query>
      """
    let expected = ComponentFilter(
      "VCALENDAR",
      components: [
        ComponentFilter(
          "VTODO",
          timeRange: TimeRange(
            start: Date(timeIntervalSince1970: 1_796_083_200),
            end: Date(timeIntervalSince1970: 1_796_169_600)),
          properties: [
            PropertyFilter("COMPLETED", isNotDefined: true),
            PropertyFilter(
              "STATUS", textMatch: TextMatch("COMPLETED", negate: true, caseless: false)),
            PropertyFilter("CATEGORIES", hasParameterFilters: true),
          ],
          components: [ComponentFilter("VALARM", isNotDefined: true)], anyOf: true)
      ])
    #expect(
      try DAVXML.report(bytes(query))
        == .calendarQuery(properties: [.d("getetag")], filter: expected))
  }

  @Test(
    arguments: [
      (#"<C:comp-filter/>"#, "valid-filter"),
      (#"<C:comp-filter name="VCALENDAR"><C:prop-filter/></C:comp-filter>"#, "valid-filter"),
      (
        #"<C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"><C:time-range start="yesterday"/></C:comp-filter></C:comp-filter>"#,
        "valid-filter"
      ),
      (
        #"<C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"><C:time-range start="20261201T000000"/></C:comp-filter></C:comp-filter>"#,
        "valid-filter"
      ),
      (#"<C:comp-filter name="VCALENDAR"><C:time-range/></C:comp-filter>"#, "valid-filter"),
      (
        #"<C:comp-filter name="VCALENDAR"><C:prop-filter name="X"><C:text-match collation="i;klingon">a</C:text-match></C:prop-filter></C:comp-filter>"#,
        "supported-collation"
      ),
      (
        #"<C:comp-filter name="VCALENDAR" test="someof"/>"#, "valid-filter"
      ),
      (
        String(repeating: #"<C:comp-filter name="V">"#, count: 5)
          + String(repeating: "</C:comp-filter>", count: 5), "valid-filter"
      ),
    ])
  func badFiltersAreRefusedNamingTheirPrecondition(filter: String, condition: String) {
    let body = """
      <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
      <D:prop><D:getetag/></D:prop><C:filter>\(filter)</C:filter></C:calendar-query>
      """
    #expect {
      try DAVXML.report(bytes(body))
    } throws: { ($0 as? DAVXML.Unreadable)?.condition?.name == condition }
  }

  @Test(
    arguments: [
      ("<propfind xmlns=\"DAV:\"><prop>", "well-formed"),
      ("<x:propfind xmlns:x=\"urn:other\"/>", "DAV:propfind"),
      (
        "<!DOCTYPE d [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><propfind xmlns=\"DAV:\"><prop>&e;</prop></propfind>",
        "document type"
      ),
      ("<propfind xmlns=\"DAV:\"/>", "prop, allprop or propname"),
    ])
  func badPropfindsAreRefusedWithAReason(body: String, reason: String) {
    #expect {
      try DAVXML.propfind(bytes(body))
    } throws: { ($0 as? DAVXML.Unreadable)?.description.contains(reason) == true }
  }

  @Test func unknownReportsAndHugeBodiesAreRefused() {
    #expect(throws: DAVXML.Unreadable.self) {
      try DAVXML.report(bytes(#"<d:expand-property xmlns:d="DAV:"/>"#))
    }
    #expect(throws: DAVXML.Unreadable.self) {
      try DAVXML.report(Array(repeating: 0x20, count: DAVXML.maximumBytes + 1))
    }
  }

  @Test func multistatusDeclaresItsNamespacesOnceAndEscapesText() throws {
    let body = DAVXML.multistatus(
      [
        DAVResponse(
          href: "/dav/basket/a.ics",
          propstats: [
            (
              200,
              [
                DAVElement(.d("getetag"), text: "\"abc\""),
                DAVElement(.c("calendar-data"), text: "SUMMARY:Salt & <pepper>"),
              ]
            ),
            (404, [DAVElement(DAVName("urn:example", "unknown"))]),
          ]),
        DAVResponse(href: "/dav/basket/gone.ics", status: 404),
      ], syncToken: "urn:basket-sync:7")
    let text = String(decoding: body, as: UTF8.self)
    #expect(
      text.contains(#"<d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav""#))
    #expect(text.components(separatedBy: "xmlns:d=").count == 2)
    #expect(text.contains("<d:href>/dav/basket/a.ics</d:href>"))
    #expect(text.contains("SUMMARY:Salt &amp; &lt;pepper&gt;"))
    #expect(text.contains(#"<unknown xmlns="urn:example"/>"#))
    #expect(text.contains("<d:status>HTTP/1.1 404 Not Found</d:status>"))
    #expect(text.contains("<d:sync-token>urn:basket-sync:7</d:sync-token>"))
    // What it writes is well-formed XML: read back, it is refused only for not being a report.
    #expect {
      try DAVXML.report(body)
    } throws: { ($0 as? DAVXML.Unreadable)?.description.contains("not multistatus") == true }
  }

  @Test func aPropertyNamedTwiceIsAskedForOnceAndTooManyAreRefused() throws {
    let twice =
      #"<d:propfind xmlns:d="DAV:"><d:prop><d:getetag/><d:getetag/><d:displayname/>"#
      + "<d:getetag/></d:prop></d:propfind>"
    #expect(try DAVXML.propfind(bytes(twice)) == .properties([.d("getetag"), .d("displayname")]))
    let many = (0...DAVXML.maximumProperties).map { "<d:p\($0)/>" }.joined()
    #expect {
      try DAVXML.report(
        bytes(
          #"<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">"#
            + "<d:prop>\(many)</d:prop></c:calendar-query>"))
    } throws: { ($0 as? DAVXML.Unreadable)?.description.contains("at most") == true }
  }

  @Test func theBoundedWriterStopsAtItsLimitAndWritesWholeDocumentsWithin() throws {
    let writer = DAVXML.MultistatusWriter(limit: 1000)
    #expect(writer.append(DAVResponse(href: "/dav/basket/a.ics", status: 404)))
    let whole = DAVXML.MultistatusWriter(limit: 1000)
    _ = whole.append(DAVResponse(href: "/dav/basket/a.ics", status: 404))
    let text = String(decoding: whole.finish(syncToken: "urn:t"), as: UTF8.self)
    #expect(text.hasSuffix("<d:sync-token>urn:t</d:sync-token></d:multistatus>\n"), "\(text)")
    var appended = 1
    while writer.append(DAVResponse(href: "/dav/basket/a.ics", status: 404)) { appended += 1 }
    #expect(appended > 3 && appended < 20)
    #expect(writer.byteCount > 1000)
  }
}
