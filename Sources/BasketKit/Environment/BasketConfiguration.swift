#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Basket's settings from the process environment, read once by the executable and passed to
/// whatever needs them: nothing else reads an environment variable.
///
/// The defaults (`init()`) are what an empty environment gives.
public struct BasketConfiguration: Equatable, Sendable {
  /// `BASKET_STORE`: the store file, overriding the default location.
  public var storePath: String?
  /// `XDG_DATA_HOME`: where the default store lives (`basket/basket.sqlite` inside it).
  public var dataHome: String?
  /// `HOME`: the default store's fallback, `~/.local/share/basket/basket.sqlite`.
  public var home: String?
  /// `BASKET_NOW`: a pinned "now" for tests and demos, instead of the system clock.
  public var pinnedNow: Date?
  /// `NO_COLOR`, `TERM` and `COLORTERM`: the colours a terminal gets.
  public var colorMode: ColorMode
  /// `BASKET_REDUCE_MOTION`: calm animations in the terminal app.
  public var reduceMotion: Bool
  /// `BASKET_SECRET`: the household secret for `basket serve`.
  public var secret: String?
  /// `BASKET_LIST`: the list commands and the terminal app use, instead of the household's
  /// first (`--list` wins over it).
  public var listName: String?
  /// What the terminal app needs to choose its emoji: `BASKET_EMOJI`, and the variables that
  /// tell which terminal (and multiplexer) it runs in: `TERM`, `TERM_PROGRAM`, `TMUX`, `STY`,
  /// `KITTY_WINDOW_ID`. Only the non-empty ones are kept.
  public var terminalEnvironment: [String: String] = [:]
  /// `BASKET_TESSERACT`: the OCR program recipe photos are read with, instead of `tesseract`
  /// found on `PATH`.
  public var tesseractPath: String?
  /// `PATH`: where the programs Basket runs (Tesseract) are looked for.
  public var searchPath: String?
  /// `BASKET_UNITS` (`metric` or `us`): which copy a recipe page's ingredient list is read in
  /// when the page gives two. Unset, the locale's measurement system (`LC_ALL`, else
  /// `LC_MEASUREMENT`, else `LANG`): US customary for the United States, Liberia and
  /// Myanmar, metric everywhere else and when no locale is set.
  public var units: MeasurementSystem = .metric
  /// `BASKET_REGION` (`us` or `uk`), else the territory of `LC_ALL`, `LC_MEASUREMENT` or
  /// `LANG` (en_GB → uk), else us: whose shops' pack sizes recipe amounts are bought in.
  public var region: ShopRegion = .us

  public init(
    storePath: String? = nil, dataHome: String? = nil, home: String? = nil,
    pinnedNow: Date? = nil, colorMode: ColorMode = .palette256, reduceMotion: Bool = false,
    secret: String? = nil
  ) {
    self.storePath = storePath
    self.dataHome = dataHome
    self.home = home
    self.pinnedNow = pinnedNow
    self.colorMode = colorMode
    self.reduceMotion = reduceMotion
    self.secret = secret
  }

  /// Every variable `init(environment:)` reads.
  public static let variables =
    [
      "BASKET_STORE", "XDG_DATA_HOME", "HOME", "BASKET_NOW", "NO_COLOR", "TERM", "COLORTERM",
      "BASKET_REDUCE_MOTION", "BASKET_SECRET", "BASKET_TESSERACT", "PATH", "BASKET_UNITS",
      "BASKET_REGION", "BASKET_LIST",
      "LC_ALL", "LC_MEASUREMENT", "LANG",
    ] + terminalVariables

  /// The variables kept in `terminalEnvironment`.
  public static let terminalVariables = [
    "BASKET_EMOJI", "TERM", "TERM_PROGRAM", "TMUX", "STY", "KITTY_WINDOW_ID",
  ]

  /// A variable whose value Basket cannot use, worded for the user.
  public struct Problem: Error, Equatable, Sendable {
    public var message: String
  }

  /// Reads the settings. An empty variable counts as unset; a relative `XDG_DATA_HOME` is
  /// ignored, as the XDG base directory specification asks; `NO_COLOR` with any non-empty
  /// value (or `TERM=dumb`) turns colour off, and `COLORTERM=truecolor` (or `24bit`) asks
  /// for 24-bit colour.
  ///
  /// - Throws: `Problem` when `BASKET_NOW` is not an ISO 8601 time, `BASKET_UNITS` is
  ///   neither `metric` nor `us`, or `BASKET_REGION` is neither `us` nor `uk`.
  public init(environment: [String: String]) throws(Problem) {
    func value(_ name: String) -> String? {
      guard let value = environment[name], !value.isEmpty else { return nil }
      return value
    }
    self.init()
    storePath = value("BASKET_STORE")
    dataHome = value("XDG_DATA_HOME").flatMap { $0.hasPrefix("/") ? $0 : nil }
    home = value("HOME")
    if let now = value("BASKET_NOW") {
      guard let date = ISO8601.date(now) else {
        throw Problem(
          message: "BASKET_NOW must be an ISO 8601 time such as 2026-11-30T10:00:00Z")
      }
      pinnedNow = date
    }
    if value("NO_COLOR") != nil || value("TERM") == "dumb" {
      colorMode = .monochrome
    } else if ["truecolor", "24bit"].contains(value("COLORTERM")?.lowercased()) {
      colorMode = .trueColor
    }
    reduceMotion = ["1", "true", "yes", "on"].contains(value("BASKET_REDUCE_MOTION")?.lowercased())
    secret = value("BASKET_SECRET")
    listName = value("BASKET_LIST")
    tesseractPath = value("BASKET_TESSERACT")
    searchPath = value("PATH")
    if let named = value("BASKET_UNITS") {
      guard let chosen = MeasurementSystem(rawValue: named.lowercased()) else {
        throw Problem(message: "BASKET_UNITS must be metric or us")
      }
      units = chosen
    } else {
      units = Self.units(
        locale: value("LC_ALL") ?? value("LC_MEASUREMENT") ?? value("LANG"))
    }
    if let setting = value("BASKET_REGION") {
      guard let region = ShopRegion(setting: setting) else {
        throw Problem(message: "BASKET_REGION must be us or uk, not \(setting)")
      }
      self.region = region
    } else if let locale = value("LC_ALL") ?? value("LC_MEASUREMENT") ?? value("LANG"),
      let region = ShopRegion(locale: locale)
    {
      self.region = region
    }
    terminalEnvironment = [
      "BASKET_EMOJI": value("BASKET_EMOJI"), "TERM": value("TERM"),
      "TERM_PROGRAM": value("TERM_PROGRAM"), "TMUX": value("TMUX"), "STY": value("STY"),
      "KITTY_WINDOW_ID": value("KITTY_WINDOW_ID"),
    ].compactMapValues { $0 }
  }

  /// The measurement system of a POSIX locale name ("en_US.UTF-8" → US customary).
  public static func units(locale: String?) -> MeasurementSystem {
    guard let locale else { return .metric }
    let name = locale.split(separator: ".").first.map(String.init) ?? locale
    let territory = name.split(separator: "_").dropFirst().first.map {
      String($0.prefix { $0.isLetter }).uppercased()
    }
    return ["US", "LR", "MM"].contains(territory ?? "") ? .us : .metric
  }
}
