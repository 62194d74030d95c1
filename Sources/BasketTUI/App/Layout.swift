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
  public static func rows(for sections: ListSections, aisles: AisleView? = nil) -> [ListRow] {
    guard !sections.isEmpty else { return [] }
    var rows: [ListRow] = [.toGetHeader(count: sections.toGet.count)]
    if sections.toGet.isEmpty {
      rows.append(.nothingLeft)
    } else if let aisles {
      var last: String??
      for item in sections.toGet {
        let category = aisles.category[item.id]
        if last != .some(category) { rows.append(.aisleHeading(ItemCategory.title(category))) }
        last = .some(category)
        rows.append(.item(item, section: .toGet))
      }
    } else {
      rows += sections.toGet.map { .item($0, section: .toGet) }
    }
    if !sections.gotIt.isEmpty {
      rows.append(.gap)
      rows.append(.gotItHeader(count: sections.gotIt.count))
      rows += sections.gotIt.map { .item($0, section: .gotIt) }
    }
    return rows
  }
}
