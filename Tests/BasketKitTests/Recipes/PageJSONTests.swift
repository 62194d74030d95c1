import BasketKit
import Testing

@Suite struct PageJSONTests {
  @Test func readsStrictJSON() {
    let value = JSONValue.pageValue(
      in:
        #"{"a": [1, 2.5, "x\u00e9\n", true, false, null], "b": {"c": -3e2}}"#)
    #expect(
      value?["a"]
        == .array([.number(1), .number(2.5), .string("xé\n"), .bool(true), .bool(false), .null]))
    #expect(value?["b"]?["c"] == .number(-300))
  }

  @Test(
    arguments: [
      "{\"a\": \"line\nbreak\", }", "<!--{\"a\": \"line\nbreak\"}-->",
      "//<![CDATA[\n{\"a\": \"line\nbreak\"}\n//]]>", "/* note */ {\"a\": 'line\nbreak'}",
    ])
  func toleratesTheSlipsPagesMake(text: String) {
    #expect(JSONValue.pageValue(in: text)?["a"] == .string("line\nbreak"))
  }

  @Test func readsSeveralValuesInOneScript() {
    #expect(JSONValue.pageValues(in: #"{"a":1}{"b":2}, [3]"#).count == 3)
  }

  @Test func keepsWhatItReadBeforeAnError() {
    let value = JSONValue.pageValue(in: #"{"name": "Soup", "recipeYield": 4, "bad": ?}"#)
    #expect(value?["name"] == .string("Soup"))
    #expect(value?["recipeYield"] == .number(4))
  }

  @Test func readsAnAbsurdlyLongNumberAsNullAndGoesOn() {
    let long = String(repeating: "9", count: 500)
    let value = JSONValue.pageValue(
      in:
        #"{"rating": 4.79999999999999982236431605997495353221893310546875, "x": \#(long), "name": "Pie"}"#
    )
    #expect(value?["rating"] == .number(4.8))
    #expect(value?["x"] == .null)
    #expect(value?["name"] == .string("Pie"))
  }

  @Test func decodesSurrogatePairs() {
    #expect(JSONValue.pageValue(in: #"["\ud83c\udf45"]"#) == .array([.string("🍅")]))
  }

  @Test func capsNestingWithoutRecursingDeeply() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    _ = JSONValue.pageValues(in: deep)
    let ok = String(repeating: "[", count: 100) + "1" + String(repeating: "]", count: 100)
    #expect(JSONValue.pageValue(in: ok) != nil)
  }

  @Test(arguments: ["", "{", "[", "\"", "{\"a\":", "nul", "-", "\\u", "{\"a\":\"\\ud800\"}"])
  func survivesTruncatedInput(text: String) {
    _ = JSONValue.pageValues(in: text)
  }
}
