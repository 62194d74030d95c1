import BasketKit
internal import CICal
internal import CLibXML2

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An XML element name: its namespace and local name.
public struct DAVName: Hashable, Sendable, CustomStringConvertible {
  public var namespace: String
  public var name: String

  public init(_ namespace: String, _ name: String) {
    self.namespace = namespace
    self.name = name
  }

  public static let dav = "DAV:"
  public static let calDAV = "urn:ietf:params:xml:ns:caldav"
  public static let calendarServer = "http://calendarserver.org/ns/"
  public static let apple = "http://apple.com/ns/ical/"

  public static func d(_ name: String) -> DAVName { DAVName(dav, name) }
  public static func c(_ name: String) -> DAVName { DAVName(calDAV, name) }

  public var description: String { "{\(namespace)}\(name)" }
}

/// One element of a response: a name, attributes, and text or child elements.
public struct DAVElement: Equatable, Sendable {
  public var name: DAVName
  public var attributes: [String: String]
  public var text: String?
  public var children: [DAVElement]

  public init(
    _ name: DAVName, attributes: [String: String] = [:], text: String? = nil,
    children: [DAVElement] = []
  ) {
    self.name = name
    self.attributes = attributes
    self.text = text
    self.children = children
  }

  /// `<d:href>…</d:href>`.
  public static func href(_ path: String) -> DAVElement { DAVElement(.d("href"), text: path) }
}

/// A `<d:response>` of a multistatus: a resource and its properties grouped by status, or
/// (for what a sync removed) a status alone.
public struct DAVResponse: Equatable, Sendable {
  public var href: String
  /// (status, properties); a property's children or text is its value.
  public var propstats: [(status: Int, properties: [DAVElement])]
  public var status: Int?

  public init(
    href: String, propstats: [(status: Int, properties: [DAVElement])] = [], status: Int? = nil
  ) {
    self.href = href
    self.propstats = propstats
    self.status = status
  }

  public static func == (left: DAVResponse, right: DAVResponse) -> Bool {
    left.href == right.href && left.status == right.status
      && left.propstats.count == right.propstats.count
      && zip(left.propstats, right.propstats).allSatisfy {
        $0.status == $1.status && $0.properties == $1.properties
      }
  }
}

/// What a PROPFIND asks for.
public enum PropfindRequest: Equatable, Sendable {
  case allProperties
  case propertyNames
  case properties([DAVName])
}

/// What a REPORT asks for.
public enum ReportRequest: Equatable, Sendable {
  /// CalDAV calendar-query: the properties, and the filter (nil: every task).
  case calendarQuery(properties: [DAVName], filter: ComponentFilter?)
  /// CalDAV calendar-multiget: the properties of the resources at `hrefs`.
  case multiget(properties: [DAVName], hrefs: [String])
  /// RFC 6578 sync-collection: the changes after `token` ("" for everything).
  case syncCollection(properties: [DAVName], token: String, limit: Int?)
  /// CalDAV free-busy-query (RFC 4791 §7.10): the busy time in `range` (its start and end
  /// both given).
  case freeBusy(TimeRange)
}

/// Reads WebDAV and CalDAV request bodies and writes multistatus responses with libxml2, so
/// neither XML is written by hand here.
///
/// Reading never resolves entities or loads anything from the network; bodies are bounded by
/// the server before they get here.
public enum DAVXML {
  /// Why a body can't be read; each reads as one sentence for the client.
  public struct Unreadable: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    /// The precondition the body failed (answered 403 with it), if it names one; otherwise
    /// the body is simply bad (400).
    public var condition: DAVName?
    init(_ description: String, condition: DAVName? = nil) {
      self.description = description
      self.condition = condition
    }
  }

  /// Bodies larger than this are refused before libxml2 sees them.
  public static let maximumBytes = 64 * 1024

  /// Distinct properties one request may name. A body of 64 KiB could name thousands, and each
  /// is answered for every task, so a request past this is refused; a name given twice is
  /// answered once (real clients ask for at most about 30).
  public static let maximumProperties = 100

  // MARK: - Reading

  /// A PROPFIND body; an empty one asks for all properties (RFC 4918 §9.1).
  public static func propfind(_ body: [UInt8]) throws -> PropfindRequest {
    if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
      return .allProperties
    }
    return try withDocument(body) { root in
      guard name(of: root) == .d("propfind") else {
        throw Unreadable("a PROPFIND body is a DAV:propfind element")
      }
      for child in elements(in: root) {
        switch name(of: child) {
        case .d("allprop"): return .allProperties
        case .d("propname"): return .propertyNames
        case .d("prop"): return .properties(try properties(in: child))
        default: continue
        }
      }
      throw Unreadable("a propfind names prop, allprop or propname")
    }
  }

  /// A REPORT body: calendar-query, calendar-multiget or sync-collection.
  public static func report(_ body: [UInt8]) throws -> ReportRequest {
    try withDocument(body) { root in
      let children = elements(in: root)
      let properties =
        try children.first { name(of: $0) == .d("prop") }.map(properties(in:)) ?? []
      switch name(of: root) {
      case .c("calendar-query"):
        let filter = try children.first { name(of: $0) == .c("filter") }.flatMap { filter in
          try elements(in: filter).first { name(of: $0) == .c("comp-filter") }
            .map { try componentFilter($0, depth: 0) }
        }
        return .calendarQuery(properties: properties, filter: filter)
      case .c("calendar-multiget"):
        let hrefs = children.filter { name(of: $0) == .d("href") }.map(text(of:))
        return .multiget(properties: properties, hrefs: hrefs)
      case .d("sync-collection"):
        let token = children.first { name(of: $0) == .d("sync-token") }.map(text(of:)) ?? ""
        let limit = children.first { name(of: $0) == .d("limit") }
          .flatMap { elements(in: $0).first { name(of: $0) == .d("nresults") } }
          .flatMap { Int(trimmed(text(of: $0))) }
        return .syncCollection(
          properties: properties, token: trimmed(token),
          limit: limit)
      case .c("free-busy-query"):
        guard let node = children.first(where: { name(of: $0) == .c("time-range") }) else {
          throw Unreadable("a free-busy-query has a time-range", condition: .c("valid-filter"))
        }
        let range = try timeRange(node)
        guard let start = range.start, let end = range.end, start < end else {
          throw Unreadable(
            "a free-busy-query's time-range has a start before its end",
            condition: .c("valid-filter"))
        }
        return .freeBusy(TimeRange(start: start, end: end))
      default:
        throw Unreadable(
          "this collection answers calendar-query, calendar-multiget, sync-collection and free-busy-query reports, not \(name(of: root).name)"
        )
      }
    }
  }

  /// The property names under a `prop`, each once, in the order first named.
  private static func properties(in prop: UnsafeMutablePointer<xmlNode>) throws -> [DAVName] {
    var seen: Set<DAVName> = []
    var names: [DAVName] = []
    for element in elements(in: prop) {
      let property = name(of: element)
      guard seen.insert(property).inserted else { continue }
      guard names.count < maximumProperties else {
        throw Unreadable("a request names at most \(maximumProperties) different properties")
      }
      names.append(property)
    }
    return names
  }

  // MARK: - calendar-query filters (RFC 4791 §9.7)

  /// Comp-filters nest at most this deep (VCALENDAR, VTODO, VALARM and one spare): the
  /// server's workers have small stacks, and nothing deeper means anything.
  static let maximumFilterDepth = 4

  private static func componentFilter(_ node: UnsafeMutablePointer<xmlNode>, depth: Int) throws
    -> ComponentFilter
  {
    guard depth < maximumFilterDepth else {
      throw Unreadable(
        "comp-filters nest at most \(maximumFilterDepth) deep", condition: .c("valid-filter"))
    }
    guard let component = attribute("name", of: node), !component.isEmpty else {
      throw Unreadable("a comp-filter names its component", condition: .c("valid-filter"))
    }
    var filter = ComponentFilter(component, anyOf: try anyOf(node))
    for child in elements(in: node) {
      switch name(of: child) {
      case .c("is-not-defined"): filter.isNotDefined = true
      case .c("time-range"): filter.timeRange = try timeRange(child)
      case .c("prop-filter"): filter.properties.append(try propertyFilter(child))
      case .c("comp-filter"): filter.components.append(try componentFilter(child, depth: depth + 1))
      default: continue
      }
    }
    return filter
  }

  private static func propertyFilter(_ node: UnsafeMutablePointer<xmlNode>) throws
    -> PropertyFilter
  {
    guard let property = attribute("name", of: node), !property.isEmpty else {
      throw Unreadable("a prop-filter names its property", condition: .c("valid-filter"))
    }
    var filter = PropertyFilter(property, anyOf: try anyOf(node))
    for child in elements(in: node) {
      switch name(of: child) {
      case .c("is-not-defined"): filter.isNotDefined = true
      case .c("time-range"): filter.timeRange = try timeRange(child)
      case .c("text-match"): filter.textMatch = try textMatch(child)
      case .c("param-filter"): filter.hasParameterFilters = true
      default: continue
      }
    }
    return filter
  }

  private static func textMatch(_ node: UnsafeMutablePointer<xmlNode>) throws -> TextMatch {
    let caseless: Bool
    switch attribute("collation", of: node) ?? "i;ascii-casemap" {
    case "i;ascii-casemap", "i;unicode-casemap": caseless = true
    case "i;octet": caseless = false
    case let other:
      throw Unreadable(
        "the collation \(String(other.prefix(40))) is not supported (i;ascii-casemap and i;octet are)",
        condition: .c("supported-collation"))
    }
    let negate: Bool
    switch attribute("negate-condition", of: node) ?? "no" {
    case "yes": negate = true
    case "no": negate = false
    default:
      throw Unreadable("negate-condition is yes or no", condition: .c("valid-filter"))
    }
    return TextMatch(text(of: node), negate: negate, caseless: caseless)
  }

  /// A time-range's start and end: UTC date-times ("20261202T100000Z"), read by libical.
  private static func timeRange(_ node: UnsafeMutablePointer<xmlNode>) throws -> TimeRange {
    let start = try attribute("start", of: node).map(utcTime)
    let end = try attribute("end", of: node).map(utcTime)
    guard start != nil || end != nil else {
      throw Unreadable("a time-range has a start or an end", condition: .c("valid-filter"))
    }
    return TimeRange(start: start, end: end)
  }

  private static func utcTime(_ text: String) throws -> Date {
    let refusal = Unreadable(
      "a time-range is given in UTC date-times, such as 20261202T100000Z",
      condition: .c("valid-filter"))
    guard text.utf8.count == 16, text.hasSuffix("Z") else { throw refusal }
    let seconds = ICalendarTask.withLibical { () -> time_t? in
      let time = ical.icaltime_from_string(text)
      guard ical.icaltime_is_null_time(time) == 0, ical.icaltime_is_valid_time(time) != 0,
        time.is_date == 0
      else { return nil }
      return ical.icaltime_as_timet_with_zone(time, ical.icaltimezone_get_utc_timezone())
    }
    guard let seconds else { throw refusal }
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }

  private static func anyOf(_ node: UnsafeMutablePointer<xmlNode>) throws -> Bool {
    switch attribute("test", of: node) ?? "allof" {
    case "anyof": return true
    case "allof": return false
    default: throw Unreadable("test is anyof or allof", condition: .c("valid-filter"))
    }
  }

  private static func withDocument<T>(
    _ body: [UInt8], _ read: (UnsafeMutablePointer<xmlNode>) throws -> T
  ) throws -> T {
    guard body.count <= maximumBytes else {
      throw Unreadable("the body is larger than \(maximumBytes / 1024) KiB")
    }
    guard !body.isEmpty else { throw Unreadable("the body is empty") }
    _ = initialized
    let options = Int32(
      XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
        | XML_PARSE_NOBLANKS.rawValue | XML_PARSE_NOCDATA.rawValue)
    let document = body.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
        xml.xmlReadMemory($0, Int32(buffer.count), "request.xml", nil, options)
      }
    }
    guard let document else { throw Unreadable("the body is not well-formed XML") }
    defer { xml.xmlFreeDoc(document) }
    if let dtd = document.pointee.intSubset, dtd.pointee.children != nil {
      throw Unreadable("a body with a document type declaration is not accepted")
    }
    guard let root = xml.xmlDocGetRootElement(document) else {
      throw Unreadable("the body has no root element")
    }
    return try read(root)
  }

  /// libxml2 set up once, before any thread parses (its rule), with its error messages
  /// silenced: a refusal says what was wrong instead.
  private static let initialized: Bool = {
    xml.xmlInitParser()
    xml.xmlSetStructuredErrorFunc(nil) { _, _ in }
    return true
  }()

  private static func elements(in node: UnsafeMutablePointer<xmlNode>)
    -> [UnsafeMutablePointer<xmlNode>]
  {
    var found: [UnsafeMutablePointer<xmlNode>] = []
    var child = node.pointee.children
    while let current = child {
      if current.pointee.type == XML_ELEMENT_NODE { found.append(current) }
      child = current.pointee.next
    }
    return found
  }

  private static func name(of node: UnsafeMutablePointer<xmlNode>) -> DAVName {
    let namespace = node.pointee.ns.flatMap { $0.pointee.href }.map { string($0) } ?? ""
    return DAVName(namespace, node.pointee.name.map { string($0) } ?? "")
  }

  /// The node's text: its text and CDATA children, joined.
  private static func text(of node: UnsafeMutablePointer<xmlNode>) -> String {
    var text = ""
    var child = node.pointee.children
    while let current = child {
      if current.pointee.type == XML_TEXT_NODE || current.pointee.type == XML_CDATA_SECTION_NODE,
        let content = current.pointee.content
      {
        text += string(content)
      }
      child = current.pointee.next
    }
    return text
  }

  private static func attribute(_ wanted: String, of node: UnsafeMutablePointer<xmlNode>)
    -> String?
  {
    var property = node.pointee.properties
    while let current = property {
      if current.pointee.name.map({ string($0) }) == wanted {
        return current.pointee.children.flatMap { $0.pointee.content }.map { string($0) } ?? ""
      }
      property = current.pointee.next
    }
    return nil
  }

  private static func trimmed(_ text: String) -> String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
    return String(text.drop(while: blank).reversed().drop(while: blank).reversed())
  }

  private static func string(_ text: UnsafePointer<xmlChar>) -> String {
    String(cString: text)
  }

  // MARK: - Writing

  /// The prefixes every response declares on its root.
  private static let prefixes: [(String, String)] = [
    ("d", DAVName.dav), ("c", DAVName.calDAV), ("cs", DAVName.calendarServer),
    ("a", DAVName.apple),
  ]

  /// A `207 Multi-Status` body (RFC 4918 §13), with a sync token for sync-collection.
  public static func multistatus(_ responses: [DAVResponse], syncToken: String? = nil)
    -> [UInt8]
  {
    let writer = MultistatusWriter(limit: Int.max)
    for response in responses { _ = writer.append(response) }
    return writer.finish(syncToken: syncToken)
  }

  /// Writes a multistatus one response at a time, so a large answer never exists as a tree of
  /// elements, and stops at `limit` bytes.
  ///
  /// Not thread-safe: one writer serves one request.
  public final class MultistatusWriter {
    // NB: raw pointers, so that modules using this class need not see libxml2's headers.
    private let rawBuffer: UnsafeMutableRawPointer?
    private var rawWriter: OpaquePointer?
    private let limit: Int

    private var buffer: xmlBufferPtr? { rawBuffer?.assumingMemoryBound(to: xmlBuffer.self) }
    private var writer: xmlTextWriterPtr? { rawWriter }

    /// - Parameter limit: the most bytes the body may grow to; `append` refuses past it.
    public init(limit: Int) {
      self.limit = limit
      let buffer = xml.xmlBufferCreate()
      rawBuffer = buffer.map { UnsafeMutableRawPointer($0) }
      rawWriter = buffer.flatMap { xml.xmlNewTextWriterMemory($0, 0) }
      guard let writer = rawWriter else { return }
      _ = xml.xmlTextWriterStartDocument(writer, nil, "UTF-8", nil)
      DAVXML.startElement(.d("multistatus"), to: writer, isRoot: true)
    }

    deinit {
      if let writer { xml.xmlFreeTextWriter(writer) }
      if let buffer { xml.xmlBufferFree(buffer) }
    }

    /// The bytes written so far.
    public var byteCount: Int {
      guard let writer, let buffer else { return 0 }
      _ = xml.xmlTextWriterFlush(writer)
      return Int(xml.xmlBufferLength(buffer))
    }

    /// Writes `response`; false (and the body is no longer usable) when it took the body past
    /// the limit.
    public func append(_ response: DAVResponse) -> Bool {
      guard let writer else { return false }
      DAVXML.write(DAVXML.element(for: response), to: writer, isRoot: false)
      return byteCount <= limit
    }

    /// Closes the document and returns it.
    public func finish(syncToken: String? = nil) -> [UInt8] {
      guard let writer, let buffer else { return [] }
      if let syncToken {
        DAVXML.write(DAVElement(.d("sync-token"), text: syncToken), to: writer, isRoot: false)
      }
      _ = xml.xmlTextWriterEndElement(writer)
      _ = xml.xmlTextWriterEndDocument(writer)
      xml.xmlFreeTextWriter(writer)  // NB: flushes into the buffer
      rawWriter = nil
      guard let content = xml.xmlBufferContent(buffer) else { return [] }
      return Array(UnsafeBufferPointer(start: content, count: Int(xml.xmlBufferLength(buffer))))
    }
  }

  /// An error body naming the precondition a request failed (RFC 4918 §16), such as
  /// `c:supported-calendar-component` or `d:valid-sync-token`.
  public static func error(_ condition: DAVName, message: String? = nil) -> [UInt8] {
    var children = [DAVElement(condition)]
    if let message {
      children.append(DAVElement(DAVName(DAVName.apple, "message"), text: message))
    }
    return document(DAVElement(.d("error"), children: children))
  }

  fileprivate static func element(for response: DAVResponse) -> DAVElement {
    var children = [DAVElement.href(response.href)]
    for (status, properties) in response.propstats {
      children.append(
        DAVElement(
          .d("propstat"),
          children: [
            DAVElement(.d("prop"), children: properties),
            DAVElement(.d("status"), text: statusLine(status)),
          ]))
    }
    if let status = response.status {
      children.append(DAVElement(.d("status"), text: statusLine(status)))
    }
    return DAVElement(.d("response"), children: children)
  }

  public static func statusLine(_ status: Int) -> String {
    let reasons = [
      200: "OK", 201: "Created", 204: "No Content", 403: "Forbidden", 404: "Not Found",
      409: "Conflict", 412: "Precondition Failed", 507: "Insufficient Storage",
    ]
    return "HTTP/1.1 \(status) \(reasons[status] ?? "Status")"
  }

  private static func document(_ root: DAVElement) -> [UInt8] {
    guard let buffer = xml.xmlBufferCreate() else { return [] }
    defer { xml.xmlBufferFree(buffer) }
    guard let writer = xml.xmlNewTextWriterMemory(buffer, 0) else { return [] }
    _ = xml.xmlTextWriterStartDocument(writer, nil, "UTF-8", nil)
    write(root, to: writer, isRoot: true)
    _ = xml.xmlTextWriterEndDocument(writer)
    xml.xmlFreeTextWriter(writer)  // NB: flushes into the buffer
    guard let content = xml.xmlBufferContent(buffer) else { return [] }
    return Array(UnsafeBufferPointer(start: content, count: Int(xml.xmlBufferLength(buffer))))
  }

  fileprivate static func write(
    _ element: DAVElement, to writer: xmlTextWriterPtr, isRoot: Bool
  ) {
    startElement(element.name, to: writer, isRoot: isRoot)
    for (key, value) in element.attributes.sorted(by: { $0.key < $1.key }) {
      with(key) { name in
        with(value) { text in _ = xml.xmlTextWriterWriteAttribute(writer, name, text) }
      }
    }
    if let text = element.text {
      with(xmlText(text)) { content in _ = xml.xmlTextWriterWriteString(writer, content) }
    }
    for child in element.children { write(child, to: writer, isRoot: false) }
    _ = xml.xmlTextWriterEndElement(writer)
  }

  /// Opens `name`'s element, declaring every prefix on the root.
  fileprivate static func startElement(
    _ elementName: DAVName, to writer: xmlTextWriterPtr, isRoot: Bool
  ) {
    let known = prefixes.first { $0.1 == elementName.namespace }?.0
    with(elementName.name) { name in
      if let known {
        with(known) { prefix in _ = xml.xmlTextWriterStartElementNS(writer, prefix, name, nil) }
      } else if elementName.namespace.isEmpty {
        _ = xml.xmlTextWriterStartElement(writer, name)
      } else {
        with(elementName.namespace) { uri in
          _ = xml.xmlTextWriterStartElementNS(writer, nil, name, uri)
        }
      }
    }
    if isRoot {
      for (prefix, uri) in prefixes {
        with("xmlns:" + prefix) { name in
          with(uri) { value in _ = xml.xmlTextWriterWriteAttribute(writer, name, value) }
        }
      }
    }
  }

  /// `text` without the characters XML 1.0 can't hold (C0 controls other than tab, line feed
  /// and carriage return; U+FFFE and U+FFFF), which a client may have put in a task.
  static func xmlText(_ text: String) -> String {
    let allowed: (Unicode.Scalar) -> Bool = { scalar in
      switch scalar.value {
      case 0x09, 0x0A, 0x0D: true
      case 0..<0x20, 0xFFFE, 0xFFFF: false
      default: true
      }
    }
    guard !text.unicodeScalars.allSatisfy(allowed) else { return text }
    var kept = String.UnicodeScalarView()
    kept.append(contentsOf: text.unicodeScalars.filter(allowed))
    return String(kept)
  }

  private static func with(_ text: String, _ body: (UnsafePointer<xmlChar>) -> Void) {
    text.withCString { pointer in
      pointer.withMemoryRebound(to: xmlChar.self, capacity: text.utf8.count + 1) { body($0) }
    }
  }
}
