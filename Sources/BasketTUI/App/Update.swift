import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The app's one state transition: the next state for an event, and the effects the runner
/// should perform. Pure: it reads nothing but its arguments.
public func update(_ state: AppState, _ event: Event) -> (AppState, [Effect]) {
  var next = state
  var effects: [Effect] = []
  next.apply(event, effects: &effects)
  next.settle()
  return (next, effects)
}

extension AppState {
  /// When the app next needs a tick: the next animation frame, or the next thing to expire.
  public func nextWake() -> Date? {
    var wakes: [Date] = []
    if isAnimating { wakes.append(now.addingTimeInterval(TUITiming.frame)) }
    if let deadline = choreography.deadline { wakes.append(deadline) }
    if let toast { wakes.append(toast.until) }
    if let undoDeadline {
      // Once a second for the countdown, and at the end.
      let left = undoDeadline.timeIntervalSince(now)
      let fraction = left - left.rounded(.down)
      wakes.append(now.addingTimeInterval(fraction > 0 ? fraction : 1))
    }
    if let celebration { wakes.append(celebration.addingTimeInterval(TUITiming.celebration)) }
    return wakes.min()
  }

  /// True while something on screen moves from frame to frame.
  public var isAnimating: Bool {
    flourishStart != nil || !checkOffStarts.isEmpty || !flashes.isEmpty || celebration != nil
  }

  var flourishDuration: TimeInterval {
    settings.reduceMotion ? TUITiming.calmFlourish : TUITiming.flourish
  }

  fileprivate mutating func apply(_ event: Event, effects: inout [Effect]) {
    switch event {
    case .tick(let date):
      advance(to: date)
    case .resize(let size):
      self.size = size
    case .storeChanged(let items, let deadline):
      self.items = items
      undoDeadline = deadline.flatMap { $0 > now ? $0 : nil }
      if undoDeadline == nil { clearedCount = nil }
      loaded = true
      for id in choreography.pending
      where !items.contains(where: { $0.id == id && $0.checkedAt != nil && $0.clearedAt == nil }) {
        choreography.cancel(id)
        checkOffStarts[id] = nil
      }
      effects.append(.suggest(text))
    case .suggestions(let query, let suggestions):
      guard query == text else { return }
      let picked = pickedChip.flatMap { chips.indices.contains($0) ? chips[$0].name : nil }
      chips = suggestions
      chipsQuery = query
      pickedChip = picked.flatMap { name in suggestions.firstIndex { $0.name == name } }
    case .added(let results):
      for result in results {
        switch result.outcome {
        case .bumped(let id):
          flashes[id] = now
          say("\(result.item.name) is already on the list: moved to the top")
        case .restored(let id):
          flashes[id] = now
          say("\(result.item.name) is back on the list")
        case .added, .replayed:
          break
        }
      }
      if results.count > 1, results.allSatisfy({ $0.outcome.word == "added" }) {
        say("Added \(results.count) items: \(results.map(\.item.name).joined(separator: ", "))")
      }
    case .checked(let outcome):
      guard outcome.allDone else { return }
      if choreography.pending.isEmpty {
        celebration = now
      } else {
        celebrationPending = true
      }
    case .measured(let id, let measure):
      guard mode == .list, let item = item(id) else { return }
      mode = .quantity(QuantityEditor(item: item, measure: measure))
    case .cleared(let count):
      clearedCount = count > 0 ? count : nil
      if count == 0 { say("Got it is already empty") }
    case .undone(let count):
      clearedCount = nil
      undoDeadline = nil
      say(count == 1 ? "1 item is back in Got it" : "\(count) items are back in Got it")
    case .failed(let message):
      // A library that could not be read closes its panel, so the message shows.
      if case .recipes(let panel) = mode, !panel.loaded { mode = .list }
      if case .week(let panel) = mode, panel.plan == nil { mode = .list }
      say(Self.sentence(message))
    case .walkingOrder(let view, let reason):
      if view != nil, walking == nil {
        say("In \(view!.shop)'s walking order: Alt-↑ ↓ moves an item, Shift-Alt its aisle")
      }
      walking = view
      if view != nil { aisles = nil }
      if let reason { say(reason) }
    case .aisles(let view):
      aisles = view
    case .recipesListed(let summaries):
      guard case .recipes(var panel) = mode else { return }
      panel.summaries = summaries
      panel.loaded = true
      panel.picked = max(0, min(summaries.count - 1, panel.picked))
      mode = .recipes(panel)
    case .recipeOpened(let recipe):
      guard case .recipes(var panel) = mode else { return }
      panel.detail = recipe
      panel.scroll = 0
      panel.servings = recipe.servings
      mode = .recipes(panel)
    case .recipeAdded(let title, let added, let merged):
      say("\(title) is on the list: \(added) new, \(merged) merged")
    case .listShown(let name, let lists):
      let moved = !listName.isEmpty && listName != name
      listName = name
      listCount = lists
      if moved {
        selection = nil
        scroll = 0
        removed = nil
        say("Now on \(name) · ^T shows the next list")
      }
    case .weekShown(let plan):
      guard case .week(var panel) = mode else { return }
      if panel.plan?.days != plan.days { panel.scroll = 0 }
      panel.plan = plan
      panel.scroll(by: 0)
      mode = .week(panel)
    case .key(let key):
      handle(key, effects: &effects)
    case .paste(let pasted):
      paste(pasted, effects: &effects)
    }
  }

  // MARK: - Time

  private mutating func advance(to date: Date) {
    now = date
    let toGetBefore = sections.toGet.map(\.id)
    let moved = choreography.advance(to: date)
    if !moved.isEmpty {
      for id in moved { checkOffStarts[id] = nil }
      if case .item(let id) = selection, moved.contains(id) {
        selection = Self.stayInPlace(id, before: toGetBefore, moved: Set(moved))
      }
      if celebrationPending {
        celebrationPending = false
        celebration = date
      }
    }
    flashes = flashes.filter { date.timeIntervalSince($0.value) < TUITiming.flash }
    if let toast, toast.until <= date { self.toast = nil }
    if let celebration, date.timeIntervalSince(celebration) >= TUITiming.celebration {
      self.celebration = nil
    }
    if let flourishStart, date.timeIntervalSince(flourishStart) >= flourishDuration {
      self.flourishStart = nil
    }
    if let undoDeadline, undoDeadline <= date {
      self.undoDeadline = nil
      clearedCount = nil
    }
    if let removed, removed.until <= date { self.removed = nil }
  }

  /// When the selected item moves to Got it, the selection stays where it was on screen: on
  /// the next item that stayed in To get (or the one before, at the bottom).
  private static func stayInPlace(_ id: UUID, before: [UUID], moved: Set<UUID>) -> Selection? {
    guard let index = before.firstIndex(of: id) else { return nil }
    if let after = before[index...].first(where: { !moved.contains($0) }) { return .item(after) }
    if let earlier = before[..<index].last(where: { !moved.contains($0) }) {
      return .item(earlier)
    }
    return nil
  }

  // MARK: - Keys

  private mutating func handle(_ key: Key, effects: inout [Effect]) {
    if key == .control("c") {
      effects.append(.quit)
      return
    }
    if flourishStart != nil {
      flourishStart = nil
      // Any key skips the flourish; typing also goes on to the add bar.
      guard case .character = key, mode == .list else { return }
    }
    switch mode {
    case .list: handleList(key, effects: &effects)
    case .help: mode = .list
    case .rename(var draft): handleRename(key, draft: &draft, effects: &effects)
    case .note(var draft): handleNote(key, draft: &draft, effects: &effects)
    case .quantity(var editor): handleQuantity(key, editor: &editor, effects: &effects)
    case .recipes(var panel): handleRecipes(key, panel: &panel, effects: &effects)
    case .week(var panel): handleWeek(key, panel: &panel, effects: &effects)
    }
  }

  private mutating func handleList(_ key: Key, effects: inout [Effect]) {
    switch key {
    case .character(let character):
      if text.isEmpty, character == "?" {
        mode = .help
      } else if text.isEmpty, character == " " {
        activateSelection(effects: &effects)
      } else if text.count < ListTiming.maxNameLength {
        text.append(character)
        textChanged(effects: &effects)
      }
    case .backspace:
      guard !text.isEmpty else { return }
      text.removeLast()
      textChanged(effects: &effects)
    case .control("u"):
      guard !text.isEmpty else { return }
      text = ""
      textChanged(effects: &effects)
    case .control("w"):
      guard !text.isEmpty else { return }
      text = Self.droppingLastWord(text)
      textChanged(effects: &effects)
    case .enter:
      if let picked = pickedChip, chips.indices.contains(picked) {
        effects.append(.addName(chips[picked].name))
        text = ""
        textChanged(effects: &effects)
      } else if !text.allSatisfy(\.isWhitespace) {
        effects.append(.add(text))
        text = ""
        textChanged(effects: &effects)
      } else {
        activateSelection(effects: &effects)
      }
    case .tab, .right: pickChip(by: 1)
    case .backTab, .left: pickChip(by: -1)
    case .up: moveSelection(by: -1)
    case .down: moveSelection(by: 1)
    case .pageUp: moveSelection(by: -max(1, Layout(size).listHeight - 1))
    case .pageDown: moveSelection(by: max(1, Layout(size).listHeight - 1))
    case .home: moveSelection(by: -Int(Int32.max))
    case .end: moveSelection(by: Int(Int32.max))
    case .escape:
      if pickedChip != nil {
        pickedChip = nil
      } else if selection != nil {
        selection = nil
      } else if !text.isEmpty {
        text = ""
        textChanged(effects: &effects)
      }
    case .control("x"):
      if selection == nil {
        say("Select an item with ↑ ↓ first")
      } else {
        activateSelection(effects: &effects)
      }
    case .control("q"), .function(3):
      guard let item = selectedItem else { return say("Select an item with ↑ ↓ first") }
      effects.append(.measure(item.id, name: item.name))
    case .control("r"), .function(2):
      guard let item = selectedItem else { return say("Select an item with ↑ ↓ first") }
      mode = .rename(RenameDraft(itemID: item.id, original: item.name))
    case .control("n"), .function(7):
      guard let item = selectedItem else { return say("Select an item with ↑ ↓ first") }
      mode = .note(RenameDraft(itemID: item.id, original: item.note ?? ""))
    case .control("k"):
      clearAll(effects: &effects)
    case .delete where text.isEmpty, .function(8):
      guard let item = selectedItem else { return say("Select an item with ↑ ↓ first") }
      effects.append(.change(.remove(item.id)))
      removed = Removed(item: item, until: now.addingTimeInterval(ListTiming.undoWindow))
      say("Removed \(item.name) · ^Z brings it back")
    case .control("z"):
      if let removed {
        self.removed = nil
        effects.append(.bringBack(removed.item))
        say("Brought back \(removed.item.name)")
      } else if undoDeadline != nil {
        effects.append(.change(.undo(clear: nil)))
      } else {
        say("Nothing to undo")
      }
    case .control("d"):
      if text.isEmpty { effects.append(.quit) }
    case .control("l"):
      effects.append(.redraw)
    case .control("a"), .function(10):
      if aisles == nil {
        if walking != nil {
          walking = nil
          effects.append(.showWalkingOrder(false))
        }
        effects.append(.showAisles(true))
        say("By aisle: Alt-← → moves an item to another aisle")
      } else {
        aisles = nil
        effects.append(.showAisles(false))
        say("Back to list order")
      }
    case .moveLeft: moveToCategory(by: -1, effects: &effects)
    case .moveRight: moveToCategory(by: 1, effects: &effects)
    case .control("t"), .function(9):
      effects.append(.nextList)
    case .control("g"), .function(5):
      if walking == nil {
        if aisles != nil {
          aisles = nil
          effects.append(.showAisles(false))
        }
        effects.append(.showWalkingOrder(true))
      } else {
        walking = nil
        effects.append(.showWalkingOrder(false))
        say("Back to list order")
      }
    case .moveUp: moveInWalkingOrder(by: -1, effects: &effects)
    case .moveDown: moveInWalkingOrder(by: 1, effects: &effects)
    case .moveGroupUp: moveCategoryInWalkingOrder(by: -1, effects: &effects)
    case .moveGroupDown: moveCategoryInWalkingOrder(by: 1, effects: &effects)
    case .function(1):
      mode = .help
    case .control("o"), .function(4):
      mode = .recipes(RecipePanel())
      effects.append(.listRecipes)
    case .control("p"), .function(6):
      mode = .week(WeekPanel())
      effects.append(.showWeek(nil))
    default:
      break
    }
  }

  /// The week panel: ← → (or PgUp PgDn) the week before and after, T this week, ↑↓ scroll;
  /// Esc, ^P or F6 closes it.
  private mutating func handleWeek(_ key: Key, panel: inout WeekPanel, effects: inout [Effect]) {
    switch key {
    case .left, .pageUp, .character("["):
      if let day = panel.day(weeksFrom: -1) { effects.append(.showWeek(day)) }
    case .right, .pageDown, .character("]"):
      if let day = panel.day(weeksFrom: 1) { effects.append(.showWeek(day)) }
    case .character("t"), .character("T"): effects.append(.showWeek(nil))
    case .up: panel.scroll(by: -1)
    case .down: panel.scroll(by: 1)
    case .escape, .control("p"), .function(6):
      mode = .list
      return
    default:
      break
    }
    mode = .week(panel)
  }

  /// The recipes panel: ↑↓ pick (or scroll a recipe), Enter opens the picked recipe and, on
  /// a recipe, puts it on the list; Esc goes back a step; ^O or F4 closes it.
  private mutating func handleRecipes(
    _ key: Key, panel: inout RecipePanel, effects: inout [Effect]
  ) {
    switch key {
    case .up: panel.move(by: -1)
    case .down: panel.move(by: 1)
    case .pageUp: panel.move(by: -max(1, Layout(size).listHeight - 3))
    case .pageDown: panel.move(by: max(1, Layout(size).listHeight - 3))
    case .enter, .right, .character("a"):
      if let detail = panel.detail {
        guard key != .right, let id = detail.id else { break }
        mode = .list
        effects.append(.addRecipe(id, servings: panel.servings))
        return
      }
      guard key != .character("a"), panel.summaries.indices.contains(panel.picked) else { break }
      effects.append(.openRecipe(panel.summaries[panel.picked].id))
    case .escape, .left:
      if panel.detail != nil {
        panel.detail = nil
      } else if key == .escape {
        mode = .list
        return
      }
    case .character("+"), .character("="): panel.step(servingsBy: 1)
    case .character("-"), .character("−"): panel.step(servingsBy: -1)
    case .control("o"), .function(4):
      mode = .list
      return
    default:
      break
    }
    mode = .recipes(panel)
  }

  private mutating func handleRename(
    _ key: Key, draft: inout RenameDraft, effects: inout [Effect]
  ) {
    if Self.edit(&draft.text, key, upTo: ListTiming.maxNameLength) { return mode = .rename(draft) }
    switch key {
    case .enter:
      mode = .list
      do {
        let name = try ListRules.cleanName(draft.text)
        if name != draft.original { effects.append(.change(.rename(draft.itemID, name: name))) }
      } catch ListError.emptyName {
        say("A name can't be empty, so it stays \(draft.original)")
      } catch {
        say(Self.sentence(String(describing: error)))
      }
      return
    case .escape, .control("r"), .function(2):
      mode = .list
      return
    default:
      break
    }
    mode = .rename(draft)
  }

  /// Keys while writing a note: as a rename, but an empty note clears it, and a note is
  /// at most `ItemNote.maxLength` characters.
  private mutating func handleNote(
    _ key: Key, draft: inout RenameDraft, effects: inout [Effect]
  ) {
    if Self.edit(&draft.text, key, upTo: ItemNote.maxLength) { return mode = .note(draft) }
    switch key {
    case .enter:
      mode = .list
      do {
        let note = try ItemNote.cleaned(draft.text)
        if note != (draft.original.isEmpty ? nil : draft.original) {
          effects.append(.change(.note(draft.itemID, note)))
        }
      } catch {
        say(Self.sentence(error.description))
      }
      return
    case .escape, .control("n"), .function(7):
      mode = .list
      return
    default:
      break
    }
    mode = .note(draft)
  }

  private mutating func handleQuantity(
    _ key: Key, editor: inout QuantityEditor, effects: inout [Effect]
  ) {
    switch key {
    case .left, .backTab: editor.switchUnit(by: -1)
    case .right, .tab: editor.switchUnit(by: 1)
    case .up, .character("+"), .character("="): editor.step(up: true)
    case .down, .character("-"), .character("_"), .character("−"): editor.step(up: false)
    case .character(let character):
      if editor.typed.count < 12 { editor.typed.append(character) }
      editor.refusal = nil
    case .backspace:
      if !editor.typed.isEmpty { editor.typed.removeLast() }
      editor.refusal = nil
    case .control("u"):
      editor.typed = ""
      editor.refusal = nil
    case .enter:
      // Too much to take stays typed, with why, rather than closing on the old amount.
      if let refusal = editor.typedRefusal {
        editor.refusal = refusal
        say("\(editor.itemName) can't be \(editor.typed): \(refusal)")
        break
      }
      mode = .list
      if let amount = editor.resolvedRecipeAmount {
        if amount != editor.recipeStart { effects.append(.change(.amount(editor.itemID, amount))) }
      } else {
        effects.append(.change(.quantity(editor.itemID, editor.resolved)))
      }
      return
    case .delete:
      mode = .list
      if var amount = editor.recipeAmount {
        amount.amount = 0
        effects.append(.change(.amount(editor.itemID, amount)))
      } else {
        effects.append(.change(.quantity(editor.itemID, nil)))
      }
      return
    case .escape, .control("q"), .function(3):
      mode = .list
      return
    default:
      break
    }
    mode = .quantity(editor)
  }

  private mutating func paste(_ pasted: String, effects: inout [Effect]) {
    let cleaned = pasted.replacingTabs()
    switch mode {
    case .list:
      flourishStart = nil
      var lines = cleaned.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        .map(String.init)
      let last = lines.removeLast()
      for (index, line) in lines.enumerated() {
        let entry = index == 0 ? text + line : line
        if !entry.allSatisfy(\.isWhitespace) { effects.append(.add(entry)) }
      }
      text = String(((lines.isEmpty ? text : "") + last).prefix(ListTiming.maxNameLength))
      textChanged(effects: &effects)
    case .rename(var draft):
      let flat = cleaned.map { $0.isNewline ? " " : $0 }
      draft.text = String((draft.text + String(flat)).prefix(ListTiming.maxNameLength))
      mode = .rename(draft)
    case .note(var draft):
      let flat = cleaned.map { $0.isNewline ? " " : $0 }
      draft.text = String((draft.text + String(flat)).prefix(ItemNote.maxLength))
      mode = .note(draft)
    case .quantity(var editor):
      editor.typed = String((editor.typed + cleaned.filter { !$0.isNewline }).prefix(12))
      mode = .quantity(editor)
    case .help:
      mode = .list
    case .recipes, .week:
      break
    }
  }

  // MARK: - Actions

  private mutating func textChanged(effects: inout [Effect]) {
    pickedChip = nil
    effects.append(.suggest(text))
  }

  private mutating func pickChip(by offset: Int) {
    guard !chips.isEmpty else { return }
    guard let picked = pickedChip else {
      pickedChip = offset > 0 ? 0 : chips.count - 1
      return
    }
    pickedChip = (picked + offset + chips.count) % chips.count
  }

  /// Space, Enter (on an empty add bar) and Ctrl-X: tick off or restore the selected item,
  /// or press Clear all.
  private mutating func activateSelection(effects: inout [Effect]) {
    switch selection {
    case .item(let id): toggle(id, effects: &effects)
    case .clearAll: clearAll(effects: &effects)
    case nil: break
    }
  }

  private mutating func toggle(_ id: UUID, effects: inout [Effect]) {
    let sections = self.sections
    if let item = sections.toGet.first(where: { $0.id == id }) {
      if item.checkedAt == nil {
        choreography.checkOff(id, now: now)
        checkOffStarts[id] = now
        effects.append(.change(.check(id)))
      } else {
        // Changed their mind while it was still in place.
        choreography.cancel(id)
        checkOffStarts[id] = nil
        celebrationPending = false
        effects.append(.change(.uncheck(id)))
      }
    } else if sections.gotIt.contains(where: { $0.id == id }) {
      flashes[id] = now
      celebration = nil
      effects.append(.change(.uncheck(id)))
    }
  }

  private mutating func clearAll(effects: inout [Effect]) {
    if sections.gotIt.isEmpty {
      say("Got it is already empty")
    } else {
      effects.append(.change(.clear(items: sections.gotIt.map(\.id))))
    }
  }

  private mutating func moveSelection(by offset: Int) {
    let rows = ListRow.rows(for: sections, aisles: aisles)
    let choices = rows.compactMap(\.selection)
    guard !choices.isEmpty else {
      selection = nil
      return
    }
    guard let current = selection, let index = choices.firstIndex(of: current) else {
      let start = entryPoint(towards: offset, rows: rows, choices: choices)
      // The first step lands on the entry point itself.
      let target = start + (offset < 0 ? offset + 1 : offset - 1)
      selection = choices[max(0, min(choices.count - 1, target))]
      return
    }
    let target = max(0, min(choices.count - 1, index + offset))
    selection = choices[target]
  }

  /// Where a move from the add bar (nothing selected) enters the list: moving from the add
  /// bar towards the list starts at the visible item nearest the add bar (with the add bar
  /// below the list, ↑ picks the bottom-most visible row); moving the other way starts at
  /// the far end of the list.
  private func entryPoint(towards offset: Int, rows: ListRows, choices: [Selection]) -> Int {
    let layout = Layout(size)
    let addBarBelow = layout.addBarRow >= layout.listTop + layout.listHeight
    guard addBarBelow == (offset < 0) else { return offset < 0 ? choices.count - 1 : 0 }
    let first = min(scroll, rows.count)
    let visible = rows[first..<min(rows.count, first + layout.listHeight)].compactMap(\.selection)
    let nearest = addBarBelow ? visible.last : visible.first
    return nearest.flatMap { choices.firstIndex(of: $0) } ?? (addBarBelow ? choices.count - 1 : 0)
  }

  /// Moves the selected To get item one place in the walking order and teaches the shop the
  /// order it leaves.
  private mutating func moveInWalkingOrder(by offset: Int, effects: inout [Effect]) {
    guard let walking else { return moveSelection(by: offset) }
    let toGet = sections.toGet.filter { $0.checkedAt == nil }
    guard let item = selectedItem, let index = toGet.firstIndex(where: { $0.id == item.id })
    else { return say("Select an item in To get with ↑ ↓ first") }
    let target = index + offset
    guard toGet.indices.contains(target) else { return }
    var order = toGet.map(\.id)
    order.swapAt(index, target)
    self.walking = WalkingView(shop: walking.shop, order: order, category: walking.category)
    effects.append(.correctWalkingOrder(order))
  }

  /// Moves the selected To get item's category (its stretch of the walk) one stretch on and
  /// teaches the shop the order it leaves.
  private mutating func moveCategoryInWalkingOrder(by offset: Int, effects: inout [Effect]) {
    guard let walking else { return moveSelection(by: offset) }
    let toGet = sections.toGet.filter { $0.checkedAt == nil }
    guard let item = selectedItem, toGet.contains(where: { $0.id == item.id }) else {
      return say("Select an item in To get with ↑ ↓ first")
    }
    guard walking.category[item.id] != nil else {
      return say("Basket doesn't know \(item.name)'s aisle: Alt-↑ ↓ moves it alone")
    }
    guard
      let order = ShopBook.order(
        movingStretchOf: item.id, by: offset, in: walking.stretches(toGet))
    else { return }
    self.walking = WalkingView(shop: walking.shop, order: order, category: walking.category)
    effects.append(.correctWalkingOrder(order))
  }

  /// Moves the selected To get item to the aisle category after (1) or before (-1) its own in
  /// the walk; the choice is remembered for its name (`Basket.setCategory`).
  private mutating func moveToCategory(by offset: Int, effects: inout [Effect]) {
    guard var aisles else { return say("Group by aisle with ^A first, then Alt-← → moves") }
    guard let item = selectedItem, item.checkedAt == nil,
      sections.toGet.contains(where: { $0.id == item.id })
    else { return say("Select an item in To get with ↑ ↓ first") }
    let category = AisleView.category(after: aisles.category[item.id], by: offset)
    aisles.category[item.id] = category
    self.aisles = aisles
    effects.append(.setCategory(item.id, category))
    say("\(item.name) is in \(ItemCategory.title(category)) now")
  }

  mutating func say(_ message: String) {
    toast = Toast(text: message, until: now.addingTimeInterval(TUITiming.toast))
  }

  private static func sentence(_ message: String) -> String {
    message.prefix(1).uppercased() + message.dropFirst()
  }

  /// The keys an in-place text field shares (rename, note): typing up to `limit` characters,
  /// ⌫, ^U and ^W. True when `key` was one of them.
  private static func edit(_ text: inout String, _ key: Key, upTo limit: Int) -> Bool {
    switch key {
    case .character(let character):
      if text.count < limit { text.append(character) }
    case .backspace:
      if !text.isEmpty { text.removeLast() }
    case .control("u"):
      text = ""
    case .control("w"):
      text = droppingLastWord(text)
    default:
      return false
    }
    return true
  }

  private static func droppingLastWord(_ text: String) -> String {
    var trimmed = Substring(text)
    while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
    while let last = trimmed.last, !last.isWhitespace { trimmed.removeLast() }
    return String(trimmed)
  }

  // MARK: - Keeping things consistent

  /// Drops selections and editors whose item went away and keeps the selection on screen.
  fileprivate mutating func settle() {
    let sections = self.sections
    switch selection {
    case .item(let id) where item(id) == nil: selection = nil
    case .clearAll where sections.gotIt.isEmpty: selection = nil
    default: break
    }
    switch mode {
    case .rename(let draft) where item(draft.itemID) == nil: mode = .list
    case .note(let draft) where item(draft.itemID) == nil: mode = .list
    case .quantity(let editor) where item(editor.itemID) == nil: mode = .list
    default: break
    }
    if let picked = pickedChip, !chips.indices.contains(picked) { pickedChip = nil }
    let rows = ListRow.rows(for: sections, aisles: aisles)
    let height = Layout(size).listHeight
    if let selection, let index = rows.firstIndex(where: { $0.selection == selection }) {
      // Keep a section's header in view with its first item.
      let top = index > 0 && rows[index - 1].selection == nil ? index - 1 : index
      if top < scroll { scroll = top }
      if index >= scroll + height { scroll = index - height + 1 }
    }
    scroll = max(0, min(scroll, rows.count - height))
  }
}

extension String {
  fileprivate func replacingTabs() -> String {
    String(map { $0 == "\t" ? " " : $0 }).filter { character in
      character.isNewline
        || !character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control }
    }
  }
}
