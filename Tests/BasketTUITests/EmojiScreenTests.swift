import BasketKit
import BasketTUI
import BasketTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite struct EmojiModeTests {
  @Test(arguments: [
    (["TERM": "xterm-kitty"], EmojiMode.modern),
    (["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"], .modern),
    (["TERM_PROGRAM": "WezTerm", "TERM": "xterm-256color"], .modern),
    (["TERM_PROGRAM": "ghostty"], .modern),
    (["TERM": "xterm-ghostty"], .modern),
    (["TERM": "xterm-256color"], .compatible),
    (["TERM_PROGRAM": "vscode", "TERM": "xterm-256color"], .compatible),
    (["TERM": "linux"], .compatible),
    ([:], .compatible),
    (["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,12,0"], .compatible),
    (["TERM": "screen-256color"], .compatible),
    (["TERM": "xterm-256color", "STY": "12.pts-0.host"], .compatible),
    (["TERM_PROGRAM": "tmux", "TERM_PROGRAM_VERSION": "3.3a"], .compatible),
    // kitty outside, tmux inside: tmux decides the widths.
    (["TERM": "xterm-kitty", "TMUX": "/tmp/tmux-0/default,12,0"], .compatible),
  ])
  func theModeIsGuessedFromTheTerminal(environment: [String: String], mode: EmojiMode) {
    #expect(EmojiMode.detect(environment: environment) == mode)
  }

  @Test(arguments: [
    (String?.none, ["BASKET_EMOJI": "modern", "TMUX": "x"], EmojiMode.modern),
    (nil, ["BASKET_EMOJI": "Compatible", "TERM": "xterm-kitty"], .compatible),
    (nil, ["BASKET_EMOJI": "", "TERM": "xterm-kitty"], .modern),
    ("compatible", ["BASKET_EMOJI": "modern"], .compatible),
    ("MODERN", ["TMUX": "x"], .modern),
  ])
  func theFlagBeatsTheEnvironmentWhichBeatsTheGuess(
    flag: String?, environment: [String: String], mode: EmojiMode
  ) throws {
    #expect(try EmojiMode.choose(flag: flag, environment: environment) == mode)
  }

  @Test func anUnknownModeIsReportedByWhereItCameFrom() {
    #expect(throws: EmojiMode.UnknownMode(source: "--emoji", value: "new")) {
      try EmojiMode.choose(flag: "new", environment: [:])
    }
    let error = EmojiMode.UnknownMode(source: "BASKET_EMOJI", value: "colour")
    #expect(throws: error) {
      try EmojiMode.choose(flag: nil, environment: ["BASKET_EMOJI": "colour"])
    }
    #expect(error.description == "BASKET_EMOJI must be modern or compatible, not \"colour\"")
  }

  @Test func theConfigurationTakesTheFlagThenTheEnvironmentThenTheGuess() throws {
    let flag = TUIConfiguration(
      configuration: try BasketConfiguration(environment: ["BASKET_EMOJI": "compatible"]),
      reduceMotion: false, emoji: .modern,
      timeZone: .gmt)
    #expect(flag.settings.emoji == .modern)
    let environment = TUIConfiguration(
      configuration: try BasketConfiguration(environment: ["BASKET_EMOJI": "modern", "TMUX": "x"]),
      reduceMotion: false, timeZone: .gmt)
    #expect(environment.settings.emoji == .modern)
    let guess = TUIConfiguration(
      configuration: try BasketConfiguration(environment: [
        "BASKET_EMOJI": "bogus", "TERM": "xterm-kitty",
      ]), reduceMotion: false,
      timeZone: .gmt)
    #expect(guess.settings.emoji == .modern)
  }
}

@Suite struct EmojiRenderTests {
  /// Peas, ginger and a comb: Emoji 15.0, which tmux 3.3 on Debian 12 can't measure.
  private static let newer = [
    Item(id: Fixtures.id(1), name: "Comb", emoji: "🪮", addedAt: Fixtures.monday),
    Item(
      id: Fixtures.id(2), name: "Ginger", emoji: "🫚", addedAt: Fixtures.monday.addingTimeInterval(1)
    ),
    Item(
      id: Fixtures.id(3), name: "Peas", emoji: "🫛", addedAt: Fixtures.monday.addingTimeInterval(2)),
    Item(
      id: Fixtures.id(4), name: "Chillies", emoji: "🌶️",
      addedAt: Fixtures.monday.addingTimeInterval(3)),
  ]

  @Test(arguments: [
    (EmojiMode.compatible, ["☐ 🔥 Chillies", "☐ 🥦 Peas", "☐ 🧄 Ginger", "☐ 💇 Comb"]),
    (.modern, ["☐ 🌶️ Chillies", "☐ 🫛 Peas", "☐ 🫚 Ginger", "☐ 🪮 Comb"]),
  ])
  func rowsShowTheEmojiTheTerminalCanDraw(mode: EmojiMode, rows: [String]) {
    let app = Harness(items: Self.newer, emoji: mode)
    #expect(app.toGet == rows)
  }

  @Test func theQuantityEditorsTitleUsesTheFallbackToo() {
    let app = Harness(items: Self.newer, emoji: .compatible)
    app.select("Peas")
    app.press(.control("q"))
    #expect(app.screen.contains("Amount for 🥦 Peas"))
    #expect(!app.screen.contains("🫛"))
  }

  @Test func emojiTheTerminalKnowsAreLeftAlone() {
    let milk = Item(id: Fixtures.id(1), name: "Milk", emoji: "🥛", addedAt: Fixtures.monday)
    let app = Harness(items: [milk], emoji: .compatible)
    #expect(app.toGet == ["☐ 🥛 Milk"])
  }
}

/// The differ's output played on terminals that measure some emoji differently from us.
@Suite struct DifferEmojiTests {
  /// How a terminal measures the emoji it doesn't know.
  enum Terminal: String, CaseIterable, CustomTestStringConvertible {
    /// Knows every emoji as we do.
    case agreeing
    /// Drops emoji newer than its tables (tmux 3.3 on glibc 2.36 with Emoji 15), draws U+FE0F
    /// emoji one cell wide and joined sequences as separate pictures.
    case dropping
    /// Draws unknown emoji one cell wide (many terminals with old tables).
    case narrow

    var testDescription: String { rawValue }

    func measure(_ character: Character) -> [(String, Int)] {
      let text = String(character)
      let scalars = character.unicodeScalars
      switch self {
      case .agreeing:
        return MiniTerminal.agreeing(character)
      case .dropping, .narrow:
        if ["🫛", "🫚", "🪮"].contains(text) { return self == .dropping ? [] : [(text, 1)] }
        if scalars.contains("\u{FE0F}") { return [(text, 1)] }
        if scalars.contains("\u{200D}") {
          return scalars.split(separator: "\u{200D}").map {
            (String(String.UnicodeScalarView($0)), 2)
          }
        }
        return MiniTerminal.agreeing(character)
      }
    }

    /// What a row of `Frame.line` text looks like on this terminal once drawn right.
    func shown(_ line: String) -> String {
      guard self != .agreeing else { return line }
      var text = line
      for emoji in ["🫛", "🫚", "🪮"] {
        text = text.replacingOccurrences(of: emoji, with: self == .dropping ? "  " : emoji + " ")
      }
      text = text.replacingOccurrences(of: "🌶️", with: "🌶️ ")
      text = text.replacingOccurrences(of: "🧑‍🍳", with: "🧑")
      text = text.replacingOccurrences(of: "👩‍🍳", with: "👩")
      return text
    }
  }

  private static let size = Size(width: 16, height: 4)

  /// A screen that already shows something in every cell (what scrolling leaves behind).
  private static var busy: Frame {
    var frame = Frame(size: size)
    for y in 0..<size.height {
      frame.put("🥛 Milk and tea!", x: 0, y: y, style: .plain)
    }
    return frame
  }

  private static func rows(_ rows: [String]) -> Frame {
    var frame = Frame(size: size)
    for (y, row) in rows.enumerated() { frame.put(row, x: 0, y: y, style: .plain) }
    return frame
  }

  @Test(arguments: Terminal.allCases)
  func newerEmojiLeaveNoStaleCellsWhateverWidthTheTerminalGivesThem(terminal: Terminal) {
    let differ = Differ(colorMode: .monochrome)
    var screen = MiniTerminal(width: Self.size.width, height: Self.size.height) {
      terminal.measure($0)
    }
    let old = Self.busy
    screen.play(differ.diff(from: nil, to: old))
    let new = Self.rows(["☐ 🫛 Peas", "☐ 🫚 Ginger 2", "🪮🪮 x 🌶️ hot", "☐ 🧑‍🍳 chef"])
    screen.play(differ.diff(from: old, to: new))
    #expect(screen.lines == new.lines.map(terminal.shown))
  }

  @Test(arguments: Terminal.allCases)
  func changingOnlyAJoinedEmojiRedrawsTheCellsItsPicturesCover(terminal: Terminal) {
    let differ = Differ(colorMode: .monochrome)
    var screen = MiniTerminal(width: Self.size.width, height: Self.size.height) {
      terminal.measure($0)
    }
    let first = Self.rows(["☐ 🧑‍🍳 chef", "☐ 🫛 Peas"])
    screen.play(differ.diff(from: nil, to: first))
    let second = Self.rows(["☐ 👩‍🍳 chef", "☐ 🫛 Peas"])
    screen.play(differ.diff(from: first, to: second))
    #expect(screen.lines == second.lines.map(terminal.shown))
  }

  @Test func anEmojiEveryTerminalKnowsCostsNoMoreThanAMove() {
    var old = Frame(size: Size(width: 10, height: 1))
    old.put("🥛 ab", x: 0, y: 0, style: .plain)
    var new = old
    new.put("🧀", x: 0, y: 0, style: .plain)
    let output = String(
      decoding: Differ(colorMode: .trueColor).diff(from: old, to: new), as: UTF8.self)
    #expect(output == "\u{1B}[1;1H\u{1B}[0m🧀")
  }
}
