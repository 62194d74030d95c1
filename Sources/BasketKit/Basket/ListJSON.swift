#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The JSON shape of the list, shared by `basket list --json` and the web API.
public struct ListJSON: Codable, Equatable, Sendable {
  public struct ItemJSON: Codable, Equatable, Sendable {
    public var id: String
    public var name: String
    public var emoji: String
    public var quantity: Quantity?
    public var addedAt: String
    public var checkedAt: String?

    public init(_ item: Item) {
      id = item.id.uuidString.lowercased()
      name = item.name
      emoji = item.emoji
      quantity = item.quantity
      addedAt = ISO8601.string(item.addedAt)
      checkedAt = item.checkedAt.map(ISO8601.string)
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(name, forKey: .name)
      try container.encode(emoji, forKey: .emoji)
      try container.encode(quantity, forKey: .quantity)  // null when unset, never omitted
      try container.encode(addedAt, forKey: .addedAt)
      try container.encode(checkedAt, forKey: .checkedAt)
    }
  }

  public var toGet: [ItemJSON]
  public var gotIt: [ItemJSON]

  public init(_ sections: ListSections) {
    toGet = sections.toGet.map(ItemJSON.init)
    gotIt = sections.gotIt.map(ItemJSON.init)
  }
}
