// Fuzz target for what the products catalogue reads from people: product page addresses
// (`ProductRules.page`), retailer search templates (`RetailerRules.template`), prices
// (`ProductRules.price`), dietary tags (`Diet(word:)`), and the search addresses built from
// item names (`RetailerRules.searchAddress`), with matching and pack maths over what was read.
//
// Built with `-sanitize=fuzzer -DFUZZING` by `scripts/fuzz`, libFuzzer calls `fuzzOne` with
// mutated inputs. Built normally, `main` replays the seed corpus (or the files given) through
// the same checks, so the seeds run as a regression test. An input is text (UTF-8, repaired):
// the part before the first newline is tried as each field, the rest as an item's name.

import BasketKit
import SeedReplay

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Checks what the catalogue promises for one input: nothing traps; an accepted page is http
/// or https with no whitespace or control characters; an accepted template has `{query}` once
/// and a search address built from it holds no byte a name could smuggle in (only unreserved
/// characters and %XX escapes where the name went); a price is 0 through the maximum; refusals
/// carry a message; matching returns only products it was given; pack maths never proposes
/// more than the maximum or fewer than one pack.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let field = String(text.prefix { $0 != "\n" })
  let name = String(text.drop { $0 != "\n" }.dropFirst())
  checkPage(field)
  checkPrice(field)
  _ = Diet(word: field)
  checkTemplate(field, name: name)
  checkSearch(name)
  checkMatching(name, size: field)
  return 0
}

private func checkPage(_ text: String) {
  do {
    let page = try ProductRules.page(text)
    let lower = page.lowercased()
    require(lower.hasPrefix("http://") || lower.hasPrefix("https://"), "a page not http(s)")
    require(
      !page.unicodeScalars.contains {
        $0.properties.isWhitespace || $0.properties.generalCategory == .control
      }, "a page with a space or control character")
    require(page.count <= ProductRules.maxPageLength, "a page too long")
  } catch {
    require(!error.description.isEmpty, "a refusal without a message")
  }
}

private func checkPrice(_ text: String) {
  do {
    let cents = try ProductRules.price(text)
    require((0...ProductPrice.maximumCents).contains(cents), "a price of \(cents)")
    let shown = ProductPrice(cents: cents, notedAt: Date(timeIntervalSince1970: 0)).text
    require((try? ProductRules.price(shown)) == cents, "a price that reads back differently")
  } catch {
    require(!error.description.isEmpty, "a refusal without a message")
  }
}

private func checkTemplate(_ text: String, name: String) {
  do {
    let template = try RetailerRules.template(text)
    require(
      template.ranges(of: RetailerRules.placeholder).count == 1, "a template without one {query}")
    let retailer = Retailer(name: "Test", template: template)
    let address = RetailerRules.searchAddress(for: name, at: retailer)
    let pieces = template.split(
      separator: RetailerRules.placeholder, omittingEmptySubsequences: false)
    require(address.hasPrefix(pieces[0]) && address.hasSuffix(pieces[1]), "the template lost")
    let inserted = address.dropFirst(pieces[0].count).dropLast(pieces[1].count)
    requireEncoded(Substring(inserted))
  } catch {
    require(!error.description.isEmpty, "a refusal without a message")
  }
}

private func checkSearch(_ name: String) {
  let encoded = RetailerRules.percentEncoded(name)
  requireEncoded(Substring(encoded))
  // %XX decoded back gives the name's bytes.
  var bytes: [UInt8] = []
  var utf8 = Array(encoded.utf8)[...]
  while let byte = utf8.popFirst() {
    if byte == UInt8(ascii: "%"), utf8.count >= 2,
      let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
    {
      bytes.append(value)
      utf8 = utf8.dropFirst(2)
    } else {
      bytes.append(byte)
    }
  }
  require(bytes == Array(name.utf8), "percent-encoding lost bytes")
  for retailer in RetailerRules.builtIn {
    let link = RetailerRules.searchLink(for: name, at: retailer)
    require(link.kind == .search && link.label.contains("a search"), "a search not labelled")
  }
}

private func requireEncoded(_ text: Substring) {
  let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~%".utf8)
  require(text.utf8.allSatisfy(allowed.contains), "an unescaped byte in a search address")
}

private func checkMatching(_ name: String, size: String) {
  let now = Date(timeIntervalSince1970: 0)
  let pack = try? PantryAmount.read(size)
  let products = [
    Product(id: UUID(), name: "Whole milk", aliases: ["milk"], packSize: pack, updatedAt: now),
    Product(id: UUID(), name: name.isEmpty ? "x" : String(name.prefix(120)), updatedAt: now),
  ]
  for preferences in [ShoppingPreferences(), ShoppingPreferences(organicOnly: true)] {
    let match = ProductMatching.match(
      name, products: products, at: nil, preferences: preferences)
    require(match.candidates.allSatisfy(products.contains), "a candidate it wasn't given")
    require(match.product.map(products.contains) ?? true, "a product it wasn't given")
    require(!match.reason.isEmpty, "a match without a reason")
  }
  if let amount = try? PantryAmount.read(name) {
    let outcome = PackMaths.packs(
      for: [ItemAmount(amount: amount.amount, unit: amount.unit)], pack: pack)
    if let packs = outcome.packs {
      require((1...PackMaths.maximumPacks).contains(packs), "\(packs) packs")
    }
    require(!outcome.text.isEmpty, "pack maths without words")
  }
}

#if !FUZZING
  /// Replays the seed corpus, or the files and folders given, through `fuzzOne`.
  @main
  enum Replay {
    static func main() throws { try SeedReplay.run("Products", fuzzOne) }
  }
#endif
