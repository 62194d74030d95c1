import BasketKit

/// Where things go on the screen, shared by `update` (scrolling, paging) and `render`.
///
/// From the top: the header, a gap, the list, a toast line, the chips, the add bar and the
/// hint line. Cards are inset by a margin that shows the dotted backdrop.
public struct Layout: Equatable, Sendable {
  public static let minimumWidth = 30
  public static let minimumHeight = 10

  public let size: Size

  public init(_ size: Size) {
    self.size = size
  }

  /// Too small to be useful: show the "make me bigger" message instead.
  public var isTooSmall: Bool {
    size.width < Self.minimumWidth || size.height < Self.minimumHeight
  }

  public var headerRow: Int { 0 }
  public var listTop: Int { 2 }
  public var listHeight: Int { max(0, size.height - 6) }
  public var toastRow: Int { size.height - 4 }
  public var chipsRow: Int { size.height - 3 }
  public var addBarRow: Int { size.height - 2 }
  public var hintRow: Int { size.height - 1 }

  /// Columns of backdrop on either side of a card.
  public var margin: Int { size.width >= 44 ? 2 : 1 }
  public var cardLeft: Int { margin }
  public var cardWidth: Int { max(0, size.width - 2 * margin) }
}

/// One row of the list as drawn.
public enum ListRow: Equatable, Sendable {
  case toGetHeader(count: Int)
  case item(Item, section: Section)
  /// To get is empty while Got it is not.
  case nothingLeft
  case gap
  case gotItHeader(count: Int)
  /// A heading over To get's items of one aisle category, when grouped ("Dairy").
  case aisleHeading(String)

  public enum Section: Sendable {
    case toGet, gotIt
  }

  /// What selecting this row selects, if anything.
  public var selection: AppState.Selection? {
    switch self {
    case .item(let item, _): .item(item.id)
    case .gotItHeader: .clearAll
    default: nil
    }
  }

  /// The rows for `sections`; none when the list is empty (the empty state shows instead).
  /// With `aisles`, To get (already in its groups' order) gets a heading over each group.
  ///
  /// Cost: none up front without `aisles`; each row is made when it is read (`ListRows`).
  /// Grouped, the rows are made once, headings and all (a view the household asks for).
  public static func rows(for sections: ListSections, aisles: AisleView? = nil) -> ListRows {
    guard let aisles, !sections.isEmpty, !sections.toGet.isEmpty else { return ListRows(sections) }
    var rows: [ListRow] = [.toGetHeader(count: sections.toGet.count)]
    var last: String??
    for item in sections.toGet {
      let category = aisles.category[item.id]
      if last != .some(category) { rows.append(.aisleHeading(ItemCategory.title(category))) }
      last = .some(category)
      rows.append(.item(item, section: .toGet))
    }
    if !sections.gotIt.isEmpty {
      rows.append(.gap)
      rows.append(.gotItHeader(count: sections.gotIt.count))
      rows += sections.gotIt.map { .item($0, section: .gotIt) }
    }
    return ListRows(sections, grouped: rows)
  }
}

/// The list's rows as drawn, each made when it is read: a header, To get's items (or "nothing
/// left"), then a gap, Got it's header and its items when Got it holds any.
///
/// Cost: a frame reads only the rows it shows, so drawing costs the screen's height rather
/// than the list's length (an array of every row copied every item, 5,000 of them per frame).
public struct ListRows: RandomAccessCollection, Equatable, Sendable {
  public let sections: ListSections
  public let endIndex: Int
  public var startIndex: Int { 0 }
  /// The rows made up front, when To get is grouped under aisle headings.
  private let grouped: [ListRow]?

  init(_ sections: ListSections, grouped: [ListRow]? = nil) {
    self.sections = sections
    self.grouped = grouped
    endIndex =
      grouped?.count
      ?? (sections.isEmpty
        ? 0
        : 1 + Swift.max(1, sections.toGet.count)
          + (sections.gotIt.isEmpty ? 0 : 2 + sections.gotIt.count))
  }

  public subscript(position: Int) -> ListRow {
    precondition(indices.contains(position), "row \(position) of \(endIndex)")
    if let grouped { return grouped[position] }
    let toGet = sections.toGet
    let toGetRows = Swift.max(1, toGet.count)
    if position == 0 { return .toGetHeader(count: toGet.count) }
    if position <= toGetRows {
      return toGet.isEmpty ? .nothingLeft : .item(toGet[position - 1], section: .toGet)
    }
    switch position - 1 - toGetRows {
    case 0: return .gap
    case 1: return .gotItHeader(count: sections.gotIt.count)
    case let offset: return .item(sections.gotIt[offset - 2], section: .gotIt)
    }
  }
}
