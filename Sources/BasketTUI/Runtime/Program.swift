import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs the Elm loop over a real `Basket`: feeds events to `update` and performs the effects
/// it asks for, feeding their answers back in, until nothing is left to do.
///
/// The runner drives it from the terminal; tests drive it directly with a frozen clock and an
/// in-memory store. Not thread-safe: use it from one thread.
public final class Program {
  public private(set) var state: AppState
  public let basket: Basket
  /// The household's shops, for the walking order; nil where the store keeps none.
  public let shops: ShopBook?
  /// Whether the walking order is shown, so every reload answers it too.
  private var showsWalkingOrder = false
  /// Whether To get is grouped by aisle, so every reload answers its categories too.
  private var showsAisles = false
  /// The saved recipes; nil answers the recipes panel with a message.
  public let recipes: RecipeBook?
  /// The plan of meals; nil answers the week panel with a message.
  public let plan: PlanBook?
  /// Set when an effect asked to quit.
  public private(set) var wantsQuit = false
  /// Set when an effect asked to redraw the whole screen; `takeRedraw()` clears it.
  private var wantsRedraw = false
  /// The store revision last read, to notice changes made by other processes.
  private var revision: Int64?
  /// Hears the list shown each time it changes (^T), so the app opens on it next time.
  public var onListShown: (@Sendable (ShoppingList) -> Void)?

  public init(
    basket: Basket, state: AppState, shops: ShopBook? = nil, recipes: RecipeBook? = nil,
    plan: PlanBook? = nil
  ) {
    self.basket = basket
    self.state = state
    self.shops = shops
    self.recipes = recipes
    self.plan = plan
  }

  /// Reads the list and the usuals for the first frame.
  public func start() {
    run([], then: [.reload, .suggest("")])
  }

  /// Handles one event and everything it leads to.
  public func send(_ event: Event) {
    run([event], then: [])
  }

  /// Reloads the list if another process changed the store since the last read. Cheap when
  /// nothing changed: one revision read.
  public func pollStore() {
    guard let current = try? basket.store.revision(), current != revision else { return }
    run([], then: [.reload])
  }

  /// True once after an effect asked for a full redraw.
  public func takeRedraw() -> Bool {
    defer { wantsRedraw = false }
    return wantsRedraw
  }

  private func run(_ events: [Event], then effects: [Effect]) {
    var queue = events
    for effect in effects { queue += perform(effect) }
    var index = 0
    while index < queue.count {
      let (next, effects) = update(state, queue[index])
      state = next
      for effect in effects { queue += perform(effect) }
      index += 1
    }
  }

  /// Performs one effect; returns the events that answer it.
  private func perform(_ effect: Effect) -> [Event] {
    do {
      switch effect {
      case .add(let text):
        return [.added(try basket.add(line: text))] + reload()
      case .addName(let name):
        return [.added([try basket.add(name: name)])] + reload()
      case .change(let change):
        return Self.answer(to: change, try basket.change(change)) + reload()
      case .bringBack(let item):
        // NB: an amount typed in the add bar comes back too; a recipe's amounts don't.
        let typed = item.recipeNeeds.recipes.isEmpty ? item.recipeNeeds.amounts : []
        let back =
          typed.count == 1
          ? try basket.add(
            AddEntry(name: item.name, amount: typed[0], classifier: basket.environment.classifier))
          : try basket.add(name: item.name, quantity: item.quantity)
        return [.added([back])] + reload()
      case .suggest(let query):
        let blank = query.allSatisfy(\.isWhitespace)
        let chips = blank ? try basket.usuals() : try basket.suggestions(for: query)
        return [.suggestions(query: query, chips)]
      case .measure(let id, let name):
        return [.measured(id, basket.classify(name).measure)]
      case .listRecipes:
        return [.recipesListed(try book().recent(limit: 1000))]
      case .openRecipe(let id):
        return [.recipeOpened(try book().open(id.uuidString))]
      case .addRecipe(let id, let servings):
        let recipe = try book().open(id.uuidString)
        // NB: tap water and optional lines are left out, as on every face.
        let lines = try book().basket.add(
          recipe, selection: .standard(for: recipe, servings: servings))
        let added = lines.count { $0.outcome == .added || $0.outcome == .restored }
        let merged = lines.count { $0.outcome.name == "merged" }
        return [.recipeAdded(title: recipe.title, added: added, merged: merged)] + reload()
      case .reload:
        return reload()
      case .showWeek(let day):
        guard let plan else { throw NoPlan() }
        return [.weekShown(try plan.days((day ?? plan.today).week))]
      case .showWalkingOrder(let show):
        showsWalkingOrder = show
        return show ? walkingOrder() : []
      case .showAisles(let show):
        showsAisles = show
        if show { showsWalkingOrder = false }
        return show ? [aisles()] : []
      case .setCategory(let id, let category):
        try basket.setCategory(id, category)
        return reload()
      case .correctWalkingOrder(let ids):
        guard let shops, let shop = try shops.current() else { return [] }
        let items = ids.compactMap { state.item($0) }
        try shops.correct(shop, order: items)
        return []
      case .nextList:
        guard let lists = basket.lists else { throw OneList() }
        let all = try lists.all()
        guard all.count > 1 else { throw OneList() }
        let current = try lists.store.currentList()
        let index = all.firstIndex { $0.id == current.id } ?? -1
        let next = all[(index + 1) % all.count]
        lists.store.useList(next.id)
        onListShown?(next)
        return reload()
      case .redraw:
        wantsRedraw = true
        return []
      case .quit:
        wantsQuit = true
        return []
      }
    } catch {
      return [.failed(String(describing: error))] + (effect.changesStore ? reload() : [])
    }
  }

  private func book() throws -> RecipeBook {
    guard let recipes else { throw NoRecipeLibrary() }
    return recipes
  }

  private struct NoRecipeLibrary: Error, CustomStringConvertible {
    var description: String { "recipes aren't available here" }
  }

  private struct OneList: Error, CustomStringConvertible {
    var description: String {
      "this is the household's only list; basket lists add NAME makes another"
    }
  }

  private struct NoPlan: Error, CustomStringConvertible {
    var description: String { "the plan of meals isn't available here" }
  }

  /// The events that tell the app what `change` did beyond the list it reloads: a check-off
  /// (to celebrate when To get is empty), how many a clear hid or its undo brought back.
  static func answer(to change: ListOperation.Change, _ result: OperationResult) -> [Event] {
    switch (change, result.effect) {
    case (.check(let id), _):
      return [.checked(result.checkOutcome(id))]
    case (.clear, let effect):
      guard case .cleared(let hidden, _) = effect else { return [.cleared(0)] }
      return [.cleared(hidden.count)]
    case (.undo, let effect):
      guard case .restored(let back) = effect else { return [.undone(0)] }
      return [.undone(back.count)]
    default:
      return []
    }
  }

  private func reload() -> [Event] {
    do {
      revision = try basket.store.revision()
      let shown = try listShown()
      let items = try basket.store.items()
      return shown + [.storeChanged(items: items, undoDeadline: try basket.undoDeadline())]
        + (showsWalkingOrder ? walkingOrder() : []) + (showsAisles ? [aisles(items)] : [])
        + week()
    } catch let error as ListsError {
      // The list on show was removed elsewhere: show the household's first.
      guard let lists = basket.lists else { return [.failed(error.description)] }
      lists.store.useList(nil)
      return [.failed(error.description)] + reload()
    } catch {
      return [.failed(String(describing: error))]
    }
  }

  /// The list on show, when the store keeps several.
  private func listShown() throws -> [Event] {
    guard let lists = basket.lists else { return [] }
    let current = try lists.store.currentList()
    return [.listShown(name: current.name, lists: try lists.all().count)]
  }

  /// The week on show read again (another face may have planned a meal), or nothing.
  private func week() -> [Event] {
    guard case .week(let panel) = state.mode, let shown = panel.plan, let plan else { return [] }
    return (try? plan.days(shown.days)).map { [.weekShown($0)] } ?? []
  }

  /// Each visible item's aisle category (of `items`, or the store's), for grouping; Got it's
  /// too, so a check-off held in To get keeps its aisle.
  private func aisles(_ items: [Item]? = nil) -> Event {
    let sections = ListSections(
      items: items ?? (try? basket.store.items()) ?? state.items, now: basket.now)
    var category: [UUID: String] = [:]
    for item in sections.toGet + sections.gotIt { category[item.id] = basket.category(of: item) }
    return .aisles(AisleView(category: category))
  }

  /// The current shop's walking order of To get, or why there is none.
  private func walkingOrder() -> [Event] {
    do {
      guard let shops, let shop = try shops.current() else {
        showsWalkingOrder = false
        return [
          .walkingOrder(
            nil, reason: "No shop chosen: basket shop add NAME, or basket shop use NAME")
        ]
      }
      let stretches = try shops.toGet(in: shop)
      var category: [UUID: String] = [:]
      for stretch in stretches {
        for item in stretch.items { category[item.id] = stretch.category }
      }
      let order = stretches.flatMap { $0.items.map(\.id) }
      return [
        .walkingOrder(
          WalkingView(shop: shop.name, order: order, category: category), reason: nil)
      ]
    } catch {
      showsWalkingOrder = false
      return [.walkingOrder(nil, reason: String(describing: error))]
    }
  }
}

extension Effect {
  fileprivate var changesStore: Bool {
    switch self {
    case .suggest, .measure, .reload, .redraw, .quit, .showWalkingOrder, .showAisles,
      .listRecipes, .openRecipe, .showWeek, .nextList:
      false
    default: true
    }
  }
}
