// Fuzz target for typed add text: `AddTextParser.entries` and `parse`, then `AddEntry` (the
// core's one quantity check) and the chip text (BasketKit).
//
// Built with `-sanitize=fuzzer -DFUZZING` by `scripts/fuzz`, libFuzzer calls `fuzzOne` with
// mutated text. Built normally, `main` replays the seed corpus (or the files given) through
// the same checks, so the seeds run as a regression test.

import BasketKit

/// Feeds one typed text to the add-bar parsers and checks what they promise: nothing traps;
/// entries are trimmed and never empty; a parsed quantity comes with a name; an accepted entry
/// holds a quantity that passes the store's rule and formats to text that reads back as the
/// same amount; a refusal is a `ListError`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let entries = AddTextParser.entries(in: text)
  for entry in entries {
    require(!entry.isEmpty, "an empty entry")
    // NB: trimmed by scalars: " \u{350}" is one Character that starts with a space, and the
    // combining mark after it is not whitespace, so it stays.
    let scalars = entry.unicodeScalars
    require(
      scalars.first?.properties.isWhitespace != true
        && scalars.last?.properties.isWhitespace != true, "untrimmed")
  }
  for typed in entries + [text] {
    let parsed = AddTextParser.parse(typed)
    if let quantity = parsed.quantity {
      require(!parsed.name.isEmpty, "a quantity without a name")
      _ = quantity.chipText
    }
    // NB: one measure per input (picked by its length), so each unit rule still gets
    // exercised but an input costs one check, not four.
    check(typed, classifier: classifiers[typed.utf8.count % classifiers.count])
  }
  return 0
}

private func check(_ typed: String, classifier: FixedClassifier) {
  let entry: AddEntry
  do {
    entry = try AddEntry(text: typed, classifier: classifier)
  } catch {
    require(error is ListError, "a refusal that is not a ListError: \(error)")
    _ = "\(error)"
    return
  }
  require(!entry.name.isEmpty, "an accepted entry without a name")
  guard let quantity = entry.quantity else { return }
  require(QuantityRules.isStorable(quantity), "an accepted quantity the store would drop")
  require(
    QuantityRules.allowedUnits(for: classifier.measure).contains(quantity.unit),
    "an accepted unit the item doesn't allow")
  let shown = Quantity.format(quantity.amount)
  require(AmountParser.number(in: shown) == quantity.amount, "\(shown) reads back differently")
  require(quantity.chipText.hasPrefix(shown), "a chip that hides the amount")
}

/// Classifies every name the same way, so each measure's unit rule gets exercised.
private struct FixedClassifier: ItemClassifier {
  var measure: MeasureKind?

  func classify(_ name: String) -> Classification {
    Classification(emoji: "🧺", stage: .default, measure: measure)
  }
}

private let classifiers = [nil, MeasureKind.poured, .weighed, .counted].map(FixedClassifier.init)

private func require(_ condition: Bool, _ broken: @autoclosure () -> String) {
  if !condition { fatalError("FuzzAddText invariant broken: \(broken())") }
}

#if !FUZZING
  import SeedReplay

  /// Replays the seed corpus, or the files and folders given, through `fuzzOne`.
  @main
  enum Replay {
    static func main() throws { try SeedReplay.run("AddText", fuzzOne) }
  }
#endif
