#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One list item as a CalDAV client sees it: a VTODO, read and written by the iCalendar
/// adapter (libical), which hands the core only these fields.
///
/// To get is NEEDS-ACTION; Got it is COMPLETED with the time it was checked. The SUMMARY holds
/// the name and the quantity in the add bar's inline form (`TaskSummary`); the DESCRIPTION the
/// item's note. Everything else a client wrote (priority, due date, alarms…) is `kept`:
/// iCalendar property lines the core never reads, stored with the item and given back as they
/// came.
public struct ReminderTask: Equatable, Sendable {
  /// The client's UID (for items made in Basket, the item's id).
  public var uid: String
  public var summary: String
  /// When it was completed; nil: it still needs doing.
  public var completed: Date?
  public var created: Date?
  public var lastModified: Date?
  /// The DESCRIPTION, as sent (the item's `note`, once `ItemNote` has cleaned it); nil for
  /// none.
  public var note: String?
  /// The VTODO's other properties, as iCalendar content lines (folded as the adapter wrote
  /// them), in their order.
  public var kept: String

  public init(
    uid: String, summary: String, completed: Date? = nil, created: Date? = nil,
    lastModified: Date? = nil, note: String? = nil, kept: String = ""
  ) {
    self.uid = uid
    self.summary = summary
    self.completed = completed
    self.created = created
    self.lastModified = lastModified
    self.note = note
    self.kept = kept
  }
}

/// The SUMMARY of an item's task: its name, and its quantity in brackets as the row's chip
/// shows it ("Milk (2 L)", "Eggs (12)"). Read back, a bracketed quantity at the end is the
/// quantity; otherwise the text is read as the add bar reads it ("2 l milk", "milk 2l").
public enum TaskSummary {
  /// "Milk (2 L)"; just the name without a quantity.
  public static func text(name: String, quantity: Quantity?) -> String {
    guard let quantity else { return name }
    return "\(name) (\(quantity.chipText))"
  }

  /// The name and quantity a SUMMARY stands for.
  public static func read(_ summary: String) -> AddTextParser.Parsed {
    let text = summary.trimmingCharacters()
    if text.hasSuffix(")"), let open = text.lastIndex(of: "(") {
      let name = String(text[..<open]).trimmingCharacters()
      let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
      if !name.isEmpty, let quantity = AddTextParser.quantity(wholly: String(inner)) {
        return AddTextParser.Parsed(name: String(name), quantity: quantity)
      }
    }
    return AddTextParser.parse(String(text))
  }
}
