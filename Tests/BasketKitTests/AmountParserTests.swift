import BasketKit
import Testing

@Suite struct AmountParserTests {
  @Test(
    arguments: [
      ("750", 750.0), ("750 ml", 750), ("750ml", 750), ("1,5", 1.5), ("1.5", 1.5), (" 2 ", 2),
      ("0.25 kg", 0.25), ("x12", 12), ("0", 0),
    ] as [(String, Double)])
  func readsForgivingNumbers(text: String, value: Double) {
    #expect(AmountParser.number(in: text) == value)
  }

  @Test(arguments: ["", "   ", "abc", "-2", "−3", "1.2.3", "1 2", "1,5,0", "2/3", "🍎", "1e400"])
  func rejectsWhatIsNotOneNumber(text: String) {
    #expect(AmountParser.number(in: text) == nil)
  }
}
