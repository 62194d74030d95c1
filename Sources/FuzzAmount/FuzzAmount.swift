// Fuzz target for amounts: `AmountParser`, the typed-amount rule, strict reading, the one
// check, the stepper, unit switching and formatting (BasketKit's QuantityRules).
//
// Built with `-sanitize=fuzzer -DFUZZING` by `scripts/fuzz`, libFuzzer calls `fuzzOne` with
// mutated inputs. Built normally, `main` replays the seed corpus (or the files given) through
// the same checks, so the seeds run as a regression test.
//
// An input is: 8 bytes of a Double's bit pattern (little-endian: NaN, infinities, subnormals
// and -0 all arise), a unit byte, a byte whose low five bits pick the allowed units, then the
// typed text. Shorter inputs are padded with zeros.

import BasketKit
import SeedReplay

/// Checks what the rules promise for one input: nothing traps; a number read is finite and
/// not negative; every quantity the rules produce (typed, stepped, switched, checked) lies in
/// 0 through the unit's maximum and formats to text that reads back as the same amount; the
/// typed rule only moves to a unit it was allowed; refusals are `ListError`s.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var bytes = Array(UnsafeBufferPointer(start: data, count: size))
  if bytes.count < 10 { bytes += [UInt8](repeating: 0, count: 10 - bytes.count) }
  let bits = bytes[0..<8].enumerated().reduce(UInt64(0)) { $0 | UInt64($1.1) << (8 * $1.0) }
  let units = MeasureUnit.allCases
  let current = Quantity(amount: Double(bitPattern: bits), unit: units[Int(bytes[8]) % units.count])
  let allowed = units.enumerated().filter { bytes[9] & (1 << $0.offset) != 0 }.map(\.element)
  let text = String(decoding: bytes[10...], as: UTF8.self)

  _ = Quantity.format(current.amount)
  _ = current.chipText
  checkParsing(text)
  checkTyped(text, current: current, allowed: allowed)
  checkReading(text, fallback: current.unit)
  checkChecked(current)
  for produced in [QuantityRules.increment(current), QuantityRules.decrement(current)] {
    requireValid(produced, "the stepper")
    require(produced.unit == current.unit, "the stepper changed the unit")
  }
  for unit in units {
    let switched = QuantityRules.switching(current, to: unit)
    require(switched.unit == unit, "a switch landed on another unit")
    if unit != current.unit { requireValid(switched, "a unit switch") }
  }
  return 0
}

private func checkParsing(_ text: String) {
  guard let number = AmountParser.number(in: text) else { return }
  require(number.isFinite && number >= 0, "AmountParser read \(number)")
  _ = AmountParser.unitWord(in: text)
}

private func checkTyped(_ text: String, current: Quantity, allowed: [MeasureUnit]) {
  let typed = QuantityRules.typed(text, current: current, allowed: allowed)
  if typed.unit != current.unit {
    require(allowed.contains(typed.unit), "the typed rule moved to a unit it wasn't offered")
  }
  let kept = typed.unit == current.unit && typed.amount.bitPattern == current.amount.bitPattern
  if !kept { requireValid(typed, "the typed rule") }
}

private func checkReading(_ text: String, fallback: MeasureUnit) {
  for unitText in [nil, "L", "kg", "parsecs"] {
    do {
      let read = try QuantityRules.reading(amount: text, unit: unitText, fallback: fallback)
      checkChecked(read)
    } catch {
      // NB: typed throws: a refusal is a ListError by its type.
      require(!error.description.isEmpty, "a refusal without a reason")
    }
  }
}

private func checkChecked(_ quantity: Quantity) {
  for measure in [nil, MeasureKind.poured, .weighed, .counted] {
    do {
      guard let stored = try QuantityRules.checked(quantity, measure: measure, item: "x") else {
        continue
      }
      require(QuantityRules.isStorable(stored), "a checked quantity the store would drop")
      requireValid(stored, "the check")
    } catch {
      require(!error.description.isEmpty, "a refusal without a reason")
    }
  }
}

/// In range and shown as text that reads back exactly.
private func requireValid(_ quantity: Quantity, _ source: String) {
  let amount = quantity.amount
  require(
    amount >= 0 && amount <= QuantityRules.maximum(for: quantity.unit),
    "\(source) produced \(amount) \(quantity.unit.rawValue)")
  let shown = Quantity.format(amount)
  require(AmountParser.number(in: shown) == amount, "\(source): \(shown) reads back differently")
}

#if !FUZZING
  /// Replays the seed corpus, or the files and folders given, through `fuzzOne`.
  @main
  enum Replay {
    static func main() throws { try SeedReplay.run("Amount", fuzzOne) }
  }
#endif
