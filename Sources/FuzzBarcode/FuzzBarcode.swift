// Fuzz target for what the pantry reads from people: barcodes (`Barcode`, typed or scanned,
// and zbar's output for a photo, `ScannedCodes`),
// typed amounts (`PantryAmount.read`) and references to entries (`PantryRules.find`,
// `PantryRules.search`).
//
// Built with `-sanitize=fuzzer -DFUZZING` by `scripts/fuzz`, libFuzzer calls `fuzzOne` with
// mutated inputs. Built normally, `main` replays the seed corpus (or the files given) through
// the same checks, so the seeds run as a regression test. An input is text (UTF-8, repaired).

import BasketKit
import SeedReplay

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Checks what the pantry promises for one input: nothing traps; a code read is 8, 12, 13 or
/// 14 ASCII digits, exactly the input's digits, with a valid check digit, and reads back the
/// same from its digits and its GTIN-14 key; a refusal is a `BarcodeError` with a message;
/// an amount read is finite, above zero and at most the maximum, in a known unit, and shows
/// as text; finding and searching entries never trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  checkBarcode(text)
  checkScanned(text)
  checkAmount(text)
  checkReference(text)
  return 0
}

/// zbar's output for a photo: every code kept is a product code, once; every line is a code
/// or ignored, never both.
private func checkScanned(_ text: String) {
  let scanned = ScannedCodes.reading(text)
  let lines = text.split(whereSeparator: \.isNewline)
    .filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }
  require(scanned.codes.count + scanned.ignored <= lines.count, "more symbols than lines")
  require(Set(scanned.codes.map(\.key)).count == scanned.codes.count, "a product twice")
  for code in scanned.codes {
    require((try? Barcode(code.digits)) == code, "a scanned code that isn't a barcode")
  }
}

private func checkBarcode(_ text: String) {
  let code: Barcode
  do {
    code = try Barcode(text)
  } catch {
    require(!error.description.isEmpty, "a refusal without a message")
    return
  }
  let digits = Array(code.digits.utf8)
  require(Barcode.lengths.contains(digits.count), "a code of \(digits.count) digits")
  require(digits.allSatisfy { (48...57).contains($0) }, "a code with a non-digit")
  let typed = text.unicodeScalars.filter { (48...57).contains($0.value) }
  require(String(String.UnicodeScalarView(typed)) == code.digits, "digits lost or invented")
  require(
    Barcode.checkDigit(of: digits.dropLast().map { $0 - 48 }) == Int(digits.last! - 48),
    "a wrong check digit accepted")
  require(code.key.utf8.count == 14 && code.key.hasSuffix(code.digits), "a bad key")
  require((try? Barcode(code.digits)) == code, "the digits read back differently")
  require((try? Barcode(code.key))?.key == code.key, "the key reads back as another product")
  let encoded = try? JSONEncoder().encode([code])
  require(
    encoded.flatMap { try? JSONDecoder().decode([Barcode].self, from: $0) } == [code],
    "JSON doesn't round-trip")
}

private func checkAmount(_ text: String) {
  let amount: IngredientQuantity
  do {
    amount = try PantryAmount.read(text)
  } catch {
    require(!error.description.isEmpty, "a refusal without a message")
    return
  }
  require(
    amount.amount.isFinite && amount.amount > 0 && amount.amount <= PantryAmount.maximum,
    "an amount of \(amount.amount)")
  require(amount.unit.map { KitchenUnit(id: $0.id) != nil } ?? true, "an unknown unit")
  require(!KitchenAmountFormat.text(amount).isEmpty, "an amount shown as nothing")
}

private let entries: [PantryEntry] = [
  PantryEntry(
    id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, name: "Oat drink",
    barcode: try? Barcode("036000291452"), updatedAt: Date(timeIntervalSince1970: 0)),
  PantryEntry(
    id: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, name: "Tinned tomatoes",
    note: "for the chilli", updatedAt: Date(timeIntervalSince1970: 0)),
  PantryEntry(
    id: UUID(uuidString: "00000000-0000-0000-0000-000000000003")!, name: "Tomato purée",
    updatedAt: Date(timeIntervalSince1970: 0)),
]

private func checkReference(_ text: String) {
  if let found = try? PantryRules.find(text, in: entries) {
    require(entries.contains(found), "found an entry that isn't there")
  }
  let matches = PantryRules.search(text, in: entries)
  require(matches.allSatisfy(entries.contains), "searched up an entry that isn't there")
}

#if !FUZZING
  /// Replays the seed corpus, or the files and folders given, through `fuzzOne`.
  @main
  enum Replay {
    static func main() throws { try SeedReplay.run("Barcode", fuzzOne) }
  }
#endif
