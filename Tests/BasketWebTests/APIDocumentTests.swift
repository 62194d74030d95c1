import BasketKit
import Foundation
import Testing

@testable import BasketWeb

/// docs/api.md against `WebApp.routes`: every route of the table is documented, and the
/// document lists no route the table doesn't have.
///
/// The document's rows are table lines whose first two cells are a method and a path in
/// backticks: `` | `GET` | `/api/v3/items/{id}` | … | ``, `{name}` standing for the table's `*`.
/// Rows for paths outside `/api/v3/` (CalDAV, pairing, static files) are not checked.
@Suite struct APIDocumentTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The API routes a document lists, as `APIRoute.description` writes them ("GET
  /// /api/v3/items/*"), in the order they appear (a route listed twice appears twice).
  static func documentedRoutes(_ document: String) -> [String] {
    document.split(separator: "\n").compactMap { line -> String? in
      let cells = line.split(separator: "|", omittingEmptySubsequences: false)
        .map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count >= 4, cells[0].isEmpty,
        let method = code(cells[1]), let path = code(cells[2]), path.hasPrefix("/api/v3/")
      else { return nil }
      let segments = path.split(separator: "/", omittingEmptySubsequences: false).map {
        $0.hasPrefix("{") && $0.hasSuffix("}") ? "*" : String($0)
      }
      return "\(method) \(segments.joined(separator: "/"))"
    }
  }

  /// The text of a cell that is one code span, or nil.
  private static func code(_ cell: String) -> String? {
    guard cell.count > 2, cell.hasPrefix("`"), cell.hasSuffix("`") else { return nil }
    let inner = cell.dropFirst().dropLast()
    return inner.contains("`") ? nil : String(inner)
  }

  @Test func everyRouteIsDocumentedAndEveryDocumentedRouteExists() throws {
    let document = try String(
      contentsOf: Self.root.appendingPathComponent("docs/api.md"), encoding: .utf8)
    let documented = Self.documentedRoutes(document)
    let table = WebApp.routes.map(\.description)
    let missing = table.filter { !documented.contains($0) }
    let unknown = documented.filter { !table.contains($0) }
    #expect(missing.isEmpty, "docs/api.md lacks \(missing)")
    #expect(unknown.isEmpty, "docs/api.md lists routes WebApp.routes doesn't have: \(unknown)")
    let twice = Dictionary(grouping: documented, by: { $0 }).filter { $0.value.count > 1 }.keys
    #expect(twice.isEmpty, "docs/api.md lists \(twice.sorted()) more than once")
  }

  @Test func readsOnlyRowsOfAMethodAndAnAPIPathInBackticks() {
    let document = """
      | Method | Path | What |
      |---|---|---|
      | `GET` | `/api/v3/list` | the list |
      | `PATCH` | `/api/v3/items/{id}` | edits |
      | `POST` | `/api/v3/items/{id}/check` | checks |
      | `PUT` | `/dav/basket/{name}.ics` | CalDAV, not checked |
      | GET | /api/v3/usuals | no backticks: not a row |
      `GET` `/api/v3/changes` outside a table
      """
    #expect(
      Self.documentedRoutes(document) == [
        "GET /api/v3/list", "PATCH /api/v3/items/*", "POST /api/v3/items/*/check",
      ])
  }

  @Test func everyMemberOfAnItemIsNamedInTheDocument() throws {
    let document = try String(
      contentsOf: Self.root.appendingPathComponent("docs/api.md"), encoding: .utf8)
    let start = try #require(document.range(of: "- An **item** is"))
    let paragraph = document[start.lowerBound...].prefix { $0 != "#" }
    let harness = Harness()
    harness.add("Milk")
    guard case .array(let items)? = harness.list()["toGet"],
      case .object(let members)? = items.first
    else {
      Issue.record("no item in the list")
      return
    }
    for (name, _) in members {
      #expect(paragraph.contains("\"\(name)\""), "\(name) is not in docs/api.md's item")
    }
  }

  @Test func everyMemberVersionOneWritesIsNamedInTheDocument() throws {
    let document = try String(
      contentsOf: Self.root.appendingPathComponent("docs/api.md"), encoding: .utf8)
    let harness = Harness()
    harness.add("Milk")
    let v1 = harness.list(version: "v1")
    guard case .object(let list) = v1, case .object(let item)? = v1["toGet"]?[0] else {
      Issue.record("no v1 item")
      return
    }
    for (name, _) in item + list {
      #expect(
        document.contains("`\(name)`") || document.contains("\"\(name)\""),
        "\(name) is not in docs/api.md")
    }
  }
}
