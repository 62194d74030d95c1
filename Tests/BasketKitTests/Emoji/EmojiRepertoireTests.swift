import BasketKit
import Testing

@Suite struct EmojiRepertoireTests {
  @Test(arguments: [
    ("🫛", "15.0"), ("🪮", "15.0"), ("🫘", "14.0"), ("🫐", "13.0"), ("🧄", "12.0"),
    ("🧺", "11.0"), ("🥑", "3.0"), ("🍎", "0.6"),
  ])
  func everyEmojiKnowsTheReleaseItCameIn(emoji: String, release: String) {
    #expect(EmojiVersion.of(emoji.unicodeScalars.first!)?.description == release)
  }

  @Test(arguments: ["A", "☑", "✂", "é"])
  func textAndTextStyleSymbolsHaveNoRelease(text: String) {
    #expect(EmojiVersion.of(text.unicodeScalars.first!) == nil)
  }

  @Test(arguments: [
    ("🫛", "🥦"), ("🫚", "🧄"), ("🪮", "💇"), ("🫐", "🍇"), ("🫘", "🥫"), ("🫒", "🥗"),
    ("🫑", "🥒"),
    ("🌶️", "🔥"), ("🌶", "🔥"), ("✂️", "🔪"),
    ("🍎", "🍎"), ("🧄", "🧄"), ("🧺", "🧺"),
    ("🧑‍🍳", "🧑"), ("👍🏽", "👍"), ("🍋‍🟩", "🍋"),
    ("🇬🇧", "🧺"), ("\u{1FADC}", "🧺"),
  ])
  func aCompatibleTerminalShowsAFallbackForWhatItCantDraw(emoji: String, shown: String) {
    #expect(EmojiRepertoire.compatible.displayed(emoji) == shown)
  }

  @Test(arguments: ["🫛", "🫚", "🪮", "🌶️", "🧑‍🍳", "🇬🇧", "🍎"])
  func aModernTerminalShowsEveryEmojiAsItIs(emoji: String) {
    #expect(EmojiRepertoire.modern.canDraw(emoji))
    #expect(EmojiRepertoire.modern.displayed(emoji) == emoji)
  }

  @Test func aTerminalThatKnowsALaterReleaseDrawsIt() {
    let fourteen = EmojiRepertoire(newest: EmojiVersion(14), drawsSequences: false)
    #expect(fourteen.displayed("🫘") == "🫘")
    #expect(fourteen.displayed("🫛") == "🥦")
    #expect(EmojiVersion(13) < EmojiVersion(13, 1))
  }
}
