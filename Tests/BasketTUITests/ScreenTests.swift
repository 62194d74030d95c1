import BasketKit
import BasketTUI
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite struct ScreenTests {
  @Test func theHeaderShowsTheTitleTheCountAndTodaysTint() {
    let app = Harness(colorMode: .trueColor)
    app.add("Milk", "Bread")
    let header = app.lines[0]
    #expect(header.contains("🧺 Basket"))
    #expect(header.contains("2 to get · good morning"))
    #expect(app.frame[0, 0].style.background == Color.rgb(255, 228, 150))
    app.advance(9 * 3600)  // 19:00 UTC
    #expect(app.lines[0].contains("good evening"))
    #expect(app.frame[0, 0].style.background == Color.rgb(252, 190, 150))
  }

  @Test func theEmptyStateShowsTheDaysLine() {
    let app = Harness()
    let mood = DayMood(date: Fixtures.monday, timeZone: TimeZone(identifier: "UTC")!)
    #expect(mood.seasonalAccent == nil)
    #expect(app.screen.contains(mood.emptyLine))
    #expect(app.screen.contains("Type an item below and press Enter."))
    #expect(app.screen.contains("🧺"))
  }

  @Test func theEmptyStateShowsTheSeasonalAccentInDecember() {
    let december = Date(timeIntervalSince1970: 1_796_896_800)  // 10 December 2026, 10:00 UTC
    let app = Harness(start: december)
    #expect(app.screen.contains("🎄 🧺 🎄"))
    #expect(app.lines[0].contains("🎄"))
  }

  @Test func aTinyTerminalAsksToBeMadeBigger() {
    let app = Harness(size: Size(width: 24, height: 6))
    app.add("Milk")
    #expect(app.screen.contains("Make me bigger!"))
    #expect(app.screen.contains("(now 24×6)"))
    #expect(!app.screen.contains("Milk"))
    let scrap = render(app.state, size: Size(width: 3, height: 1))
    #expect(scrap.lines == ["Ma…"])
  }

  @Test func resizingRedrawsForTheNewSize() {
    let app = Harness(size: Size(width: 24, height: 6))
    app.add("Milk")
    app.resize(Size(width: 80, height: 24))
    #expect(app.lines.count == 24)
    #expect(app.lines[0].hasSuffix("1 to get · good morning"))
    #expect(app.names(app.toGet) == ["Milk"])
    #expect(app.line(containing: "＋") == app.lines[22])
  }

  @Test func longNamesTruncateAndTheQuantityChipKeepsItsPlace() {
    let app = Harness()
    app.add("500 ml milk")
    app.add("500 ml " + String(repeating: "very long oat drink ", count: 4) + "milk")
    let long = app.lines[app.row(of: "very long")!]
    let short = app.lines[app.row(of: "☐ 🥛 milk")!]
    #expect(long.contains("…"))
    #expect(long.hasSuffix(" 500 ml"))
    #expect(long.count == short.count)
  }

  @Test func emojiAndWideNamesTakeTheirRealWidth() {
    let app = Harness()
    app.add("2 牛乳")
    let frame = app.frame
    let row = app.row(of: "牛乳")!
    let x0 = Layout(app.size).cardLeft
    #expect(frame[x0 + 3, row].width == 2)  // the emoji
    #expect(frame[x0 + 4, row].isContinuation)
    #expect(frame[x0 + 6, row].text == "牛")
    #expect(frame[x0 + 7, row].isContinuation)
    #expect(app.lines[row].hasSuffix(" 2"))
  }

  @Test func aLongListScrollsToKeepTheSelectionInView() {
    let app = Harness()
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    let names = (0..<30).map { "Item \(letters[$0 / 26])\(letters[$0 % 26])" }
    for name in names { app.add(name) }
    app.press(.down)
    #expect(app.line(containing: "To get") != nil)
    for _ in 0..<20 { app.press(.down) }
    #expect(app.line(containing: "❯")?.contains(names[29 - 20]) == true)
    #expect(app.line(containing: "To get") == nil)
    #expect(app.lines[Layout(app.size).listTop].hasSuffix("↑"))
    app.press(.home)
    #expect(app.line(containing: "❯")?.contains(names[29]) == true)
    app.press(.pageDown)
    #expect(app.state.scroll > 0)
  }

  @Test func theQuestionMarkOverlayListsEveryKeyAndAnyKeyClosesIt() {
    let app = Harness()
    app.type("?")
    #expect(app.state.text.isEmpty)
    #expect(app.screen.contains("Keys"))
    for key in ["^Q  F3", "^R  F2", "^K", "^Z", "Space Enter", "Tab ⇧Tab ← →"] {
      #expect(app.screen.contains(key))
    }
    app.press(.character("x"))
    #expect(!app.screen.contains("Keys"))
    app.type("milk?")
    #expect(app.state.text == "milk?")
  }

  @Test func theHintLineShowsTheKeysThatMatterNow() {
    let app = Harness()
    #expect(app.hint.contains("Type to add"))
    app.add("Milk")
    app.select("Milk")
    #expect(app.hint.contains("Space tick off"))
    #expect(app.hint.contains("^Q amount"))
    app.press(.escape)
    app.type("br")
    #expect(app.hint.contains("Enter add"))
  }

  @Test func theFlourishPlaysOnStartAndAnyKeySkipsIt() {
    let app = Harness(flourish: true)
    #expect(app.screen.contains("🧺"))
    #expect(app.screen.contains("any key to start"))
    app.advance(1.0)
    #expect(app.screen.contains("B a s k e t"))
    app.type("m")
    #expect(!app.screen.contains("any key to start"))
    #expect(app.state.text == "m")
  }

  @Test func theFlourishEndsByItselfAndIsCalmWithReduceMotion() {
    let app = Harness(flourish: true)
    app.advance(TUITiming.flourish)
    #expect(app.state.flourishStart == nil)
    let calm = Harness(reduceMotion: true, flourish: true)
    #expect(calm.screen.contains("B a s k e t"))
    calm.advance(TUITiming.calmFlourish)
    #expect(calm.state.flourishStart == nil)
  }

  @Test func trueColourDrawsCreamRowsOnADottedGreenBackdrop() {
    let app = Harness(colorMode: .trueColor)
    app.add("Milk")
    let frame = app.frame
    #expect(frame[0, 1].text == "⋅" || frame[2, 1].text == "⋅")
    #expect(frame[1, 1].style.background == Color.rgb(212, 235, 198))
    let row = app.row(of: "Milk")!
    #expect(frame[20, row].style.background == Color.rgb(255, 249, 232))
  }

  @Test func monochromeHasNoDotsAndNoColour() {
    let app = Harness(colorMode: .monochrome)
    app.add("Milk")
    let frame = app.frame
    #expect(!app.screen.contains("⋅"))
    #expect(frame.cells.allSatisfy { $0.style.foreground == .none && $0.style.background == .none })
  }

  @Test func aChangeFromAnotherProcessAppearsWhenTheStoreIsPolled() throws {
    let app = Harness()
    app.add("Milk")
    let elsewhere = Fixtures.basket(clock: app.clock, store: app.store)
    _ = try elsewhere.add(name: "Tea", id: Fixtures.id(99))
    #expect(app.names(app.toGet) == ["Milk"])
    app.program.pollStore()
    #expect(app.names(app.toGet) == ["Tea", "Milk"])
  }

  @Test func anItemRemovedElsewhereDropsItsSelectionAndEditor() throws {
    let app = Harness()
    app.add("Milk", "Bread")
    app.select("Milk")
    app.press(.control("r"))
    try app.store.modify { draft in draft.items.removeAll { $0.name == "Milk" } }
    app.program.pollStore()
    #expect(app.state.selection == nil)
    #expect(app.state.mode == .list)
  }

  @Test func gotItItemsExpireAfterAnHour() {
    let app = Harness()
    app.add("Milk")
    app.select("Milk")
    app.press(.character(" "))
    app.advance(0.6)
    #expect(app.names(app.gotIt) == ["Milk"])
    app.advance(ListTiming.gotItTTL)
    #expect(app.gotIt.isEmpty)
  }
}
