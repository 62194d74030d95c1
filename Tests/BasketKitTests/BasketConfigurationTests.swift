import BasketKit
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite struct BasketConfigurationTests {
  @Test func anEmptyEnvironmentGivesTheDefaults() throws {
    #expect(try BasketConfiguration(environment: [:]) == BasketConfiguration())
    #expect(BasketConfiguration().colorMode == .palette256)
  }

  @Test func readsEveryVariable() throws {
    let configuration = try BasketConfiguration(environment: [
      "BASKET_STORE": "/lists/home.sqlite", "XDG_DATA_HOME": "/data", "HOME": "/home/ann",
      "BASKET_NOW": "2026-11-30T10:00:00Z", "COLORTERM": "truecolor",
      "BASKET_REDUCE_MOTION": "1", "BASKET_SECRET": "household-secret", "PATH": "/bin",
      "BASKET_TESSERACT": "/opt/ocr/tesseract", "LANG": "C.UTF-8",
    ])
    var expected = BasketConfiguration(
      storePath: "/lists/home.sqlite", dataHome: "/data", home: "/home/ann",
      pinnedNow: ISO8601.date("2026-11-30T10:00:00Z"), colorMode: .trueColor,
      reduceMotion: true, secret: "household-secret")
    expected.searchPath = "/bin"
    expected.tesseractPath = "/opt/ocr/tesseract"
    #expect(configuration == expected)
  }

  @Test(arguments: ["BASKET_STORE", "XDG_DATA_HOME", "HOME", "BASKET_NOW", "BASKET_SECRET"])
  func anEmptyVariableCountsAsUnset(name: String) throws {
    #expect(try BasketConfiguration(environment: [name: ""]) == BasketConfiguration())
  }

  @Test func aRelativeDataHomeIsIgnoredAsTheXDGSpecAsks() throws {
    #expect(try BasketConfiguration(environment: ["XDG_DATA_HOME": "data"]).dataHome == nil)
  }

  @Test(arguments: ["yesterday", "2026-13-01T00:00:00Z", "1783332000"])
  func aClockPinnedToSomethingThatIsNotATimeIsRefused(value: String) {
    #expect {
      try BasketConfiguration(environment: ["BASKET_NOW": value])
    } throws: { error in
      (error as? BasketConfiguration.Problem)?.message.contains("BASKET_NOW") == true
    }
  }

  @Test(arguments: [
    (["COLORTERM": "truecolor"], ColorMode.trueColor),
    (["COLORTERM": "24BIT"], .trueColor),
    (["COLORTERM": "truecolor", "NO_COLOR": "1"], .monochrome),
    (["NO_COLOR": ""], .palette256),
    (["TERM": "xterm-256color"], .palette256),
    (["TERM": "dumb", "COLORTERM": "truecolor"], .monochrome),
    ([:], .palette256),
  ])
  func theColourModeFollowsNoColorTermAndColorterm(
    environment: [String: String], mode: ColorMode
  ) throws {
    #expect(try BasketConfiguration(environment: environment).colorMode == mode)
  }

  @Test(arguments: [
    ("1", true), ("true", true), ("YES", true), ("on", true), ("0", false), ("no", false),
    ("", false),
  ])
  func reduceMotionTakesTheUsualYesWords(value: String, expected: Bool) throws {
    let configuration = try BasketConfiguration(environment: ["BASKET_REDUCE_MOTION": value])
    #expect(configuration.reduceMotion == expected)
  }

  @Test func everyListedVariableChangesSomething() throws {
    let samples = [
      "BASKET_STORE": "/s.sqlite", "XDG_DATA_HOME": "/data", "HOME": "/home/ann",
      "BASKET_NOW": "2026-11-30T10:00:00Z", "NO_COLOR": "1", "TERM": "dumb",
      "COLORTERM": "truecolor", "BASKET_REDUCE_MOTION": "1", "BASKET_SECRET": "secret-42",
      "BASKET_EMOJI": "modern", "TERM_PROGRAM": "WezTerm", "TMUX": "/tmp/tmux-0/default",
      "STY": "1234.pts-0", "KITTY_WINDOW_ID": "1", "BASKET_TESSERACT": "/opt/ocr/tesseract",
      "PATH": "/opt/bin:/usr/bin", "BASKET_UNITS": "us", "BASKET_REGION": "uk",
      "BASKET_LIST": "Party",
      "LC_ALL": "en_GB.UTF-8", "LC_MEASUREMENT": "en_GB.UTF-8", "LANG": "en_GB.UTF-8",
    ]
    #expect(Set(samples.keys) == Set(BasketConfiguration.variables))
    for (name, value) in samples {
      #expect(
        try BasketConfiguration(environment: [name: value]) != BasketConfiguration(),
        "\(name) changes nothing")
    }
  }

  @Test(arguments: [
    ([:], MeasurementSystem.metric),
    (["LANG": "C.UTF-8"], .metric),
    (["LANG": "en_US.UTF-8"], .us),
    (["LANG": "en_GB.UTF-8"], .metric),
    (["LANG": "en_GB.UTF-8", "LC_MEASUREMENT": "en_US.UTF-8"], .us),
    (["LC_ALL": "de_DE.UTF-8", "LC_MEASUREMENT": "en_US.UTF-8"], .metric),
    (["LANG": "en_US.UTF-8", "BASKET_UNITS": "metric"], .metric),
    (["BASKET_UNITS": "US"], .us),
    (["LANG": "my_MM"], .us),
  ])
  func aPagesTwoCopiesOfAListAreReadInTheHouseholdsUnits(
    environment: [String: String], units: MeasurementSystem
  ) throws {
    #expect(try BasketConfiguration(environment: environment).units == units)
  }

  @Test func unitsOtherThanMetricOrUSAreRefused() {
    #expect {
      try BasketConfiguration(environment: ["BASKET_UNITS": "imperial"])
    } throws: { error in
      (error as? BasketConfiguration.Problem)?.message.contains("BASKET_UNITS") == true
    }
  }
}
