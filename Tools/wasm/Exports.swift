// The WebAssembly module's door: what `Web/app/rules.js` calls. Built only by
// Tools/wasm/build.sh, with Sources/BasketRules and Sources/BasketRulesBridge as one module.
//
// The page writes a request (JSON, UTF-8) into memory it got from `basket_alloc`, calls
// `basket_call`, and reads the answer's `basket_answer_length()` bytes at `basket_answer()`.
// The answer stays until the next call.

nonisolated(unsafe) private var answer: [UInt8] = []

@_expose(wasm, "basket_alloc")
@_cdecl("basket_alloc")
func basketAlloc(_ count: Int32) -> UnsafeMutableRawPointer? {
  UnsafeMutableRawPointer.allocate(byteCount: Int(max(count, 1)), alignment: 8)
}

@_expose(wasm, "basket_free")
@_cdecl("basket_free")
func basketFree(_ pointer: UnsafeMutableRawPointer?) {
  pointer?.deallocate()
}

/// Answers the request of `count` bytes at `pointer`; returns the answer's length.
@_expose(wasm, "basket_call")
@_cdecl("basket_call")
func basketCall(_ pointer: UnsafeRawPointer, _ count: Int32) -> Int32 {
  let request = Array(UnsafeRawBufferPointer(start: pointer, count: Int(count)))
  answer = RulesBridge.call(request)
  return Int32(answer.count)
}

@_expose(wasm, "basket_answer")
@_cdecl("basket_answer")
func basketAnswer() -> UnsafeRawPointer? {
  answer.withUnsafeBytes { $0.baseAddress }
}

// MARK: - What the standard library asks of its platform

@_extern(c, "strtod")
func cStrtod(
  _ text: UnsafePointer<CChar>, _ end: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Double

/// Reads a number as `Double(String)` needs it, through wasi-libc's `strtod` (the C locale):
/// the end of what was read, which the standard library checks is the end of the text.
@_cdecl("_swift_stdlib_strtod_clocale")
func swiftStrtod(_ text: UnsafePointer<CChar>, _ result: UnsafeMutablePointer<Double>)
  -> UnsafePointer<CChar>?
{
  var end: UnsafeMutablePointer<CChar>?
  result.pointee = cStrtod(text, &end)
  return end.map { UnsafePointer($0) }
}

@_extern(wasm, module: "wasi_snapshot_preview1", name: "random_get")
func wasiRandomGet(_ buffer: UnsafeMutableRawPointer, _ count: Int32) -> Int32

/// The random bytes the standard library's hashing seeds itself with, straight from the page's
/// secure source. wasi-libc's own asserts on its way there, and its assert brings the whole of
/// `printf` (16 KB of the module).
@_cdecl("arc4random_buf")
func arc4randomBuf(_ buffer: UnsafeMutableRawPointer, _ count: Int) {
  _ = wasiRandomGet(buffer, Int32(count))
}
