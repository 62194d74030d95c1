// Fuzz target for the rules' bridge: what a page asks the core's rules built for the browser
// (`RulesBridge.call`, the Swift behind Web/app/rules.wasm), from a typed line to a change on
// the phone's copy of the list (`PhoneList`) and a step on a trip's walk.
//
// Built with `-sanitize=fuzzer -DFUZZING` by `scripts/fuzz`, libFuzzer calls `fuzzOne` with
// mutated requests. Built normally, `main` replays the seed corpus (or the files given)
// through the same checks, so the seeds run as a regression test.

import BasketRulesBridge
import SeedReplay

/// Feeds one request to the bridge and checks what it promises: nothing traps, and the answer
/// is one JSON object that says `ok` or `error`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let request = Array(UnsafeBufferPointer(start: data, count: size))
  let answer = RulesBridge.call(request)
  let text = String(decoding: answer, as: UTF8.self)
  require(
    text.hasPrefix("{\"ok\":") || text.hasPrefix("{\"error\":"), "an answer \(text.prefix(80))")
  require(text.hasSuffix("}"), "an unfinished answer \(text.suffix(80))")
  return 0
}

#if !FUZZING
  /// Replays the seed corpus, or the files and folders given, through `fuzzOne`.
  @main
  enum Replay {
    static func main() throws { try SeedReplay.run("RulesBridge", fuzzOne) }
  }
#endif
