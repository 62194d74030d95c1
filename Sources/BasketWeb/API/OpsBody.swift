import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The body of `POST /api/v3/ops`: `{"ops": [operation, …]}`, at most `maxOperations` of them.
///
/// A body that isn't that shape is refused whole (400, or 413 past the limit); an operation
/// that can't be read is refused on its own (its entry holds the reason) and the rest apply.
package struct OpsBody {
  /// The most operations one request may carry; a phone sends a longer queue in chunks.
  package static let maxOperations = 500
  /// The largest body this route accepts (other routes take `WebApp.maxBodySize`).
  package static let maxBytes = 512 * 1024

  /// One operation as sent.
  package struct Entry {
    /// Its `op` member as sent, when that is a string (for the result, even if malformed).
    package var op: String?
    package var operation: Result<ListOperation, ListOperation.Malformed>
  }

  package let entries: [Entry]

  package init(_ bytes: [UInt8]) throws(RequestError) {
    let value: JSONValue
    do {
      value = try JSONValue.parse(bytes)
    } catch {
      throw RequestError(400, error.message)
    }
    guard case .object(let members) = value else {
      throw RequestError(400, "the body must be a JSON object, not \(value.typeName)")
    }
    if let unknown = members.first(where: { $0.0 != "ops" }) {
      throw RequestError(400, "unknown field \"\(unknown.0.prefix(40))\" (expected \"ops\")")
    }
    guard case .array(let operations)? = value["ops"] else {
      throw RequestError(400, "\"ops\" must be an array of changes")
    }
    guard operations.count <= Self.maxOperations else {
      throw RequestError(
        413,
        "a request can carry at most \(Self.maxOperations) changes (this one has \(operations.count)); send the rest in another"
      )
    }
    let decoder = JSONDecoder()
    entries = operations.map { json in
      let op = json["op"].flatMap { if case .string(let text) = $0 { text } else { nil } }
      return Entry(op: op, operation: Self.decode(json, with: decoder))
    }
  }

  private static func decode(_ json: JSONValue, with decoder: JSONDecoder) -> Result<
    ListOperation, ListOperation.Malformed
  > {
    guard case .object = json else {
      return .failure(
        ListOperation.Malformed("a change must be a JSON object, not \(json.typeName)"))
    }
    do {
      return .success(try decoder.decode(ListOperation.self, from: Data(json.encoded())))
    } catch let malformed as ListOperation.Malformed {
      return .failure(malformed)
    } catch {
      return .failure(ListOperation.Malformed("it is not a change Basket understands"))
    }
  }
}
