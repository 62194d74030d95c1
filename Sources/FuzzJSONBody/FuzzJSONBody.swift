// Fuzz target for the JSON body reader: `JSONValue.parse` and `JSONBody` (BasketWeb).
//
// Built with `-sanitize=fuzzer -DFUZZING` by `scripts/fuzz`, libFuzzer calls `fuzzOne` with
// mutated bodies. Built normally, `main` replays the seed corpus (or the files given) through
// the same checks, so the seeds run as a regression test.

import BasketKit
import BasketWeb
import SeedReplay

/// Feeds one request body to the parser and the body reader and checks what they promise:
/// nothing traps, an accepted value nests at most `maximumDepth` deep and re-encodes to JSON
/// that parses back to the same value (byte for byte once encoded), a refusal is a short 400
/// (or 422 for an amount read but out of range), and an accepted quantity is finite and within
/// the unit's maximum.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let parsed = checkValue(bytes)
  for allowed in allowedMemberSets {
    checkBody(bytes, parsed: parsed, allowed: allowed)
  }
  return 0
}

/// The deepest nesting `JSONValue.parse` accepts.
private let maximumDepth = 32
/// The longest error message a bad body may produce, whatever its size.
private let maximumMessageLength = 300
/// Every member an endpoint accepts (WebApp+Items.swift, WebApp+Pairing.swift), and none.
private let allowedMemberSets: [[String]] = [
  ["name", "text", "id", "quantity", "amount", "note", "until", "secret"], [],
]

private func checkValue(_ bytes: [UInt8]) -> JSONValue? {
  let value: JSONValue
  do {
    value = try JSONValue.parse(bytes)
  } catch {
    require(error.message.utf8.count <= maximumMessageLength, "an unbounded parse error")
    return nil
  }
  require(depth(of: value) <= maximumDepth, "a value nested deeper than the limit")
  require(stringBytes(in: value) <= bytes.count, "a value larger than its input")
  let encoded = value.encoded()
  guard let again = try? JSONValue.parse(encoded) else {
    fail("the encoding of an accepted value does not parse")
  }
  require(again == value, "the value changed in a round trip")
  require(again.encoded() == encoded, "the encoding changed in a round trip")
  return value
}

private func checkBody(_ bytes: [UInt8], parsed: JSONValue?, allowed: [String]) {
  let request = Request(
    method: "POST", path: "/api/v3/items", headers: ["Content-Type": "application/json"],
    body: bytes)
  let isBlank = bytes.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
  let body: JSONBody
  do {
    body = try JSONBody(request, allowed: allowed)
  } catch {
    checkRefusal(error)
    return
  }
  if !isBlank {
    guard case .object(let members) = parsed else { fail("a body that is not an object") }
    require(members.allSatisfy { allowed.contains($0.0) }, "an unknown member was accepted")
  }
  for key in allowed {
    require(body.has(key) == (body.value(key) != nil), "has and value disagree")
    refusalOrValue { try body.string(key) }
    refusalOrValue { try body.uuid(key) }
    refusalOrValue {
      if let amount = try body.recipeAmount(key) {
        require(
          amount.packSize.map { $0.unit != nil } ?? true, "a pack size without a unit was accepted")
      }
    }
    refusalOrValue {
      if case .set(let quantity) = try body.quantity(key) {
        require(quantity.amount.isFinite, "an infinite amount was accepted")
        require(quantity.amount >= 0, "a negative amount was accepted")
        require(
          quantity.amount <= QuantityRules.maximum(for: quantity.unit),
          "an amount over the unit's maximum was accepted")
      }
    }
  }
}

private func refusalOrValue<T>(_ read: () throws -> T) {
  do {
    _ = try read()
  } catch {
    checkRefusal(error)
  }
}

private func checkRefusal(_ error: any Error) {
  guard let refusal = error as? RequestError else { fail("an error that is not a RequestError") }
  require(refusal.status == 400 || refusal.status == 422, "a refusal that is not a 400 or 422")
  require(refusal.message.utf8.count <= maximumMessageLength, "an unbounded error message")
}

private func depth(of value: JSONValue) -> Int {
  switch value {
  case .array(let values): 1 + (values.map(depth).max() ?? 0)
  case .object(let members): 1 + (members.map { depth(of: $0.1) }.max() ?? 0)
  default: 0
  }
}

private func stringBytes(in value: JSONValue) -> Int {
  switch value {
  case .string(let text): text.utf8.count
  case .array(let values): values.reduce(0) { $0 + stringBytes(in: $1) }
  case .object(let members): members.reduce(0) { $0 + $1.0.utf8.count + stringBytes(in: $1.1) }
  default: 0
  }
}

#if !FUZZING
  /// Replays the seed corpus, or the files and folders given, through `fuzzOne`.
  @main
  enum Replay {
    static func main() throws { try SeedReplay.run("JSONBody", fuzzOne) }
  }
#endif
