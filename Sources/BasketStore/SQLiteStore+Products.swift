import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Products, the household's retailers and Shopping Trips in the store (schema v8). Each
/// change reads what it needs and writes the rows that differ inside one `BEGIN IMMEDIATE`
/// transaction, bumping the revision so other faces see it.
extension SQLiteStore: ProductStore {
  public func catalogue() throws -> ProductCatalogue {
    try readState { try $0.loadCatalogue() }
  }

  public func modifyCatalogue<T: Sendable>(
    _ body: @Sendable (inout ProductCatalogue) throws -> T
  ) throws -> T {
    try modifyState(
      load: { try $0.loadCatalogue() }, changed: { $0 != $1 },
      save: { try $0.saveCatalogue($1, over: $2) }, body)
  }
}

extension SQLiteStore: TripStore {
  public func openTrip() throws -> Trip? {
    try withConnection { try $0.loadOpenTrip() }
  }

  public func modifyTrip<T: Sendable>(_ body: @Sendable (inout Trip?) throws -> T) throws -> T {
    try withConnection { connection in
      try connection.transaction(immediate: true) {
        let before = try connection.loadOpenTrip()
        var after = before
        let result = try body(&after)
        if let after, after != before {
          try connection.saveTrip(after)
          _ = try connection.bumpRevision()
        }
        return result
      }
    }
  }

  public func recentTrips(limit: Int) throws -> [Trip] {
    try withConnection { connection in
      var trips: [Trip] = []
      try connection.run(
        "SELECT body FROM trips ORDER BY started_at DESC LIMIT ?1", [.integer(Int64(limit))]
      ) { row in
        if let trip = Connection.decodeTrip(row.text(0)) { trips.append(trip) }
      }
      return trips
    }
  }
}

extension Connection {
  /// Every product and retailer. A row that can't be read is skipped.
  func loadCatalogue() throws -> ProductCatalogue {
    var catalogue = ProductCatalogue()
    let decoder = JSONDecoder()
    try run("SELECT body FROM products ORDER BY rowid") { row in
      guard let body = row.text(0),
        let product = try? decoder.decode(Product.self, from: Data(body.utf8)),
        !product.name.isEmpty
      else { return }
      catalogue.products.append(product)
    }
    try run("SELECT name, template FROM retailers ORDER BY rowid") { row in
      guard let name = row.text(0), let raw = row.text(1),
        let template = try? RetailerRules.template(raw)
      else { return }
      catalogue.retailers.append(Retailer(name: name, template: template))
    }
    return catalogue
  }

  /// Writes what differs between `after` and `before`. Call inside a write transaction.
  func saveCatalogue(_ after: ProductCatalogue, over before: ProductCatalogue) throws {
    let old = Dictionary(before.products.map { ($0.id, $0) }) { first, _ in first }
    let kept = Set(after.products.map(\.id))
    for product in before.products where !kept.contains(product.id) {
      try run("DELETE FROM products WHERE id = ?1", [.text(product.id.uuidString)])
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    for product in after.products where old[product.id] != product {
      let body = String(decoding: try encoder.encode(product), as: UTF8.self)
      try run(
        """
        INSERT INTO products (id, name, name_key, barcode_key, updated_at, body)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6)
        ON CONFLICT (id) DO UPDATE SET name = excluded.name, name_key = excluded.name_key,
          barcode_key = excluded.barcode_key, updated_at = excluded.updated_at,
          body = excluded.body
        """,
        [
          .text(product.id.uuidString), .text(product.name), .text(product.key),
          product.barcode.map { .text($0.key) } ?? .null,
          .real(product.updatedAt.timeIntervalSince1970), .text(body),
        ])
    }
    if after.retailers != before.retailers {
      try run("DELETE FROM retailers")
      for retailer in after.retailers where !retailer.builtIn {
        try run(
          "INSERT INTO retailers (name_key, name, template) VALUES (?1, ?2, ?3)",
          [.text(NameKey.of(retailer.name)), .text(retailer.name), .text(retailer.template)])
      }
    }
  }

  /// The trip not yet ended (the latest, should there be more).
  func loadOpenTrip() throws -> Trip? {
    var trip: Trip?
    try run(
      "SELECT body FROM trips WHERE phase != 'ended' ORDER BY started_at DESC LIMIT 1"
    ) { row in
      trip = Self.decodeTrip(row.text(0))
    }
    return trip
  }

  static func decodeTrip(_ body: String?) -> Trip? {
    guard let body else { return nil }
    return try? JSONDecoder().decode(Trip.self, from: Data(body.utf8))
  }

  /// Writes `trip`'s row. Call inside a write transaction.
  func saveTrip(_ trip: Trip) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let body = String(decoding: try encoder.encode(trip), as: UTF8.self)
    try run(
      """
      INSERT INTO trips (id, phase, started_at, updated_at, body) VALUES (?1, ?2, ?3, ?4, ?5)
      ON CONFLICT (id) DO UPDATE SET phase = excluded.phase, updated_at = excluded.updated_at,
        body = excluded.body
      """,
      [
        .text(trip.id.uuidString), .text(trip.phase.rawValue),
        .real(trip.startedAt.timeIntervalSince1970), .real(trip.updatedAt.timeIntervalSince1970),
        .text(body),
      ])
  }
}
