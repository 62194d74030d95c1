import BasketKit
import Testing

@Suite struct NameKeyTests {
  @Test(arguments: [
    ("Apples", "apple"),
    ("apple", "apple"),
    ("  APPLE  ", "apple"),
    ("Jalapeños", "jalapeno"),
    ("jalapeño", "jalapeno"),
    ("Tomatoes", "tomato"),
    ("Berries", "berry"),
    ("Peanut   Butter", "peanut butter"),
    ("Crème fraîche", "creme fraiche"),
    ("Hummus", "hummus"),
    ("Glasses", "glass"),
    ("Swiss chard", "swiss chard"),
    ("Hellmann's Mayo", "hellmanns mayo"),
    ("Dishes", "dish"),
    ("Gas", "gas"),
    ("Oat-milk", "oat milk"),
    ("Boxes", "box"),
  ])
  func foldsNamesToAComparableKey(name: String, key: String) {
    #expect(NameKey.of(name) == key)
  }

  @Test func keepsDifferentItemsApart() {
    #expect(NameKey.of("Peas") != NameKey.of("Peaches"))
    #expect(NameKey.of("Milk") != NameKey.of("Oat milk"))
  }
}
