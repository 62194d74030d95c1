import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Aisles on the list: the categories To get can be grouped by, and moving an item to another.
//
// - `GET /api/v3/categories` → `{"categories": [{"category", "title"}], "elsewhere"}`: every
//   category in the typical walk's order (the order groups are shown in), with its heading;
//   `elsewhere` heads items of no known category, shown last.
// - `PUT /api/v3/items/{id}/category` `{"category", "op"?}` → `{"item", "revision"}`: moves the item and
//   remembers the choice for its name; an unknown category is refused (422) with the known
//   ones named, nothing changed.
extension WebApp {
  func categories() -> Response {
    .json(
      200,
      .object([
        (
          "categories",
          .array(
            ItemCategory.all.map {
              .object([("category", .string($0)), ("title", .string(ItemCategory.title($0)))])
            })
        ),
        ("elsewhere", .string(ItemCategory.title(nil))),
      ]))
  }

  func setCategory(_ id: UUID, _ request: Request) throws -> Response {
    let body = try JSONBody(request, allowed: ["category"])
    guard let raw = try body.string("category") else {
      throw RequestError(400, "say which category: \"category\"")
    }
    let item: Item
    do {
      item = try basket.setCategory(id, raw)
    } catch let error as CategoryError {
      throw RequestError(422, error.description)
    }
    return .json(
      200,
      .object([
        ("item", itemJSON.value(item, version(request))),
        ("revision", .number(Double(try basket.store.revision()))),
      ]))
  }
}
