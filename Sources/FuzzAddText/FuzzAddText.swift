// Fuzz target for typed add text: the add bar's reading of a line (`ShoppingLine.read` and
// `typing`, then `AddEntry.entries`), `AddTextParser.entries` and `parse`, then `AddEntry`
// (the core's one quantity check) and the chip text (BasketKit).
//
// Built with `-sanitize=fuzzer -DFUZZING` by `scripts/fuzz`, libFuzzer calls `fuzzOne` with
// mutated text. Built normally, `main` replays the seed corpus (or the files given) through
// the same checks, so the seeds run as a regression test.

import BasketKit
import SeedReplay

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
  checkLine(text, classifier: classifiers[text.utf8.count % classifiers.count])
  return 0
}

/// A typed line is refused with a `ListError`, or read as at most 50 items (none when blank), each with a trimmed
/// name and, when it has one, an amount the core's amount check passes; the entries the list
/// gets from it are as many; reading it while typed never traps.
private func checkLine(_ text: String, classifier: FixedClassifier) {
  let typing = ShoppingLine.typing(text)
  require(typing.done.allSatisfy { !$0.name.isEmpty }, "a finished item without a name")
  let items: [TypedItem]
  do {
    items = try ShoppingLine.read(text)
  } catch {
    _ = "\(error)"
    return
  }
  require(items.count <= ShoppingLine.maxItems, "\(items.count) items")
  for item in items {
    let scalars = item.name.unicodeScalars
    require(
      !item.name.isEmpty && scalars.first?.properties.isWhitespace != true
        && scalars.last?.properties.isWhitespace != true, "an untrimmed or empty name")
    if let amount = item.amount {
      require(amount.amount.isFinite && amount.amount > 0, "amount \(amount.amount)")
      require((try? ShoppingLine.check(amount)) != nil, "an amount its own check refuses")
    }
  }
  do {
    let entries = try AddEntry.entries(typed: text, classifier: classifier)
    require(entries.count == items.count, "\(entries.count) entries for \(items.count) items")
  } catch {
    require(error is ListError, "a refusal that is not a ListError: \(error)")
  }
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

#if !FUZZING
  /// Replays the seed corpus, or the files and folders given, through `fuzzOne`.
  @main
  enum Replay {
    static func main() throws { try SeedReplay.run("AddText", fuzzOne) }
  }
#endif
