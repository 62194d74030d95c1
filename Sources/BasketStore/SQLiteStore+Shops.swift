import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The household's shops in the store (`shops`, at most one marked current) and the
/// check-offs made in them (`checkoffs`, written by `Connection.save`).
extension SQLiteStore: ShopStore {
  public func shops() throws -> [Shop] {
    try withConnection { connection in
      var found: [Shop] = []
      try connection.run("SELECT id, name, added_at FROM shops ORDER BY added_at, name") { row in
        guard let id = row.text(0).flatMap(UUID.stored), let name = row.text(1)
        else { return }
        found.append(
          Shop(id: id, name: name, addedAt: Date(timeIntervalSince1970: row.double(2) ?? 0)))
      }
      return found
    }
  }

  public func addShop(_ shop: Shop) throws {
    let key = NameKey.of(shop.name)
    let taken: String? = try withConnection { connection in
      try connection.transaction(immediate: true) { () throws -> String? in
        var existing: String?
        try connection.run("SELECT name FROM shops WHERE name_key = ?1", [.text(key)]) {
          existing = $0.text(0)
        }
        if let existing { return existing }
        try connection.run(
          "INSERT INTO shops (id, name, name_key, added_at) VALUES (?1, ?2, ?3, ?4)",
          [
            .text(shop.id.uuidString), .text(shop.name), .text(key),
            .real(shop.addedAt.timeIntervalSince1970),
          ])
        return nil
      }
    }
    if let taken { throw ShopError.nameTaken(taken) }
  }

  public func removeShop(_ id: UUID) throws -> Bool {
    try withConnection { connection in
      try connection.transaction(immediate: true) { () throws -> Bool in
        try connection.run("DELETE FROM checkoffs WHERE shop = ?1", [.text(id.uuidString)])
        try connection.run(
          "DELETE FROM shop_corrections WHERE shop = ?1", [.text(id.uuidString)])
        try connection.run("DELETE FROM shops WHERE id = ?1", [.text(id.uuidString)])
        return connection.changes > 0
      }
    }
  }

  public func renameShop(_ id: UUID, to name: String) throws -> Bool {
    try withConnection { connection in
      try connection.transaction(immediate: true) { () throws -> Bool in
        try connection.run(
          "UPDATE shops SET name = ?2, name_key = ?3 WHERE id = ?1",
          [.text(id.uuidString), .text(name), .text(NameKey.of(name))])
        return connection.changes > 0
      }
    }
  }

  public func currentShopID() throws -> UUID? {
    try withConnection { try $0.currentShopID() }
  }

  public func setCurrentShop(_ id: UUID?) throws {
    try withConnection { connection in
      try connection.transaction(immediate: true) {
        try connection.run("UPDATE shops SET current = 0 WHERE current = 1")
        if let id {
          try connection.run("UPDATE shops SET current = 1 WHERE id = ?1", [.text(id.uuidString)])
        }
      }
    }
  }

  public func checkOffs(since date: Date) throws -> [CheckOff] {
    try withConnection { connection in
      var found: [CheckOff] = []
      try connection.run(
        "SELECT shop, key, name, at FROM checkoffs WHERE at >= ?1 ORDER BY at, rowid",
        [.real(date.timeIntervalSince1970)]
      ) { row in
        guard let shop = row.text(0).flatMap(UUID.stored), let key = row.text(1),
          let name = row.text(2), let at = row.double(3)
        else { return }
        found.append(
          CheckOff(shop: shop, key: key, name: name, at: Date(timeIntervalSince1970: at)))
      }
      return found
    }
  }

  public func addCorrection(_ correction: ShopCorrection) throws {
    let body = String(decoding: try JSONEncoder().encode(correction), as: UTF8.self)
    try withConnection { connection in
      try connection.transaction(immediate: true) {
        try connection.run(
          "INSERT INTO shop_corrections (shop, at, body) VALUES (?1, ?2, ?3)",
          [
            .text(correction.shop.uuidString), .real(correction.at.timeIntervalSince1970),
            .text(body),
          ])
      }
    }
  }

  public func corrections(since date: Date) throws -> [ShopCorrection] {
    try withConnection { connection in
      var found: [ShopCorrection] = []
      try connection.run(
        "SELECT body FROM shop_corrections WHERE at >= ?1 ORDER BY at, rowid",
        [.real(date.timeIntervalSince1970)]
      ) { row in
        if let body = row.text(0),
          let correction = try? JSONDecoder().decode(ShopCorrection.self, from: Data(body.utf8))
        {
          found.append(correction)
        }
      }
      return found
    }
  }
}
