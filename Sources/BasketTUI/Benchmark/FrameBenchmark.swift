import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Measures the terminal app's drawing: the time to render and diff a frame of a long list,
/// and the bytes one keystroke in the add bar writes beside a full redraw.
///
/// Pure: no terminal, no store. A benchmark executable calls `run()` and prints the report.
public enum FrameBenchmark {
  public struct Report: Sendable, CustomStringConvertible {
    public var items: Int
    public var size: Size
    public var frames: Int
    /// Render plus diff, per frame.
    public var medianMilliseconds: Double
    public var p99Milliseconds: Double
    /// One letter typed in the add bar, its suggestion chips changing too.
    public var keystrokeBytes: Int
    /// One letter typed with the chips unchanged.
    public var keystrokeBytesSameChips: Int
    /// Every cell drawn from scratch: the baseline.
    public var fullRedrawBytes: Int

    public var keystrokeShare: Double { Double(keystrokeBytes) / Double(fullRedrawBytes) }

    public var description: String {
      func ms(_ value: Double) -> String { Quantity.format(value) + " ms" }
      let share = Quantity.format(keystrokeShare * 100)
      return """
        terminal frames: \(items) items at \(size.width)×\(size.height), \(frames) frames
          render + diff: median \(ms(medianMilliseconds)), p99 \(ms(p99Milliseconds)) (goal < 2 ms)
          keystroke in the add bar: \(keystrokeBytes) bytes (\(keystrokeBytesSameChips) with the \
        same chips); full redraw: \(fullRedrawBytes) bytes; \(share)% (goal < 10%)
        """
    }
  }

  public static func run(
    items count: Int = 200, size: Size = Size(width: 100, height: 40), frames: Int = 1000,
    colorMode: ColorMode = .trueColor
  ) -> Report {
    let start = Date(timeIntervalSince1970: 1_783_332_000)
    var state = AppState(
      settings: Settings(colorMode: colorMode, timeZone: .gmt),
      now: start, size: size, flourish: false)
    state =
      update(state, .storeChanged(items: sampleItems(count, at: start), undoDeadline: nil))
      .0
    let differ = Differ(colorMode: colorMode)

    // Frames: the selection walks down the list (scrolling it) with a check-off animating.
    var previous = render(state, size: size)
    var timings: [Double] = []
    timings.reserveCapacity(frames)
    let clock = ContinuousClock()
    for frame in 0..<frames {
      if frame % 40 == 0 { state = update(state, .key(.character(" "))).0 }
      state = update(state, .key(frame % 2 == 0 ? .down : .up)).0
      state = update(state, .key(.down)).0
      state = update(state, .tick(start.addingTimeInterval(Double(frame) / 60))).0
      let began = clock.now
      let next = render(state, size: size)
      let bytes = differ.diff(from: previous, to: next)
      let elapsed = clock.now - began
      precondition(!bytes.isEmpty || next == previous)
      timings.append(milliseconds(elapsed))
      previous = next
    }
    timings.sort()

    // A keystroke: "ch" → "che".
    var typing = update(state, .key(.escape)).0
    for character in "ch" { typing = update(typing, .key(.character(character))).0 }
    typing =
      update(typing, .suggestions(query: "ch", chips(["Cheese", "Cherries", "Chicken"])))
      .0
    let before = render(typing, size: size)
    var typed = update(typing, .key(.character("e"))).0
    let sameChips = differ.diff(from: before, to: render(typed, size: size)).count
    typed =
      update(typed, .suggestions(query: "che", chips(["Cheese", "Cherries", "Cheddar"])))
      .0
    let after = render(typed, size: size)
    return Report(
      items: count, size: size, frames: frames,
      medianMilliseconds: timings[timings.count / 2],
      p99Milliseconds: timings[min(timings.count - 1, timings.count * 99 / 100)],
      keystrokeBytes: differ.diff(from: before, to: after).count,
      keystrokeBytesSameChips: sameChips, fullRedrawBytes: differ.fullRedraw(after).count)
  }

  /// A long list: varied names, emoji and quantities, a few already in Got it.
  static func sampleItems(_ count: Int, at now: Date) -> [Item] {
    let names = [
      ("Milk", "🥛"), ("Sourdough bread", "🍞"), ("Apples", "🍎"), ("Cheddar", "🧀"),
      ("Free-range eggs", "🥚"), ("Bananas", "🍌"), ("Orange juice", "🧃"), ("Carrots", "🥕"),
      ("Dark chocolate with sea salt and caramel pieces", "🍫"), ("Rice", "🍚"),
    ]
    let quantities: [Quantity?] = [
      Quantity(amount: 2, unit: .liters), nil, Quantity(amount: 6, unit: .units), nil,
      Quantity(amount: 250, unit: .grams),
    ]
    return (0..<count).map { index in
      let (name, emoji) = names[index % names.count]
      let added = now.addingTimeInterval(-Double(index) * 60)
      return Item(
        id: UUID(
          uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(index >> 8), UInt8(index & 0xFF))),
        name: "\(name) \(index)", emoji: emoji, quantity: quantities[index % quantities.count],
        addedAt: added, checkedAt: index % 10 == 9 ? now.addingTimeInterval(-60) : nil)
    }
  }

  private static func chips(_ names: [String]) -> [Suggestion] {
    names.map { Suggestion(name: $0, source: .dictionary) }
  }

  private static func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
  }
}
