import BasketKit
import BasketTUI
import BasketTestSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Drives the app the way the runner does, with a frozen clock, an in-memory store and a
/// fixed screen size, and reads the screen back as text lines.
final class Harness {
  let clock: TestClock
  let store: InMemoryStore
  let program: Program
  var size: Size

  init(
    size: Size = Size(width: 60, height: 20), colorMode: ColorMode = .monochrome,
    reduceMotion: Bool = false, flourish: Bool = false, start: Date = Fixtures.monday,
    memory: [MemoryEntry] = [], items: [Item] = [], emoji: EmojiMode = .modern,
    classifier: (any ItemClassifier)? = nil, recipes: [Recipe]? = nil,
    plan: [PlannedMeal]? = nil
  ) {
    clock = TestClock(start)
    store = InMemoryStore(items: items, memory: memory)
    self.size = size
    let settings = Settings(
      reduceMotion: reduceMotion, colorMode: colorMode, timeZone: TimeZone(identifier: "UTC")!,
      emoji: emoji)
    var basket = Fixtures.basket(clock: clock, store: store)
    if let classifier {
      let engine = SuggestionEngine(dictionary: [String]())
      basket = Basket(
        store: store,
        environment: BasketEnvironment(
          clock: clock.appClock, ids: Fixtures.sequentialIDs(), classifier: classifier,
          suggestions: { engine }))
    }
    let book = (recipes ?? plan.map { _ in [] }).map {
      RecipeBook(store: InMemoryRecipeStore($0), basket: basket)
    }
    program = Program(
      basket: basket,
      state: AppState(settings: settings, now: clock.now, size: size, flourish: flourish),
      recipes: book,
      plan: plan.flatMap { meals in
        book.map { PlanBook(store: InMemoryPlanStore(meals), recipes: $0, timeZone: .gmt) }
      })
    program.start()
  }

  var state: AppState { program.state }

  func type(_ text: String) {
    for character in text { program.send(.key(.character(character))) }
  }

  func press(_ keys: Key...) {
    for key in keys { program.send(.key(key)) }
  }

  /// Moves the clock on and sends the tick the runner would.
  func advance(_ seconds: TimeInterval) {
    clock.advance(by: seconds)
    program.send(.tick(clock.now))
  }

  func resize(_ size: Size) {
    self.size = size
    program.send(.resize(size))
  }

  /// Adds items through the add bar, in order (the last one ends on top).
  func add(_ names: String...) {
    for name in names {
      type(name)
      press(.enter)
    }
  }

  var frame: Frame { render(program.state, size: size) }
  var lines: [String] { frame.lines }
  var screen: String { lines.joined(separator: "\n") }

  /// The first line containing `text`, if any.
  func line(containing text: String) -> String? {
    lines.first { $0.contains(text) }
  }

  /// The row number of the first line containing `text`.
  func row(of text: String) -> Int? {
    lines.firstIndex { $0.contains(text) }
  }

  /// The lines of the To get section (between its header and the Got it header or the end).
  var toGet: [String] { section(after: "To get", until: "Got it") }
  var gotIt: [String] { section(after: "Got it", until: nil) }

  private func section(after header: String, until next: String?) -> [String] {
    let layout = Layout(size)
    let list = lines[layout.listTop..<(layout.listTop + layout.listHeight)]
    guard let start = list.firstIndex(where: { $0.contains(header + "  ") })
    else { return [] }
    var rows: [String] = []
    for line in list[(start + 1)...] {
      let trimmed = line.trimmingLeadingSpaces
      if trimmed.isEmpty { break }
      rows.append(trimmed)
    }
    return rows
  }

  /// The item names in a section's rows: what follows the emoji, without the quantity chip's
  /// padding (a chip stays: "milk  2 L").
  func names(_ rows: [String]) -> [String] {
    rows.compactMap { row in
      guard
        let emoji = row.firstIndex(where: {
          $0.unicodeScalars.first!.properties.isEmojiPresentation
        })
      else { return nil }
      return String(row[row.index(after: emoji)...].drop { $0 == " " })
    }
  }

  /// The id of the visible item named `name`.
  func id(of name: String) -> UUID? {
    let sections = state.sections
    return (sections.toGet + sections.gotIt).first { $0.name == name }?.id
  }

  /// Selects the item named `name` with the arrow keys, from no selection.
  func select(_ name: String) {
    press(.escape)
    while state.selection != nil { press(.escape) }
    guard let id = id(of: name) else { return }
    press(.down)
    var guardCount = 0
    while state.selection != .item(id), guardCount < 200 {
      press(.down)
      guardCount += 1
    }
  }
}

extension String {
  var trimmingLeadingSpaces: String {
    String(drop { $0 == " " })
  }
}

extension AppState {
  /// A 60×20 monochrome screen on Monday morning without the flourish: where the tests of
  /// `update` on its own start, so that a frame's text depends only on what a test does.
  static var mondayMorning: AppState {
    AppState(
      settings: Settings(colorMode: .monochrome, timeZone: .gmt), now: Fixtures.monday,
      size: Size(width: 60, height: 20), flourish: false)
  }
}
