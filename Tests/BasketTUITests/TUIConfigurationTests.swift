import BasketKit
import BasketTUI
import Testing

@Suite struct TUIConfigurationTests {
  @Test(arguments: [
    (true, false, true),
    (false, true, true),
    (false, false, false),
  ])
  func reduceMotionComesFromTheConfigurationOrTheFlag(
    configured: Bool, flag: Bool, expected: Bool
  ) {
    let configuration = TUIConfiguration(
      configuration: BasketConfiguration(reduceMotion: configured), reduceMotion: flag,
      timeZone: .gmt)
    #expect(configuration.settings.reduceMotion == expected)
  }

  @Test(arguments: ColorMode.allCases)
  func theColourModeIsTheConfigurations(mode: ColorMode) {
    let configuration = TUIConfiguration(
      configuration: BasketConfiguration(colorMode: mode), reduceMotion: false, timeZone: .gmt)
    #expect(configuration.settings.colorMode == mode)
  }
}
