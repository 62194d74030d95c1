import BasketKit
import Testing

@Suite struct RetailerRulesTests {
  static let walmart = RetailerRules.builtIn[0]
  static let target = RetailerRules.builtIn[1]

  @Test(arguments: [
    ("milk", "milk"),
    ("oat milk", "oat%20milk"),
    ("salt & pepper", "salt%20%26%20pepper"),
    ("#1 coffee", "%231%20coffee"),
    ("a+b=c?", "a%2Bb%3Dc%3F"),
    ("50% off/cheap", "50%25%20off%2Fcheap"),
    ("crème fraîche", "cr%C3%A8me%20fra%C3%AEche"),
    ("🍕 pizza", "%F0%9F%8D%95%20pizza"),
    ("豆腐", "%E8%B1%86%E8%85%90"),
    ("tilde~dash-dot.under_score", "tilde~dash-dot.under_score"),
    ("quote\"s 'and' <tags>", "quote%22s%20%27and%27%20%3Ctags%3E"),
  ])
  func itemNamesArePercentEncoded(name: String, encoded: String) {
    #expect(RetailerRules.percentEncoded(name) == encoded)
  }

  @Test(arguments: [
    (walmart, "oat milk", "https://www.walmart.com/search?q=oat%20milk"),
    (target, "salt & pepper", "https://www.target.com/s?searchTerm=salt%20%26%20pepper"),
    (walmart, "#2 pencils", "https://www.walmart.com/search?q=%232%20pencils"),
    (target, "🍓 jam", "https://www.target.com/s?searchTerm=%F0%9F%8D%93%20jam"),
  ])
  func searchAddressesAreBuiltFromTheTemplate(retailer: Retailer, name: String, address: String) {
    #expect(RetailerRules.searchAddress(for: name, at: retailer) == address)
  }

  @Test func aSearchLinkIsLabelledAsASearch() {
    let link = RetailerRules.searchLink(for: "  oat   milk ", at: Self.walmart)
    #expect(link.kind == .search)
    #expect(link.address == "https://www.walmart.com/search?q=oat%20milk")
    #expect(link.label == "Search Walmart for “oat milk” (a search, not a product page)")
    #expect(!link.label.lowercased().contains("price"))
    #expect(!link.label.lowercased().contains("in stock"))
  }

  @Test(
    arguments: [
      ("https://www.kroger.com/search?query={query}", nil),
      ("  http://shop.example/find/{query}  ", nil),
      ("https://shop.example/search?q=x", "needs {query}"),
      ("https://shop.example/?a={query}&b={query}", "more than once"),
      ("ftp://shop.example/?q={query}", "http or https"),
      ("https://{query}.example/", "after the host"),
      ("https:///search?q={query}", "no host"),
      ("shop.example/search?q={query}", "isn't a web address"),
      ("https://shop.example/search?q={query} more", "space"),
      ("javascript:alert(1)//{query}", "isn't a web address"),
    ] as [(String, String?)])
  func templatesAreChecked(template: String, problem: String?) {
    expectAddress(template, checkedBy: RetailerRules.template, problem: problem)
  }

  @Test func theHouseholdAddsAndRemovesRetailersButNotTheBuiltInOnes() throws {
    var catalogue = ProductCatalogue()
    #expect(catalogue.allRetailers.map(\.name) == ["Walmart", "Target"])
    let kroger = try RetailerRules.add(
      " Kroger ", template: "https://www.kroger.com/search?query={query}", to: &catalogue)
    #expect(kroger.name == "Kroger" && !kroger.builtIn)
    #expect(catalogue.allRetailers.map(\.name) == ["Walmart", "Target", "Kroger"])
    #expect(throws: ProductError.retailerTaken("Walmart")) {
      try RetailerRules.add("walmart", template: "https://x.example/?q={query}", to: &catalogue)
    }
    #expect(throws: ProductError.builtInRetailer("Target")) {
      try RetailerRules.remove("target", from: &catalogue)
    }
    #expect(try RetailerRules.find("kro", in: catalogue.allRetailers) == kroger)
    #expect(try RetailerRules.remove("Kroger", from: &catalogue) == kroger)
    #expect(catalogue.retailers.isEmpty)
  }
}
